// The images of a position under every symmetry of its board, kept up to
// date move by move, so that the canonical form costs a minimum over at most
// eight pairs of masks instead of eight full permutations.
//
// Playing or undoing a stone toggles one bit in each image (the cell's image
// under each symmetry, from a table built once per board).  canonical() is
// the least image in the order of Position::operator< (by X mask, then by O
// mask), the same form as SymmetryGroup::canonical().
#pragma once

#include <array>
#include <bit>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/game/symmetry.hpp"

namespace tictac {

class SymmetricImages {
 public:
  static constexpr int kMaxSymmetries = 8;

  explicit SymmetricImages(const Board& b) : SymmetricImages(SymmetryGroup(b), b.cells()) {}
  SymmetricImages(const SymmetryGroup& group, int cells) : count_(group.size()) {
    for (int c = 0; c < cells; ++c)
      for (int g = 0; g < count_; ++g) {
        bit_[0][c][g] = Pair{Mask{1} << group.map_cell(g, c), 0};
        bit_[1][c][g] = Pair{0, Mask{1} << group.map_cell(g, c)};
      }
  }

  int count() const { return count_; }

  void set(const Position& p) {
    for (auto& i : image_) i = Pair{0, 0};
    for (Mask m = p.x; m; m &= m - 1) toggle(std::countr_zero(m), Side::X);
    for (Mask m = p.o; m; m &= m - 1) toggle(std::countr_zero(m), Side::O);
  }

  // Play and undo are the same toggle: one vector XOR per symmetry.
  void toggle(int cell, Side s) {
    const Pair* bit = bit_[static_cast<int>(s)][cell].data();
    for (int g = 0; g < kMaxSymmetries; ++g) image_[g] ^= bit[g];  // unused symmetries stay 0
  }

  Position canonical() const {
    Mask x = image_[0][0], o = image_[0][1];
    for (int g = 1; g < count_; ++g) {
      const Mask gx = image_[g][0], go = image_[g][1];
      const bool less = gx < x || (gx == x && go < o);
      x = less ? gx : x;
      o = less ? go : o;
    }
    return {x, o};
  }

 private:
  // An image as a pair of masks (X, O) in one 16-byte vector.
  typedef Mask Pair __attribute__((vector_size(16)));

  int count_;
  alignas(16) std::array<Pair, kMaxSymmetries> image_{};
  alignas(16) std::array<std::array<std::array<Pair, kMaxSymmetries>, Board::kMaxCells>, 2> bit_{};  // [side][cell][g]
};

}  // namespace tictac
