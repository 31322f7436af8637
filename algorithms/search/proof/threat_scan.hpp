// One pass over the windows of a board for the provers' game knowledge: for
// each side, its live windows (those without an opposing stone), their empty
// cells, its immediate wins and the cells where a stone makes a "four".
//
// Vocabulary (k is the board's k; "four" is the Go-Moku word for k-1):
//   live window  a window that holds no stone of the opponent: the side can
//                still fill it.  A window holding both colours is dead.
//   hole         the one empty cell of a live window holding k-1 of the
//                side's stones: a stone there wins at once.
//   four maker   an empty cell of a live window holding k-2 of the side's
//                stones and two empty cells: a stone there leaves a four,
//                which the opponent must answer at the other cell.
//   live cell    an empty cell of some live window of the side.  An empty
//                cell that is live for neither side is dead: a stone there
//                changes nothing (it is a pass).
//
// This is the provers' own code (issue 15 wants the proof-number family to
// share no pruning code with best).
#pragma once

#include <bit>
#include <vector>

#include "algorithms/game/board.hpp"

namespace tictac {

struct SideThreats {
  int live = 0;       // live windows
  Mask cells = 0;     // empty cells of live windows
  Mask holes = 0;     // immediate wins
  Mask makers = 0;    // four makers
};

// The number of cells of a small set (a window's worth): faster than a
// popcount call on a target without the popcnt instruction.
inline int small_count(Mask m) {
  int n = 0;
  for (; m; m &= m - 1) ++n;
  return n;
}

inline bool single_bit(Mask m) { return m && !(m & (m - 1)); }
inline bool two_bits(Mask m) { return m && single_bit(m & (m - 1)); }

// Scans the windows for the side with `own` stones (and, when `both`, for the
// side with `opp` stones as well).
inline void scan_threats(const std::vector<Mask>& windows, Mask own, Mask opp, Mask empty, bool both,
                         SideThreats& mine, SideThreats& theirs) {
  mine = {};
  theirs = {};
  for (const Mask w : windows) {
    const Mask e = w & empty;
    if (!(w & opp)) {
      ++mine.live;
      mine.cells |= e;
      if (single_bit(e)) mine.holes |= e;
      else if (two_bits(e)) mine.makers |= e;
    }
    if (both && !(w & own)) {
      ++theirs.live;
      theirs.cells |= e;
      if (single_bit(e)) theirs.holes |= e;
      else if (two_bits(e)) theirs.makers |= e;
    }
  }
}

}  // namespace tictac
