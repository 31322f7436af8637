#include "harness/cli/interrupt.hpp"

namespace tictac::cli {

namespace {
std::atomic<bool> interrupted{false};
extern "C" void on_interrupt(int) { interrupted.store(true); }
}  // namespace

const std::atomic<bool>& interrupt_flag() { return interrupted; }

InterruptGuard::InterruptGuard() {
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sigaction(SIGINT, &sa, &old_int_);
  sigaction(SIGTERM, &sa, &old_term_);
}

InterruptGuard::~InterruptGuard() {
  sigaction(SIGINT, &old_int_, nullptr);
  sigaction(SIGTERM, &old_term_, nullptr);
}

}  // namespace tictac::cli
