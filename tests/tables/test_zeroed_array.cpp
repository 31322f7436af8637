#include <catch2/catch.hpp>

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <cstdint>
#include <utility>

#include "algorithms/tables/zeroed_array.hpp"

using namespace tictac;

namespace {
// Every element zero, and each writable and read back (the first, the last
// and one every 4 KiB between).
template <class T>
void check_zeroed_and_writable(const ZeroedArray<T>& a) {
  REQUIRE(a);
  const std::size_t step = 4096 / sizeof(T);
  bool zero = true;
  for (std::size_t i = 0; i < a.size(); ++i) zero = zero && a[i] == 0;
  CHECK(zero);
  for (std::size_t i = 0; i < a.size(); i += step) a[i] = static_cast<T>(i + 1);
  a[a.size() - 1] = 7;
  bool kept = a[a.size() - 1] == 7;
  for (std::size_t i = 0; i + 1 < a.size(); i += step) kept = kept && a[i] == static_cast<T>(i + 1);
  CHECK(kept);
}
}  // namespace

TEST_CASE("a zeroed array, small or large, starts all zero and holds what is written",
          "[zeroed_array]") {
  check_zeroed_and_writable(ZeroedArray<std::uint32_t>(1000));               // 4 KB
  check_zeroed_and_writable(ZeroedArray<std::uint64_t>(std::size_t{1} << 17));  // 1 MiB: mapped under ASan
  check_zeroed_and_writable(ZeroedArray<std::uint8_t>((std::size_t{1} << 20) + 3));  // not a whole page
  const ZeroedArray<int> none(0);
  CHECK_FALSE(none);
  CHECK(none.size() == 0);
}

TEST_CASE("a zeroed array moves its memory and leaves the source empty", "[zeroed_array]") {
  for (std::size_t n : {std::size_t{16}, std::size_t{1} << 18}) {
    ZeroedArray<std::uint64_t> a(n);
    a[n - 1] = 42;
    const std::uint64_t* data = a.get();
    ZeroedArray<std::uint64_t> b(std::move(a));
    CHECK_FALSE(a);
    CHECK(b.get() == data);
    CHECK(b[n - 1] == 42);
    ZeroedArray<std::uint64_t> c(8);
    c = std::move(b);  // c's own memory is released
    CHECK_FALSE(b);
    CHECK(c.size() == n);
    CHECK(c[n - 1] == 42);
  }
}

TEST_CASE("built with AddressSanitizer, a write just past a large zeroed array faults", "[zeroed_array]") {
  // There the array is mapped pages, which the sanitizer does not watch, and
  // a guard page stands for its redzone; other builds take it from calloc.
  if (!ZeroedArray<std::uint64_t>::guarded()) return;
  // 2^17 eight-byte elements: exactly 1 MiB, so element n is the guard page's
  // first byte.  The child process, with SIGSEGV's default action (not
  // Catch2's or the sanitizer's handler), dies of it.
  const std::size_t n = std::size_t{1} << 17;
  const pid_t child = fork();
  REQUIRE(child >= 0);
  if (child == 0) {
    std::signal(SIGSEGV, SIG_DFL);
    ZeroedArray<std::uint64_t> a(n);
    volatile std::uint64_t* p = a.get();
    p[n] = 1;
    _exit(0);
  }
  int status = 0;
  REQUIRE(waitpid(child, &status, 0) == child);
  CHECK(WIFSIGNALED(status));
  CHECK(WTERMSIG(status) == SIGSEGV);
}
