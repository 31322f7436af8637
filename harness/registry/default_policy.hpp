// The default strategy of a board (`tictac solve` without --strategy, play's
// engines, the strong solver of the sets): one table of rules, each the
// boards it applies to, the spec, and the reason.  Every board meets exactly
// one rule (tests/registry/test_default_policy.cpp checks it).  `tictac
// strategies` prints the table, and `tictac strategies --board RxC --k K`
// the rule of one board; help and docs point there instead of restating it.
#pragma once

#include <span>
#include <string>
#include <string_view>

#include "algorithms/game/board.hpp"
#include "harness/registry/strategy_spec.hpp"

namespace tictac {

struct DefaultRule {
  std::string_view boards;  // the boards it applies to, in words (the rule)
  bool (*applies)(const Board&);
  std::string_view spec;    // the default strategy there
  std::string_view reason;  // why that one
};

// Every rule, in the order `tictac strategies` lists them.
std::span<const DefaultRule> default_rules();

// The rule that applies to `board` (the first, and the only one).
const DefaultRule& default_rule(const Board& board);

// default_rule(board).spec.
std::string default_strategy(const Board& board);

// Whether the connect solver (algorithms/search/connect/connect_solver.hpp) solves
// the board: a gravity board its bitboards hold.  There it is the default,
// the distance strategy and the reference's gravity family.
bool connect_holds(const Board& board);

// The other family, raced against default_strategy (race_within,
// budgeted_search.hpp) where one family's slow positions are the other's
// fast ones: dfpn against a default of best, best (with its pairing test
// where that pays) against a default of dfpn; empty on gravity boards, where
// the provers keep too little knowledge to help.  play's hard and the strong
// solver of `tictac sets` race the two.
std::string partner_strategy(const Board& board);

// The strategy of `tictac solve --distance` (the exact distance to the end,
// SearchResult::distance): with an empty spec, connect:mode=distance on the
// gravity boards connect holds, best:distance=on,pairing=on where best's
// pairing test pays (default_policy.cpp: pairing_pays), and best:distance=on
// otherwise; with a spec of a strategy that has a distance mode (best,
// connect), that spec with the mode switched on.  The spec comes back parsed,
// as make_strategy takes it.  Throws
// std::invalid_argument for any other strategy, or a spec that switches the
// mode off, naming the strategies that have one.
StrategySpec distance_strategy(const Board& board, std::string_view spec);

}  // namespace tictac
