#include "harness/registry/budgeted_search.hpp"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "algorithms/search/cancellable.hpp"

namespace tictac {

bool run_within(std::chrono::nanoseconds budget, const std::function<void(const std::atomic<bool>&)>& work) {
  std::atomic<bool> cancel{false};
  if (budget <= std::chrono::nanoseconds::zero()) {
    try {
      work(cancel);
      return true;
    } catch (const SearchCancelled&) {
      return false;
    }
  }
  std::mutex m;
  std::condition_variable cv;
  bool done = false;
  std::thread timer([&] {
    std::unique_lock lock(m);
    if (!cv.wait_for(lock, budget, [&] { return done; })) cancel.store(true);
  });
  // The timer is told and joined however the work ends (a result, a
  // cancel, or another exception).
  struct Join {
    std::mutex& m;
    std::condition_variable& cv;
    bool& done;
    std::thread& t;
    ~Join() {
      {
        std::lock_guard lock(m);
        done = true;
      }
      cv.notify_one();
      t.join();
    }
  } join{m, cv, done, timer};
  try {
    work(cancel);
    return true;
  } catch (const SearchCancelled&) {
    return false;
  }
}

std::optional<SearchResult> search_within(Strategy& s, const Position& p, std::chrono::nanoseconds budget) {
  if (budget <= std::chrono::nanoseconds::zero()) return s.search_fast(p);
  std::optional<SearchResult> r;
  if (!run_within(budget, [&](const std::atomic<bool>& cancel) { r = s.search_fast_cancellable(p, cancel); }))
    return std::nullopt;
  return r;
}

}  // namespace tictac
