// A position set's spec and the table of its kinds.
//
// One spec holds every key a set can have; a config's [[position_set]]
// (config.hpp), the options of `tictac sets` and tictac.positions() in Python
// each fill one, and generate_set (set_generator.hpp) makes the set from it
// whoever asks: the run, the command or the module.
//
// Each kind is one entry of the table (position_set_kinds(), defined beside
// the generators in set_generator.cpp): its name, the keys that apply to it,
// whether its rows need their value and distance when it is made, whether it
// works beyond 16 cells, whether a run writes it back, and its generator.
// Two entries may share a name: "stratified" is the exact solution's (ply,
// distance) groups, or Pascal Pons's six strata when `per_stratum` is given
// (the entry's `chosen_by` key), as configs and `tictac sets` have always
// written them.  Adding a kind is one table line and its generator.
#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tictac {

struct PositionSetSpec;
struct GeneratedSet;
struct SetContext;

struct PositionSetKind {
  std::string_view name;       // as written: a config's kind, `tictac sets --kind`, tictac.positions(kind=), metadata.json
  std::string_view chosen_by;  // a key that selects this entry among those of its name ("": the one chosen without)
  std::string_view title;      // for messages: "stratified with per_stratum (Pons's strata)"
  std::vector<std::string_view> keys;      // the keys that apply (name, kind, rows and boards apply to every set)
  std::vector<std::string_view> required;  // of those, the keys it needs
  // Its positions are chosen together with their value and distance (the
  // exact solution up to 16 cells, the strong solver beyond); false: they are
  // given (empty, list, file), and beyond 16 cells a run's reference values
  // the ones it plays.
  bool needs_solution;
  bool beyond_16_cells;  // works on boards of more than 16 cells
  bool written_back;     // a run writes the set beside its results (positions-SET-BOARD.csv)
  GeneratedSet (*generate)(SetContext& context, const PositionSetSpec& spec);
};

// The table, in the order help text lists it.
const std::vector<PositionSetKind>& position_set_kinds();

// Every key of a set, in the order the table's help lists them.
const std::vector<std::string_view>& position_set_keys();

// The entry of `name` given these keys (its `chosen_by` among them), or
// nullptr for an unknown name.
const PositionSetKind* find_set_kind(std::string_view name, const std::vector<std::string_view>& given);

// The names, each once, in the table's order; and joined, "empty, all, ...".
std::vector<std::string> set_kind_name_list();
std::string set_kind_names();

// What is wrong with a set's keys: the key and what ("does not apply to a
// position set of kind 'empty'; plies applies to kind plies, ...").
struct SetKeyError {
  std::string key;
  std::string what;
};

// The entry of `name` for the keys given, after checking them: each is a key
// of position_set_keys() (the caller keeps its own, such as a config's name,
// rows and boards), applies to the kind, and the kind's required keys are
// there; else the error.  `spell` writes a key (and "kind") as its reader
// knows it: a config's "per_ply" (nullptr), the command's "--per-ply".
struct SetKindChoice {
  const PositionSetKind* kind = nullptr;
  std::optional<SetKeyError> error;
};
SetKindChoice choose_set_kind(std::string_view name, const std::vector<std::string>& keys,
                              std::string (*spell)(std::string_view key));

struct PositionSetSpec {
  enum class Balance : std::uint8_t { automatic, on, off };
  const PositionSetKind* kind = nullptr;
  std::vector<int> plies;               // plies, canonical, random, stratified (groups)
  int per_group = 0;                    // stratified groups: positions per (ply, distance) group (0: all of them)
  int per_ply = 0;                      // random: positions per ply
  int per_stratum = 0;                  // Pons strata: positions per stratum
  std::uint64_t seed = 0;               // random, stratified, Pons strata
  std::size_t max_positions = 100000;   // plies, canonical, stratified groups beyond 16 cells: the most positions a ply may give
  std::size_t max_games = 0;            // random, Pons strata: games of random play at most (0: 100 per wanted position)
  double budget_seconds = 10;           // beyond 16 cells: the strong solver's budget per search (strong_solve.hpp)
  Balance balance = Balance::automatic; // Pons strata
  double max_seconds = 0;               // Pons strata: stop sampling after this long and keep what was found (0: no limit)
  bool builders = false;                // Pons strata: every other game of the begin phase is a builder's game
  bool value_fallback = false;          // Pons strata on connect's gravity boards (strong_solve.hpp)
  std::vector<std::string> positions;   // list: position text, parsed per board
  std::filesystem::path file;           // file: a position-set CSV; "{board}" in its name stands for the board's name
  std::size_t first = 0;                // file: only its first N positions of the board, in file order (0: all)
};

// "auto", "on", "off", and back (nullopt-free: false for an unknown word).
bool parse_balance(std::string_view text, PositionSetSpec::Balance& out);

}  // namespace tictac
