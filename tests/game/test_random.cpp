#include <catch2/catch.hpp>

#include "algorithms/game/random.hpp"

using namespace tictac;

TEST_CASE("splitmix64 gives the published stream of SplitMix64 for seed 0", "[random]") {
  // The first outputs of Vigna's reference splitmix64.c from state 0.
  std::uint64_t state = 0;
  CHECK(splitmix64(state) == 0xe220a8397b1dcdafULL);
  CHECK(splitmix64(state) == 0x6e789e6aa1b965f4ULL);
  CHECK(splitmix64(state) == 0x06c45d188009454fULL);
}

TEST_CASE("Rng draws the splitmix64 stream of its seed, and unit() lies from 0 up to 1, never 1", "[random]") {
  Rng rng(0);
  CHECK(rng.next() == 0xe220a8397b1dcdafULL);
  Rng a(9), b(9);
  for (int i = 0; i < 1000; ++i) {
    const double u = a.unit();
    CHECK(u >= 0.0);
    CHECK(u < 1.0);
    CHECK(u == b.unit());
  }
}
