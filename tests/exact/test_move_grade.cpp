// The grade of a move against the exact solution: hand-checked 3x3
// positions, and on every unfinished 3x3 position the value part against the
// players' tests' own negamax (plain_solver.hpp), which shares nothing with
// algorithms/exact.  Cells are numbered row by row from the top left:
//   0 1 2
//   3 4 5
//   6 7 8
#include <catch2/catch.hpp>

#include <bit>
#include <optional>
#include <stdexcept>

#include "algorithms/exact/move_grade.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/exact_cache.hpp"
#include "tests/players/plain_solver.hpp"

using namespace tictac;

namespace {

MoveGrade grade_of(const char* position, int move) {
  const Board b;
  return grade_move(*exact_solution(b), parse_position(b, position), move);
}

MoveGrade grade(bool optimal, int value_loss, std::optional<int> distance_loss, bool best_distance) {
  MoveGrade g;
  g.optimal = optimal;
  g.value_loss = value_loss;
  g.distance_loss = distance_loss;
  g.best_distance = best_distance;
  return g;
}

}  // namespace

TEST_CASE("a win in one taken, thrown to a draw, and thrown to a loss", "[move_grade]") {
  // X X .    X to move wins at 2 (distance 1).  Blocking at 5 instead leaves
  // O O .    X's threat at 2, which O blocks, making its own on the diagonal
  // . . .    2-4-6, which X blocks at 6: nothing is left to win, a draw.  At
  //          6, 7 or 8 X leaves O's row 3-4-5 open: O wins at 5.
  CHECK(grade_of("XX./OO./...", 2) == grade(true, 0, 0, true));
  CHECK(grade_of("XX./OO./...", 5) == grade(false, 1, std::nullopt, false));
  for (int m : {6, 7, 8}) CHECK(grade_of("XX./OO./...", m) == grade(false, 2, std::nullopt, false));
}

TEST_CASE("a kept win that takes longer loses distance, not value", "[move_grade]") {
  // X O O    X to move wins at once on the diagonal 0-4-8 (distance 1).  At 3
  // . X .    X threatens 5, 6 and 8 at once: O blocks one, X wins with
  // . . .    another, two plies later than it could have (distance_loss 2).
  CHECK(grade_of("XOO/.X./...", 8) == grade(true, 0, 0, true));
  CHECK(grade_of("XOO/.X./...", 3) == grade(true, 0, 2, false));
}

TEST_CASE("a kept loss that ends sooner loses distance", "[move_grade]") {
  // . . .    O to move has lost: X threatens 8.  Blocking at 8, O holds out
  // O . .    longest: X forks at 4 (threats at 1 and 2), O blocks one, X wins
  // X X .    with the other, 4 plies.  Anywhere else X wins at 8 at once, 2
  //          plies: 2 taken off the slowest loss.
  CHECK(grade_of(".../O../XX.", 8) == grade(true, 0, 0, true));
  for (int m : {0, 1, 2, 4, 5}) CHECK(grade_of(".../O../XX.", m) == grade(true, 0, 2, false));
}

TEST_CASE("against a corner opening only the centre draws, and a kept draw has no distance loss", "[move_grade]") {
  // X . .    The classic answer: after X's corner, O's every reply but the
  // . . .    centre loses (a draw thrown to a loss: value loss 1).  On the
  // . . .    empty board every move draws.
  CHECK(grade_of("X../.../...", 4) == grade(true, 0, std::nullopt, true));
  for (int m : {1, 2, 3, 5, 6, 7, 8}) CHECK(grade_of("X../.../...", m) == grade(false, 1, std::nullopt, false));
  for (int m = 0; m < 9; ++m) CHECK(grade_of(".../.../...", m) == grade(true, 0, std::nullopt, true));
}

TEST_CASE("a move that cannot be graded is refused", "[move_grade]") {
  CHECK_THROWS_AS(grade_of("XX./OO./...", 0), std::invalid_argument);   // occupied
  CHECK_THROWS_AS(grade_of("XX./OO./...", 9), std::invalid_argument);   // off the board
  CHECK_THROWS_AS(grade_of("XX./OO./...", -1), std::invalid_argument);  // no move
  CHECK_THROWS_AS(grade_of("XXX/OO./...", 5), std::invalid_argument);   // finished: X has a line
}

TEST_CASE("on every unfinished 3x3 position the grades' values agree with an independent negamax", "[move_grade]") {
  const Board b;
  const auto exact = exact_solution(b);
  const tictac::players_test::PlainSolver truth(b);
  REQUIRE(truth.unfinished().size() == 4520);
  std::size_t graded = 0, disagreements = 0, without_best = 0;
  for (const Position& p : truth.unfinished()) {
    int best = 0;
    for (Mask m = p.legal_moves(b); m; m &= m - 1) {
      const int cell = std::countr_zero(m);
      const MoveGrade g = grade_move(*exact, p, cell);
      Position q = p;
      q.play(cell, p.to_move());
      const int loss = truth.value(p) - (-truth.value(q));  // side to move's value before, minus after
      if (g.optimal != truth.optimal(p, cell) || g.value_loss != loss) ++disagreements;
      // A distance loss exactly for a kept win or a kept loss; never negative.
      if (g.distance_loss.has_value() != (g.optimal && truth.value(p) != 0) || g.distance_loss.value_or(0) < 0)
        ++disagreements;
      best += g.best_distance;
      ++graded;
    }
    if (best == 0) ++without_best;  // some move always keeps the value and the best distance
  }
  CHECK(graded > 4520);
  CHECK(disagreements == 0);
  CHECK(without_best == 0);
}
