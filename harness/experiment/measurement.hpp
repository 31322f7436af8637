// The second step of a run (runner.hpp): measuring.  For each position of a
// cell, the counting search (node counts and every statistic, run once: they
// are deterministic), the timed repetitions of the statistics-free search,
// and the check of both against the reference.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/exact/position_set.hpp"
#include "harness/experiment/reference.hpp"
#include "harness/experiment/run_plan.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac {

struct PositionMeasurement {
  SearchResult counted;              // the counting search
  std::vector<std::int64_t> times;   // ns, one per repetition, of search_fast
  int fast_value = 0;                // search_fast's value (the first that disagrees, if one does)
  bool best_ok = false;              // counted.best_move is optimal
  bool matches = false;              // the values and the move agree with the reference
};

// Measures one position: the counting search (unless `counted` has it
// already), one untimed search_fast (so the first repetition does not pay
// for building the statistics-free instantiation or for cold caches), then
// `repetitions` timed ones.
PositionMeasurement measure_position(Strategy& strategy, Reference& ref, const PositionEntry& e, int repetitions,
                                     const std::optional<SearchResult>& counted);

// Why a measurement does not match: "value 1, exact 0; best move b2, optimal a1 c3".
std::string mismatch(const Board& board, Reference& ref, const PositionEntry& e, const PositionMeasurement& m);

// The counting searches of the plan's cells on `threads` threads, a cell per
// thread at a time, each with a Strategy of its own (tables start empty, so
// the counts equal a one-thread run's).  By cell of the plan, by position.
// Throws Interrupted when `interrupt` is set, or the first error of a worker.
std::vector<std::vector<SearchResult>> count_on_threads(const RunPlan& plan, const std::vector<PreparedBoard>& boards,
                                                        unsigned threads, const std::atomic<bool>* interrupt);

}  // namespace tictac
