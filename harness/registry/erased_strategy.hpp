// An algorithm behind the Strategy interface: its three instantiations
// (counting, statistics-free, traced), each built on first use from the same
// constructor arguments, and the factory that a line of the strategy table
// (strategy_registry.cpp) names.
//
// An algorithm is a class template on its statistics policy with a
// constructor (const Board&, Args...) and
//   SearchResult search(const Position&, Stats&);
// (algorithms/search/negamax.hpp is the plainest example).
#pragma once

#include <memory>
#include <tuple>
#include <utility>

#include "algorithms/exact/solution.hpp"
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
    CountingStats stats;
    SearchResult r = get(counting_).search(p, stats);
    r.stats = stats.result();
    return r;
  }
  SearchResult search_fast(const Position& p) override {
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

 private:
  template <class S>
  Algo<S>& get(std::unique_ptr<Algo<S>>& algo) {
    if (!algo)
      algo = std::apply([this](const auto&... a) { return std::make_unique<Algo<S>>(board_, a...); }, args_);
    return *algo;
  }

  Board board_;
  std::shared_ptr<const ExactSolution> exact_;
  std::tuple<Args...> args_;
  std::unique_ptr<Algo<CountingStats>> counting_;
  std::unique_ptr<Algo<NoStats>> fast_;
  std::unique_ptr<Algo<TracingStats>> traced_;
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
