// `lines`: the classic tic-tac-toe and Gomoku heuristic.  Every window that
// holds stones of one side only is open for that side and scores by how many
// of its stones it holds, 8^(c-1) for c stones (1, 8, 64, ...); a window with
// stones of both sides is dead and scores nothing.  The score is the side to
// move's open windows minus the opponent's.
#pragma once

#include <array>

#include "algorithms/players/eval/evaluation.hpp"

namespace tictac {

class LinesEval {
 public:
  explicit LinesEval(const Board& b) : board_(b) {
    for (int c = 1; c <= Board::kMaxCells; ++c) weight_[c] = c <= 6 ? long{1} << (3 * (c - 1)) : long{1} << 15;
  }
  int operator()(const Position& p, Side to_move) const {
    long score = 0;
    for_each_window(board_, p.stones(to_move), p.stones(other(to_move)), [&](int mine, int theirs, Mask) {
      if (theirs == 0) score += weight_[mine];
      else if (mine == 0) score -= weight_[theirs];
    });
    return clamp_eval(score);
  }

 private:
  const Board& board_;
  std::array<long, Board::kMaxCells + 1> weight_{};  // weight_[0] = 0: an empty window is no one's
};

}  // namespace tictac
