// The players' playouts per second (algorithms/players/mcts.hpp), beside a
// bare playout loop written as tightly as we can in the same binary: the
// yardstick of what a playout costs with no tree around it.
//
//   BM_BarePlayouts/<board>   random games from the empty board, back to
//                             back: pick a legal move uniformly, play it,
//                             test the line through it; playouts_per_s
//   BM_MctsPlayouts<solver, selection>/<board>
//                             one MCTS move from the empty board (random
//                             playouts, a budget of 10,000 playouts): UCT,
//                             UCT with score-bounded MCTS (solver=bounds,
//                             which may prove the root sooner:
//                             playouts_per_move), and PUCT with the lines
//                             prior; playouts_per_s, and vs_bare: that rate
//                             over the bare loop's (bare_playouts_per_s),
//                             measured in the same benchmark just before,
//                             both by this thread's CPU time (target: at
//                             least 0.5)
//
// Measured (2026-12-06, Release, g++ 12, the 2-core machine shared at a
// load of about 6; CPU time, so the ratios hold better than the rates):
//                        3x3    5x5 k=4   6x7 k=4 gravity
//   bare loop, playouts/s  6.35M  1.63M     1.63M
//   UCT, vs_bare           0.64   0.78      0.86
//   solver=bounds          0.83   0.85      0.88   (no root proved in 10,000)
//   PUCT, prior=lines      0.45   0.24      0.30
// UCT and score-bounded MCTS meet the target (the bounds cost nothing seen;
// on 3x3 they save time: a proven leaf needs no playout);
// PUCT does not: its expansion evaluates every child for the prior (25
// evaluations of 28 windows a playout on 5x5), which costs 3x the rest of
// a playout there (PUCT with the flat prior runs at about 0.7 of UCT).  An
// evaluation by the windows through the move's cell only (a delta) would
// remove most of it; not built.
//
// Boards: 3x3, 5x5 with k=4, 6x7 with k=4 and gravity (Connect-Four).  Both
// draw from SplitMix64 with a fixed seed, statistics compiled out; the
// checksum counter (X's wins) guards against a loop that does nothing.
#include <benchmark/benchmark.h>

#include <time.h>

#include <bit>
#include <cstdint>

#include "algorithms/game/board.hpp"
#include "algorithms/game/random.hpp"
#include "algorithms/players/eval/lines.hpp"
#include "algorithms/players/mcts.hpp"

namespace {

using namespace tictac;

Board board_of(int i) { return i == 0 ? Board(3, 3, 3) : i == 1 ? Board(5, 5, 4) : Board(6, 7, 4, true); }

// One random game from the empty board: the winner (0 X, 1 O) or 2.
inline int bare_playout(const Board& b, std::uint64_t& state) {
  Mask stones[2] = {0, 0};
  for (int side = 0;; side ^= 1) {
    const Mask legal = b.legal_moves(stones[0] | stones[1]);
    if (legal == 0) return 2;
    Mask m = legal;
    for (int i = static_cast<int>((static_cast<unsigned __int128>(splitmix64(state)) * std::popcount(legal)) >> 64); i > 0; --i)
      m &= m - 1;
    const int cell = std::countr_zero(m);
    stones[side] |= Mask{1} << cell;
    if (b.wins_through(stones[side], cell)) return side;
  }
}

// This thread's CPU seconds: vs_bare compares two rates by CPU time, so
// that the other processes of a busy machine do not tilt it.
double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

// The bare loop's playouts per CPU second over n playouts (for vs_bare).
double bare_rate(const Board& b, int n) {
  std::uint64_t state = 12345;
  int x_wins = 0;
  const double t0 = cpu_seconds();
  for (int i = 0; i < n; ++i) x_wins += bare_playout(b, state) == 0;
  const double s = cpu_seconds() - t0;
  benchmark::DoNotOptimize(x_wins);
  return n / s;
}

void BM_BarePlayouts(benchmark::State& state) {
  const Board b = board_of(static_cast<int>(state.range(0)));
  state.SetLabel(b.name());
  std::uint64_t rng = 12345;
  std::int64_t x_wins = 0;
  for (auto _ : state) x_wins += bare_playout(b, rng) == 0;
  state.counters["playouts_per_s"] = benchmark::Counter(static_cast<double>(state.iterations()), benchmark::Counter::kIsRate);
  state.counters["x_win_share"] = static_cast<double>(x_wins) / static_cast<double>(state.iterations());
}

template <MctsSolver Solver, class Selection>
void BM_MctsPlayouts(benchmark::State& state) {
  const Board b = board_of(static_cast<int>(state.range(0)));
  state.SetLabel(b.name());
  constexpr std::uint64_t kPlayouts = 10000;
  Mcts<PlayerNoStats, PlayoutPolicy::random, Solver, Selection> mcts(b, {kPlayouts, 1.4, 1, 4});
  PlayerNoStats stats;
  const double bare = bare_rate(b, 200000);
  int move = -1;
  std::uint64_t done = 0;  // a solver may prove the root before the budget is spent
  const double t0 = cpu_seconds();
  for (auto _ : state) {
    move = mcts.choose(Position{}, stats).move;
    done += mcts.playouts_done();
    benchmark::DoNotOptimize(move);
  }
  // The loop's own CPU time (one move is up to 10,000 playouts: the loop's
  // bookkeeping is nothing beside it), so that vs_bare is a ratio now.
  const double s = cpu_seconds() - t0;
  const double playouts = static_cast<double>(done);
  state.counters["playouts_per_s"] = playouts / s;
  state.counters["bare_playouts_per_s"] = bare;
  state.counters["vs_bare"] = playouts / s / bare;
  state.counters["playouts_per_move"] = playouts / static_cast<double>(state.iterations());
  state.counters["move"] = move;
}

}  // namespace

BENCHMARK(BM_BarePlayouts)->DenseRange(0, 2);
BENCHMARK_TEMPLATE(BM_MctsPlayouts, MctsSolver::off, Uct)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_MctsPlayouts, MctsSolver::bounds, Uct)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK_TEMPLATE(BM_MctsPlayouts, MctsSolver::off, Puct<LinesEval>)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);

BENCHMARK_MAIN();
