// The contract of an evaluation function of the depth-limited alpha-beta
// player (algorithms/players/alphabeta_player.hpp): what a position is worth
// when the search stops at its horizon without the game being over.
//
// An evaluation is a small type in its own file in this folder, constructed
// once from the board (it may precompute there, and allocates nothing
// afterwards), with
//   int operator()(const Position& p, Side to_move) const;
// the score from the side to move's view, positive when it stands better.
// The search clamps it into [-kEvalLimit, kEvalLimit], below every win and
// above every loss (wins score kWinScore and more), so a win found by the
// search outranks any evaluation.  The search takes the evaluation as a
// template parameter, so no run-time switch runs at the horizon; the harness
// names each one in its table (harness/registry/players.cpp).  Adding an
// evaluation is that file and that table's line.
#pragma once

#include <algorithm>
#include <bit>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"

namespace tictac {

inline constexpr int kEvalLimit = 9999;
// A won game scores kWinScore + (cells + 1 - t) for the winner, t the ply of
// the winning stone: above every evaluation, and higher the sooner it comes.
inline constexpr int kWinScore = 10000;

inline int clamp_eval(long v) { return static_cast<int>(std::clamp<long>(v, -kEvalLimit, kEvalLimit)); }

// Calls f(mine, theirs) with the stone counts of `me` and of the other side
// in every window of the board.
template <class F>
void for_each_window(const Board& b, Mask me, Mask them, F&& f) {
  for (Mask w : b.windows()) f(std::popcount(w & me), std::popcount(w & them), w);
}

}  // namespace tictac
