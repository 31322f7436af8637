// The harness edge of the strategies: a spec string becomes a runnable
// Strategy for one board.  This is where type erasure happens, once; inside,
// each strategy is a template on its statistics policy.
//
// A spec is `name` or `name:key=value,key=value` (for example
// `alphabeta:order=history,tt=zobrist`).  The same string works in the CLI
// and in experiment configs.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/search/search_result.hpp"

namespace tictac {

class Strategy {
 public:
  virtual ~Strategy() = default;
  // The spec in normal form: every option present, in catalogue order.
  virtual const std::string& spec() const = 0;
  // One search of p with counting statistics.  Each call is independent:
  // tables and memos start empty, so node counts are deterministic.
  virtual SearchResult search(const Position& p) = 0;
  // The same search with statistics compiled out (for timing): value,
  // score and best_move are filled, stats are zero.
  virtual SearchResult search_fast(const Position& p) = 0;
  // The same search, recording what it visited.
  virtual SearchResult search_traced(const Position& p, SearchTrace& trace) = 0;
  // search() and search_fast() that another thread can stop by setting
  // `cancel`: the search reads it every 2^16 nodes and, once it is set,
  // throws SearchCancelled (algorithms/search/cancellable.hpp).  Otherwise the
  // same results.  The countdown makes search_fast_cancellable slower than
  // search_fast (3x3, callgrind: 17% for negamax and minimax, 1-2% for
  // alphabeta, best and memo), so timings that are compared come from one
  // or the other, never both.
  virtual SearchResult search_cancellable(const Position& p, const std::atomic<bool>& cancel) = 0;
  virtual SearchResult search_fast_cancellable(const Position& p, const std::atomic<bool>& cancel) = 0;
};

struct StrategyOption {
  std::string key;
  std::string default_value;
  std::vector<std::string> choices;  // empty: a whole number
  std::string help;
};

struct StrategyInfo {
  std::string name;
  std::string summary;
  std::vector<StrategyOption> options;
};

// Every strategy with its options, in the order `tictac strategies` lists them.
const std::vector<StrategyInfo>& strategy_catalog();

// Throws std::invalid_argument for an unknown name or option, or a bad
// value, listing the valid choices.
std::unique_ptr<Strategy> make_strategy(const Board& board, std::string_view spec);

// The fastest exact strategy for a board (the default of `tictac solve`).
std::string default_strategy(const Board& board);

}  // namespace tictac
