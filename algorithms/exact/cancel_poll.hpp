// A long loop of the exact part (the state space's enumeration, the
// retrograde labelling, a position set's scan) that another thread can stop:
// tick() once per iteration counts down, and once every `every` iterations
// the flag, an atomic, is read; once it is set, the loop ends by throwing
// Cancelled out of it.  Without a flag (nullptr) it never throws.
//
// The same countdown as search/cancellable.hpp, which this part may not
// include: one decrement and a branch per iteration, the flag read out of
// line.  2^14 iterations of these loops take well under a millisecond, so a
// stop lands within milliseconds of the flag.  After Cancelled, the object
// the loop was filling is half built: throw it away.
#pragma once

#include <atomic>
#include <cstdint>
#include <exception>

namespace tictac {

struct Cancelled : std::exception {
  const char* what() const noexcept override { return "cancelled"; }
};

class CancelPoll {
 public:
  static constexpr std::uint32_t kEvery = std::uint32_t{1} << 14;

  explicit CancelPoll(const std::atomic<bool>* flag) : flag_(flag) {}

  void tick() {
    if (--countdown_ == 0) [[unlikely]]
      poll();
  }

 private:
  [[gnu::cold, gnu::noinline]] void poll() {
    countdown_ = kEvery;
    if (flag_ && flag_->load(std::memory_order_relaxed)) throw Cancelled();
  }

  const std::atomic<bool>* flag_;
  std::uint32_t countdown_ = kEvery;
};

}  // namespace tictac
