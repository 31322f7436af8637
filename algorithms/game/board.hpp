// The geometry of an m,n,k-game: R rows, C columns, k in a row wins.
//
// Cells are numbered row by row from 0 (cell = row * C + col) and a set of
// cells is a 64-bit mask with bit i for cell i, so R * C <= 64.  A "window"
// is a set of k cells in a straight line (row, column, diagonal or
// anti-diagonal); a side that fills a window has won.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace tictac {

using Mask = std::uint64_t;

class Board {
 public:
  static constexpr int kMaxCells = 64;

  // Throws std::invalid_argument naming the rule when rows, cols or k is out
  // of range: 1 <= rows, cols; rows * cols <= 64; 1 <= k <= max(rows, cols).
  Board(int rows = 3, int cols = 3, int k = 3);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int k() const { return k_; }
  int cells() const { return rows_ * cols_; }
  bool square() const { return rows_ == cols_; }
  Mask full() const { return full_; }

  int cell(int row, int col) const { return row * cols_ + col; }
  int row_of(int cell) const { return cell / cols_; }
  int col_of(int cell) const { return cell % cols_; }

  // Every window of the board, each once.
  const std::vector<Mask>& windows() const { return windows_; }
  // The windows that contain `cell`.
  std::span<const Mask> windows_through(int cell) const {
    return {through_.data() + through_begin_[cell],
            through_.data() + through_begin_[cell + 1]};
  }

  // True when `stones` fills some window that contains `cell`: the cheap
  // test after a move at `cell`, since any new line must pass through it.
  bool wins_through(Mask stones, int cell) const {
    if (!win_table_.empty()) return win_table_[stones >> 6] >> (stones & 63) & 1;
    for (Mask w : windows_through(cell))
      if ((stones & w) == w) return true;
    return false;
  }
  // True when `stones` fills any window (full check, not for inner loops).
  bool has_line(Mask stones) const;
  // How many windows `stones` fills.
  int lines(Mask stones) const;

  // "3x3" and, with k, "3x3k3".
  std::string size_name() const;
  std::string name() const;

  bool operator==(const Board& other) const {
    return rows_ == other.rows_ && cols_ == other.cols_ && k_ == other.k_;
  }

 private:
  int rows_, cols_, k_;
  Mask full_;
  std::vector<Mask> windows_;
  std::vector<Mask> through_;
  std::vector<int> through_begin_;
  // Boards of at most 16 cells: bit s says whether the stone set s holds a
  // line, so the win check is one load (8 KiB for 4x4, 64 bytes for 3x3).
  std::vector<std::uint64_t> win_table_;
};

}  // namespace tictac
