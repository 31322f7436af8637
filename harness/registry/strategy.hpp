// The harness edge of the strategies: a spec string becomes a runnable
// Strategy for one board.  This is where type erasure happens, once; inside,
// each strategy is a template on its statistics policy.
//
// A spec is `name` or `name:key=value,key=value` (for example
// `alphabeta:order=history,tt=zobrist`).  The same string works in the CLI
// and in experiment configs.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
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
};

struct StrategyOption {
  enum class Kind : std::uint8_t {
    choice,      // one of `choices`
    number,      // a whole number
    move_order,  // an ordering of the alpha-beta family (orderings.hpp); `choices` are examples
  };
  std::string key;
  std::string default_value;
  std::vector<std::string> choices;
  std::string help;
  Kind kind = Kind::choice;
  bool ordering = false;  // the strategy's move ordering (the `ordering` column of results.csv)
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

// The index in `options` of the option that makes strategy `name` draw from
// its seed (an order whose ordering is seeded, orderings.hpp), if any.  An
// unknown strategy, key or value makes none (make_strategy refuses them).
std::optional<std::size_t> seeded_option(std::string_view name,
                                         const std::vector<std::pair<std::string, std::string>>& options);

// The fastest exact strategy for a board (the default of `tictac solve`).
std::string default_strategy(const Board& board);

}  // namespace tictac
