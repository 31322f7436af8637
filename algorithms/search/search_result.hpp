// What one search of a position returns.
#pragma once

#include <optional>

#include "algorithms/search/statistics.hpp"

namespace tictac {

// Bounds on a game value from X's point of view: lower <= value <= upper,
// each -1, 0 or +1.  The value is exact only when lower == upper; -1..1 says
// nothing.
struct ValueBounds {
  int lower = -1, upper = 1;

  bool exact() const { return lower == upper; }
  bool contains(int value) const { return lower <= value && value <= upper; }
  friend bool operator==(const ValueBounds&, const ValueBounds&) = default;
};

struct SearchResult {
  // The game value from X's point of view: +1 X wins, 0 draw, -1 O wins.
  int value = 0;
  // The strategy's own score from the side to move's point of view (equal to
  // value * sign for flat scoring; a depth score for depth-scored strategies).
  int score = 0;
  // The move the strategy chose (cell index), or -1 for a finished position.
  int best_move = -1;
  // Always true for the full-width searches.  The proof-number searches can
  // stop without an answer: proved = false when a budget ran out (value,
  // score and best_move then mean nothing; best_move is -1), and move_proved
  // = false when the value is proven but no move's value is (a draw proved
  // by strategy-stealing; best_move is -1).
  bool proved = true;
  bool move_proved = true;
  // The exact number of plies to the end under perfect play (the exact
  // solver's convention, algorithms/exact/solution.hpp: the winner ends the
  // game as soon as it can, the loser as late as it can, a draw's distance
  // is the number of empty cells), for a strategy run in a distance mode
  // (connect:mode=distance; best:distance=on); -1 when not computed.
  int distance = -1;
  // Set by a search that answered a one-sided question and learned a bound
  // only (best:question=win|notlose, when the answer leaves two values
  // open): the bounds, X's point of view, lower < upper, with proved =
  // false (no exact value: value and score are 0), best_move = -1 and
  // move_proved = false.  Unset otherwise: see value_bounds().
  std::optional<ValueBounds> bound;
  SearchStats stats;  // all zero for a NoStats search
};

// What a result says of the game value, X's point of view: value..value for
// a proved value, the bound a one-sided question learned, else -1..1 (a
// search that ran out of its budget).
inline ValueBounds value_bounds(const SearchResult& r) {
  if (r.proved) return {r.value, r.value};
  if (r.bound) return *r.bound;
  return {};
}

}  // namespace tictac
