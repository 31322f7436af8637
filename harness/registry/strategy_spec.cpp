#include "harness/registry/strategy_spec.hpp"

#include <stdexcept>

namespace tictac {

StrategySpec StrategySpec::parse(std::string_view text) {
  StrategySpec spec;
  const std::size_t colon = text.find(':');
  spec.name = std::string(text.substr(0, colon));
  if (spec.name.empty())
    throw std::invalid_argument("strategy spec '" + std::string(text) + "' has no name (the form is name:key=value,key=value)");
  if (colon == std::string_view::npos) return spec;
  std::string_view rest = text.substr(colon + 1);
  while (true) {
    const std::size_t comma = rest.find(',');
    const std::string_view item = rest.substr(0, comma);
    const std::size_t eq = item.find('=');
    if (eq == std::string_view::npos || eq == 0 || eq + 1 == item.size())
      throw std::invalid_argument("strategy spec '" + std::string(text) + "': '" + std::string(item) +
                                  "' is not key=value (the form is name:key=value,key=value)");
    std::string key(item.substr(0, eq));
    for (const auto& [k, v] : spec.options)
      if (k == key) throw std::invalid_argument("strategy spec '" + std::string(text) + "' gives " + key + " twice");
    spec.options.emplace_back(std::move(key), std::string(item.substr(eq + 1)));
    if (comma == std::string_view::npos) break;
    rest = rest.substr(comma + 1);
  }
  return spec;
}

std::string StrategySpec::to_string() const {
  std::string s = name;
  for (std::size_t i = 0; i < options.size(); ++i) s += (i ? "," : ":") + options[i].first + "=" + options[i].second;
  return s;
}

}  // namespace tictac
