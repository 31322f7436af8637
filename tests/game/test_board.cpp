#include <catch2/catch.hpp>

#include <array>
#include <bit>
#include <random>
#include <tuple>
#include <unordered_set>
#include <utility>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/game/symmetry.hpp"

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

TEST_CASE("two windows lie on one line when their cells are collinear in one direction", "[board]") {
  // 5x5, k=3: cells 0..4 are the top row, 5..9 the next.
  const Board b(5, 5, 3);
  const Mask row0_left = 0b111, row0_right = 0b11100, row1 = 0b111 << 5;
  const Mask diagonal = Mask{1} << 0 | Mask{1} << 6 | Mask{1} << 12;
  const Mask diagonal_on = Mask{1} << 6 | Mask{1} << 12 | Mask{1} << 18;
  const Mask diagonal_beside = Mask{1} << 1 | Mask{1} << 7 | Mask{1} << 13;
  CHECK(b.same_line(row0_left, row0_right));
  CHECK(b.same_line(row0_left, row0_left));
  CHECK_FALSE(b.same_line(row0_left, row1));
  CHECK(b.same_line(diagonal, diagonal_on));
  CHECK_FALSE(b.same_line(diagonal, diagonal_beside));
  CHECK_FALSE(b.same_line(row0_left, diagonal));
  // With k = 1 a window is a cell, on no line.
  const Board single(3, 3, 1);
  CHECK_FALSE(single.same_line(1, 2));
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
  // Sizes whose cell count overflows an int (65536 x 65536 wrapped to 0 and
  // passed; found by fuzz_split_file).
  CHECK_THROWS_WITH(Board(65536, 65536, 1), Catch::Contains("at most 64 cells") && Catch::Contains("= 4294967296"));
  CHECK_THROWS_WITH(Board(1795892543, 3, 1), Catch::Contains("at most 64 cells"));
  CHECK_THROWS_WITH(Board(3, 3, 4), Catch::Contains("k must be between 1 and max(rows, cols)"));
  CHECK_THROWS_WITH(Board(3, 3, 0), Catch::Contains("k must be between"));
  CHECK_NOTHROW(Board(8, 8, 8));
  CHECK_NOTHROW(Board(2, 5, 5));
}

TEST_CASE("a gravity board's name ends in g and it has the limits of every board", "[board]") {
  const Board c4(6, 7, 4, true);
  CHECK(c4.gravity());
  CHECK(c4.name() == "6x7k4g");
  CHECK(c4.size_name() == "6x7");
  CHECK(Board(6, 7, 4).name() == "6x7k4");
  CHECK_FALSE(c4 == Board(6, 7, 4));
  CHECK(c4 == Board(6, 7, 4, true));
  CHECK_THROWS_WITH(Board(9, 8, 3, true), Catch::Contains("at most 64 cells"));
  CHECK_THROWS_WITH(Board(3, 3, 4, true), Catch::Contains("k must be between"));
  CHECK_NOTHROW(Board(8, 8, 4, true));
  CHECK_NOTHROW(Board(1, 64, 4, true));
  CHECK_NOTHROW(Board(64, 1, 4, true));
}

namespace {
// The lowest empty cell of each column that is not full, found by walking
// up each column from the bottom row (row R-1), cell by cell.
Mask drops_by_walking(const Board& b, Mask occupied) {
  Mask m = 0;
  for (int c = 0; c < b.cols(); ++c)
    for (int r = b.rows() - 1; r >= 0; --r)
      if (!(occupied >> b.cell(r, c) & 1)) {
        m |= Mask{1} << b.cell(r, c);
        break;
      }
  return m;
}
}  // namespace

TEST_CASE("with gravity the legal moves are the lowest empty cell of each column that is not full", "[board]") {
  std::mt19937_64 rng(16);
  for (auto [R, C] : {std::pair{4, 4}, {6, 7}, {8, 8}, {1, 64}, {64, 1}, {2, 32}, {3, 5}}) {
    const Board b(R, C, 1, true);
    INFO(b.name());
    // Random stacks: each column filled to a random height, full columns
    // included; every filled cell is supported by construction.
    for (int trial = 0; trial < 200; ++trial) {
      Mask occupied = 0;
      for (int c = 0; c < C; ++c) {
        const int h = static_cast<int>(rng() % (R + 1));
        for (int i = 0; i < h; ++i) occupied |= Mask{1} << b.cell(R - 1 - i, c);
      }
      const Mask moves = b.legal_moves(occupied);
      CHECK(moves == drops_by_walking(b, occupied));
      CHECK(b.floating(occupied) == 0);
      CHECK(std::popcount(moves) <= C);
    }
  }
}

TEST_CASE("without gravity the legal moves are the empty cells, for any set of stones", "[board]") {
  std::mt19937_64 rng(17);
  for (auto [R, C] : {std::pair{3, 3}, {4, 4}, {8, 8}, {1, 64}, {64, 1}, {5, 6}}) {
    const Board b(R, C, 1);
    INFO(b.name());
    for (int trial = 0; trial < 200; ++trial) {
      const Mask occupied = rng() & b.full();
      CHECK(b.legal_moves(occupied) == (b.full() & ~occupied));
      CHECK(b.floating(occupied) == 0);
      CHECK(b.tops(occupied) == occupied);
    }
  }
}

