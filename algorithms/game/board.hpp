// The geometry of an m,n,k-game: R rows, C columns, k in a row wins, and
// whether stones fall (gravity: Connect-Four and its family).
//
// Cells are numbered row by row from 0 (cell = row * C + col) and a set of
// cells is a 64-bit mask with bit i for cell i, so R * C <= 64.  The top row
// is row 0, printed first; the bottom row is row R - 1, so the cell below
// cell c is c + C.  A "window" is a set of k cells in a straight line (row,
// column, diagonal or anti-diagonal); a side that fills a window has won.
//
// Without gravity every empty cell is a legal move.  With gravity a move is
// a column and fills its lowest empty cell: the legal moves are the empty
// cells of the bottom row and the empty cells just above a stone, at most
// one per column.  Moves stay cells everywhere (search, tables, solutions);
// only the notation speaks of columns (harness/formats/notation.hpp).
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
  // The limits are the same with and without gravity.
  Board(int rows = 3, int cols = 3, int k = 3, bool gravity = false);

  int rows() const { return rows_; }
  int cols() const { return cols_; }
  int k() const { return k_; }
  int cells() const { return rows_ * cols_; }
  bool square() const { return rows_ == cols_; }
  // The board's family: gravity boards (Connect-Four's) or not.  It names the
  // board ("6x7k4g"), fills the `gravity` CSV column and JSON key, and picks
  // a family's conventions (published values, Pons's score).  What the rules
  // allow is asked by name, below, not by family.
  bool gravity() const { return gravity_; }

  // --- The rules, by name ---
  // Code asks for the rule it relies on, so that a new rule (another way to
  // place a stone) changes the answers here while the callers stay as they
  // are.  One switch, gravity, sets all of them today.
  //
  // Every empty cell is a legal move.  The knowledge of Maker-Breaker games
  // relies on it: a player may claim any cell, so an extra stone never hurts
  // its owner (strategy stealing), a pairing strategy can always answer its
  // partner cell, and threat sequences, potentials, dominance and zones
  // reason about cells that can be claimed in any order.
  bool every_empty_cell_playable() const { return !gravity_; }
  // A stone makes the cell above it playable (and a cell cannot be claimed
  // before the one below it): the legal moves are at most one per column,
  // and a hole above an empty cell cannot be dropped into yet.
  bool stone_opens_cell_above() const { return gravity_; }
  // A move is named by its column alone: the stone takes the column's lowest
  // empty cell, and rows are counted from the bottom, where stones land.
  bool move_is_a_column() const { return gravity_; }
  // The rules tell up from down: of the board's geometric symmetries only
  // those that keep every row in place (the identity and the left-right
  // mirror) map a game to a game.
  bool rows_are_fixed() const { return gravity_; }
  // Which windows win: windows(), below (k in a row in any of the four
  // directions, the same under every rule).
  Mask full() const { return full_; }
  // The cells of the bottom row (row R - 1).
  Mask bottom() const { return bottom_; }

  // The legal moves when `occupied` is the set of stones (a legal
  // position's): the empty cells whose cell below is occupied or that are in
  // the bottom row.  Without gravity, support_ is the full board, so this is
  // every empty cell, by the same branch-free expression (a shift, an OR and
  // an AND more than the empty cells).
  Mask legal_moves(Mask occupied) const {
    return full_ & ~occupied & ((occupied >> below_shift_) | support_);
  }
  // The same for a search that knows at compile time whether the board has
  // gravity (the whole-tree searches take it as a template parameter, chosen
  // once by the registry): without gravity it is the empty cells alone, so
  // those boards pay nothing for the support test.  Gravity must be
  // stone_opens_cell_above().
  template <bool Gravity>
  Mask legal_moves(Mask occupied) const {
    if constexpr (Gravity)
      return full_ & ~occupied & ((occupied >> below_shift_) | bottom_);
    else
      return full_ & ~occupied;
  }
  // With gravity, the stones with an empty cell below them (none in a legal
  // position); without gravity, none.
  Mask floating(Mask occupied) const {
    return gravity_ ? occupied & ~bottom_ & ~(occupied >> below_shift_) : 0;
  }
  // The stones that could have been the last one played: with gravity the
  // top stone of each column (no stone above it), without gravity every one.
  Mask tops(Mask occupied) const {
    return gravity_ ? occupied & ~(occupied << below_shift_ & below_top_) : occupied;
  }

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
  // Whether two windows lie on one straight line: their cells are collinear,
  // in the same direction (two windows of a row, or of one diagonal).  With
  // k = 1 a window is a cell and lies on no line.
  bool same_line(Mask u, Mask v) const;

  // "3x3" and, with k, "3x3k3"; a gravity board's name ends in 'g':
  // "6x7k4g" (the size name has no suffix).
  std::string size_name() const;
  std::string name() const;

  bool operator==(const Board& other) const {
    return rows_ == other.rows_ && cols_ == other.cols_ && k_ == other.k_ && gravity_ == other.gravity_;
  }

 private:
  int rows_, cols_, k_;
  bool gravity_;
  Mask full_;
  Mask bottom_;
  // legal_moves: the cells whose support is never needed (gravity: the
  // bottom row; otherwise every cell), and the shift that brings the cell
  // below c to bit c (C, or 0 on a 1x64 board, where C = 64 would be an
  // undefined shift and every cell is in the bottom row anyway).
  Mask support_;
  int below_shift_;
  Mask below_top_;  // the cells below the top row (those with a cell above)
  std::vector<Mask> windows_;
  std::vector<Mask> through_;
  std::vector<int> through_begin_;
  // Boards of at most 16 cells: bit s says whether the stone set s holds a
  // line, so the win check is one load (8 KiB for 4x4, 64 bytes for 3x3).
  std::vector<std::uint64_t> win_table_;
};

}  // namespace tictac
