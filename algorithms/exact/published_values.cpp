#include "algorithms/exact/published_values.hpp"

namespace tictac {

namespace {
// The sources: ground-truth.md (the project's brief) for 3x3; for k=4, issue
// 6 of this project: "4x4 with k=4 (a draw); 5x5 with k=4 (a draw); 6x5 and
// 5x6 with k=4 (first-player wins); 6x6 with k=4 (a first-player win)",
// the known m,n,k-game results (as on Wikipedia's "m,n,k-game" page).
constexpr const char* kBrief = "ground-truth.md (tic-tac-toe is a draw)";
constexpr const char* kIssue6 = "issue 6 (known m,n,k-game results)";
// k=5: 6x6 is a draw (issue 14 of this project, with the known m,n,k-game
// results); 7x7 and 8x8 were first proved draws by Hsu, Ko, Chen, Wei,
// Hsueh and Wu, "On solving the 7,7,5-game and the 8,8,5-game", Theoretical
// Computer Science 815, 2020.  4x7 and 7x4 with k=4 are draws (issue 14).
constexpr const char* kIssue14 = "issue 14 (known m,n,k-game results)";
constexpr const char* kHsu = "Hsu, Ko, Chen, Wei, Hsueh and Wu, TCS 815, 2020 (7,7,5 and 8,8,5 are draws)";
// Gravity boards: Connect-Four (6 rows, 7 columns) was solved as a
// first-player win independently by James D. Allen and by Victor Allis
// (1988; Allis, "A Knowledge-based Approach of Connect-Four", Vrije
// Universiteit, 1988).  4x4 (4 in a row) is a draw in John Tromp's table of
// solved board sizes, as issue 16 of this project cites it.
constexpr const char* kAllis = "Allen; Allis 1988 (Connect-Four is a first-player win)";
constexpr const char* kTromp4x4 = "issue 16 (John Tromp's table of board sizes: 4x4 Connect-Four is a draw)";
constexpr PublishedValue kValues[] = {
    {3, 3, 3, false, 0, kBrief},
    {4, 4, 4, false, 0, kIssue6},
    {5, 5, 4, false, 0, kIssue6},
    {6, 5, 4, false, 1, kIssue6},
    {5, 6, 4, false, 1, kIssue6},
    {6, 6, 4, false, 1, kIssue6},
    {4, 7, 4, false, 0, kIssue14},
    {7, 4, 4, false, 0, kIssue14},
    {6, 6, 5, false, 0, kIssue14},
    {7, 7, 5, false, 0, kHsu},
    {8, 8, 5, false, 0, kHsu},
    {4, 4, 4, true, 0, kTromp4x4},
    {6, 7, 4, true, 1, kAllis},
};
}  // namespace

std::optional<PublishedValue> published_value(const Board& b) {
  for (const PublishedValue& v : published_values())
    if (v.rows == b.rows() && v.cols == b.cols() && v.k == b.k() && v.gravity == b.gravity()) return v;
  return std::nullopt;
}

std::span<const PublishedValue> published_values() { return kValues; }

}  // namespace tictac
