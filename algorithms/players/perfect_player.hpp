// The perfect player: a move that keeps the position's exact value, read
// from the exact solution (algorithms/exact/solution.hpp: boards of at most
// 16 cells).  Among the optimal moves it takes
//   fastest  the one that wins fastest or loses slowest (a draw: any), the
//            lowest cell among equals (ExactSolution::best_move);
//   uniform  one uniformly at random, from the stream of its seed and the
//            position (player.hpp).
// It searches nothing: one look-up per legal move, no nodes.
#pragma once

#include <cstdint>

#include "algorithms/exact/solution.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/players/player.hpp"

namespace tictac {

enum class PerfectChoice : std::uint8_t { fastest, uniform };

template <class Stats>
class PerfectPlayer {
 public:
  // `exact` must be the solution of `board` and outlive the player.
  PerfectPlayer(const Board& board, const ExactSolution& exact, PerfectChoice choice, std::uint64_t seed)
      : board_(board), exact_(exact), choice_(choice), seed_(seed) {}

  PlayerMove choose(const Position& p, Stats&) {
    PlayerMove out;
    if (result(board_, p) != Result::ongoing) return out;
    if (choice_ == PerfectChoice::fastest) {
      out.move = exact_.best_move(p);
      return out;
    }
    out.move = seeded_pick(exact_.optimal_moves(p), seed_, p);
    return out;
  }

 private:
  const Board& board_;
  const ExactSolution& exact_;
  PerfectChoice choice_;
  std::uint64_t seed_;
};

}  // namespace tictac
