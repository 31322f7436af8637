// A strategy's statistics-free search within a budget of wall time: the one
// timer-thread search of the harness (the runner's reference,
// harness/experiment/reference.hpp, and the strong solver,
// harness/experiment/strong_solve.hpp, both use it).
//
// A timer thread waits for the budget and then sets a cancel flag, which the
// cancellable search reads every 2^16 nodes (algorithms/search/cancellable.hpp):
// the search loop itself carries no clock and no atomic.  A cancelled search
// leaves nothing behind: the Strategy drops the instance it cancelled and
// builds a fresh one at its next search (erased_strategy.hpp), so the same
// Strategy can be searched again at once.
#pragma once

#include <chrono>
#include <optional>

#include "algorithms/game/position.hpp"
#include "algorithms/search/search_result.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac {

// s's statistics-free search of p (Strategy::search_fast_cancellable),
// stopped once `budget` of wall time has passed; nullopt when it was stopped.
// A budget of zero or less is no budget: the plain search_fast.
std::optional<SearchResult> search_within(Strategy& s, const Position& p, std::chrono::nanoseconds budget);

}  // namespace tictac