TEST_CASE("floating stones and the tops of columns are found cell by cell", "[board]") {
  std::mt19937_64 rng(18);
  for (auto [R, C] : {std::pair{4, 4}, {6, 7}, {1, 64}, {64, 1}, {2, 32}}) {
    const Board b(R, C, 1, true);
    INFO(b.name());
    for (int trial = 0; trial < 200; ++trial) {
      const Mask occupied = rng() & rng() & b.full();
      Mask floating = 0, tops = 0;
      for (int cell = 0; cell < b.cells(); ++cell) {
        if (!(occupied >> cell & 1)) continue;
        const int r = b.row_of(cell), c = b.col_of(cell);
        if (r + 1 < R && !(occupied >> b.cell(r + 1, c) & 1)) floating |= Mask{1} << cell;
        if (r == 0 || !(occupied >> b.cell(r - 1, c) & 1)) tops |= Mask{1} << cell;
      }
      CHECK(b.floating(occupied) == floating);
      CHECK(b.tops(occupied) == tops);
    }
  }
}

TEST_CASE("the legal moves reach the Connect-Four positions of OEIS A212693, ply by ply to ply 8", "[board]") {
  // A212693 (John Tromp): legal 7x6 Connect-Four positions after n plies.
  // X can first win at ply 7, so ply 8 also checks that a won game stops.
  const std::uint64_t published[] = {1, 7, 49, 238, 1120, 4263, 16422, 54859, 184275};
  const Board b(6, 7, 4, true);
  struct Hash {
    std::size_t operator()(const std::pair<Mask, Mask>& p) const { return p.first * 0x9e3779b97f4a7c15ULL ^ p.second; }
  };
  std::vector<std::pair<Mask, Mask>> ply{{0, 0}};
  for (int n = 0;; ++n) {
    INFO("ply " << n);
    CHECK(ply.size() == published[n]);
    if (n == 8) break;
    std::unordered_set<std::pair<Mask, Mask>, Hash> next;
    for (auto [x, o] : ply) {
      const bool x_moves = n % 2 == 0;
      // The last mover's line ends the game (none is possible before ply 7).
      if (n >= 7 && b.has_line(x_moves ? o : x)) continue;
      for (Mask m = b.legal_moves(x | o); m; m &= m - 1) {
        const Mask bit = m & -m;
        next.insert(x_moves ? std::pair{x | bit, o} : std::pair{x, o | bit});
      }
    }
    ply.assign(next.begin(), next.end());
  }
}

// The rules by name (Board::every_empty_cell_playable and the rest) are
// declarations; here each one is checked against what the board does: the
// moves it generates from random sets of stones stacked as play leaves them,
// and the symmetries that map its games to games.
TEST_CASE("each named rule says what the board's moves and symmetries do", "[board][rules]") {
  std::mt19937_64 rng(20261205);
  for (bool gravity : {false, true})
    for (auto [R, C, k] : std::array<std::tuple<int, int, int>, 5>{{{3, 3, 3}, {4, 4, 3}, {6, 7, 4}, {5, 4, 4}, {2, 5, 2}}}) {
      const Board b(R, C, k, gravity);
      INFO(b.name());
      bool all_empty_playable = true, opened_above = false;
      for (int trial = 0; trial < 300; ++trial) {
        // Stones dropped column by column (a set play can leave under
        // either rule), each column filled to a random height.
        Mask occupied = 0;
        for (int c = 0; c < C; ++c) {
          const int height = static_cast<int>(rng() % (R + 1));
          for (int h = 0; h < height; ++h) occupied |= Mask{1} << b.cell(R - 1 - h, c);
        }
        const Mask legal = b.legal_moves(occupied);
        if (legal != (b.full() & ~occupied)) all_empty_playable = false;
        for (Mask m = legal; m; m &= m - 1) {
          const int cell = std::countr_zero(m);
          if (b.row_of(cell) == 0) continue;
          const Mask above = Mask{1} << (cell - C);
          if (!(legal & above) && (b.legal_moves(occupied | Mask{1} << cell) & above)) opened_above = true;
        }
      }
      CHECK(b.every_empty_cell_playable() == all_empty_playable);
      CHECK(b.stone_opens_cell_above() == opened_above);
      // A move is a column exactly when no two legal moves share a column.
      CHECK(b.move_is_a_column() == b.stone_opens_cell_above());
      // Rows are fixed exactly when no symmetry moves a cell to another row.
      const SymmetryGroup group(b);
      bool keeps_rows = true;
      for (int g = 0; g < group.size(); ++g)
        for (int cell = 0; cell < b.cells(); ++cell)
          if (b.row_of(group.map_cell(g, cell)) != b.row_of(cell)) keeps_rows = false;
      CHECK(b.rows_are_fixed() == keeps_rows);
      CHECK(b.rows_are_fixed() == (group.size() < (b.square() ? 8 : 4)));
    }
}
