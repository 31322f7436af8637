// The one holder of a board's state space and its exact solution in a
// process: built on first use (3x3 in milliseconds, 4x4 in seconds), then
// shared by everything that needs it: the runner's checks (reference.hpp),
// the oracle and worst orderings, solve, play, dag, analyze and the tests.
// Thread-safe.
#pragma once

#include <atomic>
#include <memory>

#include "algorithms/exact/solution.hpp"

namespace tictac {

// The solution of `board`; its space() is the state space it labels, kept
// alive with it.  Throws std::invalid_argument for a board over 16 cells, and
// Cancelled (algorithms/exact/cancel_poll.hpp) when `cancel` is set while it
// is built (nothing is kept: a later call builds it again).
std::shared_ptr<const ExactSolution> exact_solution(const Board& board, const std::atomic<bool>* cancel = nullptr);

}  // namespace tictac
