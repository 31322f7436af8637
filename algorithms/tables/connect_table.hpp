// The transposition table of the connect solver (algorithms/search/connect/connect_solver.hpp):
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
//   - Scores lie in [-max_score, max_score]; an entry holds as few bits as
//     the board needs (Connect-Four: 6 per bound, 3 for the move, 5 for the
//     work), so the generation below gets the rest.
//   - probe() only reads and store() only writes.
//   - clear() empties the table in O(1) by advancing a generation number kept
//     in the entries (up to 24 bits, as many as tag and data leave free: 20
//     for Connect-Four's default table; at least one); memory is wiped only
//     when the generation wraps.  Every search can start from an empty table
//     without touching memory it will not use, and many small searches do
//     not pay for wiping a large table (once in 2^20 searches).
//   - All memory is allocated by the constructor, none afterwards.
#pragma once

#include <algorithm>
#include <bit>
#include <cstdint>
#include <cstring>
#include <new>
#include <stdexcept>
#include <string>

#include "algorithms/tables/zeroed_array.hpp"

namespace tictac {

class ConnectTable {
 public:
  using Key = std::uint64_t;
  static constexpr int kMaxBits = 30;  // 2^30 buckets: 16 GiB
  static constexpr int kWorkBits = 5;

  // The layout of an entry, from the low bits: lower + max_score, upper +
  // max_score (score_bits each), the move's column + 1 (0: none), work, the
  // generation (0: empty) and the tag on top.
  struct Layout {
    int score_bits, move_bits, data_bits;
    Layout(int max_score, int columns)
        : score_bits(std::bit_width(static_cast<unsigned>(2 * max_score))),
          move_bits(std::bit_width(static_cast<unsigned>(columns))),
          data_bits(2 * score_bits + move_bits + kWorkBits) {}
  };

  // Fewest bucket bits for keys of key_bits bits: the tag, the data and at
  // least one bit of generation must fit in 64.
  static int min_bits(int key_bits, int max_score, int columns) {
    return std::max(0, key_bits + Layout(max_score, columns).data_bits + 1 - 64);
  }

  // 2^bits buckets for keys below 2^key_bits and scores in [-max_score,
  // max_score]; bits = 0: no table (probes miss, stores do nothing).
  // Throws std::invalid_argument when bits is above kMaxBits or too few for
  // the key (min_bits), std::bad_alloc when the memory is not there.
  ConnectTable(int key_bits, int bits, int max_score, int columns)
      : layout_(max_score, columns), key_bits_(key_bits), bits_(bits), max_score_(max_score) {
    if (bits == 0) return;
    const int need = min_bits(key_bits, max_score, columns);
    if (bits > kMaxBits || bits < need || bits > key_bits)
      throw std::invalid_argument("connect table: 2^" + std::to_string(bits) + " buckets cannot hold " +
                                  std::to_string(key_bits) + "-bit keys exactly (need 2^" + std::to_string(need) +
                                  " to 2^" + std::to_string(std::min(key_bits, kMaxBits)) + ")");
    const int tag_bits = key_bits - bits;
    gen_bits_ = std::min(24, 64 - layout_.data_bits - tag_bits);
    gen_shift_ = layout_.data_bits;
    entries_ = ZeroedArray<std::uint64_t>(std::size_t{2} << bits);
    key_mask_ = key_bits == 64 ? ~Key{0} : (Key{1} << key_bits) - 1;
  }

  bool enabled() const { return bits_ != 0; }
  std::size_t capacity() const { return bits_ ? std::size_t{2} << bits_ : 0; }  // entries
  std::size_t bytes() const { return capacity() * sizeof(std::uint64_t); }
  std::size_t occupancy() const { return filled_; }
  int generation_bits() const { return gen_bits_; }

  void clear() {
    if (!bits_) return;
    filled_ = 0;
    generation_ = (generation_ + 1) & ((std::uint64_t{1} << gen_bits_) - 1);
    if (generation_ == 0) {
      std::memset(static_cast<void*>(entries_.get()), 0, bytes());
      generation_ = 1;
    }
  }

  // Makes sure the next n clear() calls do not wipe the table (the wrap of
  // the generation counter, which clears every entry): when fewer
  // generations are left, it wipes now (n at most the generations a wipe
  // leaves: 254 for the transposition table, whose counter is 8 bits).  A caller that times searches calls
  // it before the clock (harness/registry/timed_search.hpp), so no wipe lands
  // inside a timed search.  The table is as empty either way.
  void reserve_clears(std::uint64_t n) {
    if (!bits_ || generation_ + n <= (std::uint64_t{1} << gen_bits_) - 1) return;
    std::memset(static_cast<void*>(entries_.get()), 0, bytes());
    generation_ = 1;  // as after a wrap: entries hold generation 0, never current
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
      if ((e >> gen_shift_) != want) {
        p.other = true;
        continue;
      }
      p.hit = true;
      p.lower = field(e, 0, layout_.score_bits) - max_score_;
      p.upper = field(e, layout_.score_bits, layout_.score_bits) - max_score_;
      p.move = field(e, 2 * layout_.score_bits, layout_.move_bits) - 1;
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
      if (live(b[i]) && (b[i] >> gen_shift_) == want) {
        slot = i;
        lower = std::max(lower, field(b[i], 0, layout_.score_bits) - max_score_);
        upper = std::min(upper, field(b[i], layout_.score_bits, layout_.score_bits) - max_score_);
        if (move < 0) move = field(b[i], 2 * layout_.score_bits, layout_.move_bits) - 1;
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
    const std::uint64_t w = std::min<std::uint64_t>(std::bit_width(nodes), (1u << kWorkBits) - 1);
    lower = std::clamp(lower, -max_score_, max_score_);
    upper = std::clamp(upper, -max_score_, max_score_);
    b[slot] = want << gen_shift_ | w << (2 * layout_.score_bits + layout_.move_bits) |
              static_cast<std::uint64_t>(move + 1) << (2 * layout_.score_bits) |
              static_cast<std::uint64_t>(upper + max_score_) << layout_.score_bits |
              static_cast<std::uint64_t>(lower + max_score_);
    return overwrite;
  }

 private:
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
  // Tag and generation, as they stand above the data bits.
  std::uint64_t stamp(Key m) const { return (m >> bits_) << gen_bits_ | generation_; }
  bool live(std::uint64_t e) const { return (e >> gen_shift_ & ((std::uint64_t{1} << gen_bits_) - 1)) == generation_; }
  static int field(std::uint64_t e, int shift, int bits) {
    return static_cast<int>(e >> shift & ((std::uint64_t{1} << bits) - 1));
  }
  int work(std::uint64_t e) const { return field(e, 2 * layout_.score_bits + layout_.move_bits, kWorkBits); }

  Layout layout_;
  int key_bits_, bits_, max_score_;
  int gen_bits_ = 0, gen_shift_ = 0;
  Key key_mask_ = 0;
  std::uint64_t generation_ = 1;  // 0 marks an empty entry: a new table's zeroes are empty
  std::size_t filled_ = 0;
  ZeroedArray<std::uint64_t> entries_;
};

}  // namespace tictac
