// The one timing method of tictac: `tictac solve`, `tictac run`, the Python
// module and the benchmark that compares them all time a search here.
//
// What is timed: Strategy::search_fast (statistics compiled out) of one
// position, warm.  Before the clock starts, one untimed run of the same
// search (the cold run) builds the instance, allocates its tables and pools
// and touches every page the search uses, so that neither an allocation nor
// a first-touch page fault lands inside the clock; its time is reported
// apart (cold_ns).  Each timed run then starts from empty tables, as every
// search does (a table is emptied by a new generation, in O(1); when the
// generation counter wraps, every entry is wiped, and that wipe is made
// before the clock: Strategy::reserve_timed_searches).  The timed search is repeated until the runs add up to
// TimingPolicy::min_total or there are max_runs of them, and summarised by
// the median and the spread.
//
// A long search is timed cancellable: when the cold run took
// kCancellableFrom or more, the timed runs are search_fast_cancellable (its
// countdown costs a few percent; up to 18% on the cheapest searches, which
// never take that long), so a cancel stops any run within about that time.
// Timing::cancellable says which search was timed.  With a cancel flag, the
// cold run is the cancellable search; when it is short, the plain search has
// a cold run of its own before its timed runs (each is an instantiation with
// its own tables).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <vector>

#include "algorithms/game/position.hpp"
#include "algorithms/search/search_result.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac {

struct TimingPolicy {
  // Repeat the timed search until its runs add up to this...
  std::chrono::nanoseconds min_total = std::chrono::milliseconds(50);
  // ...or until there are this many runs (at least 1).
  int max_runs = 5;
};

// A cold run of this length or more makes the timed runs cancellable.
inline constexpr std::chrono::milliseconds kCancellableFrom{250};

struct Timing {
  std::int64_t cold_ns = 0;           // the untimed cold run (builds and touches the tables)
  std::vector<std::int64_t> runs_ns;  // every timed run, in order
  bool cancellable = false;           // the runs were search_fast_cancellable
  bool proved = true;                 // every run, the cold one included, gave a value
  int value = 0;                      // the last run's value
  ValueBounds bounds;                 // the last run's bounds (value_bounds: a one-sided question's)
  bool values_agree = true;           // every run gave the same value and the same bounds

  // The median of the runs (of an even count, the upper middle one).
  std::int64_t median_ns() const;
  std::int64_t min_ns() const;
  std::int64_t max_ns() const;
  // (max - min) / median; 0 for one run.
  double spread() const;
};

// The cold run of p (untimed, cancellable when `cancel` is given), then the
// timed runs.  With `cancel`, the flag is also read before each run, and
// once it is set the call throws SearchCancelled.
Timing time_search(Strategy& strategy, const Position& p, const TimingPolicy& policy,
                   const std::atomic<bool>* cancel = nullptr);

// Only the timed runs, for a caller that has made the cold run itself (a
// repetition after the first); `cancellable` as Timing::cancellable.
Timing timed_runs(Strategy& strategy, const Position& p, const TimingPolicy& policy, bool cancellable,
                  const std::atomic<bool>* cancel = nullptr);

// What metadata.json and `--help` say of the method, with the policy's figures.
std::string timing_method_text(const TimingPolicy& policy);

}  // namespace tictac
