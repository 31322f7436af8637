// The hash that places a position in a table (bound_table.hpp, memo.hpp),
// defined once.  A multiply-xorshift mix of both masks, good in its high
// bits: a table of 2^b slots takes the top b bits.  The bound table's node
// counts depend on it (a store replaces whatever shares its slot), so it
// changes only with the golden file.
#pragma once

#include <cstdint>

#include "algorithms/game/board.hpp"

namespace tictac {

constexpr std::uint64_t position_hash(Mask x, Mask o) {
  std::uint64_t h = x * 0x9e3779b97f4a7c15ULL ^ (o + 0x632be59bd9b4e019ULL) * 0xc2b2ae3d27d4eb4fULL;
  h ^= h >> 31;
  return h * 0xbf58476d1ce4e5b9ULL;
}

}  // namespace tictac
