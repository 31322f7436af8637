#include <catch2/catch.hpp>

#include <atomic>

#include "algorithms/exact/cancel_poll.hpp"
#include "algorithms/exact/position_set.hpp"
#include "algorithms/exact/solution.hpp"
#include "harness/formats/notation.hpp"

using namespace tictac;

namespace {
// An independent solver: plain negamax over cell arrays, scoring a win
// (size + 1 - depth) so that the score also gives the distance to the end.
struct Naive {
  int R, C, k;
  std::vector<int> cell;  // 0 empty, 1 X, 2 O
  bool line_through(int at) const {
    const int r0 = at / C, c0 = at % C, who = cell[at];
    const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (auto [dr, dc] : dirs) {
      int run = 1;
      for (int s = 1;; ++s) {
        int r = r0 + dr * s, c = c0 + dc * s;
        if (r < 0 || r >= R || c < 0 || c >= C || cell[r * C + c] != who) break;
        ++run;
      }
      for (int s = 1;; ++s) {
        int r = r0 - dr * s, c = c0 - dc * s;
        if (r < 0 || r >= R || c < 0 || c >= C || cell[r * C + c] != who) break;
        ++run;
      }
      if (run >= k) return true;
    }
    return false;
  }
  // Score for the side to move (`who`), given that the last move did not win.
  int negamax(int who, int depth) {
    const int n = R * C;
    int best = -1000, empties = 0;
    for (int i = 0; i < n; ++i) {
      if (cell[i]) continue;
      ++empties;
      cell[i] = who;
      const int score = line_through(i) ? n + 1 - depth : -negamax(3 - who, depth + 1);
      cell[i] = 0;
      best = std::max(best, score);
    }
    return empties ? best : 0;
  }
};
}  // namespace

TEST_CASE("3x3 is a draw with perfect play, as in ground-truth.md", "[solution]") {
  const StateSpace space{Board()};
  const ExactSolution sol(space);
  CHECK(sol.value(Position{}) == 0);
  CHECK(sol.distance(Position{}) == 9);
  // Every first move draws.
  CHECK(sol.optimal_moves(Position{}) == 0x1ff);
}

TEST_CASE("retrograde values and distances agree with an independent negamax", "[solution]") {
  for (const auto& [board, min_ply] : {std::pair{Board(3, 3, 3), 0}, std::pair{Board(3, 4, 3), 6}, std::pair{Board(4, 4, 4), 13}}) {
    const StateSpace space(board);
    const ExactSolution sol(space);
    INFO(board.name());
    int checked = 0;
    for (auto i = space.ply_begin(min_ply); i < space.size(); ++i) {
      if (space.terminal(i)) continue;
      const Position p = space.position(i);
      Naive naive{board.rows(), board.cols(), board.k(), std::vector<int>(board.cells())};
      for (int c = 0; c < board.cells(); ++c) naive.cell[c] = p.x >> c & 1 ? 1 : p.o >> c & 1 ? 2 : 0;
      const int score = naive.negamax(p.to_move() == Side::X ? 1 : 2, p.ply() + 1);
      const int value = (score > 0) - (score < 0);
      REQUIRE(sol.value(i) == (p.to_move() == Side::X ? value : -value));
      // A win scored n+1-depth ends at ply `depth`.
      const int expected_distance = score == 0 ? board.cells() - p.ply() : board.cells() + 1 - std::abs(score) - p.ply();
      REQUIRE(sol.distance(i) == expected_distance);
      ++checked;
    }
    CHECK(checked > 100);
  }
}

TEST_CASE("optimal moves are exactly the moves that keep the value", "[solution]") {
  const Board b;
  const StateSpace space(b);
  const ExactSolution sol(space);
  // X to move can win at once on the top row, or block nothing else.
  const Position p = parse_position(b, "XX./OO./...");
  CHECK(sol.value(p) == 1);
  CHECK(sol.optimal_moves(p) == (Mask{1} << 2));
  CHECK(sol.distance(p) == 1);
  CHECK_THROWS_WITH(sol.value(parse_stones(b, "OO./.../...")), Catch::Contains("not reachable"));
}

TEST_CASE("a move is optimal when it keeps the value, and on a finished board only 'no move' is", "[solution]") {
  const Board b;
  const StateSpace space(b);
  const ExactSolution sol(space);
  // X X .   X to move: only c1 (cell 2) wins at once; every other move lets O
  // O O .   win on the middle row or at least draws, so it is not optimal.
  // . . .
  const Position p = parse_position(b, "XX./OO./...");
  for (int c = -1; c <= 9; ++c) {
    INFO("move " << c);
    CHECK(sol.is_optimal(p, c) == (c == 2));
  }
  // X won on the top row: no move is left to play.
  const Position won = parse_position(b, "XXX/OO./...");
  CHECK(sol.is_optimal(won, -1));
  CHECK_FALSE(sol.is_optimal(won, 5));
  CHECK_FALSE(sol.is_optimal(Position{}, -1));  // an unfinished board has moves
}

TEST_CASE("enumerating and labelling again in the same storage gives the same space and solution", "[solution]") {
  for (const Board& b : {Board(3, 3, 3), Board(3, 4, 3), Board(4, 4, 3, true)}) {
    INFO(b.name());
    const StateSpace fresh(b);
    const ExactSolution fresh_solution(fresh);
    StateSpace space(b);
    ExactSolution solution(space);
    space.enumerate();
    solution.label();
    REQUIRE(space.size() == fresh.size());
    REQUIRE(space.bytes() == fresh.bytes());
    for (int ply = 0; ply <= b.cells() + 1; ++ply) CHECK(space.ply_begin(ply) == fresh.ply_begin(ply));
    int mismatches = 0;
    for (StateSpace::Index i = 0; i < space.size(); ++i) {
      const Position p = space.position(i);
      if (p != fresh.position(i) || space.result(i) != fresh.result(i) || space.paths(i) != fresh.paths(i) ||
          space.find(p) != i || solution.value(i) != fresh_solution.value(i) ||
          solution.distance(i) != fresh_solution.distance(i))
        ++mismatches;
    }
    CHECK(mismatches == 0);
  }
}

TEST_CASE("a set cancel flag stops the enumeration, the labelling and a set's scan within 2^14 steps", "[solution]") {
  const Board b(3, 4, 3);  // more positions than one poll's 2^14 steps
  std::atomic<bool> cancel{true}, go_on{false};
  CHECK_THROWS_AS(StateSpace(b, &cancel), Cancelled);
  const StateSpace space(b, &go_on);
  CHECK(space.size() > CancelPoll::kEvery);
  CHECK_THROWS_AS(ExactSolution(space, &cancel), Cancelled);
  const ExactSolution solution(space, &go_on);
  CHECK(solution.value(Position{}) == 1);  // X wins 3x4 with k = 3
  CHECK_THROWS_AS(unfinished_positions(solution, {}, false, &cancel), Cancelled);
  CHECK_FALSE(unfinished_positions(solution, {}, false, &go_on).empty());
  CHECK_THROWS_AS(stratified_positions(solution, {}, 1, 0, &cancel), Cancelled);
  CHECK_FALSE(stratified_positions(solution, {}, 1, 0, &go_on).empty());
}
