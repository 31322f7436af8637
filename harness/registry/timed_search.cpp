#include "harness/registry/timed_search.hpp"

#include <algorithm>
#include <fmt/core.h>

#include "algorithms/search/cancellable.hpp"

namespace tictac {

namespace {

using clock = std::chrono::steady_clock;

std::int64_t ns_since(clock::time_point t0) {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(clock::now() - t0).count();
}

void check(const std::atomic<bool>* cancel) {
  if (cancel && cancel->load()) throw SearchCancelled();
}

}  // namespace

std::int64_t Timing::median_ns() const {
  if (runs_ns.empty()) return 0;
  std::vector<std::int64_t> sorted = runs_ns;
  std::nth_element(sorted.begin(), sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() / 2), sorted.end());
  return sorted[sorted.size() / 2];
}

std::int64_t Timing::min_ns() const { return runs_ns.empty() ? 0 : *std::min_element(runs_ns.begin(), runs_ns.end()); }

std::int64_t Timing::max_ns() const { return runs_ns.empty() ? 0 : *std::max_element(runs_ns.begin(), runs_ns.end()); }

double Timing::spread() const {
  const std::int64_t m = median_ns();
  return m > 0 ? static_cast<double>(max_ns() - min_ns()) / static_cast<double>(m) : 0.0;
}

Timing timed_runs(Strategy& strategy, const Position& p, const TimingPolicy& policy, bool cancellable,
                  const std::atomic<bool>* cancel) {
  Timing t;
  t.cancellable = cancellable && cancel;
  std::int64_t total = 0;
  const int max_runs = std::max(1, policy.max_runs);
  strategy.reserve_timed_searches(static_cast<std::uint64_t>(max_runs));  // no table wipe inside the clock
  while (static_cast<int>(t.runs_ns.size()) < max_runs && (t.runs_ns.empty() || total < policy.min_total.count())) {
    check(cancel);
    const auto t0 = clock::now();
    const SearchResult r = t.cancellable ? strategy.search_fast_cancellable(p, *cancel) : strategy.search_fast(p);
    const std::int64_t ns = ns_since(t0);
    t.runs_ns.push_back(ns);
    total += ns;
    t.proved = t.proved && r.proved;
    if (t.runs_ns.size() > 1 && (r.value != t.value || value_bounds(r) != t.bounds)) t.values_agree = false;
    t.value = r.value;
    t.bounds = value_bounds(r);
  }
  return t;
}

Timing time_search(Strategy& strategy, const Position& p, const TimingPolicy& policy, const std::atomic<bool>* cancel) {
  check(cancel);
  auto t0 = clock::now();
  SearchResult cold = cancel ? strategy.search_fast_cancellable(p, *cancel) : strategy.search_fast(p);
  std::int64_t cold_ns = ns_since(t0);
  const bool cancellable = cancel && std::chrono::nanoseconds(cold_ns) >= kCancellableFrom;
  if (cancel && !cancellable) {
    // The timed runs are the plain search, another instantiation: its own
    // cold run (under kCancellableFrom, as the first was).
    check(cancel);
    t0 = clock::now();
    cold = strategy.search_fast(p);
    cold_ns = ns_since(t0);
  }
  Timing t = timed_runs(strategy, p, policy, cancellable, cancel);
  t.cold_ns = cold_ns;
  t.proved = t.proved && cold.proved;
  t.values_agree = t.values_agree && cold.value == t.value && value_bounds(cold) == t.bounds;
  return t;
}

std::string timing_method_text(const TimingPolicy& policy) {
  return fmt::format(
      "time_ns: the statistics-free search (search_fast), warm: one untimed cold run first builds the search's "
      "tables and touches their pages (time_cold_ns), then timed runs, each from empty tables, are repeated until "
      "they add up to {} ms or number {} (timed_runs), summarised by their median (time_ns; of an even count the "
      "upper middle run) and spread ((max - min) / median: time_spread); a search whose cold run took {} ms or more "
      "is timed cancellable (search_fast_cancellable, a few percent slower), so that a Ctrl-C stops it; set_total "
      "rows sum the positions' figures, and their spread is the median of the positions' spreads; wall time, "
      "std::chrono::steady_clock",
      std::chrono::duration<double, std::milli>(policy.min_total).count(), policy.max_runs, kCancellableFrom.count());
}

}  // namespace tictac
