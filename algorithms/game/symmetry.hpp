// The symmetry group of a board and the canonical form of a position.
//
// A square board has the 8 symmetries of the dihedral group D4, a rectangular
// one the 4 that keep its shape, and a gravity board of either shape the 2
// that keep the bottom row at the bottom: {identity, mirror_lr}.  Each is a
// permutation of cells with a name:
//
//   identity       (r, c) -> (r, c)
//   rot90          (r, c) -> (c, n-1-r)        clockwise quarter turn
//   rot180         (r, c) -> (R-1-r, C-1-c)
//   rot270         (r, c) -> (n-1-c, r)
//   mirror_lr      (r, c) -> (r, C-1-c)        columns reversed
//   mirror_ud      (r, c) -> (R-1-r, c)        rows reversed
//   diagonal       (r, c) -> (c, r)            transpose
//   anti_diagonal  (r, c) -> (n-1-c, n-1-r)
//
// A symmetry g moves the stone on cell i to cell g(i).
//
// The canonical form of a position is its least image under the group, where
// images are ordered by their X mask and then by their O mask, each read as
// an unsigned 64-bit number with bit i for cell i (Position::operator<).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"

namespace tictac {

class SymmetryGroup {
 public:
  explicit SymmetryGroup(const Board& board);

  int size() const { return static_cast<int>(names_.size()); }
  std::string_view name(int g) const { return names_[g]; }
  // The index of the symmetry with this name, or -1 if the board lacks it.
  int find(std::string_view name) const;

  int map_cell(int g, int cell) const { return to_[g][cell]; }
  Mask map(int g, Mask m) const {
    const auto* t = &tables_[static_cast<std::size_t>(g) * chunks_];
    Mask r = 0;
    for (int i = 0; i < chunks_; ++i, m >>= 8) r |= t[i][m & 0xff];
    return r;
  }
  Position apply(int g, const Position& p) const { return {map(g, p.x), map(g, p.o)}; }

  // The index of g after h (first h, then g), and of g's inverse.
  int compose(int g, int h) const;
  int inverse(int g) const;

  struct Canonical {
    Position position;  // the least image
    int symmetry;       // a symmetry that maps the position to it
  };
  Canonical canonical(const Position& p) const {
    Canonical best{p, 0};
    for (int g = 1; g < size(); ++g) {
      Position q = apply(g, p);
      if (q < best.position) best = {q, g};
    }
    return best;
  }

  // Whether p is fixed by g.
  bool fixes(int g, const Position& p) const { return apply(g, p) == p; }

 private:
  int cells_;
  int chunks_;
  std::vector<std::string> names_;
  std::vector<std::array<std::uint8_t, Board::kMaxCells>> to_;
  std::vector<std::array<Mask, 256>> tables_;  // [g * chunks_ + chunk][byte]
};

}  // namespace tictac
