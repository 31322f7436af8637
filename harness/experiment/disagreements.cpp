#include "harness/experiment/disagreements.hpp"

#include <algorithm>

#include <fmt/core.h>

namespace tictac {

namespace {

const char* value_words(int v) { return v > 0 ? "X wins" : v < 0 ? "O wins" : "a draw"; }

}  // namespace

std::string disagreement_message(const std::vector<std::string>& d) {
  std::string m = fmt::format("{} position(s) disagree with the reference (matches_exact = false):", d.size());
  const std::size_t shown = std::min<std::size_t>(d.size(), 50);
  for (std::size_t i = 0; i < shown; ++i) m += "\n  " + d[i];
  if (shown < d.size()) m += fmt::format("\n  ... and {} more", d.size() - shown);
  return m;
}

std::string family_disagreement_message(const std::string& board, const std::string& position, const FamilyValue& a,
                                        const FamilyValue& b) {
  return fmt::format(
      "the reference's two families disagree on board {}, position {}: {} gives {} ({}), {} gives {} ({}); the rows "
      "of this position are not certified and the run stops",
      board, position, a.spec, a.value, value_words(a.value), b.spec, b.value, value_words(b.value));
}

}  // namespace tictac
