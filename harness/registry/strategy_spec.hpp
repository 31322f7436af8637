// Strategy spec strings: `name` or `name:key=value,key=value`.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tictac {

struct StrategySpec {
  std::string name;
  std::vector<std::pair<std::string, std::string>> options;  // in the order given

  // Throws std::invalid_argument when the text is not of that form, or a
  // key is given twice.
  static StrategySpec parse(std::string_view text);
  std::string to_string() const;
};

}  // namespace tictac
