#include "harness/registry/budgeted_search.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <exception>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "algorithms/search/cancellable.hpp"

namespace tictac {

namespace {

// The harness's one timer thread, started at the first budgeted search and
// never stopped: the process's end ends it (so no search still running in
// another thread at exit can find the timer destroyed).  A search arms it
// with its deadline and flag and disarms it when it ends; the thread sets
// the flags whose deadlines pass.  It used
// to be one thread started and joined per search: thousands of searches of
// a microsecond each (the reference on every position of a small board)
// then spent most of their wall time waiting for threads to start and end
// (tests/experiment/test_reference.cpp: 44 s of wall time for 14 of CPU).
class Timer {
 public:
  static Timer& instance() {
    static Timer* timer = new Timer;  // reachable to the end: not a leak
    return *timer;
  }

  // `also`, when given, is watched too: once it is set, so is `flag`
  // (within kWatchEvery).
  std::uint64_t arm(std::chrono::steady_clock::time_point deadline, std::atomic<bool>* flag,
                    const std::atomic<bool>* also = nullptr) {
    std::lock_guard lock(m_);
    entries_.push_back({++tickets_, deadline, flag, also});
    // Woken only when it sleeps past this deadline (or must watch a flag):
    // serial searches with the same budget wake it about once a budget, not
    // once a search.
    if (deadline < sleeping_until_ || (also && sleeping_until_ > std::chrono::steady_clock::now() + kWatchEvery))
      cv_.notify_one();
    return tickets_;
  }

  // After this, the flag is never touched.
  void disarm(std::uint64_t ticket) {
    std::lock_guard lock(m_);
    std::erase_if(entries_, [&](const Entry& e) { return e.ticket == ticket; });
  }

 private:
  static constexpr std::chrono::milliseconds kWatchEvery{20};

  struct Entry {
    std::uint64_t ticket;
    std::chrono::steady_clock::time_point deadline;
    std::atomic<bool>* flag;
    const std::atomic<bool>* also;  // a flag watched for the search (a run's Ctrl-C), or null
  };

  Timer() : thread_([this] { loop(); }) {}

  void loop() {
    std::unique_lock lock(m_);
    for (;;) {
      const auto now = std::chrono::steady_clock::now();
      auto next = std::chrono::steady_clock::time_point::max();
      std::erase_if(entries_, [&](const Entry& e) {
        if (e.deadline > now && !(e.also && e.also->load())) {
          next = std::min(next, e.also ? std::min(e.deadline, now + kWatchEvery) : e.deadline);
          return false;
        }
        e.flag->store(true);
        return true;
      });
      sleeping_until_ = next;
      if (next == std::chrono::steady_clock::time_point::max()) cv_.wait(lock);
      else cv_.wait_until(lock, next);
    }
  }

  std::mutex m_;
  std::condition_variable cv_;
  std::vector<Entry> entries_;
  std::uint64_t tickets_ = 0;
  std::chrono::steady_clock::time_point sleeping_until_ = std::chrono::steady_clock::time_point::min();
  std::thread thread_;  // last: started once the rest is constructed
};

}  // namespace

bool run_within(std::chrono::nanoseconds budget, const std::function<void(const std::atomic<bool>&)>& work,
                const std::atomic<bool>* interrupt) {
  std::atomic<bool> cancel{false};
  const bool no_budget = budget <= std::chrono::nanoseconds::zero();
  if (no_budget && !interrupt) {
    try {
      work(cancel);
      return true;
    } catch (const SearchCancelled&) {
      return false;
    }
  }
  Timer& timer = Timer::instance();
  // The deadline is disarmed however the work ends (a result, a cancel, or
  // another exception).
  struct Disarm {
    Timer& timer;
    std::uint64_t ticket;
    ~Disarm() { timer.disarm(ticket); }
  } disarm{timer, timer.arm(no_budget ? std::chrono::steady_clock::time_point::max()
                                      : std::chrono::steady_clock::now() + budget,
                            &cancel, interrupt)};
  try {
    work(cancel);
    return true;
  } catch (const SearchCancelled&) {
    return false;
  }
}

std::optional<SearchResult> search_within(Strategy& s, const Position& p, std::chrono::nanoseconds budget,
                                          const std::atomic<bool>* interrupt) {
  if (budget <= std::chrono::nanoseconds::zero() && !interrupt) return s.search_fast(p);
  std::optional<SearchResult> r;
  if (!run_within(budget, [&](const std::atomic<bool>& cancel) { r = s.search_fast_cancellable(p, cancel); }, interrupt))
    return std::nullopt;
  return r;
}

std::optional<SearchResult> race_within(Strategy& a, Strategy* b, const Position& p, std::chrono::nanoseconds budget,
                                        const std::atomic<bool>* interrupt) {
  if (!b) return search_within(a, p, budget, interrupt);
  std::atomic<bool> stop{false};  // set by the deadline, by the first proof, or by an error
  std::mutex m;
  std::optional<SearchResult> first;
  std::exception_ptr error;
  const auto run = [&](Strategy& s) {
    try {
      const SearchResult r = s.search_fast_cancellable(p, stop);
      std::lock_guard lock(m);
      if (r.proved && !first) {
        first = r;
        stop.store(true);
      }
    } catch (const SearchCancelled&) {
    } catch (...) {
      std::lock_guard lock(m);
      if (!error) error = std::current_exception();
      stop.store(true);
    }
  };
  const bool no_budget = budget <= std::chrono::nanoseconds::zero();
  Timer* timer = !no_budget || interrupt ? &Timer::instance() : nullptr;
  const std::uint64_t ticket =
      timer ? timer->arm(no_budget ? std::chrono::steady_clock::time_point::max() : std::chrono::steady_clock::now() + budget,
                         &stop, interrupt)
            : 0;
  {
    std::jthread second([&] { run(*b); });
    run(a);
  }  // joined: both searches have ended
  if (timer) timer->disarm(ticket);
  if (error) std::rethrow_exception(error);
  return first;
}

}  // namespace tictac
