// The second step of a run (runner.hpp): measuring.  For each position of a
// cell, the counting search (node counts and every statistic, run once: they
// are deterministic), the timed repetitions of the statistics-free search,
// and the check of both against the reference.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/exact/position_set.hpp"
#include "harness/experiment/reference.hpp"
#include "harness/experiment/run_plan.hpp"
#include "harness/registry/strategy.hpp"
#include "harness/registry/timed_search.hpp"

namespace tictac {

// A run stopped by its interrupt flag (RunOptions::interrupt), between
// searches or inside a cancellable one.
struct Interrupted : std::runtime_error {
  Interrupted() : std::runtime_error("interrupted") {}
};

// How a position's measurement stands against its reference.  A search that
// ran out of its budget (a proof-number search: SearchResult::proved =
// false) gives no value to check: it is unknown, counted apart from the
// disagreements.  A search that answered a one-sided question with a bound
// only (best:question=win|notlose: SearchResult::bound) agrees when the
// reference's value lies within the bound (and every search gave that
// bound), else disagrees.
enum class MeasurementStatus { agrees, disagrees, unknown };

// "agrees", "disagrees" or "unknown": the `status` column of results.csv.
const char* to_string(MeasurementStatus s);

struct PositionMeasurement {
  SearchResult counted;              // the counting search
  std::vector<Timing> timings;       // one per repetition (timed_search.hpp; the first has the cold run)
  int fast_value = 0;                // search_fast's value (the first that disagrees, if one does)
  bool proved = false;               // the counting search and every search_fast gave a value
  bool bounded = false;              // no value, but the counting search gave a bound (SearchResult::bound)
  // The bounds of the value, X's point of view: value..value when proved,
  // the counting search's bound when bounded, else -1..1 (nothing known).
  ValueBounds bounds;
  // counted.best_move is optimal; true without a claimed move (a value proven
  // by strategy-stealing proves no move: SearchResult::move_proved = false).
  bool best_ok = false;
  // Proved, and the values and the move agree with the reference; or
  // bounded, every search_fast gave the same bound, and the reference's value
  // lies within it.
  bool matches = false;
  MeasurementStatus status() const {
    return !proved && !bounded ? MeasurementStatus::unknown
           : matches           ? MeasurementStatus::agrees
                               : MeasurementStatus::disagrees;
  }
};

// Measures one position: the counting search (unless `counted` has it
// already), then `repetitions` timings of search_fast by the one timing
// method (timed_search.hpp: a cold run, then warm runs until the policy's
// minimum).  With `cancel`, the counting search is the cancellable one
// (Strategy::search_cancellable, the same counts), the flag is read before
// each timed run, and a long search is timed cancellable: once it is set,
// throws Interrupted.
PositionMeasurement measure_position(Strategy& strategy, Reference& ref, const PositionEntry& e, int repetitions,
                                     const TimingPolicy& policy, const std::optional<SearchResult>& counted,
                                     const std::atomic<bool>* cancel = nullptr);

// Why a measurement does not match: "value 1, exact 0; best move b2, optimal a1 c3".
std::string mismatch(const Board& board, Reference& ref, const PositionEntry& e, const PositionMeasurement& m);

// The counting searches of the plan's cells on `threads` threads, a cell per
// thread at a time, each with a Strategy of its own (tables start empty, so
// the counts equal a one-thread run's).  By cell of the plan, by position of
// the plan's cell (PlannedCell::positions).
// Throws Interrupted when `interrupt` is set, or the first error of a worker.
// With `cancellable`, the searches are the cancellable ones, which read
// `interrupt` every 2^16 nodes (64 for the provers) too.  `done`, when
// given, counts the searches finished (for progress).
std::vector<std::vector<SearchResult>> count_on_threads(const RunPlan& plan, const std::vector<PreparedBoard>& boards,
                                                        unsigned threads, const std::atomic<bool>* interrupt,
                                                        bool cancellable = false,
                                                        std::atomic<std::size_t>* done = nullptr);

}  // namespace tictac
