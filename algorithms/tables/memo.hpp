// A memo: an exact map from a position to its game value (-1, 0 or +1),
// with no bounds, no depth and no replacement.  Keyed by the position
// itself (or a code that determines it), so it never confuses two
// positions.  The side to move is part of the key implicitly: in an
// m,n,k-game it follows from the stone counts.
//
// Two layouts:
//   direct  boards of at most kMaxDirectCells cells, keyed by the base-3
//           code of the position (position_code.hpp): one byte per code,
//           3^cells of them (19,683 bytes for 3x3, so a 3x3 search stays
//           in the first-level cache), no key stored, no probing, no growth;
//   hashed  any board, keyed by the Position: open addressing with linear
//           probing over 24-byte slots, indexed by the high bits of
//           position_hash, doubled before it is half full (a memo that grew
//           keeps its size, so repeated searches allocate nothing).
// Both are cleared in O(1) by a generation number; the memory is wiped
// only when it wraps.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <span>
#include <type_traits>
#include <vector>

#include "algorithms/game/position.hpp"
#include "algorithms/game/position_code.hpp"
#include "algorithms/tables/position_hash.hpp"

namespace tictac {

enum class MemoLayout : std::uint8_t { direct, hashed };

// 3^12 one-byte slots are 519 KiB.
inline constexpr int kMaxDirectCells = 12;

template <MemoLayout L>
class Memo {
  static constexpr bool kDirect = L == MemoLayout::direct;

 public:
  using Key = std::conditional_t<kDirect, PositionCode, Position>;

  // What find() returns for a key it does not hold.
  static constexpr int kMissing = 2;

  // direct: the board's number of cells (at most kMaxDirectCells);
  // hashed: log2 of the first number of slots (at least 1).
  explicit Memo(int size) : initial_(kDirect ? kPowersOf3[size] : std::size_t{1} << size) {
    slots_.assign(initial_, Slot{});  // generation 0: never current
    mask_ = initial_ - 1;
    shift_ = kDirect ? 0 : 64 - std::countr_zero(initial_);
  }

  // Empties the memo.
  void clear() {
    size_ = 0;
    if (++generation_ > kMaxGeneration || generation_ == 0) {
      std::memset(static_cast<void*>(slots_.data()), 0, slots_.size() * sizeof(Slot));
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
    if (generation_ + n <= kMaxGeneration) return;
    std::memset(static_cast<void*>(slots_.data()), 0, slots_.size() * sizeof(Slot));
    generation_ = 1;  // as after a wrap: entries hold generation 0, never current
  }
  std::size_t size() const { return size_; }
  // The bytes of the table that the current search's entries need: the size
  // a fresh memo grows to for them, so the figure does not depend on
  // earlier searches (a hashed table keeps the largest size it reached).
  std::size_t bytes() const {
    std::size_t n = initial_;
    if constexpr (!kDirect)
      while (too_full(size_, n)) n *= 2;
    return n * sizeof(Slot);
  }

  // The stored value, or kMissing.  find() and insert() are always inlined:
  // they run at every node.
  [[gnu::always_inline]] int find(const Key& k) const {
    if constexpr (kDirect) {
      const unsigned s = static_cast<unsigned>(slots_[k]);
      return s >> 2 == generation_ ? static_cast<int>(s & 3) - 1 : kMissing;
    } else {
      for (std::size_t i = index(k);; i = (i + 1) & mask_) {
        const Slot& s = slots_[i];
        if (s.generation != generation_) return kMissing;
        if (s.position == k) return s.value;
      }
    }
  }

  // Direct layout: stores the value under each of `codes`, the codes of
  // one position's images under a symmetry group, as one entry (counted
  // once).  Every image then finds it: a memo keyed by the orbit, with no
  // canonical form to compute at lookups.  codes[0] is the position's own.
  void insert_images(std::span<const PositionCode> codes, int value)
    requires kDirect
  {
    const Slot v = static_cast<Slot>(generation_ << 2 | static_cast<unsigned>(value + 1));
    size_ += static_cast<unsigned>(slots_[codes[0]]) >> 2 != generation_;
    for (const PositionCode c : codes) slots_[c] = v;
  }

  // Stores (or replaces) the value of k.
  [[gnu::always_inline]] void insert(const Key& k, int value) {
    if constexpr (kDirect) {
      Slot& s = slots_[k];
      size_ += static_cast<unsigned>(s) >> 2 != generation_;
      s = static_cast<Slot>(generation_ << 2 | static_cast<unsigned>(value + 1));
    } else {
      if (too_full(size_ + 1, slots_.size())) grow();
      put(k, value);
    }
  }

 private:
  struct Wide {
    Position position;
    std::int32_t value;
    std::uint32_t generation;
  };
  // direct: the generation in the top six bits, the value + 1 in the low two.
  // A byte that is not a char type, so that a store to it cannot alias the
  // memo's own fields (which the compiler would then reload after each).
  enum class Byte : std::uint8_t {};
  using Slot = std::conditional_t<kDirect, Byte, Wide>;
  static constexpr std::uint32_t kMaxGeneration = kDirect ? 63 : 0xffffffffu;

  static bool too_full(std::size_t entries, std::size_t slots) { return 2 * entries > slots; }
  std::size_t index(const Position& k) const { return static_cast<std::size_t>(position_hash(k.x, k.o) >> shift_); }

  void put(const Position& k, int value) {
    for (std::size_t i = index(k);; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (s.generation != generation_) {
        s = Slot{k, value, generation_};
        ++size_;
        return;
      }
      if (s.position == k) {
        s.value = value;
        return;
      }
    }
  }
  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    const std::uint32_t g = generation_;
    slots_.assign(old.size() * 2, Slot{});
    mask_ = slots_.size() - 1;
    shift_ = 64 - std::countr_zero(slots_.size());
    generation_ = 1;
    size_ = 0;
    for (const Slot& s : old)
      if (s.generation == g) put(s.position, s.value);
  }

  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  int shift_ = 0;
  std::size_t size_ = 0;
  std::size_t initial_;
  std::uint32_t generation_ = 1;
};

}  // namespace tictac
