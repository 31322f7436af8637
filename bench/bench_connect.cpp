// The connect solver (algorithms/search/connect/connect_solver.hpp) on Connect-Four
// (6 rows, 7 columns, k=4): stratified position sets in the style of Pascal
// Pons's six test sets, its ablation ladder on them, and the whole game.
//
//   BM_ConnectSet/<set>/<step>    every position of a set, searched with one
//                                 step of connect_ladder() (weak mode), or
//                                 with the full solver in distance mode
//                                 (step "distance")
//   BM_ConnectSlowSet/...         the same where a run takes minutes
//   BM_ConnectSlowWhole/<mode>    the empty board, weak and distance: one run
//                                 each of tens of seconds; skip all Slow
//                                 benchmarks with --benchmark_filter=-Slow
//
// The sets are made here by seeded random play (each move uniform among the
// legal moves that do not complete a line), then labelled with the exact
// distance by the full solver in distance mode, and cut like Pons's by the
// ply of the position (begin, middle, end) and the plies left under perfect
// play (easy < 14, medium 14-27, hard >= 28).  Positions whose side to move
// wins at once are left out (they take one node and no search).
//
//   set            plies    plies left   positions
//   end-easy       29-41    0-13         200
//   middle-easy    15-28    0-13         200
//   middle-medium  15-28    14-27        100
//   begin-easy     10-14    0-13         100
//   begin-medium   10-14    14-27        50
//   begin-hard     10-14    28-          10
//
// Pons's begin sets start at ply 0; these start at ply 10, so that labelling
// a set takes seconds, not hours.  A set is made the first time a benchmark
// needs it (its time is not measured).
//
// The timed loop runs with statistics compiled out (NoStats); the counters
// come from one counting pass after it: mean_nodes (per position),
// positions_per_s and s_per_position (from the timed loop).  A search
// whose value (or, in distance mode, score) differs from the label is
// reported as an error, not a time.
#include <benchmark/benchmark.h>

#include <map>
#include <random>
#include <string>
#include <vector>

#include "algorithms/search/connect/connect_solver.hpp"
#include "bench/bench_main.hpp"

