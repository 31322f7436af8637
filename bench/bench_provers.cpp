// The proof-number provers (algorithms/search/proof/) on the empty boards of
// issue 14, with best (the tuned alpha-beta) as the yardstick where it
// finishes, and dfpn's knowledge ladder with one option off at a time.
//
//   BM_Prove/<board>/<strategy>        a full proof of the empty board
//   BM_DfpnWithout/<board>/<option>    dfpn with one knowledge option off
//   BM_SlowProve/...                   single runs of seconds or more
//                                      (7x7 k=5; best on 4x7 and 7x4 k=4);
//                                      skip them with --benchmark_filter=-Slow
//
// The timed loop runs with statistics compiled out (NoStats) and includes
// the prover's construction (its table), as a whole `tictac solve` does.
// The counters come from one counting search after it: nodes, value (X's
// view), proved (1: the value is proven), table_entries (entries or graph
// nodes filled) and table_mib (the table's size).  A value that differs
// from the board's published one is reported as an error, not a time.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "algorithms/search/best/best_search.hpp"
#include "algorithms/search/proof/dfpn.hpp"
#include "algorithms/search/proof/pns.hpp"
#include "bench/bench_main.hpp"
#include "bench/known_values.hpp"

namespace {

using namespace tictac;

// The empty boards proved; each answer is checked against its published
// value (known_values.hpp) once its timing is done.
const Board k6x6k5(6, 6, 5), k7x7k5(7, 7, 5), k4x7(4, 7, 4), k7x4(7, 4, 4), k5x5(5, 5, 4), k6x5(6, 5, 4),
    k5x6(5, 6, 4), k6x6(6, 6, 4), k4x4(4, 4, 4);

template <template <class> class Algo, class Options>
void run(benchmark::State& state, const Board& board, const Options& o) {
  int value = 0;
  bool proved = true;
  for (auto _ : state) {
    Algo<NoStats> search(board, o);
    NoStats none;
    const SearchResult r = search.search(Position{}, none);
    benchmark::DoNotOptimize(r);
    value = r.value;
    proved = r.proved;
  }
  if (!proved || value != known_value(board)) {
    state.SkipWithError(proved ? ("wrong value " + std::to_string(value)).c_str() : "not proved");
    return;
  }
  CountingStats stats;
  const SearchResult counted = Algo<CountingStats>(board, o).search(Position{}, stats);
  state.counters["nodes"] = static_cast<double>(counted.stats.nodes);
  state.counters["value"] = counted.value;
  state.counters["proved"] = counted.proved;
  state.counters["table_entries"] = static_cast<double>(counted.stats.tt_occupancy);
  state.counters["table_mib"] = static_cast<double>(counted.stats.table_bytes) / (1 << 20);
}

template <template <class> class Algo, class Options>
void add(const std::string& name, const Board& board, const Options& o, bool slow = false) {
  auto* b = benchmark::RegisterBenchmark(name.c_str(), [board, o](benchmark::State& s) { run<Algo>(s, board, o); });
  b->Unit(benchmark::kMillisecond);
  if (slow) b->Iterations(1);
}

void register_all() {
  const std::vector<std::pair<std::string, Board>> boards = {
      {"4x4k4", k4x4}, {"5x5k4", k5x5}, {"6x5k4", k6x5}, {"5x6k4", k5x6}, {"6x6k4", k6x6},
      {"6x6k5", k6x6k5}, {"4x7k4", k4x7}, {"7x4k4", k7x4}};
  for (const auto& [name, c] : boards) {
    add<Dfpn>("BM_Prove/" + name + "/dfpn", c, DfpnOptions{});
    add<Pns>("BM_Prove/" + name + "/pns", c, PnsOptions{});
    // best finishes these in seconds at most; 6x6 k=5 it does not.
    if (name == "4x7k4" || name == "7x4k4")
      add<BestSearch>("BM_SlowProve/" + name + "/best", c, BestOptions{}, true);
    else if (name != "6x6k5")
      add<BestSearch>("BM_Prove/" + name + "/best", c, BestOptions{});
  }
  add<Dfpn>("BM_SlowProve/7x7k5/dfpn", k7x7k5, DfpnOptions{}, true);
  add<Pns>("BM_SlowProve/7x7k5/pns", k7x7k5, PnsOptions{}, true);

  // The ladder, one option off at a time (mb, off by default, on instead;
  // mb and stealing are whole-question reductions: proof_value.hpp).
  struct Off {
    const char* name;
    void (*apply)(DfpnOptions&);
  };
  const Off offs[] = {
      {"none", [](DfpnOptions&) {}},
      {"wins", [](DfpnOptions& o) { o.knowledge.wins = false; }},
      {"threats", [](DfpnOptions& o) { o.knowledge.threats = false; }},
      {"live", [](DfpnOptions& o) { o.knowledge.live = false; }},
      {"pairing", [](DfpnOptions& o) { o.knowledge.pairing = false; }},
      {"potential", [](DfpnOptions& o) { o.knowledge.potential = false; }},
      {"dominance", [](DfpnOptions& o) { o.knowledge.dominance = false; }},
      {"mb_on", [](DfpnOptions& o) { o.value.maker_breaker = true; }},
      {"keys_exact", [](DfpnOptions& o) { o.canonical = false; }},
      {"epsilon_0", [](DfpnOptions& o) { o.epsilon_permille = 0; }},
  };
  for (const auto& [name, c] : std::vector<std::pair<std::string, Board>>{{"5x5k4", k5x5}, {"6x6k5", k6x6k5}, {"4x7k4", k4x7}})
    for (const Off& off : offs) {
      DfpnOptions o;
      off.apply(o);
      // Without a budget some rungs take minutes: cap them, and a rung out
      // of budget reports "not proved".
      o.node_budget = 20'000'000;
      add<Dfpn>("BM_DfpnWithout/" + name + "/" + off.name, c, o, name == "4x7k4");
    }
}

}  // namespace

int main(int argc, char** argv) { return tictac::run_benchmarks(argc, argv, register_all); }
