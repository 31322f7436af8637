// A search that another thread can stop: the statistics policy
// Cancellable<S> is S, plus a countdown that reads a cancel flag once every
// kCancelPollNodes nodes and, once the flag is set, ends the search by
// throwing SearchCancelled out of it.
//
// Why a policy: only the instantiations that must be stoppable (the Python
// module's searches, which the calling thread cancels on Ctrl-C) carry the
// countdown.  NoStats, CountingStats and TracingStats are untouched, so the
// CLI's and the runner's searches have no test for it at any node.  The
// countdown is one decrement and a branch per node; the flag itself, an
// atomic, is read out of line only when the countdown runs out, so no
// atomic is touched in the search loop proper.
//
// A node budget rides on the same countdown: with polls_left = P > 0 the
// search ends by throwing SearchOutOfBudget (a SearchCancelled) at its
// P-th poll, that is at node P * kCancelPollNodes exactly.  So a budget is
// counted in whole polls, and where a search stops does not depend on the
// machine, the load or the flag: the same search stops at the same node.
//
// After SearchCancelled the search object is left mid-search (its tables
// half filled, its position half played): throw it away.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>

#include "algorithms/game/position.hpp"

namespace tictac {

inline constexpr std::uint32_t kCancelPollNodes = std::uint32_t{1} << 16;

struct SearchCancelled : std::exception {
  const char* what() const noexcept override { return "search cancelled"; }
};
struct SearchOutOfBudget : SearchCancelled {
  const char* what() const noexcept override { return "search out of its node budget"; }
};

// The polls of a node budget of `nodes` (0: none): nodes rounded up to a
// whole number of polls.
constexpr std::uint64_t budget_polls(std::uint64_t nodes) {
  return nodes / kCancelPollNodes + (nodes % kCancelPollNodes != 0);
}

template <class S>
struct Cancellable : S {
  const std::atomic<bool>* cancel = nullptr;  // nullptr: no flag (a node budget alone)
  std::uint64_t polls_left = 0;              // a node budget in polls (budget_polls); 0: none
  std::uint32_t countdown = kCancelPollNodes;

  void node(int ply, const Position& p) {
    S::node(ply, p);
    if (--countdown == 0) [[unlikely]]
      poll();
  }

 private:
  [[gnu::cold, gnu::noinline]] void poll() {
    countdown = kCancelPollNodes;
    if (polls_left && --polls_left == 0) throw SearchOutOfBudget();
    if (cancel && cancel->load(std::memory_order_relaxed)) throw SearchCancelled();
  }
};

}  // namespace tictac