namespace {

using namespace tictac;

const Board kConnectFour(6, 7, 4, true);

struct Labelled {
  Position p;
  int value;  // X's view
  int score;  // Pons's, side to move's view
};

struct SetSpec {
  const char* name;
  int min_ply, max_ply;
  int min_left, max_left;  // distance
  int count;
  unsigned seed;
  bool slow;  // the lower ladder steps take minutes
};

const std::vector<SetSpec>& set_specs() {
  static const std::vector<SetSpec> specs = {
      {"end-easy", 29, 41, 0, 13, 200, 1, false},    {"middle-easy", 15, 28, 0, 13, 200, 2, false},
      {"middle-medium", 15, 28, 14, 27, 100, 3, true}, {"begin-easy", 10, 14, 0, 13, 100, 4, false},
      {"begin-medium", 10, 14, 14, 27, 50, 5, true},   {"begin-hard", 10, 14, 28, 42, 10, 6, true},
  };
  return specs;
}

// The cell a stone dropped into column c lands on, or -1 when it is full.
int drop(const Board& b, const Position& p, int c) {
  for (int r = b.rows() - 1; r >= 0; --r)
    if (!(p.occupied() >> b.cell(r, c) & 1)) return b.cell(r, c);
  return -1;
}

const std::vector<Labelled>& position_set(const SetSpec& spec) {
  static std::map<std::string, std::vector<Labelled>> made;
  auto& set = made[spec.name];
  if (!set.empty()) return set;
  ConnectOptions o;
  o.mode = ConnectOptions::Mode::distance;
  ConnectSolver<NoStats> solver(kConnectFour, o);
  std::mt19937 rng(spec.seed);
  const Board& b = kConnectFour;
  std::vector<std::pair<Mask, Mask>> seen;
  while (static_cast<int>(set.size()) < spec.count) {
    const int plies = spec.min_ply + static_cast<int>(rng() % static_cast<unsigned>(spec.max_ply - spec.min_ply + 1));
    Position p;
    bool ok = true;
    for (int i = 0; i < plies && ok; ++i) {
      std::vector<int> cells;
      for (int c = 0; c < b.cols(); ++c)
        if (const int cell = drop(b, p, c); cell >= 0 && !b.wins_through(p.stones(p.to_move()) | Mask{1} << cell, cell))
          cells.push_back(cell);
      if (cells.empty()) ok = false;
      else p.play(cells[rng() % cells.size()], p.to_move());
    }
    if (!ok || p.ply() == b.cells()) continue;
    // No position whose side to move wins at once (one node, no search).
    bool wins = false;
    for (int c = 0; c < b.cols(); ++c)
      if (const int cell = drop(b, p, c); cell >= 0 && b.wins_through(p.stones(p.to_move()) | Mask{1} << cell, cell))
        wins = true;
    if (wins) continue;
    if (std::find(seen.begin(), seen.end(), std::make_pair(p.x, p.o)) != seen.end()) continue;
    seen.emplace_back(p.x, p.o);
    NoStats none;
    const SearchResult r = solver.search(p, none);
    const int left = ConnectSolver<NoStats>::distance(r.score, p.ply(), b.cells());
    if (left < spec.min_left || left > spec.max_left) continue;
    set.push_back({p, r.value, r.score});
  }
  return set;
}

void run(benchmark::State& state, const SetSpec& spec, const ConnectOptions& o) {
  const std::vector<Labelled>& set = position_set(spec);
  const bool distance = o.mode == ConnectOptions::Mode::distance;
  ConnectSolver<NoStats> search(kConnectFour, o);
  // One pass first, untimed: the table's pages are mapped when first
  // touched, and that one-off cost is not the search's.
  for (const Labelled& l : set) {
    NoStats none;
    benchmark::DoNotOptimize(search.search(l.p, none));
  }
  bool right = true;
  for (auto _ : state) {
    for (const Labelled& l : set) {
      NoStats none;
      const SearchResult r = search.search(l.p, none);
      benchmark::DoNotOptimize(r);
      right = right && r.value == l.value && (!distance || r.score == l.score);
    }
  }
  if (!right) {
    state.SkipWithError("a search disagrees with the set's label");
    return;
  }
  ConnectSolver<CountingStats> counting(kConnectFour, o);
  std::uint64_t nodes = 0;
  for (const Labelled& l : set) {
    CountingStats stats;
    nodes += counting.search(l.p, stats).stats.nodes;
  }
  const double n = static_cast<double>(set.size());
  state.counters["positions"] = n;
  state.counters["mean_nodes"] = static_cast<double>(nodes) / n;
  state.counters["positions_per_s"] = benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate);
  state.counters["s_per_position"] =
      benchmark::Counter(n, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

// The empty board: a first-player win (Allen; Allis, 1988), in 41 plies
// (Pons's score 1) under perfect play.
void whole(benchmark::State& state, ConnectOptions::Mode mode) {
  ConnectOptions o;
  o.mode = mode;
  ConnectSolver<NoStats> search(kConnectFour, o);
  SearchResult r;
  for (auto _ : state) {
    NoStats none;
    r = search.search(Position{}, none);
    benchmark::DoNotOptimize(r);
  }
  const bool distance = mode == ConnectOptions::Mode::distance;
  if (r.value != 1 || (distance && (r.score != 1 || ConnectSolver<NoStats>::distance(r.score, 0, 42) != 41))) {
    state.SkipWithError(("wrong answer: value " + std::to_string(r.value) + ", score " + std::to_string(r.score)).c_str());
    return;
  }
  CountingStats stats;
  const SearchResult counted = ConnectSolver<CountingStats>(kConnectFour, o).search(Position{}, stats);
  state.counters["nodes"] = static_cast<double>(counted.stats.nodes);
  state.counters["nodes_per_s"] =
      benchmark::Counter(static_cast<double>(counted.stats.nodes), benchmark::Counter::kIsIterationInvariantRate);
  state.counters["score"] = counted.score;
  state.counters["table_mib"] = static_cast<double>(counted.stats.table_bytes) / (1 << 20);
}

void register_all() {
  std::vector<std::pair<std::string, ConnectOptions>> steps = connect_ladder();
  ConnectOptions d;
  d.mode = ConnectOptions::Mode::distance;
  steps.emplace_back("distance", d);
  for (const SetSpec& spec : set_specs())
    for (std::size_t i = 0; i < steps.size(); ++i) {
      const auto& [step, o] = steps[i];
      // Without a table (the first three steps), every set but end-easy
      // takes minutes; so do the early steps on the slow sets.
      const bool early = o.tt == ConnectOptions::Table::none;
      const bool slow = (early && spec.name != std::string("end-easy")) || (spec.slow && i + 3 < steps.size());
      const std::string name = std::string(slow ? "BM_ConnectSlowSet/" : "BM_ConnectSet/") + spec.name + "/" + step;
      benchmark::RegisterBenchmark(name.c_str(), [&spec, o = o](benchmark::State& s) { run(s, spec, o); })
          ->Unit(benchmark::kMillisecond);
    }
  for (auto [name, mode] : {std::pair{"weak", ConnectOptions::Mode::weak}, std::pair{"distance", ConnectOptions::Mode::distance}})
    benchmark::RegisterBenchmark((std::string("BM_ConnectSlowWhole/") + name).c_str(),
                                 [mode = mode](benchmark::State& s) { whole(s, mode); })
        ->Unit(benchmark::kSecond)
        ->Iterations(1);
}

}  // namespace

int main(int argc, char** argv) { return tictac::run_benchmarks(argc, argv, register_all); }
