// Pascal Pons's score of a position, the figure his Connect-Four benchmark
// files give beside each position, from the project's value and distance.
//
// From the side to move's point of view:
//   - a win scores the number of the winner's stones still unplayed when it
//     wins, plus one (1 for a win with the winner's last stone);
//   - a loss scores minus the same count for the opponent, who wins;
//   - a draw scores 0.
// With perfect play the winner wins as fast as it can and the loser holds
// out as long as it can, which is ExactSolution's distance convention, so
// the score is a function of the value, the ply and the distance.
//
// X plays the odd plies, so of a board of n cells X has ceil(n / 2) stones
// to play and O floor(n / 2).  When the game ends with the stone of ply e
// (e = ply + distance) the winner has played ceil(e / 2) stones if it is X
// (e odd) and e / 2 if it is O, and in both cases
//   unplayed + 1 = (n + 2 - e) / 2   (integer division),
// which is Pons's (WIDTH * HEIGHT + 1 - nbMoves) / 2 with nbMoves = e - 1
// stones on the board before the winning move.
#pragma once

namespace tictac {

// `value` is X's point of view (+1 X wins, 0 draw, -1 O wins), `ply` the
// stones on the board, `distance` the plies to the end under perfect play
// (solution.hpp), `cells` the board's.  A finished position (distance 0)
// scores as a loss for the side to move, whose opponent has just won.
constexpr int pons_score(int cells, int ply, int value, int distance) {
  if (value == 0) return 0;
  const int magnitude = (cells + 2 - (ply + distance)) / 2;
  const int mover = ply % 2 == 0 ? 1 : -1;  // X to move on even plies
  return value * mover > 0 ? magnitude : -magnitude;
}

}  // namespace tictac
