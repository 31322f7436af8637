// Zobrist keys: one random 64-bit number per (side, cell), plus one for
// "O to move", drawn from a fixed seed so keys are the same on every run:
// the SplitMix64 stream (random.hpp) of the seed gives X's cells 0..63, then
// O's cells 0..63, then the side number.
//
// A key is the XOR of the numbers of the stones on the board and, when O is
// to move, the side number.  Playing or undoing a stone is the same XOR
// (step), so a search updates its key incrementally in both directions.
// The side number is included so that a table keyed by the board alone can
// never confuse the two sides to move (in an m,n,k-game the side follows
// from the stones, but the key does not rely on that).
#pragma once

#include <array>
#include <cstdint>

#include "algorithms/game/position.hpp"
#include "algorithms/game/random.hpp"

namespace tictac {

using Key = std::uint64_t;

class Zobrist {
 public:
  static constexpr std::uint64_t kDefaultSeed = 0x7ac7ac7ac0ffee11ULL;

  explicit Zobrist(std::uint64_t seed = kDefaultSeed);

  // The key of p, from scratch.
  Key key(const Position& p) const;
  // The key after (or before) `s` plays at `cell`: play and undo both.
  Key step(Key k, Side s, int cell) const { return k ^ stone_[static_cast<int>(s)][cell] ^ side_; }

  Key stone(Side s, int cell) const { return stone_[static_cast<int>(s)][cell]; }
  Key side() const { return side_; }

 private:
  std::array<std::array<Key, Board::kMaxCells>, 2> stone_{};
  Key side_ = 0;
};

}  // namespace tictac
