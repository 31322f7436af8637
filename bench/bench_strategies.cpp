// Full solves from the empty board: every strategy on 3x3 (statistics-free
// and counting instantiations), the strongest few on 4x4, and the
// yardsticks, bare bitboard negamaxes written here as the in-process
// reference.  scripts/bench turns the JSON into ratios against the tight
// yardstick.
#include <benchmark/benchmark.h>

#include <array>
#include <cstdint>
#include <string>

#include "bench/bench_main.hpp"
#include "harness/registry/default_policy.hpp"
#include "harness/registry/strategy.hpp"

namespace {

using namespace tictac;

// ---- The yardsticks: negamax on a 3x3 bitboard, +1/0/-1, no tables,
// index order, 549,946 nodes from the empty board.
//
// yardstick/3x3/tight is the fair one, the ratios' denominator: as tight as
// a bare bitboard loop can be.  The win check is one bit of a 512-bit table
// of the stone sets that hold a line, made in the parent for the stones of
// the side that has just moved, so a finished child costs no call; the
// timed loop counts nothing (the node count comes from one counting run
// after it), as the strategies' statistics-free instantiations count
// nothing.  yardstick/3x3/plain is the first yardstick, kept beside it: a
// call per node that tests all 8 lines and counts.
constexpr std::uint16_t kLines[8] = {0007, 0070, 0700, 0111, 0222, 0444, 0421, 0124};
constexpr std::uint16_t kFull = 0777;

bool won(std::uint16_t stones) {
  for (std::uint16_t l : kLines)
    if ((stones & l) == l) return true;
  return false;
}

// `mine` is the side to move; `theirs` has just moved.
int plain_yardstick(std::uint16_t mine, std::uint16_t theirs, std::uint64_t& nodes) {
  ++nodes;
  if (won(theirs)) return -1;
  if ((mine | theirs) == kFull) return 0;
  int best = -2;
  for (int c = 0; c < 9; ++c) {
    const std::uint16_t bit = std::uint16_t(1u << c);
    if ((mine | theirs) & bit) continue;
    const int v = -plain_yardstick(theirs, std::uint16_t(mine | bit), nodes);
    if (v > best) best = v;
  }
  return best;
}

// Bit s of kWinTable: the stone set s holds one of the 8 lines.
constexpr std::array<std::uint64_t, 8> kWinTable = [] {
  std::array<std::uint64_t, 8> t{};
  for (unsigned s = 0; s < 512; ++s)
    for (std::uint16_t l : kLines)
      if ((s & l) == l) t[s >> 6] |= std::uint64_t{1} << (s & 63);
  return t;
}();

// `mine` is the side to move in an unfinished position.  Count: count the
// nodes (this one, and its finished children, which are not entered).
template <bool Count>
int tight_yardstick(unsigned mine, unsigned theirs, std::uint64_t& nodes) {
  if (Count) ++nodes;
  int best = -2;
  for (unsigned e = ~(mine | theirs) & kFull; e; e &= e - 1) {
    const unsigned m = mine | (e & (0u - e));
    int v;
    if (kWinTable[m >> 6] >> (m & 63) & 1) {
      v = 1;
      if (Count) ++nodes;
    } else if ((m | theirs) == kFull) {
      v = 0;
      if (Count) ++nodes;
    } else {
      v = -tight_yardstick<Count>(theirs, m, nodes);
    }
    if (v > best) best = v;
  }
  return best;
}

void BM_PlainYardstick(benchmark::State& state) {
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    nodes = 0;
    benchmark::DoNotOptimize(plain_yardstick(0, 0, nodes));
  }
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

void BM_TightYardstick(benchmark::State& state) {
  std::uint64_t unused = 0;
  for (auto _ : state) benchmark::DoNotOptimize(tight_yardstick<false>(0, 0, unused));
  std::uint64_t nodes = 0;
  const int value = tight_yardstick<true>(0, 0, nodes);
  if (nodes != 549946 || value != 0) state.SkipWithError("the tight yardstick does not count 549,946 nodes");
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
}

// ---- Strategies through the harness edge (one virtual call per search).
void run_strategy(benchmark::State& state, Board board, std::string spec, bool counting) {
  auto s = make_strategy(board, spec);
  // The cold run of the one timing method (harness/registry/timed_search.hpp):
  // it builds the instantiation and touches its tables before the clock.
  SearchResult r = counting ? s->search(Position{}) : s->search_fast(Position{});
  for (auto _ : state) {
    r = counting ? s->search(Position{}) : s->search_fast(Position{});
    benchmark::DoNotOptimize(r);
  }
  const std::uint64_t nodes = s->search(Position{}).stats.nodes;
  state.counters["nodes"] = static_cast<double>(nodes);
  state.counters["nodes_per_s"] = benchmark::Counter(static_cast<double>(nodes), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["value"] = r.value;
}

void register_all() {
  benchmark::RegisterBenchmark("yardstick/3x3/tight", BM_TightYardstick)->Unit(benchmark::kMicrosecond);
  benchmark::RegisterBenchmark("yardstick/3x3/plain", BM_PlainYardstick)->Unit(benchmark::kMicrosecond);
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
}

}  // namespace

int main(int argc, char** argv) { return tictac::run_benchmarks(argc, argv, register_all); }
