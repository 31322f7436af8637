// Experiment configs: a TOML file names the experiment and its question, the
// boards, the strategies, the position sets and the repetitions
// (docs/experiments.md documents the schema).
//
// A strategy option given as a list expands to a cross product: one strategy
// per combination, the first option varying slowest.  A strategy whose order
// draws from the seed (a seeded ordering of harness/registry/orderings.hpp)
// and that sets no seed runs once per seed of [experiment] seeds.
//
// A strategy's `boards` and `sets` keys (not options) limit it to some of the
// experiment's boards and some of its position sets, for a strategy too slow
// on the others; a name that is not a board of [experiment] or a
// [[position_set]] of the config is an error at its line.
//
// Every mistake is a ConfigError whose message names the file, the line and
// the key: "experiments/x.toml:12: key 'ordr': unknown key in [[strategy]] ...".
#pragma once

#include <cstdint>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "algorithms/game/board.hpp"
#include "harness/experiment/position_set_spec.hpp"
#include "harness/registry/strategy.hpp"
#include "harness/registry/timed_search.hpp"

namespace tictac {

struct ConfigError : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

struct BoardConfig {
  Board board;
  int line = 0;
};

struct StrategyConfig {
  std::string name;
  std::vector<std::pair<std::string, std::string>> options;  // in config order
  std::vector<int> option_lines;                              // the line of each option
  int line = 0;                                               // the line of its [[strategy]]
  int name_line = 0;
  std::vector<std::string> boards;  // the boards it runs on (names as in [experiment] boards); empty: all
  std::vector<std::string> sets;    // the position sets it runs on (names of [[position_set]]s); empty: all
  std::vector<int> set_lines;       // the line of each name in `sets`
  // The strategy as make_strategy takes it, options in config order.
  StrategySpec strategy() const { return {name, options}; }
  // `name` or `name:key=value,...`, for messages and tests.
  std::string spec() const { return strategy().to_string(); }
};

// A [[position_set]]: its spec (position_set_spec.hpp) and what the run
// adds: its name, the lines of its positions, the boards it applies to, its rows.
struct PositionSetConfig {
  std::string name;
  PositionSetSpec spec;                // file: relative paths are relative to the config's folder
  std::vector<int> position_lines;     // the line of each of spec.positions
  std::vector<std::string> boards;     // the boards it applies to (names as in [experiment] boards); empty: all
  bool position_rows = true;           // rows: "positions" (each position and the set) or "totals" (the set only)
  int line = 0;
};

struct ExperimentConfig {
  std::string source;  // the file name used in messages
  std::string text;    // the config as read
  std::string name, question, description;
  std::filesystem::path output;  // empty: results/<name>
  int repetitions = 1;
  // timing_min_ms (0..60,000) and timing_max_runs (1..250: the timed runs
  // a table's generation counter can promise no wipe for, timed_search.hpp)
  TimingPolicy timing;
  // The strategy the report compares every other with (a spec, as written;
  // empty: the report's default, index order or the first strategy).
  std::string baseline;
  int baseline_line = 0;
  std::vector<std::uint64_t> seeds{1};
  bool position_rows = true;  // rows = "positions": a row per position and per set; "totals": per set only (the default of each set)
  std::vector<BoardConfig> boards;
  std::vector<StrategyConfig> strategies;  // expanded
  std::vector<PositionSetConfig> position_sets;
  int claims = 0;  // [[claim]] tables (read by scripts/report; checked for shape here)
};

// Throws ConfigError (a missing file too).
ExperimentConfig load_config(const std::filesystem::path& path);
// The same from text; `source` names it in messages and is the folder that
// relative position-file paths start from.
ExperimentConfig parse_config(std::string_view text, const std::string& source);

// Checks each strategy's name, option keys and option values through the
// registry (resolve_options, whatever the board); throws ConfigError naming
// the line and key, with the registry's message (the strategies, options or
// values allowed).  What depends on the board or on options together is
// checked by make_strategy when the run prepares the strategy.
void check_strategies(const ExperimentConfig& config);

}  // namespace tictac
