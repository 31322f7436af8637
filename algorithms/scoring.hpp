// How a search scores a finished game, from the side to move's view.
//
//   flat   a win is +1, a loss -1, a draw 0.
//   depth  a game won with the stone of ply t (t stones on the board at the
//          end) scores cells + 1 - t for the winner and -(cells + 1 - t) for
//          the loser; a draw scores 0.  So a win scores higher the sooner it
//          comes and a loss is put off as long as possible.  This is seed
//          004's "10 - depth" made right for any board: the score depends on
//          the position only (not on where the search started), which keeps
//          it valid in a transposition table, and every win scores >= 1.
#pragma once

namespace tictac {

struct Scoring {
  bool depth = false;
  int cells = 9;

  // The score of the side to move when the opponent has just completed a
  // line with the stone of ply `ply`.
  int loss(int ply) const { return depth ? -(cells + 1 - ply) : -1; }
  // The largest score any position can have (a win on the first move).
  int max() const { return depth ? cells : 1; }
};

// The game value (+1, 0, -1) of a score, from the same side's view.
inline int sign_of(int score) { return (score > 0) - (score < 0); }

}  // namespace tictac
