// The transposition table of the connect solver (algorithms/search/connect_solver.hpp):
// for each stored position, a lower and an upper bound on its score, the
// column of its best move, and how much work its search took.
//
// Contract:
//   - A key is a whole number below 2^key_bits that identifies a position
//     (the solver's cur + mask, or its mirror image).  The table mixes it by a
//     bijection of the key_bits-bit numbers; the low bits of the mixed key
//     choose a bucket and the high bits (the tag) are stored.  Bucket and tag
//     together give back the key, so a hit is never a different position: no
//     false hits, ever, on any board up to 64 key bits.  The tag needs
//     key_bits - log2(buckets) bits, so a board with a long key needs a
//     minimum number of buckets (min_bits()); the constructor refuses fewer.
//   - Buckets of two 8-byte entries (16 bytes, four buckets per cache line).
//     A store to a position already in the bucket merges the bounds (the
//     larger lower, the smaller upper); otherwise it replaces an empty entry,
//     else the entry whose search took less work (ties: the second).
//   - Scores are small integers (|score| < 64), as the solver's are.
//   - probe() only reads and store() only writes.
//   - clear() empties the table in O(1) by advancing a generation number kept
//     in the entries (up to 8 bits, as many as the tag leaves free); memory is
//     wiped only when the generation wraps, or at every clear when no bit is
//     left for it.  Every search can start from an empty table without
//     touching memory it will not use.
//   - All memory is allocated by the constructor, none afterwards.
#pragma once

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <new>
#include <stdexcept>
#include <string>

namespace tictac {

class ConnectTable {
 public:
  using Key = std::uint64_t;
  static constexpr int kMaxBits = 30;  // 2^30 buckets: 16 GiB

  // The fields an entry holds besides tag and generation.
  static constexpr int kDataBits = 7 + 7 + 6 + 5 + 1;  // lower, upper, move + 1, work, valid
  // Fewest bucket bits for keys of key_bits bits (the tag must fit in 64 - kDataBits).
  static int min_bits(int key_bits) { return key_bits - (64 - kDataBits) > 0 ? key_bits - (64 - kDataBits) : 0; }

  // `bits` = log2 of the buckets; 0: no table (probes miss, stores do nothing).
  // Throws std::invalid_argument when bits is above kMaxBits or too few for
  // the key (min_bits), std::bad_alloc when the memory is not there.
  ConnectTable(int key_bits, int bits) : key_bits_(key_bits), bits_(bits) {
    if (bits == 0) return;
    if (bits > kMaxBits || bits < min_bits(key_bits) || bits > key_bits)
      throw std::invalid_argument("connect table: 2^" + std::to_string(bits) + " buckets cannot hold " +
                                  std::to_string(key_bits) + "-bit keys exactly (need 2^" +
                                  std::to_string(min_bits(key_bits)) + " to 2^" +
                                  std::to_string(std::min(key_bits, kMaxBits)) + ")");
    tag_bits_ = key_bits - bits;
    gen_bits_ = std::min(8, 64 - kDataBits - tag_bits_);
    entries_.reset(static_cast<std::uint64_t*>(std::calloc(std::size_t{2} << bits, sizeof(std::uint64_t))));
    if (!entries_) throw std::bad_alloc();
    key_mask_ = key_bits == 64 ? ~Key{0} : (Key{1} << key_bits) - 1;
  }

  bool enabled() const { return bits_ != 0; }
  std::size_t capacity() const { return bits_ ? std::size_t{2} << bits_ : 0; }  // entries
  std::size_t bytes() const { return capacity() * sizeof(std::uint64_t); }
  std::size_t occupancy() const { return filled_; }

  void clear() {
    if (!bits_) return;
    filled_ = 0;
    const unsigned period = 1u << gen_bits_;
    generation_ = (generation_ + 1) % period;
    if (generation_ == 0 || gen_bits_ == 0) {
      std::memset(static_cast<void*>(entries_.get()), 0, bytes());
      generation_ = gen_bits_ ? 1 : 0;
    }
  }

