// The transposition table of the alpha-beta family.
//
// One entry holds a position's full 64-bit key (the verification key), a
// score with its bound (exact, lower or upper, as alpha-beta defines them:
// a fail-high stores a lower bound, a fail-low an upper bound), the best move
// found, and the remaining search depth it was computed with (a full-depth
// search uses the number of empty cells, so every entry is deep enough for
// every later probe of the same position; iterative deepening stores
// shallower entries, usable for move ordering only).
//
// The table is indexed by the low bits of the key.  A probe whose slot holds
// another key is a collision caught by the verification key and counts as a
// miss.  Entries carry a generation: starting a new search bumps it, which
// empties the table in O(1), so every search starts from an empty table.
//
// Replacement schemes (what a store does when the slot holds another key):
//   always    the new entry replaces the old one.
//   depth     the new entry replaces the old one only if its depth is at
//             least the old one's (deeper subtrees are kept).
//   two-tier  slots come in pairs: the first keeps the deepest entry (depth
//             rule), the second takes everything else (always rule).
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/tables/bound.hpp"
#include "algorithms/tables/zobrist.hpp"

namespace tictac {

enum class Replacement : std::uint8_t { always, depth, two_tier };

// The table has one scheme.  A search that knows it at compile time calls
// probe<R> and store<R>, which test no option; probe and store without R
// read the table's scheme at run time, for every other caller.
class TranspositionTable {
 public:
  struct Entry {
    Key key;
    std::int16_t score;
    std::int8_t move;  // -1: none
    Bound bound;
    std::uint8_t depth;
    std::uint8_t generation;
    std::uint8_t pad[2];
  };
  static_assert(sizeof(Entry) == 16, "a table entry is 16 bytes: four to a 64-byte cache line");

  // 2^bits entries (bits >= 1), all allocated here and none afterwards.
  TranspositionTable(int bits, Replacement replace)
      : entries_(std::size_t{1} << bits), mask_(entries_.size() - 1), replace_(replace) {
    for (Entry& e : entries_) e = Entry{0, 0, -1, Bound::none, 0, 0, {0, 0}};
  }

  Replacement replacement() const { return replace_; }

  std::size_t capacity() const { return entries_.size(); }
  std::size_t bytes() const { return entries_.size() * sizeof(Entry); }

  // Starts a new search: every entry is now empty.
  void clear() {
    filled_ = 0;
    if (++generation_ == 0) {  // wrapped: really wipe, so old entries stay dead
      for (Entry& e : entries_) e.generation = 0;
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
    if (generation_ + n <= 255) return;
    for (Entry& e : entries_) e.generation = 0;
    generation_ = 1;  // as after a wrap: entries hold generation 0, never current
  }

  // The entry for `key`, or nullptr.  Reports probes, hits and collisions.
  // R must be the table's scheme.  probe<R> and store<R> are always
  // inlined: they run at every node.
  template <Replacement R, class Stats>
  [[gnu::always_inline]] const Entry* probe(Key key, const Position& p, Stats& stats) const {
    stats.tt_probe();
    const std::size_t i = slot<R>(key);
    constexpr std::size_t n = R == Replacement::two_tier ? 2 : 1;
    bool collision = false;
    for (std::size_t j = 0; j < n; ++j) {
      const Entry& e = entries_[i + j];
      if (e.generation != generation_) continue;
      if (e.key == key) {
        stats.tt_hit(e.bound, p);
        return &e;
      }
      collision = true;
    }
    if (collision) stats.tt_collision();
    return nullptr;
  }

  // Records an entry (or not, as the scheme decides).  R must be the
  // table's scheme.
  template <Replacement R, class Stats>
  [[gnu::always_inline]] void store(Key key, int score, Bound bound, int move, int depth, Stats& stats) {
    const std::size_t i = slot<R>(key);
    Entry* target = &entries_[i];
    if constexpr (R == Replacement::two_tier) {
      Entry& deep = entries_[i];
      Entry& any = entries_[i + 1];
      if (any.generation == generation_ && any.key == key)
        target = &any;
      else if (deep.generation != generation_ || deep.key == key || depth >= deep.depth)
        target = &deep;
      else
        target = &any;
    } else if constexpr (R == Replacement::depth) {
      if (target->generation == generation_ && target->key != key && depth < target->depth) return;
    }
    const bool overwrite = target->generation == generation_ && target->key != key;
    stats.tt_store(overwrite);
    filled_ += target->generation != generation_;
    *target = Entry{key, static_cast<std::int16_t>(score), static_cast<std::int8_t>(move), bound,
                    static_cast<std::uint8_t>(depth), generation_, {0, 0}};
  }

  // The same, with the table's scheme read at run time.
  template <class Stats>
  const Entry* probe(Key key, const Position& p, Stats& stats) const {
    switch (replace_) {
      case Replacement::always: return probe<Replacement::always>(key, p, stats);
      case Replacement::depth: return probe<Replacement::depth>(key, p, stats);
      case Replacement::two_tier: break;
    }
    return probe<Replacement::two_tier>(key, p, stats);
  }
  template <class Stats>
  void store(Key key, int score, Bound bound, int move, int depth, Stats& stats) {
    switch (replace_) {
      case Replacement::always: return store<Replacement::always>(key, score, bound, move, depth, stats);
      case Replacement::depth: return store<Replacement::depth>(key, score, bound, move, depth, stats);
      case Replacement::two_tier: break;
    }
    store<Replacement::two_tier>(key, score, bound, move, depth, stats);
  }

  // Entries written in the current search (counted as they fill: a scan of
  // the whole table cost more than a small search).
  std::size_t occupancy() const { return filled_; }

 private:
  template <Replacement R>
  std::size_t slot(Key key) const {
    if constexpr (R == Replacement::two_tier) return key & mask_ & ~std::size_t{1};
    else return key & mask_;
  }

  std::vector<Entry> entries_;
  std::size_t mask_;
  Replacement replace_;
  std::uint8_t generation_ = 1;
  std::size_t filled_ = 0;
};

}  // namespace tictac
