// Gravity boards as column-major bitboards with a sentinel row: the internal
// representation of the connect solver (connect_solver.hpp).
//
// Bit col * (R + 1) + h is the cell of column `col` at height h (h = 0 is the
// bottom row).  Bit col * (R + 1) + R of every column is a sentinel that never
// holds a stone, so a run of stones shifted along a direction (1 vertical,
// R + 1 horizontal, R and R + 2 the two diagonals) stops at the edge of the
// board instead of wrapping into the next column.  That takes (R + 1) * C <= 64
// bits (fits()); larger boards are refused by the solver with a message saying
// so, and another strategy must take them.
//
// A position is (cur, mask): the stones of the side to move, and every stone.
// cur + mask is a key unique to the position, below 2^((R + 1) * C): in each
// column mask is 2^h - 1 and cur a subset of it, so the sum stays inside the
// column's R + 1 bits.
//
// The project numbers cells row by row from the top (board.hpp: cell = row *
// C + col, row 0 the top), so the stone of column c at height h is the
// project's cell (R - 1 - h) * C + c; the conversions are here and used only
// at the edges of a search.
//
// Line tests are templates on K, the stones in a row: K > 0 is a compile-time
// k (the loops unroll, as for Connect-Four's k = 4), K == 0 reads k from the
// geometry.  Both give the same answers.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"

namespace tictac {

class ConnectBitboard {
 public:
  using Bits = std::uint64_t;
  static constexpr int kMaxBits = 64;

  static bool fits(int rows, int cols) { return (rows + 1) * cols <= kMaxBits; }

  // rows, cols, k as for Board (1 <= k <= max(rows, cols)); requires fits().
  ConnectBitboard(int rows, int cols, int k) : rows_(rows), cols_(cols), k_(k), h1_(rows + 1) {
    for (int c = 0; c < cols; ++c) {
      column_[c] = ((Bits{1} << rows) - 1) << (c * h1_);
      bottom_ |= Bits{1} << (c * h1_);
      for (int h = 0; h < h1_; ++h) column_of_[c * h1_ + h] = static_cast<std::uint8_t>(c);
    }
    for (int j = 0; j < k && j < cols; ++j) spread_ |= Bits{1} << (j * h1_);
    board_ = bottom_ * ((Bits{1} << rows) - 1);
    // Cells at odd heights (h = 1, 3, ...): the even rows counted from 1 at
    // the bottom, which the second player claims by following up.
    for (int h = 1; h < rows; h += 2) even_rows_ |= bottom_ << h;
    // A direction takes part in line tests only when the board holds a line
    // of k cells along it; then every shift by s * j (j < k) is below 64.
    vertical_ = rows >= k;
    if (cols >= k) sides_[nsides_++] = h1_;
    if (std::min(rows, cols) >= k) {
      sides_[nsides_++] = h1_ + 1;
      sides_[nsides_++] = h1_ - 1;
    }
  }

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int k() const { return k_; }
  int cells() const { return rows_ * cols_; }
  // Bits of the key cur + mask (and of any bitboard of this geometry).
  int key_bits() const { return h1_ * cols_; }

  Bits board() const { return board_; }
  Bits bottom() const { return bottom_; }
  Bits column(int c) const { return column_[c]; }
  Bits even_rows() const { return even_rows_; }

  // The cells at heights 0 to h.
  Bits up_to_height(int h) const { return bottom_ * ((Bits{2} << h) - 1); }

  // The lowest empty cell of every column that is not full.
  Bits playable(Bits mask) const { return (mask + bottom_) & board_; }

  // The empty cells that would complete a line of `own` (every such cell,
  // playable now or not).
  template <int K>
  Bits threats(Bits own, Bits mask) const {
    const int k = K > 0 ? K : k_;
    Bits r = 0;
    if (vertical_) {
      // The cells above an empty cell are empty, so only the k - 1 stones
      // below it can complete a vertical line.
      Bits below = ~Bits{0};
      for (int j = 1; j < k; ++j) below &= own << j;
      r = below;
    }
    for (int d = 0; d < nsides_; ++d) r |= along<K>(own, sides_[d], k);
    return r & board_ & ~mask;
  }

  // True when `stones` holds k in a row.
  template <int K>
  bool has_line(Bits stones) const {
    const int k = K > 0 ? K : k_;
    if (vertical_ && run<K>(stones, 1, k)) return true;
    for (int d = 0; d < nsides_; ++d)
      if (run<K>(stones, sides_[d], k)) return true;
    return false;
  }

