// The cost of the runner's reference beyond 16 cells (harness/experiment/
// reference.hpp): certifying a mid-game position by two independent
// families, best and dfpn, that must agree.
//
//   BM_Certify/<board>        certify 100 seeded random mid-game positions
//                             (random play to ply 6-12, unfinished, distinct;
//                             SplitMix64 seed 15), one fresh Reference per
//                             iteration; counters: median_ms, p90_ms, max_ms
//                             of one position's certification (from one pass
//                             after the timed loop), positions, and
//                             x_wins / draws / o_wins among the values
//   BM_BestAlone/<board>      the yardstick: best's statistics-free search of
//                             the same positions, one family alone
//   BM_SlowCertify/7x7k5      the same on 7x7 k=5, a single iteration
//                             (skip it with --benchmark_filter=-Slow)
//
// The ratio BM_Certify / BM_BestAlone is what the second family costs.  A
// run stops with an error, not a time, when the families disagree or one
// runs out of its budget (the exception of Reference::value).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <set>
#include <string>
#include <vector>

#include "algorithms/game/random.hpp"
#include "algorithms/game/rules.hpp"
#include "bench/bench_main.hpp"
#include "harness/experiment/reference.hpp"

namespace {

using namespace tictac;

// `count` distinct unfinished positions: random play from the empty board to
// a ply drawn from [6, 12], restarted when the game ends first.
std::vector<Position> midgame_positions(const Board& b, int count, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<Position> out;
  std::set<std::pair<Mask, Mask>> seen;
  while (static_cast<int>(out.size()) < count) {
    const int ply = 6 + static_cast<int>(rng.next() % 7);
    Position p;
    while (p.ply() < ply && result(b, p) == Result::ongoing) {
      Mask legal = p.legal_moves(b);
      for (int skip = static_cast<int>(rng.next() % static_cast<std::uint64_t>(std::popcount(legal))); skip > 0; --skip)
        legal &= legal - 1;
      p.play(std::countr_zero(legal), p.to_move());
    }
    if (p.ply() == ply && result(b, p) == Result::ongoing && seen.insert({p.x, p.o}).second) out.push_back(p);
  }
  return out;
}

constexpr int kPositions = 100;
constexpr std::uint64_t kSeed = 15;

double quantile_ms(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(q * static_cast<double>(v.size())))];
}

void certify(benchmark::State& state, const Board& b) {
  const std::vector<Position> positions = midgame_positions(b, kPositions, kSeed);
  try {
    for (auto _ : state) {
      Reference ref(b);
      for (const Position& p : positions) benchmark::DoNotOptimize(ref.value(p));
    }
    // One position at a time, each with a fresh Reference (no shared cache).
    std::vector<double> ms;
    int wins = 0, draws = 0, losses = 0;
    for (const Position& p : positions) {
      Reference ref(b);
      const auto t0 = std::chrono::steady_clock::now();
      const int v = ref.value(p);
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      (v > 0 ? wins : v < 0 ? losses : draws) += 1;
    }
    state.counters["median_ms"] = quantile_ms(ms, 0.5);
    state.counters["p90_ms"] = quantile_ms(ms, 0.9);
    state.counters["max_ms"] = quantile_ms(ms, 1.0);
    state.counters["positions"] = static_cast<double>(positions.size());
    state.counters["x_wins"] = wins;
    state.counters["draws"] = draws;
    state.counters["o_wins"] = losses;
  } catch (const std::exception& e) {
    state.SkipWithError(e.what());
  }
}

void best_alone(benchmark::State& state, const Board& b) {
  const std::vector<Position> positions = midgame_positions(b, kPositions, kSeed);
  auto best = make_strategy(b, reference_families().alpha_beta);
  for (auto _ : state)
    for (const Position& p : positions) benchmark::DoNotOptimize(best->search_fast(p));
  state.counters["positions"] = static_cast<double>(positions.size());
}

void add(const std::string& name, const Board& b, void (*fn)(benchmark::State&, const Board&), bool slow = false) {
  auto* r = benchmark::RegisterBenchmark(name.c_str(), [b, fn](benchmark::State& s) { fn(s, b); });
  r->Unit(benchmark::kMillisecond);
  if (slow) r->Iterations(1);
}

void register_all() {
  for (const auto& [name, board] : {std::pair{"5x5k4", Board(5, 5, 4)}, std::pair{"6x6k4", Board(6, 6, 4)}}) {
    add(std::string("BM_Certify/") + name, board, certify);
    add(std::string("BM_BestAlone/") + name, board, best_alone);
  }
  add("BM_SlowCertify/7x7k5", Board(7, 7, 5), certify, true);
  add("BM_SlowBestAlone/7x7k5", Board(7, 7, 5), best_alone, true);
}

}  // namespace

int main(int argc, char** argv) { return tictac::run_benchmarks(argc, argv, register_all); }
