#include "algorithms/exact/published_values.hpp"

namespace tictac {

namespace {
// The sources: ground-truth.md (the project's brief) for 3x3; for k=4, issue
// 6 of this project: "4x4 with k=4 (a draw); 5x5 with k=4 (a draw); 6x5 and
// 5x6 with k=4 (first-player wins); 6x6 with k=4 (a first-player win)",
// the known m,n,k-game results (as on Wikipedia's "m,n,k-game" page).
constexpr const char* kBrief = "ground-truth.md (tic-tac-toe is a draw)";
constexpr const char* kIssue6 = "issue 6 (known m,n,k-game results)";
constexpr PublishedValue kValues[] = {
    {3, 3, 3, 0, kBrief},
    {4, 4, 4, 0, kIssue6},
    {5, 5, 4, 0, kIssue6},
    {6, 5, 4, 1, kIssue6},
    {5, 6, 4, 1, kIssue6},
    {6, 6, 4, 1, kIssue6},
};
}  // namespace

std::optional<PublishedValue> published_value(const Board& b) {
  for (const PublishedValue& v : published_values())
    if (v.rows == b.rows() && v.cols == b.cols() && v.k == b.k()) return v;
  return std::nullopt;
}

std::span<const PublishedValue> published_values() { return kValues; }

}  // namespace tictac
