// `parity`, for gravity boards (Connect-Four's): threats that can still be
// filled, weighted by the row parity that decides Connect Four's endgames
// (Allis, "A Knowledge-based Approach of Connect-Four", 1988: with the
// columns filling up, the first player gets the cells of the odd rows,
// counted from the bottom, and the second player those of the even rows,
// by zugzwang).
//
// A threat is a cell that would complete a window for a side (the window
// holds k - 1 of its stones and none of the other's); each cell counts
// once per side however many windows it completes.  A threat cell above a
// threat cell of the opponent in the same column cannot be filled before
// that one, which the opponent fills first or is blocked at: it is dead and
// counts nothing.  A live threat counts 64 on its side's rows (X: odd rows
// from the bottom; O: even rows) and 16 on the other rows; the side to move
// counts its own threats that are playable now (the lowest empty cell of
// their column) twice, since it can fill one on this move.
//
// On a board without gravity every empty cell is playable and the parity
// means nothing: the registry refuses this evaluation there.
#pragma once

#include "algorithms/players/eval/evaluation.hpp"

namespace tictac {

class ParityEval {
 public:
  explicit ParityEval(const Board& b) : board_(b) {
    // Bit c of odd_rows_: cell c is on an odd row counted from the bottom
    // (the bottom row is row 1).
    for (int c = 0; c < b.cells(); ++c)
      if ((b.rows() - b.row_of(c)) % 2 == 1) odd_rows_ |= Mask{1} << c;
  }
  int operator()(const Position& p, Side to_move) const {
    Mask threat[2] = {0, 0};
    for_each_window(board_, p.x, p.o, [&](int xs, int os, Mask w) {
      const Mask empty = w & ~(p.x | p.o);
      if (os == 0 && xs == board_.k() - 1) threat[0] |= empty;
      if (xs == 0 && os == board_.k() - 1) threat[1] |= empty;
    });
    const Mask live_x = threat[0] & ~above(threat[1]);
    const Mask live_o = threat[1] & ~above(threat[0]);
    const Mask playable = board_.legal_moves(p.occupied());
    const Mask mine = to_move == Side::X ? live_x : live_o;
    const long x = 64 * std::popcount(live_x & odd_rows_) + 16 * std::popcount(live_x & ~odd_rows_);
    const long o = 64 * std::popcount(live_o & ~odd_rows_) + 16 * std::popcount(live_o & odd_rows_);
    const long now = 64 * std::popcount(mine & playable);
    return clamp_eval((to_move == Side::X ? x - o : o - x) + now);
  }

 private:
  // Every cell above a cell of m in its column (the cell above c is c - C).
  Mask above(Mask m) const {
    Mask up = 0;
    for (int r = 1; r < board_.rows(); ++r) up |= m >> (r * board_.cols());
    return up & board_.full();
  }

  const Board& board_;
  Mask odd_rows_ = 0;
};

}  // namespace tictac
