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

template <class S>
struct Cancellable : S {
  const std::atomic<bool>* cancel = nullptr;  // must be set before the search
  std::uint32_t countdown = kCancelPollNodes;

  void node(int ply, const Position& p) {
    S::node(ply, p);
    if (--countdown == 0) [[unlikely]]
      poll();
  }

 private:
  [[gnu::cold, gnu::noinline]] void poll() {
    countdown = kCancelPollNodes;
    if (cancel->load(std::memory_order_relaxed)) throw SearchCancelled();
  }
};

}  // namespace tictac
