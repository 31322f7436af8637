// `threats`: the windows one and two stones short of k, for each side (a
// window one short, holding k - 1 stones of a side and none of the other's,
// is a threat: one more stone there wins).  The side to move has the tempo:
// its own threats can be filled on this move, so they weigh twice the
// opponent's, and the move itself is worth a little.
//
//   score = 128 T1(me) - 64 T1(them) + 8 (T2(me) - T2(them)) + 4
//
// T1 counts windows one short, T2 windows two short (k >= 3; with k <= 2 a
// window two short is empty, and counts for no one).
#pragma once

#include "algorithms/players/eval/evaluation.hpp"

namespace tictac {

class ThreatsEval {
 public:
  explicit ThreatsEval(const Board& b) : board_(b) {}
  int operator()(const Position& p, Side to_move) const {
    const int k = board_.k();
    long t1_me = 0, t1_them = 0, t2_me = 0, t2_them = 0;
    for_each_window(board_, p.stones(to_move), p.stones(other(to_move)), [&](int mine, int theirs, Mask) {
      if (theirs == 0) {
        t1_me += mine == k - 1;
        t2_me += k >= 3 && mine == k - 2;
      } else if (mine == 0) {
        t1_them += theirs == k - 1;
        t2_them += k >= 3 && theirs == k - 2;
      }
    });
    return clamp_eval(128 * t1_me - 64 * t1_them + 8 * (t2_me - t2_them) + 4);
  }

 private:
  const Board& board_;
};

}  // namespace tictac
