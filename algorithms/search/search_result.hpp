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
  SearchStats stats;  // all zero for a NoStats search
};

}  // namespace tictac
