// The best search: full solves from the empty board, its ablation ladder,
// and the full solver with one enhancement left out.
//
//   BM_Best/<board>                  the full solver (BestOptions{})
//   BM_BestLadder/<board>/<step>     each step of best_ladder() (steps that
//                                    take minutes on a board are not registered)
//   BM_BestWithout/<board>/<option>  the full solver with one option switched off
//   BM_BestSlowLadder/...            single runs of tens of seconds; skip them
//                                    with --benchmark_filter=-Slow
//
// The timed loop runs with statistics compiled out (NoStats); the counters
// come from one counting search after it: nodes, nodes_per_s (nodes over the
// mean time of a timed iteration) and value (X's view).  A search whose value
// differs from the board's known value is reported as an error, not a time.
#include <benchmark/benchmark.h>

#include <string>
#include <vector>

#include "algorithms/search/best/best_search.hpp"
#include "bench/bench_main.hpp"
#include "bench/known_values.hpp"

namespace {

using namespace tictac;

// The empty boards timed; each answer is checked against known_value()
// (known_values.hpp) once its timing is done: 4x4 with k=3 has no published
// value, and its retrograde solution is worked out only when its benchmark runs.
const Board k4x4(4, 4, 4), k5x5(5, 5, 4), k6x5(6, 5, 4), k5x6(5, 6, 4), k6x6(6, 6, 4), k3x3(3, 3, 3),
    k4x4k3(4, 4, 3);

// The instantiation the registry would build for o (best_search.hpp's
// kBestFeatures), so a ladder rung is timed as `tictac` runs it.
template <BestFeatures F>
void run_with(benchmark::State& state, const Board& board, const BestOptions& o) {
  BestSearch<NoStats, F> search(board, o);
  int value = 0;
  for (auto _ : state) {
    NoStats none;
    const SearchResult r = search.search(Position{}, none);
    benchmark::DoNotOptimize(r);
    value = r.value;
  }
  if (value != known_value(board)) {
    state.SkipWithError(("wrong value " + std::to_string(value)).c_str());
    return;
  }
  CountingStats stats;
  const SearchResult counted = BestSearch<CountingStats, F>(board, o).search(Position{}, stats);
  state.counters["nodes"] = static_cast<double>(counted.stats.nodes);
  state.counters["nodes_per_s"] =
      benchmark::Counter(static_cast<double>(counted.stats.nodes), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["value"] = counted.value;
  state.counters["tt_hit_rate"] = counted.stats.tt_hit_rate();
}

void run(benchmark::State& state, const Board& board, const BestOptions& o) {
  dispatch<kBestFeatures>(features_of(o), [&]<BestFeatures F>() {
    run_with<F>(state, board, o);
    return 0;
  });
}

void add(const std::string& name, const Board& board, const BestOptions& o) {
  benchmark::RegisterBenchmark(name.c_str(), [board, o](benchmark::State& s) { run(s, board, o); })
      ->Unit(benchmark::kMillisecond);
}

std::vector<std::pair<std::string, BestOptions>> without_each() {
  std::vector<std::pair<std::string, BestOptions>> v;
  BestOptions o;
  o = {}, o.wins = false, v.emplace_back("wins=off", o);
  o = {}, o.threats = false, v.emplace_back("threats=off", o);
  o = {}, o.window = BestOptions::Window::full, v.emplace_back("window=full", o);
  o = {}, o.tt = BestOptions::Table::exact, v.emplace_back("tt=exact", o);
  o = {}, o.live = false, v.emplace_back("live=off", o);
  o = {}, o.order = BestOptions::Order::index, v.emplace_back("order=index", o);
  o = {}, o.history = false, v.emplace_back("history=off", o);
  return v;
}

void register_all() {
  const std::pair<const char*, const Board*> solves[] = {
      {"3x3k3", &k3x3}, {"4x4k3", &k4x4k3}, {"4x4k4", &k4x4}, {"5x5k4", &k5x5},
      {"6x5k4", &k6x5}, {"5x6k4", &k5x6}, {"6x6k4", &k6x6}};
  for (const auto& [name, c] : solves) add(std::string("BM_Best/") + name, *c, BestOptions{});

  // The ladder: on 4x4 every step (plain alpha-beta takes about 30 s, so it
  // is a Slow benchmark); on 5x5 the steps before move ordering take minutes
  // (they are not registered).
  for (const auto& [step, o] : best_ladder()) {
    const bool slow = step == "alphabeta";
    add(std::string(slow ? "BM_BestSlowLadder" : "BM_BestLadder") + "/4x4k4/" + step, k4x4, o);
    if (o.order == BestOptions::Order::eval) add("BM_BestLadder/5x5k4/" + step, k5x5, o);
  }
  // Without move ordering, 5x5 and 6x6 take more than a minute (not registered).
  for (const auto& [option, o] : without_each()) {
    add("BM_BestWithout/4x4k4/" + option, k4x4, o);
    if (option == "order=index") continue;
    add("BM_BestWithout/5x5k4/" + option, k5x5, o);
    add("BM_BestWithout/6x6k4/" + option, k6x6, o);
  }
}

}  // namespace

int main(int argc, char** argv) { return tictac::run_benchmarks(argc, argv, register_all); }
