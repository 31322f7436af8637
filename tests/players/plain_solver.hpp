// The players' tests' own game values, computed apart from the code under
// test and from algorithms/exact: a plain memoised negamax over the base-3
// codes of the positions reachable from the empty board, which also lists
// every reachable unfinished position (its depth-first walk, the memo
// serving as the set of positions seen).  Values are from the side to
// move's view: +1 a win, 0 a draw, -1 a loss.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"

namespace tictac::players_test {

class PlainSolver {
 public:
  explicit PlainSolver(const Board& b) : b_(b), pow3_(b.cells() + 1, 1) {
    for (int i = 1; i <= b.cells(); ++i) pow3_[i] = pow3_[i - 1] * 3;
    memo_.assign(pow3_[b.cells()], kUnknown);
    solve(Position{}, Side::X, 0, -1);
  }

  // Every reachable position that is not finished, in the walk's order.
  const std::vector<Position>& unfinished() const { return unfinished_; }

  // The value of a reachable position for its side to move.
  int value(const Position& p) const { return memo_[code(p)]; }
  // Whether `move` keeps p's value: the value after it, for the mover, is p's.
  bool optimal(const Position& p, int move) const {
    Position q = p;
    q.play(move, p.to_move());
    return -value(q) == value(p);
  }
  // Whether the side to move at p can fill a window with one stone, and the
  // cells where it could.
  Mask wins_now(const Position& p, Side s) const {
    Mask cells = 0;
    const Mask legal = b_.legal_moves(p.occupied());
    for (Mask m = legal; m; m &= m - 1) {
      const int cell = std::countr_zero(m);
      if (b_.wins_through(p.stones(s) | Mask{1} << cell, cell)) cells |= Mask{1} << cell;
    }
    return cells;
  }

 private:
  static constexpr std::int8_t kUnknown = 2;

  std::uint64_t code(const Position& p) const {
    std::uint64_t c = 0;
    for (int i = 0; i < b_.cells(); ++i) c += pow3_[i] * ((p.x >> i & 1) + 2 * (p.o >> i & 1));
    return c;
  }

  // `last`: the cell of the last stone (-1 at the empty board); a new line
  // passes through it.
  int solve(const Position& p, Side s, std::uint64_t c, int last) {
    if (memo_[c] != kUnknown) return memo_[c];
    int v;
    if (last >= 0 && b_.wins_through(p.stones(other(s)), last)) {
      v = -1;
    } else if (p.occupied() == b_.full()) {
      v = 0;
    } else {
      unfinished_.push_back(p);
      v = -1;
      for (Mask m = b_.legal_moves(p.occupied()); m; m &= m - 1) {
        const int cell = std::countr_zero(m);
        Position q = p;
        q.play(cell, s);
        const int w = -solve(q, other(s), c + pow3_[cell] * (s == Side::X ? 1 : 2), cell);
        if (w > v) v = w;
      }
    }
    memo_[c] = static_cast<std::int8_t>(v);
    return v;
  }

  Board b_;
  std::vector<std::uint64_t> pow3_;
  std::vector<std::int8_t> memo_;
  std::vector<Position> unfinished_;
};

}  // namespace tictac::players_test
