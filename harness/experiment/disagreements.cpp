#include "harness/experiment/disagreements.hpp"

#include <algorithm>

#include <fmt/core.h>

namespace tictac {

std::string disagreement_message(const std::vector<std::string>& d) {
  std::string m = fmt::format("{} position(s) disagree with the reference (matches_exact = false):", d.size());
  const std::size_t shown = std::min<std::size_t>(d.size(), 50);
  for (std::size_t i = 0; i < shown; ++i) m += "\n  " + d[i];
  if (shown < d.size()) m += fmt::format("\n  ... and {} more", d.size() - shown);
  return m;
}

}  // namespace tictac
