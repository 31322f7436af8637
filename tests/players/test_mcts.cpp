// MCTS, graded by the tests' own negamax (plain_solver.hpp): MCTS-Solver
// with a large budget plays an optimal move on every 3x3 position, UCT's
// rate of optimal moves rises with its budget, and a seed gives the same
// move on every run.
#include <catch2/catch.hpp>

#include <bit>

#include "algorithms/players/mcts.hpp"
#include "tests/players/plain_solver.hpp"

using namespace tictac;
using tictac::players_test::PlainSolver;

namespace {

// The share of the unfinished positions where MCTS plays an optimal move.
template <PlayoutPolicy Policy, bool Solver>
double mcts_optimal_rate(const Board& b, const PlainSolver& truth, std::uint64_t playouts, std::uint64_t seed) {
  Mcts<PlayerNoStats, Policy, Solver> player(b, {playouts, 1.4, seed});
  PlayerNoStats stats;
  std::size_t optimal = 0;
  for (const Position& p : truth.unfinished()) {
    const int m = player.choose(p, stats).move;
    optimal += m >= 0 && (p.legal_moves(b) >> m & 1) && truth.optimal(p, m);
  }
  return static_cast<double>(optimal) / static_cast<double>(truth.unfinished().size());
}

}  // namespace

TEST_CASE("MCTS-Solver with a large budget plays an optimal move on every 3x3 position", "[mcts]") {
  const Board b;
  const PlainSolver truth(b);
  REQUIRE(truth.unfinished().size() == 4520);
  CHECK(mcts_optimal_rate<PlayoutPolicy::random, true>(b, truth, 3000, 1) == 1.0);
  CHECK(mcts_optimal_rate<PlayoutPolicy::tactical, true>(b, truth, 3000, 1) == 1.0);
}

TEST_CASE("UCT's rate of optimal moves on 3x3 rises with its budget", "[mcts]") {
  const Board b;
  const PlainSolver truth(b);
  const double r10 = mcts_optimal_rate<PlayoutPolicy::random, false>(b, truth, 10, 1);
  const double r100 = mcts_optimal_rate<PlayoutPolicy::random, false>(b, truth, 100, 1);
  const double r1000 = mcts_optimal_rate<PlayoutPolicy::random, false>(b, truth, 1000, 1);
  INFO("10: " << r10 << ", 100: " << r100 << ", 1000: " << r1000);
  CHECK(r10 < r100);
  CHECK(r100 < r1000);
  CHECK(r1000 > 0.95);
}

TEST_CASE("MCTS-Solver takes a win in one and proves it without spending its budget", "[mcts]") {
  // X X .    X to move: cell 2 wins now.
  // O O .
  // . . .
  const Board b;
  const Position p{0b000000011, 0b000011000};
  PlayerCountingStats stats;
  Mcts<PlayerCountingStats, PlayoutPolicy::random, true> player(b, {100000, 1.4, 1});
  const PlayerMove m = player.choose(p, stats);
  CHECK(m.move == 2);
  CHECK(m.stats.playouts < 100);
  // The tree: the root and its five children, at least.
  CHECK(m.stats.search.nodes >= 6);
}

TEST_CASE("MCTS gives the same move and counts for the same seed, and spends its budget", "[mcts]") {
  for (const Board& b : {Board(), Board(4, 4, 3, true), Board(5, 5, 4)}) {
    Mcts<PlayerCountingStats, PlayoutPolicy::random, false> a(b, {500, 1.4, 9}), again(b, {500, 1.4, 9});
    PlayerCountingStats sa, sb;
    const PlayerMove ma = a.choose(Position{}, sa);
    const PlayerMove mb = again.choose(Position{}, sb);
    INFO(b.name());
    CHECK(ma.move == mb.move);
    CHECK(ma.stats.search.nodes == mb.stats.search.nodes);
    CHECK(ma.stats.playouts == 500);
    CHECK(ma.stats.depth_reached >= 2);
    // A node per child made at an expansion, plus the root; an expansion per
    // playout at most, each of at most one child per legal move.
    const std::uint64_t widest = b.move_is_a_column() ? b.cols() : b.cells();
    CHECK(ma.stats.search.nodes <= 1 + 500 * widest);
    CHECK((Position{}.legal_moves(b) >> ma.move & 1) == 1);
  }
}
