// The project's random-number generators, in one header.
//
// SplitMix64 is the project's one source of pseudo-random numbers (Steele,
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

// java.util.Random: the 48-bit linear congruential generator that the Java
// platform documents (java.util.Random's class comment and its next(),
// nextInt() and nextLong() method comments), reimplemented from that
// specification so that a C++ search can draw the same numbers as a Java
// program.  Seed 003 draws its Zobrist keys from `new Random(12345)`; with
// this generator its keys, and so its table slots and collisions, are the
// article's own.
//
//   seed scrambling  state = (seed ^ 0x5DEECE66D) mod 2^48
//   next(bits)       state = (state * 0x5DEECE66D + 0xB) mod 2^48;
//                    the top `bits` of the 48 as a signed 32-bit int
//   nextInt()        next(32)
//   nextLong()       (next(32) << 32) + next(32), both signed, so the low
//                    word's sign carries into the high word (Java's long
//                    arithmetic, which wraps modulo 2^64)
class JavaRandom {
 public:
  explicit JavaRandom(std::int64_t seed) : state_((static_cast<std::uint64_t>(seed) ^ kMultiplier) & kMask) {}

  std::int32_t next(int bits) {
    state_ = (state_ * kMultiplier + kAddend) & kMask;
    // The top `bits` of the 48-bit state; Java's (int) cast keeps the low 32
    // bits of the shifted value as a two's-complement int.
    return static_cast<std::int32_t>(static_cast<std::uint32_t>(state_ >> (48 - bits)));
  }
  std::int32_t next_int() { return next(32); }
  std::int64_t next_long() {
    const std::int64_t high = next(32);
    const std::int64_t low = next(32);
    // (long) high << 32, plus low sign-extended; unsigned so that the wrap
    // modulo 2^64 is defined behaviour, as Java's is.
    return static_cast<std::int64_t>((static_cast<std::uint64_t>(high) << 32) + static_cast<std::uint64_t>(low));
  }

 private:
  static constexpr std::uint64_t kMultiplier = 0x5DEECE66DULL;
  static constexpr std::uint64_t kAddend = 0xBULL;
  static constexpr std::uint64_t kMask = (std::uint64_t{1} << 48) - 1;
  std::uint64_t state_;
};

}  // namespace tictac
