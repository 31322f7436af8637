#include <catch2/catch.hpp>

#include <map>
#include <set>

#include "algorithms/exact/position_set.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/game/symmetry.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/exact_cache.hpp"

using namespace tictac;

namespace {
// A board's solution, from the process's one holder of exact solutions.
struct Solved {
  explicit Solved(const Board& b = Board(3, 3, 3)) : exact(exact_solution(b)) {}
  std::shared_ptr<const ExactSolution> exact;
  const ExactSolution& solution = *exact;
  const StateSpace& space = solution.space();
  const Board& board = solution.board();
};
const Solved& tictactoe() {
  static const Solved s;
  return s;
}
}  // namespace

TEST_CASE("the empty set is the empty board, a draw nine plies from the end", "[position_set]") {
  const auto set = listed_positions(tictactoe().solution, {Position{}});
  REQUIRE(set.size() == 1);
  CHECK(set[0].position == Position{});
  CHECK(set[0].value == 0);
  CHECK(set[0].distance == 9);
}

TEST_CASE("all non-terminal positions of 3x3 are the 4,520 of the ground truth", "[position_set]") {
  const auto set = unfinished_positions(tictactoe().solution, {}, false);
  CHECK(set.size() == 4520);
  std::set<std::pair<Mask, Mask>> distinct;
  for (const auto& e : set) {
    distinct.insert({e.position.x, e.position.o});
    CHECK_FALSE(is_terminal(tictactoe().board, e.position));
  }
  CHECK(distinct.size() == 4520);
}

TEST_CASE("positions at plies 0 to 4 number 1, 9, 72, 252, 756 (none is finished yet)", "[position_set]") {
  const int expected[] = {1, 9, 72, 252, 756};
  for (int ply = 0; ply <= 4; ++ply) {
    const auto set = unfinished_positions(tictactoe().solution, {ply}, false);
    CHECK(set.size() == static_cast<std::size_t>(expected[ply]));
    for (const auto& e : set) CHECK(e.ply == ply);
  }
  CHECK_THROWS_WITH(unfinished_positions(tictactoe().solution, {10}, false), Catch::Contains("outside 0..9"));
}

TEST_CASE("the canonical set has one position per symmetry class of the non-terminal positions", "[position_set]") {
  for (const Board& b : {Board(3, 3, 3), Board(3, 4, 3)}) {
    const auto exact = exact_solution(b);
    const ExactSolution& solution = *exact;
    const StateSpace& space = solution.space();
    const SymmetryGroup group(b);
    std::set<std::pair<Mask, Mask>> classes;  // counted independently, by canonical form
    for (StateSpace::Index i = 0; i < space.size(); ++i)
      if (!space.terminal(i)) {
        const Position c = group.canonical(space.position(i)).position;
        classes.insert({c.x, c.o});
      }
    const auto set = unfinished_positions(solution, {}, true);
    CHECK(set.size() == classes.size());
    std::set<std::pair<Mask, Mask>> seen;
    for (const auto& e : set) {
      const Position c = group.canonical(e.position).position;
      seen.insert({c.x, c.o});
    }
    CHECK(seen == classes);
  }
}

TEST_CASE("a stratified set keeps per_group positions of each (ply, distance) group, with exact values", "[position_set]") {
  const auto& t = tictactoe();
  std::map<std::pair<int, int>, int> group_sizes;
  for (StateSpace::Index i = 0; i < t.space.size(); ++i)
    if (!t.space.terminal(i)) ++group_sizes[{t.space.position(i).ply(), t.solution.distance(i)}];

  CHECK(stratified_positions(t.solution, {}, 0, 0).size() == 4520);

  const auto set = stratified_positions(t.solution, {}, 3, 7);
  std::size_t expected = 0;
  for (auto [key, n] : group_sizes) expected += static_cast<std::size_t>(std::min(n, 3));
  CHECK(set.size() == expected);
  std::map<std::pair<int, int>, int> kept;
  for (const auto& e : set) {
    ++kept[{e.ply, e.distance}];
    CHECK(e.value == t.solution.value(e.position));
    CHECK(e.distance == t.solution.distance(e.position));
  }
  for (auto [key, n] : kept) CHECK(n == std::min(group_sizes[key], 3));

  CHECK(stratified_positions(t.solution, {}, 3, 7) == set);  // the same seed, the same set
  CHECK_FALSE(stratified_positions(t.solution, {}, 3, 8) == set);
}

TEST_CASE("a listed position gets its exact value, and an unreachable one is refused", "[position_set]") {
  const auto& t = tictactoe();
  // X X .     X to win at c1 (cell 2)
  // O O .
  // . . .
  auto set = listed_positions(t.solution, {parse_position(t.board, "XX./OO./...")});
  REQUIRE(set.size() == 1);
  CHECK(set[0].value == 1);
  CHECK(set[0].distance == 1);
  // three X, no O: never reachable
  CHECK_THROWS_WITH(listed_positions(t.solution, {Position{0b111, 0}}), Catch::Contains("not reachable"));
}

TEST_CASE("every kind of position set works on a gravity board (3x4, k=3, with gravity)", "[position_set]") {
  const Solved g{Board(3, 4, 3, true)};
  const StateSpace& space = g.space;
  const SymmetryGroup group(g.board);
  REQUIRE(group.size() == 2);
  std::size_t nonterminal = 0;
  std::set<std::pair<Mask, Mask>> classes;
  for (StateSpace::Index i = 0; i < space.size(); ++i)
    if (!space.terminal(i)) {
      ++nonterminal;
      const Position p = space.position(i);
      Position m;  // the mirror, by coordinates
      for (int c = 0; c < 12; ++c) {
        const int to = (c / 4) * 4 + 3 - c % 4;
        m.x |= (p.x >> c & 1) << to;
        m.o |= (p.o >> c & 1) << to;
      }
      classes.insert(std::min(std::pair{p.x, p.o}, std::pair{m.x, m.o}));
    }
  CHECK(nonterminal == 4631);  // the analysis's figure, itself checked against an independent walk

  const auto empty = listed_positions(g.solution, {Position{}});
  REQUIRE(empty.size() == 1);
  CHECK(empty[0].value == 1);  // 3x4 with gravity and k=3: X wins
  CHECK(empty[0].distance == 9);

  const auto all = unfinished_positions(g.solution, {}, false);
  CHECK(all.size() == nonterminal);
  for (const auto& e : all) {
    REQUIRE(check_legality(g.board, e.position) == Legality::legal);
    REQUIRE(e.position.legal_moves(g.board) != 0);
    REQUIRE(e.value == g.solution.value(e.position));
  }
  CHECK(unfinished_positions(g.solution, {}, true).size() == classes.size());

  CHECK(unfinished_positions(g.solution, {0, 1, 2}, false).size() == 1 + 4 + 16);  // four columns, then four again

  const auto sample = stratified_positions(g.solution, {}, 2, 3);
  std::map<std::pair<int, int>, int> kept;
  for (const auto& e : sample) CHECK(++kept[{e.ply, e.distance}] <= 2);
  CHECK(sample.size() < nonterminal);
  CHECK_FALSE(sample.empty());

  CHECK(listed_positions(g.solution, {parse_position(g.board, "..../..../XO..")}).size() == 1);
  // A stone of each side on the bottom row is legal without gravity too;
  // one floating over an empty cell is never reached by drops.
  CHECK_THROWS_WITH(listed_positions(g.solution, {parse_stones(g.board, "..../X.../.O..")}), Catch::Contains("not reachable"));
}
