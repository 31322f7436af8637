// A strategy's statistics-free search within a budget of wall time: the one
// timer-thread search of the harness (the runner's reference,
// harness/experiment/reference.hpp, and the strong solver,
// harness/experiment/strong_solve.hpp, both use it).
//
// One timer thread, shared by every budgeted search of the process, sets a
// search's cancel flag when its budget has passed; the cancellable search
// reads the flag every 2^16 nodes, 1,024 for best and 64 for the provers
// (cancel_poll_nodes, algorithms/search/cancellable.hpp):
// the search loop itself carries no clock and no atomic.  A cancelled search
// leaves nothing behind: the Strategy drops the instance it cancelled and
// builds a fresh one at its next search (erased_strategy.hpp), so the same
// Strategy can be searched again at once.
#pragma once

#include <atomic>
#include <chrono>
#include <functional>
#include <optional>

#include "algorithms/game/position.hpp"
#include "algorithms/search/search_result.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac {

// Runs work(cancel) while the timer thread sets `cancel` once `budget` of
// wall time has passed; true when work returned, false when it ended by
// SearchCancelled (any other exception passes through; the deadline is
// disarmed however work ends).  work must hand `cancel` to the cancellable searches
// it runs.  A budget of zero or less never sets the flag.  `interrupt`, when
// given (a run's Ctrl-C), sets `cancel` too, within 20 ms of being set: the
// caller tells the two apart by reading it.
bool run_within(std::chrono::nanoseconds budget, const std::function<void(const std::atomic<bool>& cancel)>& work,
                const std::atomic<bool>* interrupt = nullptr);

// s's statistics-free search of p (Strategy::search_fast_cancellable),
// stopped once `budget` of wall time has passed; nullopt when it was stopped.
// A budget of zero or less is no budget: the plain search_fast, unless
// `interrupt` is given, which stops it as run_within says.
std::optional<SearchResult> search_within(Strategy& s, const Position& p, std::chrono::nanoseconds budget,
                                          const std::atomic<bool>* interrupt = nullptr);

// A portfolio of two: the statistics-free searches of p by a (on this
// thread) and *b (on a second one) side by side, each stopped once the other
// has proved its answer or once `budget` of wall time has passed (a budget
// of zero or less: no deadline).  The first proved answer, or nullopt when
// neither proved one in time.  Which one wins can depend on the machine and
// its load; both answers are proved.  a and *b must be different strategy
// objects; an exception of either (other than SearchCancelled) stops the
// other and passes through.  Without b (nullptr): search_within(a, ...),
// unproved answers included.
// `interrupt`: as for run_within.
std::optional<SearchResult> race_within(Strategy& a, Strategy* b, const Position& p, std::chrono::nanoseconds budget,
                                        const std::atomic<bool>* interrupt = nullptr);

}  // namespace tictac
