// A search that another thread can stop: the statistics policy
// Cancellable<S> is S, plus a countdown that reads a cancel flag once every
// poll_nodes nodes (kCancelPollNodes, unless the algorithm declares fewer:
// cancel_poll_nodes below) and, once the flag is set, ends the search by
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
// P-th poll, that is at node P * poll_nodes exactly (best's `nodes`, the
// only user, polls every 1,024 nodes: BestSearch::kCancelPollNodes).  So a budget is
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

// The nodes between two polls of algorithm A: A::kCancelPollNodes where it
// declares one (the provers, whose node, an expansion, takes 10 us to 1 ms:
// 2^16 of them would overrun a 1 s time limit by seconds), else
// kCancelPollNodes.  Only when a search is stopped depends on it, never what
// a search that is not stopped counts or answers.
template <class A>
constexpr std::uint32_t cancel_poll_nodes() {
  if constexpr (requires { A::kCancelPollNodes; })
    return A::kCancelPollNodes;
  else
    return kCancelPollNodes;
}

struct SearchCancelled : std::exception {
  const char* what() const noexcept override { return "search cancelled"; }
};
struct SearchOutOfBudget : SearchCancelled {
  const char* what() const noexcept override { return "search out of its node budget"; }
};

// The polls of a node budget of `nodes` (0: none): nodes rounded up to a
// whole number of polls of `poll_nodes`.
constexpr std::uint64_t budget_polls(std::uint64_t nodes, std::uint32_t poll_nodes = kCancelPollNodes) {
  return nodes / poll_nodes + (nodes % poll_nodes != 0);
}

template <class S>
struct Cancellable : S {
  const std::atomic<bool>* cancel = nullptr;  // nullptr: no flag (a node budget alone)
  std::uint64_t polls_left = 0;              // a node budget in polls (budget_polls); 0: none
  std::uint32_t poll_nodes = kCancelPollNodes;  // nodes between two polls (set_poll_nodes)
  std::uint32_t countdown = kCancelPollNodes;

  // Before the search: poll every n nodes (n > 0).
  void set_poll_nodes(std::uint32_t n) { poll_nodes = countdown = n; }

  void node(int ply, const Position& p) {
    S::node(ply, p);
    if (--countdown == 0) [[unlikely]]
      poll();
  }

 private:
  [[gnu::cold, gnu::noinline]] void poll() {
    countdown = poll_nodes;
    if (polls_left && --polls_left == 0) throw SearchOutOfBudget();
    if (cancel && cancel->load(std::memory_order_relaxed)) throw SearchCancelled();
  }
};

}  // namespace tictac
