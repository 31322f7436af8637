#include <catch2/catch.hpp>

#include "algorithms/game/board.hpp"

using namespace tictac;

namespace {
// Windows counted by formula: rows, columns and the two diagonal directions.
int expected_windows(int R, int C, int k) {
  auto fit = [k](int n) { return n >= k ? n - k + 1 : 0; };
  if (k == 1) return R * C;
  return R * fit(C) + C * fit(R) + 2 * fit(R) * fit(C);
}
}  // namespace

TEST_CASE("a board has every k-window once, as counted by formula", "[board]") {
  for (int R = 1; R <= 8; ++R)
    for (int C = 1; C <= 8; ++C)
      for (int k = 1; k <= std::max(R, C); ++k) {
        const Board b(R, C, k);
        INFO(b.name());
        CHECK(static_cast<int>(b.windows().size()) == expected_windows(R, C, k));
        for (Mask w : b.windows()) CHECK(std::popcount(w) == k);
      }
}

TEST_CASE("3x3 has the eight lines of tic-tac-toe", "[board]") {
  const Board b;
  CHECK(b.rows() == 3);
  CHECK(b.cols() == 3);
  CHECK(b.k() == 3);
  CHECK(b.windows().size() == 8);
  // The centre lies on four lines, a corner on three, an edge on two.
  CHECK(b.windows_through(4).size() == 4);
  CHECK(b.windows_through(0).size() == 3);
  CHECK(b.windows_through(1).size() == 2);
}

TEST_CASE("a win is found through the last move", "[board]") {
  const Board b(4, 4, 4);
  const Mask diagonal = 1 | 1 << 5 | 1 << 10 | 1 << 15;
  CHECK(b.wins_through(diagonal, 10));
  CHECK_FALSE(b.wins_through(diagonal & ~(Mask{1} << 15), 10));
  CHECK(b.has_line(diagonal));
  CHECK(b.lines(0xffff) == 10);
}

TEST_CASE("bad board sizes and k are refused with the rule", "[board]") {
  CHECK_THROWS_WITH(Board(0, 3, 1), Catch::Contains("at least one row"));
  CHECK_THROWS_WITH(Board(9, 8, 3), Catch::Contains("at most 64 cells"));
  CHECK_THROWS_WITH(Board(3, 3, 4), Catch::Contains("k must be between 1 and max(rows, cols)"));
  CHECK_THROWS_WITH(Board(3, 3, 0), Catch::Contains("k must be between"));
  CHECK_NOTHROW(Board(8, 8, 8));
  CHECK_NOTHROW(Board(2, 5, 5));
}
