// Base ordering `random`: a fresh Fisher-Yates shuffle at every node, from
// a SplitMix64 generator that restarts from the seed with each search.
#pragma once

#include <utility>

#include "algorithms/game/random.hpp"
#include "algorithms/search/order/order_base.hpp"

namespace tictac {

namespace detail {
inline void order_random(OrderContext& c, const Position&, Side, std::int8_t* out, int n) {
  for (int i = n - 1; i > 0; --i) std::swap(out[i], out[splitmix64(c.rng) % static_cast<std::uint64_t>(i + 1)]);
}
}  // namespace detail

inline constexpr OrderBase kRandomOrder{nullptr, detail::order_random, false, false};

}  // namespace tictac
