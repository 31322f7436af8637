// The rules of an m,n,k-game: who has won, when the game is over, and which
// arrangements of stones can arise in play.
#pragma once

#include <string_view>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"

namespace tictac {

enum class Result : std::uint8_t { ongoing, x_wins, o_wins, draw };

std::string_view to_string(Result r);

// The result of a position, by a full check of every window.  For a legal
// position at most one side has a line.
Result result(const Board& b, const Position& p);

inline bool is_terminal(const Board& b, const Position& p) { return result(b, p) != Result::ongoing; }

// The game value of a result, from X's view: +1 X wins, -1 O wins, 0 a draw
// (and 0 for a game still going on).
inline int result_value(Result r) { return r == Result::x_wins ? 1 : r == Result::o_wins ? -1 : 0; }

// The rules of seed 000 that make a position reachable from the empty board,
// and the rules gravity adds.  They are checked in this order; the first one
// broken is reported.
//
// Without gravity the rules are exact: a position that keeps them is
// reachable (any order of its stones works, the winner's last stone last).
// With gravity they are necessary but not sufficient: the stones of each
// column must also be droppable in turn, X first, and that is not checked.
// A column holding, from the bottom up, X, O, O, X (and nothing else on the
// board) keeps every rule but is not reachable.  The state space
// (algorithms/exact/state_space.hpp) is exact on every board it handles.
enum class Legality : std::uint8_t {
  legal,
  stone_count,          // X has as many stones as O, or one more
  floating_stone,       // gravity: no stone above an empty cell
  both_sides_have_lines,  // not both sides have a line
  line_owner_not_last,  // a side with a line made the last move
  no_possible_last_move,  // ...and one of its stones could have been that move
                          // (gravity: one that is the top stone of its column)
};

Legality check_legality(const Board& b, const Position& p);
// One sentence naming the rule, for error messages.
std::string_view describe(Legality l);

}  // namespace tictac
