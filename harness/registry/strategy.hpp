// The harness edge of the strategies: a spec string becomes a runnable
// Strategy for one board.  This is where type erasure happens, once; inside,
// each strategy is a template on its statistics policy.
//
// A spec is `name` or `name:key=value,key=value` (for example
// `alphabeta:order=history,tt=zobrist`).  The same string works in the CLI
// and in experiment configs.  The strategies and their options are one table,
// strategy_table() in strategy_registry.cpp (docs/extending.md: "A strategy").
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/search/search_result.hpp"
#include "harness/registry/strategy_spec.hpp"

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
    decimal,     // a number with a fraction, from 0 to `max` (a player's UCT constant)
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
  std::uint64_t max = UINT64_MAX;  // a number's (or a decimal's) largest valid value
};

// Rules of the board that a strategy may need, by the name the board gives
// them (algorithms/game/board.hpp, "The rules, by name").
struct RulesNeeded {
  bool every_empty_cell_playable = false;  // knowledge that claims any empty cell (Maker-Breaker)
  bool stone_opens_cell_above = false;     // made for drops: a move is a column (connect's bitboards)
  // The first needed rule that `board` lacks, as "every empty cell is
  // playable"; empty when the board has them all.
  std::string missing_on(const Board& board) const {
    if (every_empty_cell_playable && !board.every_empty_cell_playable()) return "every empty cell is playable";
    if (stone_opens_cell_above && !board.stone_opens_cell_above()) return "a stone opens the cell above it";
    return {};
  }
  bool any() const { return every_empty_cell_playable || stone_opens_cell_above; }
};

struct StrategyInfo {
  std::string name;
  std::string summary;
  std::vector<StrategyOption> options;
  // A rough relative cost per position, only for balancing shards
  // (shard.hpp): full-tree searches dwarf pruned and memoised ones.
  double cost_weight = 1.0;
  // What the strategy does on gravity boards: what follows the legal drops
  // and what is switched off there because a rule it relies on does not
  // hold (`tictac strategies --gravity`).  Empty: not said.
  std::string gravity{};
  // The board's rules (Board: every_empty_cell_playable, ...) that the
  // strategy cannot do without: make_strategy refuses a board that lacks
  // one, naming the rule, rather than let it give wrong values.  Knowledge
  // that can be switched off is not listed here: the algorithms switch it
  // off themselves where its rule fails (e.g. sound_knowledge_options).
  RulesNeeded needs{};
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

// An option of a spec that the table refuses: a key the strategy does not
// take, or a value its declaration does not allow.  The message lists the
// keys or the values allowed; `key` names the option (a config reports it
// at that option's line).
struct StrategyOptionError : std::invalid_argument {
  StrategyOptionError(std::string option_key, const std::string& what)
      : std::invalid_argument(what), key(std::move(option_key)) {}
  std::string key;
};

// The values of `spec`'s options for the line `info` (a strategy's, or a
// player's: harness/registry/players.hpp), validated against its options and
// completed with the defaults; StrategyOptionError for an option.
OptionValues resolve_options(const StrategyInfo& info, const StrategySpec& spec);
// The identity of the line `info` with these resolved values.
StrategyIdentity identity_of(const StrategyInfo& info, const OptionValues& values);

// The spec's option values, validated against the table and completed with
// the defaults, whatever the board.  Throws std::invalid_argument for an
// unknown name (listing the strategies), StrategyOptionError for an option.
OptionValues resolve_options(const StrategySpec& spec);

// The strategy of `spec` for `board`: resolve_options, then the factory,
// which throws std::invalid_argument for options that clash or a board it
// cannot search, saying why.
std::unique_ptr<Strategy> make_strategy(const Board& board, const StrategySpec& spec);
// The same from a spec's text (StrategySpec::parse's errors too).
std::unique_ptr<Strategy> make_strategy(const Board& board, std::string_view spec);

// The index in `options` of the option that makes strategy `name` draw from
// its seed (an order whose ordering is seeded, orderings.hpp), if any.  An
// unknown strategy, key or value makes none (make_strategy refuses them).
std::optional<std::size_t> seeded_option(std::string_view name,
                                         const std::vector<std::pair<std::string, std::string>>& options);

}  // namespace tictac