  // True when every line of k in `p` has a line of k of `q` beneath it: in
  // the cells below the line's cells in their columns.  (No vertical line of
  // p has one: q would need a vertical line under it.)
  template <int K>
  bool every_line_above(Bits p, Bits q) const {
    const int k = K > 0 ? K : k_;
    if (vertical_ && run<K>(p, 1, k)) return false;
    for (int d = 0; d < nsides_; ++d) {
      const int s = sides_[d];
      Bits starts = p;
      for (int j = 1; j < k; ++j) starts &= p >> (s * j);
      for (; starts; starts &= starts - 1) {
        const Bits first = starts & -starts;
        Bits cells = 0;
        for (int j = 0; j < k; ++j) cells |= first << (s * j);
        // The line takes one cell in each of k columns from the first one's:
        // subtracting those columns' bottom bits leaves the cells below the
        // line, with no borrow across columns.
        const Bits bottoms = (Bits{1} << (column_of(first) * h1_)) * spread_;
        if (!has_line<K>(q & (cells - bottoms))) return false;
      }
    }
    return true;
  }

  // The bitboard reflected left to right (column c to column C - 1 - c).
  Bits mirror(Bits b) const {
    Bits r = 0;
    const Bits col0 = (Bits{1} << h1_) - 1;
    for (int c = 0; c < cols_; ++c) r |= ((b >> (c * h1_)) & col0) << ((cols_ - 1 - c) * h1_);
    return r;
  }

  // The number of bits set, without a library call on targets without a
  // popcount instruction (the project builds for baseline x86-64).
  static int count(Bits b) {
    b = b - ((b >> 1) & 0x5555555555555555ULL);
    b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
    b = (b + (b >> 4)) & 0x0f0f0f0f0f0f0f0fULL;
    return static_cast<int>((b * 0x0101010101010101ULL) >> 56);
  }

  // The column of a single bit.
  int column_of(Bits bit) const { return column_of_[std::countr_zero(bit)]; }

  // The project's cells (board.hpp numbering) of a bitboard, and back.
  Mask to_cells(Bits b) const {
    Mask m = 0;
    for (; b; b &= b - 1) {
      const int i = std::countr_zero(b), c = i / h1_, h = i % h1_;
      m |= Mask{1} << ((rows_ - 1 - h) * cols_ + c);
    }
    return m;
  }
  Bits from_cells(Mask m) const {
    Bits b = 0;
    for (; m; m &= m - 1) {
      const int i = std::countr_zero(m), r = i / cols_, c = i % cols_;
      b |= Bits{1} << (c * h1_ + (rows_ - 1 - r));
    }
    return b;
  }
  // The project's cell of the lowest empty cell of column c (given mask).
  int cell_of(Bits bit) const { return std::countr_zero(to_cells(bit)); }

  // The project's position of (cur, mask) with `ply` stones (X moves at even plies).
  Position position(Bits cur, Bits mask, int ply) const {
    const Bits x = ply % 2 == 0 ? cur : cur ^ mask;
    return Position{to_cells(x), to_cells(x ^ mask)};
  }

  // True when every column's stones sit on the bottom with no gap: the
  // gravity rule.  `mask` is every stone.
  bool stacked(Bits mask) const {
    for (int c = 0; c < cols_; ++c) {
      const Bits col = (mask & column_[c]) >> (c * h1_);
      if (col & (col + 1)) return false;
    }
    return (mask & ~board_) == 0;
  }

 private:
  // The cells that complete a line of `own` along shift s (both senses), a
  // line running through the cell with a + b = k - 1 own stones on its two
  // sides.
  template <int K>
  static Bits along(Bits own, int s, int k) {
    if constexpr (K == 4) {
      const Bits u1 = own >> s, u2 = own >> 2 * s, d1 = own << s, d2 = own << 2 * s;
      return (u1 & u2 & ((own >> 3 * s) | d1)) | (d1 & d2 & ((own << 3 * s) | u1));
    } else {
      // up[j]: the cells whose j neighbours in the + sense are own stones;
      // down[j] the same in the - sense.
      std::array<Bits, Board::kMaxCells> up, down;
      up[0] = down[0] = ~Bits{0};
      for (int j = 1; j < k; ++j) {
        up[j] = up[j - 1] & (own >> (s * j));
        down[j] = down[j - 1] & (own << (s * j));
      }
      Bits r = 0;
      for (int a = 0; a < k; ++a) r |= up[a] & down[k - 1 - a];
      return r;
    }
  }
  // True when `stones` holds k in a row along shift s.
  template <int K>
  static bool run(Bits stones, int s, int k) {
    if constexpr (K == 4) {
      const Bits t = stones & (stones >> s);
      return (t & (t >> 2 * s)) != 0;
    } else {
      Bits r = stones;
      for (int j = 1; j < k; ++j) r &= stones >> (s * j);
      return r != 0;
    }
  }

  int rows_, cols_, k_, h1_;
  Bits board_ = 0, bottom_ = 0, even_rows_ = 0;
  std::array<Bits, kMaxBits> column_{};
  std::array<std::uint8_t, kMaxBits> column_of_{};
  Bits spread_ = 0;  // the bottom bits of the first k columns
  bool vertical_ = false;
  std::array<int, 3> sides_{};  // horizontal and diagonal shifts that can hold a line
  int nsides_ = 0;
};

}  // namespace tictac
