#include "algorithms/game/board.hpp"

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <utility>

namespace tictac {

Board::Board(int rows, int cols, int k, bool gravity) : rows_(rows), cols_(cols), k_(k), gravity_(gravity) {
  if (rows < 1 || cols < 1)
    throw std::invalid_argument("a board needs at least one row and one column (got " +
                                std::to_string(rows) + "x" + std::to_string(cols) + ")");
  // The product in 64 bits: in int, 65536x65536 wrapped to 0 cells and passed.
  const long long count = static_cast<long long>(rows) * cols;
  if (count > kMaxCells)
    throw std::invalid_argument("a board has at most 64 cells (got " + std::to_string(rows) +
                                "x" + std::to_string(cols) + " = " + std::to_string(count) + ")");
  if (k < 1 || k > std::max(rows, cols))
    throw std::invalid_argument("k must be between 1 and max(rows, cols) = " +
                                std::to_string(std::max(rows, cols)) + " (got k=" +
                                std::to_string(k) + ")");
  full_ = cells() == 64 ? ~Mask{0} : (Mask{1} << cells()) - 1;
  // (R - 1) * C <= 64 - C < 64, so this shift is defined; C = 64 only on
  // 1x64, which has no cell below the top row.
  bottom_ = full_ & ~((Mask{1} << (rows - 1) * cols) - 1);
  below_top_ = cols == 64 ? 0 : full_ & ~((Mask{1} << cols) - 1);
  support_ = gravity ? bottom_ : full_;
  below_shift_ = cols < 64 ? cols : 0;

  const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c)
      for (auto [dr, dc] : dirs) {
        int er = r + dr * (k - 1), ec = c + dc * (k - 1);
        if (er < 0 || er >= rows || ec < 0 || ec >= cols) continue;
        Mask w = 0;
        for (int i = 0; i < k; ++i) w |= Mask{1} << cell(r + dr * i, c + dc * i);
        if (std::find(windows_.begin(), windows_.end(), w) == windows_.end())
          windows_.push_back(w);
      }

  through_begin_.assign(cells() + 1, 0);
  for (int c = 0; c < cells(); ++c) {
    through_begin_[c] = static_cast<int>(through_.size());
    for (Mask w : windows_)
      if (w >> c & 1) through_.push_back(w);
  }
  through_begin_[cells()] = static_cast<int>(through_.size());

  if (cells() <= 16) {
    win_table_.assign((std::size_t{1} << cells()) / 64 + 1, 0);
    for (Mask s = 0; s <= full_; ++s)
      if (has_line(s)) win_table_[s >> 6] |= std::uint64_t{1} << (s & 63);
  }
}

bool Board::has_line(Mask stones) const {
  for (Mask w : windows_)
    if ((stones & w) == w) return true;
  return false;
}

int Board::lines(Mask stones) const {
  int n = 0;
  for (Mask w : windows_) n += (stones & w) == w;
  return n;
}

bool Board::same_line(Mask u, Mask v) const {
  auto direction = [&](Mask w) {  // (rows, columns) from a window's first cell to its second
    if (!(w & (w - 1))) return std::pair{0, 0};
    const int a = std::countr_zero(w), b = std::countr_zero(w & (w - 1));
    return std::pair{b / cols_ - a / cols_, b % cols_ - a % cols_};
  };
  const auto [dr, dc] = direction(u);
  if (direction(v) != std::pair{dr, dc} || (dr == 0 && dc == 0)) return false;
  // v's first cell lies on the line through u's first cell in that direction.
  const int a = std::countr_zero(u), b = std::countr_zero(v);
  return (b / cols_ - a / cols_) * dc == (b % cols_ - a % cols_) * dr;
}

std::string Board::size_name() const {
  return std::to_string(rows_) + "x" + std::to_string(cols_);
}

std::string Board::name() const { return size_name() + "k" + std::to_string(k_) + (gravity_ ? "g" : ""); }

}  // namespace tictac
