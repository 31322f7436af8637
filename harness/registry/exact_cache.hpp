// The exact solution of a board, computed once per process and shared: the
// runner checks every row against it, and the oracle and worst orderings
// read it.  Thread-safe.
#pragma once

#include <memory>

#include "algorithms/exact/solution.hpp"

namespace tictac {

// Throws std::invalid_argument for a board over 16 cells.
std::shared_ptr<const ExactSolution> exact_solution(const Board& board);

}  // namespace tictac
