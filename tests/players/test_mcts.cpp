// MCTS, graded by the tests' own negamax (plain_solver.hpp): MCTS-Solver,
// score-bounded MCTS and PUCT with a prior, with a large budget, play an
// optimal move on every 3x3 position; score-bounded MCTS proves 3x3 a draw; UCT's
// rate of optimal moves rises with its budget, and a seed gives the same
// move on every run.
#include <catch2/catch.hpp>

#include <atomic>
#include <bit>

#include "algorithms/players/eval/lines.hpp"
#include "algorithms/players/eval/threats.hpp"
#include "algorithms/players/mcts.hpp"
#include "tests/players/plain_solver.hpp"

using namespace tictac;
using tictac::players_test::PlainSolver;

namespace {

// The share of the unfinished positions where MCTS plays an optimal move.
template <PlayoutPolicy Policy, MctsSolver Solver, class Selection = Uct>
double mcts_optimal_rate(const Board& b, const PlainSolver& truth, std::uint64_t playouts, std::uint64_t seed) {
  Mcts<PlayerNoStats, Policy, Solver, Selection> player(b, {playouts, 1.4, seed, 4});
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
  CHECK(mcts_optimal_rate<PlayoutPolicy::random, MctsSolver::wins>(b, truth, 3000, 1) == 1.0);
  CHECK(mcts_optimal_rate<PlayoutPolicy::tactical, MctsSolver::wins>(b, truth, 3000, 1) == 1.0);
}

TEST_CASE("UCT's rate of optimal moves on 3x3 rises with its budget", "[mcts]") {
  const Board b;
  const PlainSolver truth(b);
  const double r10 = mcts_optimal_rate<PlayoutPolicy::random, MctsSolver::off>(b, truth, 10, 1);
  const double r100 = mcts_optimal_rate<PlayoutPolicy::random, MctsSolver::off>(b, truth, 100, 1);
  const double r1000 = mcts_optimal_rate<PlayoutPolicy::random, MctsSolver::off>(b, truth, 1000, 1);
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
  Mcts<PlayerCountingStats, PlayoutPolicy::random, MctsSolver::wins> player(b, {100000, 1.4, 1});
  const PlayerMove m = player.choose(p, stats);
  CHECK(m.move == 2);
  CHECK(m.stats.playouts < 100);
  // The tree: the root and its five children, at least.
  CHECK(m.stats.search.nodes >= 6);
}

TEST_CASE("MCTS gives the same move and counts for the same seed, and spends its budget", "[mcts]") {
  for (const Board& b : {Board(), Board(4, 4, 3, true), Board(5, 5, 4)}) {
    Mcts<PlayerCountingStats, PlayoutPolicy::random, MctsSolver::off> a(b, {500, 1.4, 9}), again(b, {500, 1.4, 9});
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

TEST_CASE("score-bounded MCTS proves the empty 3x3 board a draw: the root's bounds meet at 0", "[mcts]") {
  // The value of the empty 3x3 board is a draw (/work/shared/ground-truth.md;
  // the tests' own negamax agrees).  MCTS-Solver cannot prove it: it knows
  // no draws.
  const Board b;
  REQUIRE(PlainSolver(b).value(Position{}) == 0);
  PlayerCountingStats stats;
  // 15,650 playouts prove it (seed 1); the budget leaves room for a change of the tree's order.
  Mcts<PlayerCountingStats, PlayoutPolicy::random, MctsSolver::bounds> player(b, {50000, 1.4, 1, 4});
  const PlayerMove m = player.choose(Position{}, stats);
  CHECK(player.root_lower() == 0);
  CHECK(player.root_upper() == 0);
  CHECK(m.stats.playouts < 50000);  // it stopped once the root was proven
  INFO("playouts to the proof: " << m.stats.playouts);
  Mcts<PlayerNoStats, PlayoutPolicy::random, MctsSolver::wins> wins(b, {20000, 1.4, 1, 4});
  PlayerNoStats none;
  wins.choose(Position{}, none);
  CHECK(wins.root_lower() == -1);
  CHECK(wins.root_upper() == 1);
}

TEST_CASE("score-bounded MCTS and PUCT with a prior play an optimal move on every 3x3 position", "[mcts]") {
  const Board b;
  const PlainSolver truth(b);
  CHECK(mcts_optimal_rate<PlayoutPolicy::random, MctsSolver::bounds>(b, truth, 3000, 1) == 1.0);
  // PUCT with the lines prior, under each solver.
  CHECK(mcts_optimal_rate<PlayoutPolicy::tactical, MctsSolver::bounds, Puct<LinesEval>>(b, truth, 3000, 1) == 1.0);
  CHECK(mcts_optimal_rate<PlayoutPolicy::random, MctsSolver::wins, Puct<LinesEval>>(b, truth, 3000, 1) == 1.0);
}

TEST_CASE("every MCTS gives the same move and counts for the same seed", "[mcts]") {
  const Board b(4, 4, 3);
  Position p;
  p.play(5, Side::X);
  const auto same = [&](auto& a, auto& again) {
    PlayerCountingStats sa, sb;
    const PlayerMove ma = a.choose(p, sa), mb = again.choose(p, sb);
    CHECK(ma.move == mb.move);
    CHECK(ma.stats.search.nodes == mb.stats.search.nodes);
    CHECK(ma.stats.playouts == mb.stats.playouts);
  };
  Mcts<PlayerCountingStats, PlayoutPolicy::tactical, MctsSolver::bounds> a(b, {700, 1.4, 3, 4}), a2(b, {700, 1.4, 3, 4});
  same(a, a2);
  Mcts<PlayerCountingStats, PlayoutPolicy::random, MctsSolver::wins, Puct<ThreatsEval>> c(b, {700, 1.4, 3, 4}),
      c2(b, {700, 1.4, 3, 4});
  same(c, c2);
}

TEST_CASE("a stop flag ends MCTS early with a legal move, said to be stopped", "[mcts]") {
  const Board b(5, 5, 4);
  const std::atomic<bool> stop{true};  // as if the time had passed at once
  Mcts<PlayerCountingStats, PlayoutPolicy::random, MctsSolver::off> player(b, {1000, 1.4, 1, 4});
  PlayerCountingStats stats;
  const PlayerMove m = player.choose(Position{}, stats, &stop);
  CHECK(m.stopped);
  CHECK(m.stats.playouts == 63);  // the flag is read every 64 playouts
  CHECK((Position{}.legal_moves(b) >> m.move & 1) == 1);
}
