// Full solves from the empty board: every strategy on 3x3 (statistics-free
// and counting instantiations), the strongest few on 4x4, and the yardstick,
// a bare bitboard negamax written plainly here as the in-process reference.
// scripts/bench turns the JSON into ratios against the yardstick.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

#include "harness/registry/strategy.hpp"

namespace {

using namespace tictac;

// ---- The yardstick: plain negamax on a 3x3 bitboard, +1/0/-1, no tables,
// index order, a node per call (549,946 from the empty board).
constexpr std::uint16_t kLines[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};
constexpr std::uint16_t kFull = 0777;

bool won(std::uint16_t stones) {
  for (std::uint16_t l : kLines)
    if ((stones & l) == l) return true;
  return false;
}

// `mine` is the side to move; `theirs` has just moved.
int yardstick(std::uint16_t mine, std::uint16_t theirs, std::uint64_t& nodes) {
  ++nodes;
  if (won(theirs)) return -1;
  if ((mine | theirs) == kFull) return 0;
  int best = -2;
  for (int c = 0; c < 9; ++c) {
    const std::uint16_t bit = std::uint16_t(1u << c);
    if ((mine | theirs) & bit) continue;
    const int v = -yardstick(theirs, std::uint16_t(mine | bit), nodes);
    if (v > best) best = v;
  }
  return best;
}

void BM_Yardstick(benchmark::State& state) {
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    benchmark::DoNotOptimize(yardstick(0, 0, nodes));
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

// ---- Strategies through the harness edge (one virtual call per search).
void run_strategy(benchmark::State& state, Board board, std::string spec, bool counting) {
  auto s = make_strategy(board, spec);
  SearchResult r;
  for (auto _ : state) {
    r = counting ? s->search(Position{}) : s->search_fast(Position{});
    benchmark::DoNotOptimize(r);
  }
  const std::uint64_t nodes = s->search(Position{}).stats.nodes;
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["value"] = r.value;
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::RegisterBenchmark("yardstick/3x3", BM_Yardstick)->Unit(benchmark::kMicrosecond);
  const std::string three[] = {"minimax", "minimax-depth", "negamax", "memo:keys=exact", "memo:keys=canonical",
                               "alphabeta", "alphabeta:order=static", "alphabeta:order=history",
                               "alphabeta:order=oracle", "alphabeta:tt=zobrist,order=tt+history",
                               "alphabeta:tt=zobrist,keys=canonical,order=tt+static", "pvs:order=static",
                               "mtdf:order=tt+static", "solve", default_strategy(Board())};
  for (const auto& spec : three)
    for (bool counting : {false, true})
      benchmark::RegisterBenchmark(("solve/3x3k3/" + spec + (counting ? "/counting" : "/nostats")).c_str(),
                                   run_strategy, Board(), spec, counting)
          ->Unit(benchmark::kMicrosecond);
  const std::string four[] = {"alphabeta:tt=zobrist,keys=canonical,order=tt+static",
                              "pvs:tt=zobrist,keys=canonical,order=tt+history", "mtdf:keys=canonical,order=tt+static"};
  for (int k : {3, 4}) {
    for (std::string spec : four)
      benchmark::RegisterBenchmark(("solve/4x4k" + std::to_string(k) + "/" + spec + "/nostats").c_str(), run_strategy,
                                   Board(4, 4, k), spec, false)
          ->Unit(benchmark::kMillisecond);
    benchmark::RegisterBenchmark(("solve/4x4k" + std::to_string(k) + "/default/nostats").c_str(), run_strategy,
                                 Board(4, 4, k), default_strategy(Board(4, 4, k)), false)
        ->Unit(benchmark::kMillisecond);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
