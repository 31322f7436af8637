// The harness edge of the strategies: a spec string becomes a runnable
// Strategy for one board.  This is where type erasure happens, once; inside,
// each strategy is a template on its statistics policy.
//
// A spec is `name` or `name:key=value,key=value` (for example
// `alphabeta:order=history,tt=zobrist`).  The same string works in the CLI
// and in experiment configs.  The strategies and their options are one table,
// strategy_table() in strategy_registry.cpp (README: "Adding a strategy").
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/search/search_result.hpp"

namespace tictac {

// What a strategy is, as the runner and the CSV need it, without parsing its
// spec back.
struct StrategyIdentity {
  std::string spec;      // the spec in normal form: every option present, in catalogue order
  std::string name;      // the strategy without its options
  std::string ordering;  // the value of its ordering option in normal form; "none" without one
  bool seeded = false;   // whether its search draws from its seed (a seeded ordering)
  double cost_weight = 1.0;  // StrategyInfo::cost_weight
  // Every option with its value in normal form, in catalogue order, those
  // left out of `spec` at their default included (the option columns of
  // results.csv).
  std::vector<std::pair<std::string, std::string>> options{};
};

class Strategy {
 public:
  explicit Strategy(StrategyIdentity identity) : identity_(std::move(identity)) {}
  virtual ~Strategy() = default;

  const StrategyIdentity& identity() const { return identity_; }
  const std::string& spec() const { return identity_.spec; }
  const std::string& name() const { return identity_.name; }
  const std::string& ordering() const { return identity_.ordering; }
  bool seeded() const { return identity_.seeded; }

  // One search of p with counting statistics.  Each call is independent:
  // tables and memos start empty, so node counts are deterministic.
  virtual SearchResult search(const Position& p) = 0;
  // The same search with statistics compiled out (for timing): value,
  // score and best_move are filled, stats are zero.
  virtual SearchResult search_fast(const Position& p) = 0;
  // The same search, recording what it visited.
  virtual SearchResult search_traced(const Position& p, SearchTrace& trace) = 0;
  // search() and search_fast() that another thread can stop by setting
  // `cancel`: the search reads it every 2^16 nodes (1,024 for best, 64 for
  // the provers, whose nodes are slow: cancel_poll_nodes) and, once it is set,
  // throws SearchCancelled (algorithms/search/cancellable.hpp).  Otherwise the
  // same results.  The countdown makes search_fast_cancellable slower than
  // search_fast (3x3, callgrind: 17% for negamax and minimax, 1-2% for
  // alphabeta, best and memo), so timings that are compared come from one
  // or the other, never both.
  virtual SearchResult search_cancellable(const Position& p, const std::atomic<bool>& cancel) = 0;
  virtual SearchResult search_fast_cancellable(const Position& p, const std::atomic<bool>& cancel) = 0;
  // The next n statistics-free searches (search_fast and its cancellable
  // twin) clear their tables without a full wipe (a table's generation
  // counter wraps now and then, and the wrap wipes every entry): a timer
  // calls it before its clock, so no wipe lands inside a timed search.
  virtual void reserve_timed_searches(std::uint64_t) {}
  // Frees every instantiation and its tables; the next search builds its
  // own afresh (the same counts: every search starts from empty tables).
  // A runner calls it when a cell is done, so that a run holds the tables
  // of one cell at a time.
  virtual void release() {}

 private:
  StrategyIdentity identity_;
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
  // false: left out of the spec's normal form at its default.  For an option
  // added after results were committed under the older normal form (best's
  // `nodes`), so that those specs, and the rows keyed by them, stay as they were.
  bool shown_at_default = true;
};

struct StrategyInfo {
  std::string name;
  std::string summary;
  std::vector<StrategyOption> options;
  // A rough relative cost per position, only for balancing shards
  // (shard.hpp): full-tree searches dwarf pruned and memoised ones.
  double cost_weight = 1.0;
  // What the strategy does on gravity boards: what follows the legal drops
  // and what is switched off there because it is not sound under gravity
  // (`tictac strategies --gravity`).  Empty: not said.
  std::string gravity{};
  // false for a strategy whose knowledge is not sound under gravity and
  // cannot be switched off: make_strategy refuses it on a gravity board,
  // with `gravity` as the reason, rather than let it give wrong values.
  bool gravity_supported = true;
};

// Every option of a strategy, validated, defaults filled in, by key.
using OptionValues = std::map<std::string, std::string>;

// Builds the strategy for `board` from its option values.  Throws
// std::invalid_argument for options that clash, or a board it cannot
// search, saying why.
using StrategyFactory =
    std::function<std::unique_ptr<Strategy>(const Board& board, const OptionValues& values, StrategyIdentity identity)>;

// One line of the table: what `tictac strategies` lists, and how to build it.
struct StrategyEntry {
  StrategyInfo info;
  StrategyFactory make;
};

// Every strategy with its options, in the order `tictac strategies` lists them.
std::vector<StrategyInfo> strategy_catalog();

// Adds a strategy to the table, after the built-in ones: for a strategy that
// only a test binary knows (tests/registry/example_strategy.hpp).  Call it
// before any make_strategy runs on another thread.  Throws
// std::invalid_argument when the name is taken.
void register_strategy(StrategyEntry entry);

// Throws std::invalid_argument for an unknown name or option, or a bad
// value, listing the valid choices.
std::unique_ptr<Strategy> make_strategy(const Board& board, std::string_view spec);

// The index in `options` of the option that makes strategy `name` draw from
// its seed (an order whose ordering is seeded, orderings.hpp), if any.  An
// unknown strategy, key or value makes none (make_strategy refuses them).
std::optional<std::size_t> seeded_option(std::string_view name,
                                         const std::vector<std::pair<std::string, std::string>>& options);

// Whether the connect solver (algorithms/search/connect/connect_solver.hpp) solves
// the board: a gravity board its bitboards hold.  There it is the default,
// the distance strategy and the reference's gravity family.
bool connect_holds(const Board& board);

// The fastest exact strategy for a board, by measurement (the default of
// `tictac solve`): best, best with its pairing test (best:pairing=on) or
// dfpn, whichever is fastest there (strategy_registry.cpp lists the boards
// and the figures).
std::string default_strategy(const Board& board);

// The other family, raced against default_strategy (race_within,
// budgeted_search.hpp) where one family's slow positions are the other's
// fast ones: dfpn against a default of best, best (with its pairing test
// where that pays) against a default of dfpn; empty on gravity boards, where
// the provers keep too little knowledge to help.  play's hard and the strong
// solver of `tictac sets` race the two.
std::string partner_strategy(const Board& board);

// The strategy of `tictac solve --distance` (the exact distance to the end,
// SearchResult::distance): with an empty spec, connect:mode=distance on the
// gravity boards connect holds, best:distance=on,pairing=on where the
// default is best:pairing=on (the pairing test pays there: measured in
// strategy_registry.cpp), and best:distance=on otherwise; with a spec of a strategy that has
// a distance mode (best, connect), that spec with the mode switched on.
// Throws std::invalid_argument for any other strategy, or a spec that
// switches the mode off, naming the strategies that have one.
std::string distance_strategy(const Board& board, std::string_view spec);

}  // namespace tictac
