// Base ordering `index`: cells 0, 1, 2, ... row by row.
#pragma once

#include "algorithms/search/order/order_base.hpp"

namespace tictac {

inline constexpr OrderBase kIndexOrder{};

}  // namespace tictac
