// A memo: an exact map from a position to its value, with no bounds, no
// depth and no replacement (it grows as needed).  Keyed by the position
// itself, so it never confuses two positions.  The side to move is part of
// the key implicitly: in an m,n,k-game it follows from the stone counts.
//
// Open addressing with linear probing; cleared in O(1) by a generation.
#pragma once

#include <cstdint>
#include <vector>

#include "algorithms/game/position.hpp"

namespace tictac {

class Memo {
 public:
  explicit Memo(int bits = 12) : initial_(std::size_t{1} << bits) { resize(initial_); }

  // Empties the memo in O(1); a memo that grew keeps its size, so repeated
  // searches allocate nothing.
  void clear() {
    ++generation_;
    size_ = 0;
  }
  std::size_t size() const { return size_; }
  // The bytes of the table that the current search's entries need: the size
  // a fresh memo grows to for them, so the figure does not depend on
  // earlier searches (the table itself keeps the largest size it reached).
  std::size_t bytes() const {
    std::size_t n = initial_;
    while (2 * size_ > n) n *= 2;
    return n * sizeof(Slot);
  }

  // The stored value, or nullptr.
  const int* find(const Position& p) const {
    for (std::size_t i = hash(p) & mask_;; i = (i + 1) & mask_) {
      const Slot& s = slots_[i];
      if (s.generation != generation_) return nullptr;
      if (s.position == p) return &s.value;
    }
  }

  void insert(const Position& p, int value) {
    if (2 * (size_ + 1) > slots_.size()) grow();
    put(p, value);
  }

 private:
  struct Slot {
    Position position;
    int value = 0;
    std::uint32_t generation = 0;
  };

  static std::size_t hash(const Position& p) {
    std::uint64_t h = p.x * 0x9e3779b97f4a7c15ULL ^ (p.o + 0x632be59bd9b4e019ULL) * 0xbf58476d1ce4e5b9ULL;
    return static_cast<std::size_t>(h ^ (h >> 29));
  }
  void put(const Position& p, int value) {
    for (std::size_t i = hash(p) & mask_;; i = (i + 1) & mask_) {
      Slot& s = slots_[i];
      if (s.generation != generation_) {
        s = Slot{p, value, generation_};
        ++size_;
        return;
      }
      if (s.position == p) {
        s.value = value;
        return;
      }
    }
  }
  void resize(std::size_t n) {
    slots_.assign(n, Slot{});
    mask_ = n - 1;
  }
  void grow() {
    std::vector<Slot> old;
    old.swap(slots_);
    const std::uint32_t g = generation_;
    resize(old.size() * 2);
    generation_ = 1;
    size_ = 0;
    for (const Slot& s : old)
      if (s.generation == g) put(s.position, s.value);
  }

  std::vector<Slot> slots_;
  std::size_t mask_ = 0;
  std::size_t size_ = 0;
  std::size_t initial_;
  std::uint32_t generation_ = 1;
};

}  // namespace tictac
