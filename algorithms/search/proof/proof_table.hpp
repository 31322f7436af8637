// The transposition table of the proof-number searches.
//
// An entry is keyed by the whole position -- both stone masks, 64 bits each,
// so keys are exact on every board of up to 64 cells (no hash verification
// bits to collide) -- and by the tag of proof_question.hpp: game (weak or
// real), attacker and side to move.  It holds the proof and disproof numbers
// of the last search of the position, a relevance zone (for a proven
// position, the zone of its proof; see proof_knowledge.hpp), and the work
// spent below it (search calls, for replacement).
//
// Layout: 2^bits entries of 40 bytes, in buckets of two: the key's hash picks
// a bucket, a store replaces the same key, then an empty slot, then the slot
// with less work.  Values are never wrong, only lost: a replaced entry is
// searched again.  The table is allocated once, at construction; clear()
// empties it without allocating and, but once in 65,535 calls, without
// touching it (it starts a new generation; entries of older ones count as
// empty), so that many small searches do not pay for a large table.
#pragma once

#include <cstdint>
#include <cstring>

#include "algorithms/game/board.hpp"
#include "algorithms/search/proof/proof_number.hpp"
#include "algorithms/tables/zeroed_array.hpp"

namespace tictac {

struct ProofEntry {
  Mask x = 0, o = 0;
  Mask zone = 0;
  ProofNumber pn = 1, dn = 1;
  std::uint32_t work = 0;
  std::uint16_t generation = 0;  // the clear() it was stored after; older ones are empty
  std::uint8_t tag = 0;          // key tag | kFilled
  static constexpr std::uint8_t kFilled = 0x80;
};
static_assert(sizeof(ProofEntry) == 40);

class ProofTable {
 public:
  // 2^bits entries (at least one bucket of two).
  // Zeroed memory (zeroed_array.hpp): generation 0 is empty, and pages are touched
  // only as entries are stored, so a table larger than a search needs costs
  // address space, not memory or time.
  explicit ProofTable(int bits)
      : size_(std::size_t{1} << (bits < 1 ? 1 : bits)),
        slots_(size_) {}

  std::size_t capacity() const { return size_; }
  std::size_t bytes() const { return size_ * sizeof(ProofEntry); }
  std::size_t occupancy() const { return filled_; }

  void clear() {
    filled_ = 0;
    if (++generation_ != 0) return;
    std::memset(static_cast<void*>(slots_.get()), 0, size_ * sizeof(ProofEntry));
    generation_ = 1;
  }

  // Makes sure the next n clear() calls do not wipe the table (the wrap of
  // the generation counter, which clears every entry): when fewer
  // generations are left, it wipes now (n at most the generations a wipe
  // leaves: 254 for the transposition table, whose counter is 8 bits).  A caller that times searches calls
  // it before the clock (harness/registry/timed_search.hpp), so no wipe lands
  // inside a timed search.  The table is as empty either way.
  void reserve_clears(std::uint64_t n) {
    if (generation_ + n <= 0xffff) return;
    std::memset(static_cast<void*>(slots_.get()), 0, size_ * sizeof(ProofEntry));
    generation_ = 1;  // as after a wrap: entries hold generation 0, never current
  }

  // Starts loading the key's bucket (a search probes every child of a node:
  // prefetching all of them first overlaps their cache misses).
  void prefetch(Mask x, Mask o, std::uint8_t tag) const { __builtin_prefetch(bucket(x, o, tag)); }

  // The entry of the key, or nullptr.
  template <class Stats>
  const ProofEntry* probe(Mask x, Mask o, std::uint8_t tag, Stats& stats) const {
    stats.tt_probe();
    const std::uint8_t t = tag | ProofEntry::kFilled;
    ProofEntry* b = bucket(x, o, tag);
    for (int i = 0; i < 2; ++i)
      if (b[i].tag == t && b[i].generation == generation_ && b[i].x == x && b[i].o == o) return &b[i];
    return nullptr;
  }

  template <class Stats>
  void store(Mask x, Mask o, std::uint8_t tag, ProofNumber pn, ProofNumber dn, Mask zone, std::uint32_t work,
             Stats& stats) {
    const std::uint8_t t = tag | ProofEntry::kFilled;
    ProofEntry* b = bucket(x, o, tag);
    ProofEntry* slot = nullptr;
    for (int i = 0; i < 2 && !slot; ++i)
      if (b[i].tag == t && b[i].generation == generation_ && b[i].x == x && b[i].o == o) slot = &b[i];
    bool overwrite = false;
    if (!slot) {
      if (b[0].generation != generation_) slot = &b[0];
      else if (b[1].generation != generation_) slot = &b[1];
      else slot = b[1].work <= b[0].work ? &b[1] : &b[0], overwrite = true;
      if (!overwrite) ++filled_;
    }
    *slot = ProofEntry{x, o, zone, pn, dn, work, generation_, t};
    stats.tt_store(overwrite);
  }

 private:
  ProofEntry* bucket(Mask x, Mask o, std::uint8_t tag) const {
    std::uint64_t h = x * 0x9E3779B97F4A7C15ull ^ (o + tag) * 0xC2B2AE3D27D4EB4Full;
    h ^= h >> 31;
    h *= 0xBF58476D1CE4E5B9ull;
    h ^= h >> 29;
    return slots_.get() + ((h & (size_ - 1)) & ~std::size_t{1});
  }

  std::size_t size_;
  ZeroedArray<ProofEntry> slots_;
  std::size_t filled_ = 0;
  std::uint16_t generation_ = 1;
};

}  // namespace tictac
