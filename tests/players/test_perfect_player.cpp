// The perfect player keeps the exact value on every unfinished position of
// 3x3 and of 4x4 with k=3, graded by the tests' own negamax
// (plain_solver.hpp), not by the solution the player reads.
#include <catch2/catch.hpp>

#include <set>

#include "algorithms/exact/solution.hpp"
#include "algorithms/exact/state_space.hpp"
#include "algorithms/players/perfect_player.hpp"
#include "harness/registry/exact_cache.hpp"
#include "tests/players/plain_solver.hpp"

using namespace tictac;
using tictac::players_test::PlainSolver;

namespace {

// The number of positions where the player of `choice` and `seed` plays a
// move that does not keep the value (0 for a perfect player).
std::size_t perfect_player_misses(const Board& b, const PlainSolver& truth, PerfectChoice choice, std::uint64_t seed) {
  const auto exact = exact_solution(b);  // read from the tests' cache (TICTAC_EXACT_CACHE) for 4x4
  PerfectPlayer<PlayerNoStats> player(b, *exact, choice, seed);
  PlayerNoStats stats;
  std::size_t misses = 0;
  for (const Position& p : truth.unfinished()) {
    const int m = player.choose(p, stats).move;
    if (m < 0 || !(p.legal_moves(b) >> m & 1) || !truth.optimal(p, m)) ++misses;
  }
  return misses;
}

}  // namespace

TEST_CASE("the perfect player keeps the value on all 4,520 unfinished 3x3 positions", "[perfect_player]") {
  const Board b;
  const PlainSolver truth(b);
  REQUIRE(truth.unfinished().size() == 4520);  // the published count of unfinished tic-tac-toe positions
  CHECK(perfect_player_misses(b, truth, PerfectChoice::fastest, 0) == 0);
  CHECK(perfect_player_misses(b, truth, PerfectChoice::uniform, 7) == 0);
}

TEST_CASE("the perfect player keeps the value on every unfinished 4x4 k=3 position", "[perfect_player]") {
  const Board b(4, 4, 3);
  const PlainSolver truth(b);
  REQUIRE(truth.unfinished().size() > 1000000);
  CHECK(perfect_player_misses(b, truth, PerfectChoice::fastest, 0) == 0);
}

TEST_CASE("the perfect player's fastest choice takes a win in one when it has one", "[perfect_player]") {
  // X X .    X to move: cell 2 wins now; cell 5 also keeps the win (two
  // O O .    threats) but later.
  // . . .
  const Board b;
  const StateSpace space(b);
  const ExactSolution exact(space);
  PerfectPlayer<PlayerNoStats> player(b, exact, PerfectChoice::fastest, 0);
  PlayerNoStats stats;
  const Position p{0b000000011, 0b000011000};
  CHECK(player.choose(p, stats).move == 2);
}

TEST_CASE("the perfect player's uniform choice draws among the optimal moves by its seed", "[perfect_player]") {
  const Board b;
  const StateSpace space(b);
  const ExactSolution exact(space);
  PlayerNoStats stats;
  std::set<int> seen;
  for (std::uint64_t seed = 0; seed < 200; ++seed) {
    PerfectPlayer<PlayerNoStats> player(b, exact, PerfectChoice::uniform, seed);
    const int m = player.choose(Position{}, stats).move;
    CHECK(m == player.choose(Position{}, stats).move);  // the same seed, the same move
    seen.insert(m);
  }
  CHECK(seen.size() == 9);  // every first move of tic-tac-toe keeps the draw
}
