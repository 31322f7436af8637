// The fields of a CSV line as tictac writes it, for tests and benchmarks
// that read results.csv back: commas inside double quotes stay in their
// field, the quotes go (no escaped quotes in the fields read here).
#pragma once

#include <string>
#include <vector>

namespace tictac::test {

inline std::vector<std::string> csv_fields(const std::string& line) {
  std::vector<std::string> f(1);
  bool quoted = false;
  for (char c : line) {
    if (c == '"') quoted = !quoted;
    else if (c == ',' && !quoted) f.emplace_back();
    else f.back() += c;
  }
  return f;
}

}  // namespace tictac::test
