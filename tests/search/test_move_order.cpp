#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <cstdint>
#include <numeric>
#include <random>
#include <vector>

#include "algorithms/exact/solution.hpp"
#include "algorithms/exact/state_space.hpp"
#include "algorithms/search/move_order.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/orderings.hpp"

using namespace tictac;

// The orderings on drawn 3x3 positions.  Cells are numbered
//   0 1 2
//   3 4 5
//   6 7 8
namespace {

const Board kBoard;
// X . .
// . O .      X to move, a draw; empty: 1 2 3 5 6 7 8
// . . .
const Position kCornerCentre{0x001, 0x010};

std::vector<int> order(MoveOrder& mo, const Position& p, int ply = 2, int tt_move = -1) {
  std::int8_t out[Board::kMaxCells];
  const int n = mo.order(p, p.to_move(), ply, tt_move, out);
  return {out, out + n};
}

MoveOrder make(const char* spec, std::uint64_t seed = 1, const ExactSolution* exact = nullptr) {
  return MoveOrder(kBoard, parse_order(spec), seed, exact);
}

// SplitMix64 from its published constants, and the Fisher-Yates shuffle
// the orderings document (for i from the last down to 1, swap item i with
// item next() % (i + 1)): written here again, apart from the code under
// test.
struct Reference {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = state += 0x9e3779b97f4a7c15ULL;
    z = (z ^ z >> 30) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ z >> 27) * 0x94d049bb133111ebULL;
    return z ^ z >> 31;
  }
  void shuffle(std::vector<int>& v) {
    for (int i = static_cast<int>(v.size()) - 1; i > 0; --i) std::swap(v[i], v[next() % (i + 1)]);
  }
};

const ExactSolution& solution() {
  static const std::shared_ptr<const ExactSolution> sol = exact_solution(kBoard);
  return *sol;
}

}  // namespace

TEST_CASE("index orders the empty cells by number", "[move_order]") {
  MoveOrder mo = make("index");
  CHECK(order(mo, kCornerCentre) == std::vector<int>{1, 2, 3, 5, 6, 7, 8});
}

TEST_CASE("static orders by the lines through a cell: corners (3) before edges (2), then by number", "[move_order]") {
  MoveOrder mo = make("static");
  CHECK(order(mo, kCornerCentre) == std::vector<int>{2, 6, 8, 1, 3, 5, 7});
  CHECK(order(mo, Position{}) == std::vector<int>{4, 0, 2, 6, 8, 1, 3, 5, 7});
}

TEST_CASE("random shuffles afresh at every node, and restarts its generator with each search", "[move_order]") {
  MoveOrder mo = make("random", 77);
  Reference ref{77};
  std::vector<int> first{1, 2, 3, 5, 6, 7, 8}, second = first;
  ref.shuffle(first);
  ref.shuffle(second);
  CHECK(order(mo, kCornerCentre) == first);
  CHECK(order(mo, kCornerCentre) == second);
  mo.reset();
  CHECK(order(mo, kCornerCentre) == first);
}

TEST_CASE("random-fixed uses one seeded permutation of all the cells at every node", "[move_order]") {
  MoveOrder mo = make("random-fixed", 5);
  Reference ref{5};
  std::vector<int> cells(9);
  std::iota(cells.begin(), cells.end(), 0);
  ref.shuffle(cells);
  std::vector<int> expected;
  for (int c : cells)
    if (c != 0 && c != 4) expected.push_back(c);
  CHECK(order(mo, kCornerCentre) == expected);
  CHECK(order(mo, kCornerCentre) == expected);
  CHECK(order(mo, Position{}) == cells);
}

TEST_CASE("history puts the cells that caused cutoffs first, by depth squared, for the side that made them", "[move_order]") {
  MoveOrder mo = make("history");
  mo.on_cutoff(Side::X, 2, 7, 3);  // 9
  mo.on_cutoff(Side::X, 4, 3, 2);  // 4
  mo.on_cutoff(Side::X, 2, 5, 2);  // 4: ties with 3, which comes first by number
  mo.on_cutoff(Side::O, 3, 8, 5);  // O's table only
  CHECK(order(mo, kCornerCentre) == std::vector<int>{7, 3, 5, 1, 2, 6, 8});
  mo.reset();
  CHECK(order(mo, kCornerCentre) == std::vector<int>{1, 2, 3, 5, 6, 7, 8});
}

