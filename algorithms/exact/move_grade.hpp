// The grade of one move against the exact solution (boards of at most 16
// cells): what the move costs the side that plays it, measured on the value
// and the distance of the position it leads to (solution.hpp's conventions).
// Move quality (harness/experiment/quality.hpp) grades every chosen move this
// way, and so do matches: one look-up of the position and one of the
// position after the move, no search.
//
// With v the position's value and v' the value after the move, both from the
// side to move's point of view (+1 win, 0 draw, -1 loss), and d, d' their
// distances (plies to the end under perfect play: the winner as fast as it
// can, the loser as slow):
//
//   optimal        v' == v: the move keeps the position's value.
//   value_loss     v - v': 0 when optimal; 1 for a win thrown to a draw or a
//                  draw thrown to a loss; 2 for a win thrown to a loss.
//   distance_loss  for a kept win, the plies the move adds to the fastest
//                  win: (d' + 1) - d; for a kept loss, the plies it takes off
//                  the slowest loss: d - (d' + 1).  Both are 0 for a move of
//                  the best distance and positive otherwise.  Empty
//                  (nullopt) for a kept draw, where every drawing move ends
//                  on the full board, and for a move that loses value.
//   best_distance  the move keeps the value and the best distance:
//                  optimal, and distance_loss 0 where there is one (a kept
//                  draw: optimal alone).
//
// A move that ends the game counts as a position of distance 0: a winning
// move (d' = 0) from a win in one (d = 1) has distance_loss 0.
#pragma once

#include <optional>

#include "algorithms/exact/solution.hpp"
#include "algorithms/game/position.hpp"

namespace tictac {

struct MoveGrade {
  bool optimal = false;
  int value_loss = 0;                // 0, 1 or 2
  std::optional<int> distance_loss;  // plies; empty for a kept draw or a lost value
  bool best_distance = false;
  friend bool operator==(const MoveGrade&, const MoveGrade&) = default;
};

// The grade of `move` (a cell index) in `position` by `solution`.  Throws
// std::invalid_argument when the position is not reachable on the
// solution's board, is finished, or `move` is not one of its legal moves.
MoveGrade grade_move(const ExactSolution& solution, const Position& position, int move);

}  // namespace tictac
