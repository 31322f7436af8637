// Zobrist keys: one random 64-bit number per (side, cell), plus one for
// "O to move", drawn from a fixed seed so keys are the same on every run.
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

// SplitMix64: the generator behind the keys and the seeded orderings.
inline std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace tictac
