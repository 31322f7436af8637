// What a table entry knows about a stored score: the bound kinds of
// alpha-beta.  A fail-high stores a lower bound, a fail-low an upper bound,
// a score strictly inside the window is exact.
#pragma once

#include <cstdint>

namespace tictac {

enum class Bound : std::uint8_t { none = 0, exact, lower, upper };

}  // namespace tictac
