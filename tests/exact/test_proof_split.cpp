#include <catch2/catch.hpp>

#include <bit>

#include "algorithms/exact/position_set_sample.hpp"
#include "algorithms/exact/proof_split.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/game/symmetry.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/exact_cache.hpp"

using namespace tictac;

namespace {

// The exact solution's value of each split position.
SplitLookup exact_lookup(const ExactSolution& exact) {
  return [&exact](const Position& p) -> std::optional<int> { return exact.value(p); };
}

}  // namespace

TEST_CASE("a split from the empty board holds the canonical unfinished positions of that ply", "[proof_split]") {
  // 3, 12, 38 and 108 classes of 3x3 positions at plies 1 to 4 (no line before ply 5).
  const Board ttt(3, 3, 3);
  const std::vector<std::size_t> known = {3, 12, 38, 108};
  for (int plies = 1; plies <= 4; ++plies) CHECK(split_proof(ttt, Position{}, plies).positions.size() == known[plies - 1]);
  // Against the enumeration of the canonical position sets (position_set_sample.hpp), where lines do end.
  for (const Board& b : {Board(3, 3, 3), Board(4, 4, 3), Board(3, 4, 3), Board(4, 4, 4, true)})
    for (int plies = 1; plies <= 6; ++plies) {
      INFO(b.name() << " at " << plies << " plies");
      const ProofSplit s = split_proof(b, Position{}, plies);
      CHECK(s.positions == enumerate_ply(b, plies, true, 1'000'000, 20'000'000).positions);
      const SymmetryGroup g(b);
      for (const Position& p : s.positions) {
        CHECK(p.ply() == plies);
        CHECK(!is_terminal(b, p));
        CHECK(g.canonical(p).position == p);
      }
    }
}

TEST_CASE("the minimax over a split with the exact values of its positions gives the root's exact value", "[proof_split]") {
  for (const Board& b : {Board(3, 3, 3), Board(3, 4, 3), Board(4, 3, 3), Board(4, 4, 4)}) {
    const auto exact = exact_solution(b);
    std::vector<Position> roots = {Position{}};
    // A few roots off the empty board: each child of the empty board, and one of each of its children.
    for (Mask m = Position{}.legal_moves(b); m; m &= m - 1) {
      Position p;
      p.play(std::countr_zero(m), Side::X);
      roots.push_back(p);
      Position q = p;
      q.play(std::countr_zero(q.legal_moves(b)), Side::O);
      roots.push_back(q);
    }
    for (const Position& root : roots)
      for (int plies : {1, 2, 3}) {
        INFO(b.name() << " root " << format_position(b, root) << " at " << plies << " plies");
        const ProofSplit s = split_proof(b, root, plies);
        const SplitValue v = split_value(b, s, exact_lookup(*exact));
        REQUIRE(v.value);
        CHECK(*v.value == exact->value(root));
        CHECK(v.unknown.empty());
      }
  }
}

TEST_CASE("a line that ends above the split depth is a leaf valued by the rules", "[proof_split]") {
  // X to move wins at once on c1 (XX. in the top row): the split 3 plies
  // deep has positions, but the win in one is a leaf, so X wins whatever
  // values the split positions have.
  const Board ttt(3, 3, 3);
  const Position root = parse_position(ttt, "XX./OO./...");
  const ProofSplit s = split_proof(ttt, root, 3);
  CHECK(!s.positions.empty());
  CHECK(s.finished_leaves > 0);
  const SplitValue v = split_value(ttt, s, [](const Position&) -> std::optional<int> { return -1; });
  REQUIRE(v.value);
  CHECK(*v.value == 1);
  CHECK(*v.value == exact_solution(ttt)->value(root));
}

TEST_CASE("a split position without a value leaves the root's value unknown, and names it", "[proof_split]") {
  const Board b(3, 4, 3);
  const auto exact = exact_solution(b);
  const ProofSplit s = split_proof(b, Position{}, 2);
  const Position hole = s.positions[s.positions.size() / 2];
  const SplitValue v = split_value(b, s, [&](const Position& p) -> std::optional<int> {
    if (p == hole) return std::nullopt;
    return exact->value(p);
  });
  CHECK(!v.value);
  REQUIRE(v.unknown.size() == 1);
  CHECK(v.unknown[0] == hole);
}

TEST_CASE("a split refuses a finished root and a depth outside 1 to the empty cells", "[proof_split]") {
  const Board ttt(3, 3, 3);
  CHECK_THROWS_AS(split_proof(ttt, parse_position(ttt, "XXX/OO./..."), 1), std::invalid_argument);
  CHECK_THROWS_AS(split_proof(ttt, Position{}, 0), std::invalid_argument);
  CHECK_THROWS_AS(split_proof(ttt, Position{}, 10), std::invalid_argument);
  CHECK_THROWS_AS(split_proof(Board(8, 8, 5), Position{}, 3, 1000), std::invalid_argument);  // max_positions
}
