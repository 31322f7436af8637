// The images of a position under every symmetry of its board, kept up to
// date move by move, so that the canonical form costs a minimum over at most
// eight pairs of masks instead of eight full permutations.
//
// Playing or undoing a stone toggles one bit in each image (the cell's image
// under each symmetry, from a table built once per board).  canonical() is
// the least image in the order of Position::operator< (by X mask, then by O
// mask), the same form as SymmetryGroup::canonical().
//
// SymmetricCodes gives the base-3 codes of the images instead, from scratch
// (for the direct memo, which stores a value under every image's code).
#pragma once

#include <array>
#include <bit>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position_code.hpp"
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

// The base-3 codes (position_code.hpp) of a position's images under every
// symmetry of a board of at most 16 cells, from scratch: for each symmetry
// and each byte of a mask, a table holds the code that the byte's stones
// have once moved, so an image's code is four loads and three additions.
class SymmetricCodes {
 public:
  static constexpr int kMaxCells = 16;
  static constexpr int kMaxSymmetries = 8;

  explicit SymmetricCodes(const Board& b) : SymmetricCodes(SymmetryGroup(b), b.cells()) {}
  SymmetricCodes(const SymmetryGroup& group, int cells) : count_(group.size()) {
    for (int g = 0; g < count_; ++g)
      for (int chunk = 0; chunk < 2; ++chunk)
        for (int byte = 0; byte < 256; ++byte) {
          PositionCode c = 0;
          for (int bit = 0; bit < 8; ++bit) {
            const int cell = chunk * 8 + bit;
            if (byte >> bit & 1 && cell < cells && cell < kMaxCells)
              c += code_weight(Side::X, group.map_cell(g, cell));
          }
          table_[g][chunk][byte] = c;
        }
  }

  int count() const { return count_; }

  // Writes the codes of p's images into out[0, count()), the identity's
  // (p's own code) first, and returns count().
  int codes(const Position& p, PositionCode* out) const {
    for (int g = 0; g < count_; ++g) {
      const auto& t = table_[g];
      out[g] = t[0][p.x & 0xff] + t[1][p.x >> 8 & 0xff] + 2 * (t[0][p.o & 0xff] + t[1][p.o >> 8 & 0xff]);
    }
    return count_;
  }

 private:
  int count_;
  std::array<std::array<std::array<PositionCode, 256>, 2>, kMaxSymmetries> table_{};  // [g][chunk][byte]
};

}  // namespace tictac
