// The images of a position under the symmetries of its board, for the
// provers' table keys.
//
// A key is the least image (the canonical form of symmetry.hpp, ordered by
// X mask and then O mask) together with the symmetry g that maps the
// position onto it, so that a relevance zone stored in the key's frame can
// be mapped back (by g's inverse) to the frame of the position that found
// it.  With exact keys the group is the identity alone.
//
// The stabilizer of a position (the symmetries that fix it) makes moves
// equivalent: a move and its image under a stabilizing symmetry lead to
// positions that are images of each other, so only the least cell of each
// orbit needs to be tried.
#pragma once

#include <array>
#include <cstdint>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/game/symmetry.hpp"

namespace tictac {

struct ProofKey {
  Position position;      // the image used as key
  std::uint8_t symmetry;  // the symmetry mapping the position to it
};

class PositionImages {
 public:
  static constexpr int kMaxSymmetries = 8;

  // The images of one position (on the stack of each search frame).
  struct Frame {
    std::array<Position, kMaxSymmetries> image;
  };

  PositionImages(const Board& b, bool canonical) : group_(b), count_(canonical ? group_.size() : 1) {
    for (int g = 0; g < group_.size(); ++g) {
      inverse_[g] = static_cast<std::uint8_t>(group_.inverse(g));
      for (int c = 0; c < b.cells(); ++c) cell_[g][c] = Mask{1} << group_.map_cell(g, c);
    }
  }

  int count() const { return count_; }

  void set(Frame& f, const Position& p) const {
    f.image[0] = p;
    for (int g = 1; g < count_; ++g) f.image[g] = group_.apply(g, p);
  }

  ProofKey key(const Frame& f) const {
    ProofKey k{f.image[0], 0};
    for (int g = 1; g < count_; ++g)
      if (f.image[g] < k.position) k = {f.image[g], static_cast<std::uint8_t>(g)};
    return k;
  }

  // The key of the position after `s` plays `cell`.
  ProofKey child(const Frame& f, int cell, Side s) const {
    ProofKey k{f.image[0], 0};
    (s == Side::X ? k.position.x : k.position.o) |= cell_[0][cell];
    for (int g = 1; g < count_; ++g) {
      Position q = f.image[g];
      (s == Side::X ? q.x : q.o) |= cell_[g][cell];
      if (q < k.position) k = {q, static_cast<std::uint8_t>(g)};
    }
    return k;
  }

  // Whether some symmetry other than the identity fixes the position.
  bool symmetric(const Frame& f) const {
    for (int g = 1; g < count_; ++g)
      if (f.image[g] == f.image[0]) return true;
    return false;
  }

  // The moves of `moves` that are the least of their orbit (within `moves`)
  // under the symmetries fixing the position.
  Mask distinct_moves(const Frame& f, Mask moves) const {
    Mask keep = moves;
    for (int g = 1; g < count_; ++g) {
      if (!(f.image[g] == f.image[0])) continue;
      for (Mask m = keep; m; m &= m - 1) {
        const Mask bit = m & -m;
        const Mask to = cell_[g][std::countr_zero(m)];
        if (to < bit && (keep & to)) keep &= ~bit;
      }
    }
    return keep;
  }

  // The union of the images of `m` under the symmetries fixing the position.
  Mask close_under_stabilizer(const Frame& f, Mask m) const {
    Mask all = m;
    for (int g = 1; g < count_; ++g)
      if (f.image[g] == f.image[0]) all |= group_.map(g, m);
    return all;
  }

  // Maps a mask by symmetry g, or by its inverse.
  Mask map(int g, Mask m) const { return g == 0 ? m : group_.map(g, m); }
  Mask unmap(int g, Mask m) const { return g == 0 ? m : group_.map(inverse_[g], m); }

 private:
  SymmetryGroup group_;
  int count_;
  std::array<std::uint8_t, kMaxSymmetries> inverse_{};
  std::array<std::array<Mask, Board::kMaxCells>, kMaxSymmetries> cell_{};
};

}  // namespace tictac
