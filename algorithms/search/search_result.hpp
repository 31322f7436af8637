// What one search of a position returns.
#pragma once

#include "algorithms/search/statistics.hpp"

namespace tictac {

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
  SearchStats stats;  // all zero for a NoStats search
};

}  // namespace tictac
