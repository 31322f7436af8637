// Base ordering `static`: by the number of windows through a cell, most
// first, then by index (on 3x3: centre, corners, edges).  On a gravity board
// by column instead: twice the distance of a cell's column from the centre,
// so on seven columns 4, 3, 5, 2, 6, 1, 7 (from 1); ties go to the left and,
// within a column, the cells stay in index order.
#pragma once

#include <algorithm>
#include <cstdlib>

#include "algorithms/search/order/order_base.hpp"

namespace tictac {

namespace detail {
inline void prepare_static_lines(OrderContext& c) {
  const Board& b = *c.board;
  auto* first = c.permutation.data();
  auto* last = first + b.cells();
  if (b.move_is_a_column()) {
    auto off = [&](int cell) { return std::abs(2 * b.col_of(cell) - (b.cols() - 1)); };
    std::stable_sort(first, last, [&](int x, int y) { return off(x) < off(y); });
  } else {
    std::stable_sort(first, last,
                     [&](int x, int y) { return b.windows_through(x).size() > b.windows_through(y).size(); });
  }
}
}  // namespace detail

inline constexpr OrderBase kStaticLinesOrder{detail::prepare_static_lines, nullptr, true, false};

}  // namespace tictac
