// The game value of an empty board from outside the code a benchmark times,
// which the benchmark checks its answer against: the published value
// (algorithms/exact/published_values.hpp, the project's one list) or, on a
// board of at most 16 cells that has none, the retrograde solution's.
#pragma once

#include <stdexcept>

#include "algorithms/exact/published_values.hpp"
#include "algorithms/exact/solution.hpp"
#include "algorithms/exact/state_space.hpp"

namespace tictac {

// X's view: +1 a first-player win, 0 a draw.  Throws std::invalid_argument
// for a board over 16 cells with no published value.
inline int known_value(const Board& b) {
  if (const auto published = published_value(b)) return published->value;
  if (b.cells() > StateSpace::kMaxCells)
    throw std::invalid_argument("no published value for " + b.name() + " and too many cells for the exact solver");
  const StateSpace space(b);
  return ExactSolution(space).value(Position{});
}

}  // namespace tictac
