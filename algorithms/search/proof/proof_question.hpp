// The binary question a proof-number search answers: "does `attacker` win
// `game` from this position?"
//
// game = real is the m,n,k-game itself: the first side to fill a window wins,
//   so a line of the defender's ends the game against the attacker, and a
//   full board (a draw) counts as a disproof.
// game = weak is the maker-breaker game on the same windows: only the
//   attacker's (the maker's) lines count.  The defender (the breaker) wins
//   when the maker can no longer fill a window.  A breaker win in the weak
//   game proves that the attacker cannot win the real game either (the
//   defender follows the same strategy; a line of its own only ends the game
//   sooner in its favour), so a disproof in the weak game is a disproof in
//   the real one.  A maker win in the weak game proves nothing about the
//   real game.
#pragma once

#include <cstdint>

#include "algorithms/game/position.hpp"

namespace tictac {

enum class Game : std::uint8_t { real = 0, weak = 1 };

struct ProofQuestion {
  Side attacker = Side::X;
  Game game = Game::real;

  Side defender() const { return other(attacker); }
  bool real() const { return game == Game::real; }
  friend bool operator==(const ProofQuestion&, const ProofQuestion&) = default;
};

// The part of a table key beyond the stones: game, attacker and side to
// move, in the low three bits (the side to move is part of the key because
// the provers' positions need not follow the stone counts).
inline std::uint8_t key_tag(const ProofQuestion& q, Side mover) {
  return static_cast<std::uint8_t>(static_cast<int>(q.game) | static_cast<int>(q.attacker) << 1 |
                                   static_cast<int>(mover) << 2);
}

}  // namespace tictac
