// The transposition table of the best search: for each stored position, a
// lower and an upper bound on its score for the side to move (the three
// values -1 loss, 0 draw, +1 win, or, in best's distance mode, a
// distance score of magnitude at most 65; both fit the entry's int8 bounds).
//
// Contract:
//   - The key is a position (x, o) given by the caller, normally its
//     canonical form; the entry stores the whole key, so a hit is never a
//     different position (no false hits).  Two layouts, chosen at compile
//     time: BoundTable's 16-byte entry packs x and o into 96 bits, so it
//     holds boards of at most 48 cells (on a larger board bits_for gives 0,
//     no table); WideBoundTable's 24-byte entry holds x and o whole, so it
//     is exact on every board up to Board::kMaxCells = 64 cells.  The
//     narrow one stays the layout of boards up to 48 cells (four entries
//     per cache line); the wide one is for the boards above.
//   - One entry per slot, direct-mapped by a hash of the key; a store always
//     replaces (a store to the same position merges the bounds: the larger
//     lower, the smaller upper).
//   - probe() only reads and store() only writes.
//   - clear() empties the table in O(1) by advancing a generation number, so
//     every search can start from an empty table without touching memory;
//     the memory is only wiped when the 16-bit generation wraps.
//   - All memory is allocated by the constructor, none afterwards.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/tables/bound.hpp"
#include "algorithms/tables/position_hash.hpp"
#include "algorithms/tables/zeroed_array.hpp"

namespace tictac {

namespace bound_table_detail {

// Up to 48 cells: x | o << 48 and o >> 16.
struct NarrowEntry {
  std::uint64_t lo;         // x | o << 48
  std::uint32_t hi;         // o >> 16
  std::uint16_t generation; // valid only when equal to the table's
  std::int8_t lower;        // the value is >= lower
  std::int8_t upper;        // the value is <= upper

  static std::uint64_t lo_of(Mask x, Mask o) { return x | o << 48; }
  static std::uint32_t hi_of(Mask o) { return static_cast<std::uint32_t>(o >> 16); }
};
static_assert(sizeof(NarrowEntry) == 16, "four entries per 64-byte cache line");

// Up to 64 cells: x and o whole.
struct WideEntry {
  std::uint64_t lo;         // x
  std::uint64_t hi;         // o
  std::uint16_t generation;
  std::int8_t lower;
  std::int8_t upper;

  static std::uint64_t lo_of(Mask x, Mask) { return x; }
  static std::uint64_t hi_of(Mask o) { return o; }
};
static_assert(sizeof(WideEntry) == 24, "the whole 128-bit key and the bounds");

}  // namespace bound_table_detail

template <bool Wide>
class BasicBoundTable {
 public:
  static constexpr int kMaxCells = Wide ? Board::kMaxCells : 48;
  static constexpr int kMaxBits = 28;

  using Entry = std::conditional_t<Wide, bound_table_detail::WideEntry, bound_table_detail::NarrowEntry>;

  // The table size, as log2 of the number of entries, chosen for a board:
  // about one entry per node a good search visits, from 2^10 (16 KiB, 3x3)
  // to 2^22 (64 MiB, 6x6; 96 MiB wide, from 7x7 on); 0 when the board is
  // too large for the layout.
  static int bits_for(const Board& b) {
    if (b.cells() > kMaxCells) return 0;
    const int bits = 10 + (b.cells() - 9) / 2;
    return bits < 10 ? 10 : bits > 22 ? 22 : bits;
  }

  // bits == 0: no table; enabled() is false, and probe() and store() must
  // not be called (the search tests enabled() instead of every probe).
  explicit BasicBoundTable(int bits)
      : bits_(bits > kMaxBits ? kMaxBits : bits),
        entries_(bits_ ? std::size_t{1} << bits_ : 0) {}

  bool enabled() const { return bits_ != 0; }
  std::size_t capacity() const { return bits_ ? std::size_t{1} << bits_ : 0; }
  std::size_t bytes() const { return capacity() * sizeof(Entry); }

  void clear() {
    if (!bits_) return;
    filled_ = 0;
    if (++generation_ == 0) {
      std::memset(static_cast<void*>(entries_.get()), 0, capacity() * sizeof(Entry));
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
    if (!bits_ || generation_ + n <= 0xffff) return;
    std::memset(static_cast<void*>(entries_.get()), 0, capacity() * sizeof(Entry));
    generation_ = 1;  // as after a wrap: entries hold generation 0, never current
  }

  struct Bounds {
    int lower = -1, upper = 1;
  };

  // The stored bounds of (x, o), or `miss` on a miss (by default {-1, +1},
  // nothing known about a value; a distance search passes its own range).
  // probe() and store() are always inlined: they run at every node, and the
  // compiler stopped inlining them once many instantiations shared them.
  template <class Stats>
  [[gnu::always_inline]] Bounds probe(Mask x, Mask o, Stats& stats, Bounds miss = {}) const {
    stats.tt_probe();
    const Entry& e = entries_[index(x, o)];
    if (e.generation != generation_) return miss;
    if (e.lo != Entry::lo_of(x, o) || e.hi != Entry::hi_of(o)) {
      stats.tt_collision();
      return miss;
    }
    stats.tt_hit(kind(e.lower, e.upper), Position{x, o});
    return {e.lower, e.upper};
  }

  // Records lower <= value <= upper for (x, o).
  template <class Stats>
  [[gnu::always_inline]] void store(Mask x, Mask o, int lower, int upper, Stats& stats) {
    Entry& e = entries_[index(x, o)];
    const auto l = Entry::lo_of(x, o);
    const auto h = Entry::hi_of(o);
    const bool valid = e.generation == generation_;
    if (valid && e.lo == l && e.hi == h) {
      if (e.lower > lower) lower = e.lower;
      if (e.upper < upper) upper = e.upper;
    }
    stats.tt_store(valid && (e.lo != l || e.hi != h));
    filled_ += !valid;
    e = Entry{l, h, generation_, static_cast<std::int8_t>(lower), static_cast<std::int8_t>(upper)};
  }

  // Filled entries in the current search (counted as they fill: a scan of
  // the whole table cost more than a small search).
  std::size_t occupancy() const { return filled_; }

 private:
  static Bound kind(int lower, int upper) {
    return lower == upper ? Bound::exact : upper == 1 ? Bound::lower : Bound::upper;
  }
  std::size_t index(Mask x, Mask o) const { return static_cast<std::size_t>(position_hash(x, o) >> (64 - bits_)); }

  int bits_;
  std::uint16_t generation_ = 1;
  std::size_t filled_ = 0;
  // Zeroed (generation 0 is never current); a large table is fresh zero
  // pages: memory a search never reaches costs nothing (zeroed_array.hpp).
  ZeroedArray<Entry> entries_;
};

using BoundTable = BasicBoundTable<false>;      // up to 48 cells, 16-byte entries
using WideBoundTable = BasicBoundTable<true>;   // up to 64 cells, 24-byte entries

}  // namespace tictac
