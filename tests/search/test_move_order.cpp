// Move orderings on gravity boards: every ordering orders exactly the legal
// moves (one cell per column that is not full), and `static` goes by column,
// centre first, ties to the left.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <bit>
#include <random>
#include <vector>

#include "algorithms/exact/solution.hpp"
#include "algorithms/search/move_order.hpp"

using namespace tictac;

namespace {
std::vector<int> ordered(MoveOrder& order, const Position& p) {
  std::array<std::int8_t, Board::kMaxCells> out{};
  const int n = order.order(p, p.to_move(), p.ply(), -1, out.data());
  return {out.begin(), out.begin() + n};
}
std::vector<int> columns_from_one(const Board& b, const std::vector<int>& cells) {
  std::vector<int> cols;
  for (int c : cells) cols.push_back(b.col_of(c) + 1);
  return cols;
}
}  // namespace

TEST_CASE("static orders a gravity board's columns centre first, ties to the left", "[move_order]") {
  const Board c4(6, 7, 4, true);
  MoveOrder order(c4, OrderSpec::parse("static"), 0, nullptr);
  CHECK(columns_from_one(c4, ordered(order, Position{})) == std::vector<int>{4, 3, 5, 2, 6, 1, 7});
  const Board even(4, 4, 4, true);
  MoveOrder order4(even, OrderSpec::parse("static"), 0, nullptr);
  CHECK(columns_from_one(even, ordered(order4, Position{})) == std::vector<int>{2, 3, 1, 4});
  // Without gravity static is unchanged: on 3x3 the centre, the corners, the edges.
  const Board ttt;
  MoveOrder order3(ttt, OrderSpec::parse("static"), 0, nullptr);
  CHECK(ordered(order3, Position{}) == std::vector<int>{4, 0, 2, 6, 8, 1, 3, 5, 7});
}

TEST_CASE("every ordering of a gravity board orders exactly the legal moves", "[move_order]") {
  const Board b(3, 4, 3, true);
  const StateSpace space(b);
  const ExactSolution exact(space);
  std::mt19937_64 rng(5);
  for (const char* spec : {"index", "static", "random", "random-fixed", "history", "oracle", "worst",
                           "tt+killer+history"}) {
    INFO(spec);
    MoveOrder order(b, OrderSpec::parse(spec), 11, &exact);
    for (int trial = 0; trial < 200; ++trial) {
      const StateSpace::Index i = static_cast<StateSpace::Index>(rng() % space.size());
      if (space.terminal(i)) continue;
      const Position p = space.position(i);
      std::vector<int> got = ordered(order, p);
      // The drops, found by walking up each column from the bottom row.
      std::vector<int> drops;
      for (int c = 0; c < b.cols(); ++c)
        for (int r = b.rows() - 1; r >= 0; --r)
          if (!(p.occupied() >> b.cell(r, c) & 1)) {
            drops.push_back(b.cell(r, c));
            break;
          }
      std::sort(got.begin(), got.end());
      std::sort(drops.begin(), drops.end());
      REQUIRE(got == drops);
    }
  }
}
