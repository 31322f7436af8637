// Ctrl-C and SIGTERM for the commands that run long (run, match): while an
// InterruptGuard lives, either signal sets one flag, interrupt_flag(), which
// the command's loop reads between its steps (run: between positions and
// inside searches; match: between games).  The command then stops, removes
// what it had begun to write, and exits 130 (kExitInterrupted).  The guard
// restores the handlers that were in place before it.
#pragma once

#include <atomic>
#include <csignal>

namespace tictac::cli {

// The flag that the guard's handler sets (once set, it stays set: a command
// runs once a process).
const std::atomic<bool>& interrupt_flag();

class InterruptGuard {
 public:
  InterruptGuard();
  ~InterruptGuard();
  InterruptGuard(const InterruptGuard&) = delete;
  InterruptGuard& operator=(const InterruptGuard&) = delete;

 private:
  struct sigaction old_int_ {}, old_term_ {};
};

}  // namespace tictac::cli
