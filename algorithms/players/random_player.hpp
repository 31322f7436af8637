// The random player: a legal move uniformly at random, from the stream of
// its seed and the position (player.hpp).  It searches nothing: no nodes.
#pragma once

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
    out.move = seeded_pick(p.legal_moves(board_), seed_, p);
    return out;
  }

 private:
  const Board& board_;
  std::uint64_t seed_;
};

}  // namespace tictac
