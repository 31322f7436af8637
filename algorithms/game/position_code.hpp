// The base-3 code of a position: an X stone on cell c counts 3^c, an O
// stone 2 * 3^c.  On a board of n cells the code is a bijection from the
// arrangements of stones onto [0, 3^n), so a table of 3^n slots indexed by
// it needs no key and no probing (memo.hpp's direct layout).  The code
// changes by one weight per stone played or undone, so a search keeps it
// up to date for the cost of an addition.  32-bit codes cover boards of at
// most 20 cells.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "algorithms/game/position.hpp"

namespace tictac {

using PositionCode = std::uint32_t;

inline constexpr int kMaxCodeCells = 20;

inline constexpr std::array<PositionCode, kMaxCodeCells + 1> kPowersOf3 = [] {
  std::array<PositionCode, kMaxCodeCells + 1> p{};
  p[0] = 1;
  for (int i = 1; i <= kMaxCodeCells; ++i) p[i] = 3 * p[i - 1];
  return p;
}();

// What a stone of s on `cell` adds to the code.
constexpr PositionCode code_weight(Side s, int cell) { return (s == Side::X ? 1 : 2) * kPowersOf3[cell]; }

// The code of p (its stones on cells below kMaxCodeCells).
constexpr PositionCode position_code(const Position& p) {
  PositionCode c = 0;
  for (Mask m = p.x; m; m &= m - 1) c += code_weight(Side::X, std::countr_zero(m));
  for (Mask m = p.o; m; m &= m - 1) c += code_weight(Side::O, std::countr_zero(m));
  return c;
}

}  // namespace tictac
