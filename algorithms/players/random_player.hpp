// The random player: a legal move uniformly at random, from the stream of
// its seed and the position (player.hpp).  It searches nothing: no nodes.
#pragma once

#include <bit>
#include <cstdint>

#include "algorithms/game/rules.hpp"
#include "algorithms/players/player.hpp"

namespace tictac {

template <class Stats>
class RandomPlayer {
 public:
  RandomPlayer(const Board& board, std::uint64_t seed) : board_(board), seed_(seed) {}

  PlayerMove choose(const Position& p, Stats&) {
    PlayerMove out;
    if (result(board_, p) != Result::ongoing) return out;
    Rng rng = position_rng(seed_, p);
    const Mask legal = p.legal_moves(board_);
    out.move = nth_set_bit(legal, uniform_below(rng.next(), std::popcount(legal)));
    return out;
  }

 private:
  const Board& board_;
  std::uint64_t seed_;
};

}  // namespace tictac
