#include "algorithms/tables/zobrist.hpp"

namespace tictac {

Zobrist::Zobrist(std::uint64_t seed) {
  std::uint64_t state = seed;
  for (auto& side : stone_)
    for (Key& k : side) k = splitmix64(state);
  side_ = splitmix64(state);
}

Key Zobrist::key(const Position& p) const {
  Key k = 0;
  for (Mask m = p.x; m; m &= m - 1) k ^= stone_[0][std::countr_zero(m)];
  for (Mask m = p.o; m; m &= m - 1) k ^= stone_[1][std::countr_zero(m)];
  if (p.to_move() == Side::O) k ^= side_;
  return k;
}

}  // namespace tictac
