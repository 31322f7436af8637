// The project's one source of pseudo-random numbers: SplitMix64 (Steele,
// Lea and Flood, "Fast splittable pseudorandom number generators", 2014, in
// Vigna's public-domain form).  Everything seeded draws from it: the Zobrist
// keys, the random move orderings, the sampling of stratified position sets
// and the players' choices; so the same seed gives the same numbers on every
// machine and in both builds.
#pragma once

#include <cstdint>

namespace tictac {

// SplitMix64's output function: a bijective mix of 64 bits.
constexpr std::uint64_t mix64(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// The next number of the SplitMix64 stream whose state is `state`.
constexpr std::uint64_t splitmix64(std::uint64_t& state) { return mix64(state += 0x9e3779b97f4a7c15ULL); }

// A seeded stream of random numbers (SplitMix64) for a player's choices.
class Rng {
 public:
  explicit Rng(std::uint64_t seed = 0) : state_(seed) {}
  std::uint64_t next() { return splitmix64(state_); }
  // Uniform in [0, 1), 53 bits.
  double unit() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }

 private:
  std::uint64_t state_;
};

}  // namespace tictac
