// Base orderings that read the exact solution: `oracle` sorts the moves by
// their exact value for the side to move, best first; among equal values
// faster wins and slower losses first; then by index (the bracket from
// below).  `worst` is the oracle order reversed (the bracket from above).
#pragma once

#include <algorithm>

#include "algorithms/search/order/order_base.hpp"

namespace tictac {

namespace detail {
inline void order_oracle(OrderContext& c, const Position& p, Side s, std::int8_t* out, int n) {
  const int sign = s == Side::X ? 1 : -1;
  int key[Board::kMaxCells];
  for (int i = 0; i < n; ++i) {
    Position q = p;
    q.play(out[i], s);
    const int v = sign * c.exact->value(q), d = c.exact->distance(q);
    key[static_cast<int>(out[i])] = v * 1000 + (v > 0 ? -d : v < 0 ? d : 0);
  }
  stable_sort_by_key(out, n, key);
}
inline void order_worst(OrderContext& c, const Position& p, Side s, std::int8_t* out, int n) {
  order_oracle(c, p, s, out, n);
  std::reverse(out, out + n);
}
}  // namespace detail

inline constexpr OrderBase kOracleOrder{nullptr, detail::order_oracle, false, false};
inline constexpr OrderBase kWorstOrder{nullptr, detail::order_worst, false, false};

}  // namespace tictac
