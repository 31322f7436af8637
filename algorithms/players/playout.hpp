// The playout policies of MCTS (mcts.hpp): how a simulated game chooses its
// moves from a leaf of the tree to the end.
//
//   random    uniformly at random among the legal moves;
//   tactical  a move that wins now if there is one, else a move that takes
//             the cell where the opponent would win now, else uniformly at
//             random (the lowest cell among several wins or blocks).
#pragma once

#include <bit>
#include <cstdint>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/game/random.hpp"
#include "algorithms/players/player.hpp"

namespace tictac {

enum class PlayoutPolicy : std::uint8_t { random, tactical };

// The lowest legal cell where `stones` plus a stone there fills a window,
// or -1.
inline int winning_cell(const Board& b, Mask stones, Mask legal) {
  for (Mask m = legal; m; m &= m - 1) {
    const int c = std::countr_zero(m);
    if (b.wins_through(stones | Mask{1} << c, c)) return c;
  }
  return -1;
}

// Plays p out to the end, `s` to move, and returns the winner's side as 0
// (X) or 1 (O), or 2 for a draw.  p must be unfinished.
template <PlayoutPolicy Policy>
int playout(const Board& b, Position p, Side s, Rng& rng) {
  for (;;) {
    const Mask legal = b.legal_moves(p.occupied());
    if (legal == 0) return 2;
    int cell = -1;
    if constexpr (Policy == PlayoutPolicy::tactical) {
      cell = winning_cell(b, p.stones(s), legal);
      if (cell < 0) cell = winning_cell(b, p.stones(other(s)), legal);
    }
    if (cell < 0) cell = nth_set_bit(legal, uniform_below(rng.next(), std::popcount(legal)));
    p.play(cell, s);
    if (b.wins_through(p.stones(s), cell)) return static_cast<int>(s);
    s = other(s);
  }
}

}  // namespace tictac