  // Starts loading the key's bucket into the cache (a probe or a store soon
  // after finds it there).
  void prefetch(Key key) const {
    if (bits_) __builtin_prefetch(bucket(mix(key)));
  }

  struct Probe {
    bool hit = false;
    bool other = false;  // the bucket held another position (a collision)
    int lower = 0, upper = 0;
    int move = -1;  // column, or -1
  };

  Probe probe(Key key) const {
    const Key m = mix(key);
    const std::uint64_t* b = bucket(m);
    const std::uint64_t want = stamp(m);
    Probe p;
    for (int i = 0; i < 2; ++i) {
      const std::uint64_t e = b[i];
      if (!live(e)) continue;
      if ((e & ~kDataMask) != want) {
        p.other = true;
        continue;
      }
      p.hit = true;
      p.lower = static_cast<int>(e & 127) - 64;
      p.upper = static_cast<int>(e >> 7 & 127) - 64;
      p.move = static_cast<int>(e >> 14 & 63) - 1;
      return p;
    }
    return p;
  }

  // Records lower <= score <= upper for the key, with the best move (column,
  // or -1) and the nodes its search took.  Returns true when it replaced
  // another position's entry.
  bool store(Key key, int lower, int upper, int move, std::uint64_t nodes) {
    const Key m = mix(key);
    std::uint64_t* b = bucket(m);
    const std::uint64_t want = stamp(m);
    int slot = -1;
    for (int i = 0; i < 2; ++i)
      if (live(b[i]) && (b[i] & ~kDataMask) == want) {
        slot = i;
        const int l = static_cast<int>(b[i] & 127) - 64, u = static_cast<int>(b[i] >> 7 & 127) - 64;
        if (l > lower) lower = l;
        if (u < upper) upper = u;
        if (move < 0) move = static_cast<int>(b[i] >> 14 & 63) - 1;
      }
    bool overwrite = false;
    if (slot < 0) {
      if (!live(b[0])) slot = 0;
      else if (!live(b[1])) slot = 1;
      else {
        slot = work(b[0]) < work(b[1]) ? 0 : 1;
        overwrite = true;
      }
      filled_ += !overwrite;
    }
    const std::uint64_t w = std::min<std::uint64_t>(std::bit_width(nodes), 31);
    b[slot] = want | kValid | w << 20 | static_cast<std::uint64_t>(move + 1) << 14 |
              static_cast<std::uint64_t>(upper + 64) << 7 | static_cast<std::uint64_t>(lower + 64);
    return overwrite;
  }

 private:
  static constexpr std::uint64_t kDataMask = (std::uint64_t{1} << kDataBits) - 1;
  static constexpr std::uint64_t kValid = std::uint64_t{1} << 25;

  // A bijection of the key_bits-bit numbers: multiplications by odd numbers
  // and xor-shifts, each invertible modulo 2^key_bits.
  Key mix(Key k) const {
    k = (k * 0x9e3779b97f4a7c15ULL) & key_mask_;
    k ^= k >> (key_bits_ / 2 + 1);
    k = (k * 0xbf58476d1ce4e5b9ULL) & key_mask_;
    k ^= k >> (key_bits_ / 2 + 1);
    return k;
  }
  std::uint64_t* bucket(Key m) const { return entries_.get() + 2 * (m & ((Key{1} << bits_) - 1)); }
  // Tag and generation in the entry's high bits.
  std::uint64_t stamp(Key m) const {
    return ((m >> bits_) << (kDataBits + gen_bits_) | std::uint64_t{generation_} << kDataBits);
  }
  bool live(std::uint64_t e) const {
    return (e & kValid) && (e >> kDataBits & ((std::uint64_t{1} << gen_bits_) - 1)) == generation_;
  }
  static int work(std::uint64_t e) { return static_cast<int>(e >> 20 & 31); }

  int key_bits_, bits_;
  int tag_bits_ = 0, gen_bits_ = 0;
  Key key_mask_ = 0;
  unsigned generation_ = 0;
  std::size_t filled_ = 0;
  struct Free {
    void operator()(std::uint64_t* e) const { std::free(e); }
  };
  std::unique_ptr<std::uint64_t[], Free> entries_;
};

}  // namespace tictac
