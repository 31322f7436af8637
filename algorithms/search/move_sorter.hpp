// The moves of a node in the order a search tries them, after Pascal Pons's
// MoveSorter, but stable: add() each move with its ordering key; the moves
// are then read best first, by decreasing key, and moves of equal keys in
// the order they were added.  A search that adds its moves in cell (or
// column) order so keeps ties in cell order, as its node counts require.
//
// The key is the variation point: each search computes its own (best: its
// evaluation and history; connect: threats, then centre-first columns;
// the provers: the knowledge's window weights) and the sorter only compares.
// It is a fixed array on the stack, sorted by insertion as moves are added
// (a node has few moves, and most are added nearly in order): no allocation.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

namespace tictac {

template <class Key, std::size_t Capacity = 64>
class MoveSorter {
 public:
  // Adds `move` with `key`, after every move of a key at least as large.
  void add(int move, Key key) {
    int j = size_++;
    while (j > 0 && entries_[j - 1].key < key) {
      entries_[j] = entries_[j - 1];
      --j;
    }
    entries_[j] = Entry{key, static_cast<std::uint8_t>(move)};
  }

  int size() const { return size_; }
  // The i-th move, best first.
  int operator[](int i) const { return entries_[i].move; }

 private:
  struct Entry {
    Key key;
    std::uint8_t move;
  };
  std::array<Entry, Capacity> entries_;
  int size_ = 0;
};

}  // namespace tictac
