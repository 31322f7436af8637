// Base ordering `history`: the history heuristic.  A cell scores depth^2
// (plies left below the node) each time it causes a cutoff for that side
// (MoveOrder::on_cutoff); moves go most first, then by index.
#pragma once

#include "algorithms/search/order/order_base.hpp"

namespace tictac {

namespace detail {
inline void order_history(OrderContext& c, const Position&, Side s, std::int8_t* out, int n) {
  stable_sort_by_key(out, n, c.history[static_cast<int>(s)].data());
}
}  // namespace detail

inline constexpr OrderBase kHistoryOrder{nullptr, detail::order_history, false, true};

}  // namespace tictac
