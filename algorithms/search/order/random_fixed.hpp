// Base ordering `random-fixed`: one seeded permutation of the cells (a
// Fisher-Yates shuffle driven by SplitMix64), used at every node.
#pragma once

#include <utility>

#include "algorithms/game/random.hpp"
#include "algorithms/search/order/order_base.hpp"

namespace tictac {

namespace detail {
inline void prepare_random_fixed(OrderContext& c) {
  std::uint64_t state = c.seed;
  for (int i = c.board->cells() - 1; i > 0; --i)
    std::swap(c.permutation[i], c.permutation[splitmix64(state) % static_cast<std::uint64_t>(i + 1)]);
}
}  // namespace detail

inline constexpr OrderBase kRandomFixedOrder{detail::prepare_random_fixed, nullptr, true, false};

}  // namespace tictac
