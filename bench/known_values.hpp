// The game value of an empty board from outside the code a benchmark times,
// which the benchmark checks its answer against: the published value
// (algorithms/exact/published_values.hpp, the project's one list) or, on a
// board of at most 16 cells that has none, the retrograde solution's.
#pragma once

#include <map>
#include <stdexcept>
#include <string>

#include "algorithms/exact/published_values.hpp"
#include "algorithms/exact/solution.hpp"
#include "algorithms/exact/state_space.hpp"

namespace tictac {

// X's view: +1 a first-player win, 0 a draw.  Throws std::invalid_argument
// for a board over 16 cells with no published value.  A board's retrograde
// solution is worked out once per process (Google Benchmark calls a
// benchmark's function once per repetition), and only for a benchmark that
// runs, never at start-up.
inline int known_value(const Board& b) {
  if (const auto published = published_value(b)) return published->value;
  if (b.cells() > StateSpace::kMaxCells)
    throw std::invalid_argument("no published value for " + b.name() + " and too many cells for the exact solver");
  static std::map<std::string, int> solved;  // by board name
  auto it = solved.find(b.name());
  if (it == solved.end()) {
    const StateSpace space(b);
    it = solved.emplace(b.name(), ExactSolution(space).value(Position{})).first;
  }
  return it->second;
}

}  // namespace tictac