TEST_CASE("killer puts the two newest cutoff moves of the ply first, newest first", "[move_order]") {
  MoveOrder mo = make("killer");
  mo.on_cutoff(Side::X, 2, 6, 1);
  mo.on_cutoff(Side::X, 2, 3, 1);
  mo.on_cutoff(Side::X, 5, 8, 1);  // another ply
  CHECK(order(mo, kCornerCentre, 2) == std::vector<int>{3, 6, 1, 2, 5, 7, 8});
  CHECK(order(mo, kCornerCentre, 3) == std::vector<int>{1, 2, 3, 5, 6, 7, 8});
}

TEST_CASE("tt puts the table's move first, before the killers and the base order", "[move_order]") {
  MoveOrder mo = make("tt+killer+static");
  mo.on_cutoff(Side::X, 2, 1, 1);
  CHECK(order(mo, kCornerCentre, 2, 7) == std::vector<int>{7, 1, 2, 6, 8, 3, 5});
  CHECK(order(mo, kCornerCentre, 2, -1) == std::vector<int>{1, 2, 6, 8, 3, 5, 7});
}

TEST_CASE("oracle orders by exact value, faster wins and slower losses first, then by number, and worst reverses it",
          "[move_order]") {
  // X . .
  // . . .      O to move, a draw: the centre is O's only reply to a corner
  // . . .      opening that does not lose.
  const Position p{0x001, 0};
  const ExactSolution& sol = solution();
  REQUIRE(sol.value(p) == 0);
  // The expected order from the solution's values and distances.
  std::vector<int> expected{1, 2, 3, 4, 5, 6, 7, 8};
  auto rank = [&](int c) {
    Position q = p;
    q.play(c, Side::O);
    const int v = -sol.value(q), d = sol.distance(q);  // O's view
    return std::pair{v, v > 0 ? -d : v < 0 ? d : 0};
  };
  std::stable_sort(expected.begin(), expected.end(), [&](int a, int b) { return rank(a) > rank(b); });
  CHECK(expected.front() == 4);
  for (std::size_t i = 1; i < expected.size(); ++i) CHECK(rank(expected[i]).first == -1);

  MoveOrder oracle = make("oracle", 1, &sol), worst = make("worst", 1, &sol);
  CHECK(order(oracle, p, 1) == expected);
  std::reverse(expected.begin(), expected.end());
  CHECK(order(worst, p, 1) == expected);
}

// Gravity boards: every ordering orders exactly the legal moves (one cell per
// column that is not full), and `static` goes by column, centre first, ties
// to the left.
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
  MoveOrder order(c4, parse_order("static"), 0, nullptr);
  CHECK(columns_from_one(c4, ordered(order, Position{})) == std::vector<int>{4, 3, 5, 2, 6, 1, 7});
  const Board even(4, 4, 4, true);
  MoveOrder order4(even, parse_order("static"), 0, nullptr);
  CHECK(columns_from_one(even, ordered(order4, Position{})) == std::vector<int>{2, 3, 1, 4});
  // Without gravity static is unchanged: on 3x3 the centre, the corners, the edges.
  const Board ttt;
  MoveOrder order3(ttt, parse_order("static"), 0, nullptr);
  CHECK(ordered(order3, Position{}) == std::vector<int>{4, 0, 2, 6, 8, 1, 3, 5, 7});
}

TEST_CASE("every ordering of a gravity board orders exactly the legal moves", "[move_order]") {
  const Board b(3, 4, 3, true);
  const auto solution = exact_solution(b);
  const ExactSolution& exact = *solution;
  const StateSpace& space = exact.space();
  std::mt19937_64 rng(5);
  for (const char* spec : {"index", "static", "random", "random-fixed", "history", "oracle", "worst",
                           "tt+killer+history"}) {
    INFO(spec);
    MoveOrder order(b, parse_order(spec), 11, &exact);
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
