// An algorithm behind the Strategy interface: its instantiations (counting,
// statistics-free, traced, and the cancellable counting and statistics-free
// ones), each built on first use from the same
// constructor arguments, and the factory that a line of the strategy table
// (strategy_registry.cpp) names.
//
// A node budget (set_node_budget; best's `nodes` option): the counting and
// statistics-free searches, and the cancellable ones, then run as the
// cancellable instantiations, whose countdown stops them at the budget
// rounded up to whole polls (of 1,024 nodes for best, the one algorithm
// with such a budget: cancel_poll_nodes, cancellable.hpp).
// A search stopped so returns proved = false, "unknown within the budget",
// with the statistics it gathered.  A traced search has no budget.
//
// An algorithm is a class template on its statistics policy with a
// constructor (const Board&, Args...) and
//   SearchResult search(const Position&, Stats&);
// (algorithms/search/negamax.hpp is the plainest example).
#pragma once

#include <cstdint>
#include <memory>
#include <tuple>
#include <utility>

#include "algorithms/exact/solution.hpp"
#include "algorithms/search/cancellable.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac {

template <template <class> class Algo, class... Args>
class ErasedStrategy final : public Strategy {
 public:
  // `exact` is kept alive for an algorithm that was given a pointer into it.
  ErasedStrategy(StrategyIdentity identity, const Board& board, std::shared_ptr<const ExactSolution> exact,
                 Args... args)
      : Strategy(std::move(identity)), board_(board), exact_(std::move(exact)), args_(args...) {}

  SearchResult search(const Position& p) override {
    if (node_budget_) return budgeted(counting_cancellable_, p, nullptr);
    CountingStats stats;
    SearchResult r = get(counting_).search(p, stats);
    r.stats = stats.result();
    return r;
  }
  SearchResult search_fast(const Position& p) override {
    if (node_budget_) return budgeted(fast_cancellable_, p, nullptr);
    NoStats stats;
    return get(fast_).search(p, stats);
  }
  SearchResult search_traced(const Position& p, SearchTrace& trace) override {
    TracingStats stats;
    stats.trace = &trace;
    SearchResult r = get(traced_).search(p, stats);
    r.stats = stats.result();
    return r;
  }
  SearchResult search_cancellable(const Position& p, const std::atomic<bool>& cancel) override {
    return budgeted(counting_cancellable_, p, &cancel);
  }
  SearchResult search_fast_cancellable(const Position& p, const std::atomic<bool>& cancel) override {
    return budgeted(fast_cancellable_, p, &cancel);
  }

  void reserve_timed_searches(std::uint64_t n) override {
    reserve(fast_, n);
    reserve(fast_cancellable_, n);
  }

  void release() override {
    counting_.reset();
    fast_.reset();
    traced_.reset();
    counting_cancellable_.reset();
    fast_cancellable_.reset();
  }

  // A budget of `nodes` for every search but the traced one (0: none).
  void set_node_budget(std::uint64_t nodes) { node_budget_ = nodes; }

 private:
  // A cancellable search, stopped by `cancel` (SearchCancelled passes
  // through) or by the node budget (an unknown result).
  template <class S>
  SearchResult budgeted(std::unique_ptr<Algo<Cancellable<S>>>& algo, const Position& p, const std::atomic<bool>* cancel) {
    Cancellable<S> stats;
    stats.cancel = cancel;
    stats.set_poll_nodes(cancel_poll_nodes<Algo<Cancellable<S>>>());
    stats.polls_left = budget_polls(node_budget_, stats.poll_nodes);
    SearchResult r;
    try {
      r = stoppable(algo, p, stats);
    } catch (const SearchOutOfBudget&) {
      r = SearchResult{};  // afresh: the search may have written into r before it threw
      r.proved = r.move_proved = false;
    }
    if constexpr (requires { stats.result(); }) r.stats = stats.result();
    return r;
  }
  // An instantiation already built reserves its tables' generations.
  template <class S>
  static void reserve(std::unique_ptr<Algo<S>>& algo, std::uint64_t n) {
    if constexpr (requires(Algo<S>& a) { a.reserve_searches(n); })
      if (algo) algo->reserve_searches(n);
  }
  template <class S>
  Algo<S>& get(std::unique_ptr<Algo<S>>& algo) {
    if (!algo)
      algo = std::apply([this](const auto&... a) { return std::make_unique<Algo<S>>(board_, a...); }, args_);
    return *algo;
  }
  // A cancelled search leaves its instance mid-search: it is dropped, and
  // the next call builds a fresh one.
  template <class S>
  SearchResult stoppable(std::unique_ptr<Algo<S>>& algo, const Position& p, S& stats) {
    try {
      return get(algo).search(p, stats);
    } catch (const SearchCancelled&) {
      // A search stopped by its budget reports its tables as one that ended.
      if constexpr (requires { algo->report_tables(stats); }) algo->report_tables(stats);
      algo.reset();
      throw;
    }
  }

  Board board_;
  std::shared_ptr<const ExactSolution> exact_;
  std::tuple<Args...> args_;
  std::uint64_t node_budget_ = 0;
  std::unique_ptr<Algo<CountingStats>> counting_;
  std::unique_ptr<Algo<NoStats>> fast_;
  std::unique_ptr<Algo<TracingStats>> traced_;
  std::unique_ptr<Algo<Cancellable<CountingStats>>> counting_cancellable_;
  std::unique_ptr<Algo<Cancellable<NoStats>>> fast_cancellable_;
};

// The factory of an algorithm constructed from the board alone.
template <template <class> class Algo>
StrategyFactory erased() {
  return [](const Board& board, const OptionValues&, StrategyIdentity id) -> std::unique_ptr<Strategy> {
    return std::make_unique<ErasedStrategy<Algo>>(std::move(id), board, nullptr);
  };
}

// The factory of an algorithm constructed from the board and one more
// argument, which `argument(values)` computes from the option values.
template <template <class> class Algo, class Argument>
StrategyFactory erased(Argument argument) {
  return [argument](const Board& board, const OptionValues& values, StrategyIdentity id) -> std::unique_ptr<Strategy> {
    using Arg = decltype(argument(values));
    return std::make_unique<ErasedStrategy<Algo, Arg>>(std::move(id), board, nullptr, argument(values));
  };
}

}  // namespace tictac
