// The contract of a base ordering: the order in which a node's legal moves
// are tried before the prefixes (the table's move, the killers) move some to
// the front.  Each base lives in its own file in this folder and is one
// constant of type OrderBase; the harness names it in its ordering table
// (harness/registry/orderings.cpp).  Adding an ordering is that file and
// that table's line.
//
// A base is plain functions over an OrderContext, so that MoveOrder keeps
// the state and allocates nothing during a search.
#pragma once

#include <array>
#include <cstdint>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/exact/solution.hpp"

namespace tictac {

// What a base may read and keep.  MoveOrder owns it.
struct OrderContext {
  const Board* board = nullptr;
  const ExactSolution* exact = nullptr;  // not null for a base that reads it
  std::uint64_t seed = 0;                // the ordering's seed
  std::uint64_t rng = 0;                 // a generator state, reset to `seed` with each search
  // A fixed order of all cells, read when the base sets `uses_permutation`;
  // index order unless the base's `prepare` writes another.
  std::array<std::int8_t, Board::kMaxCells> permutation{};
  // Cutoff scores by side and cell, kept when the base sets `records_history`.
  std::array<std::array<std::uint64_t, Board::kMaxCells>, 2> history{};
};

struct OrderBase {
  // Called once when a MoveOrder is made, after `permutation` is set to
  // index order; null when there is nothing to prepare.
  void (*prepare)(OrderContext&) = nullptr;
  // Reorders out[0, n): the legal moves of p (side s to move), given in
  // index order, or in `permutation` order when `uses_permutation`.  Null
  // leaves them as given.
  void (*order)(OrderContext&, const Position& p, Side s, std::int8_t* out, int n) = nullptr;
  bool uses_permutation = false;
  bool records_history = false;  // MoveOrder::on_cutoff scores the history
};

// Sorts moves[0, n) by decreasing key[move], equal keys in their order: the
// order std::stable_sort gives, without its buffer (a search allocates
// nothing).  n is at most 64 and mostly below 16, where insertion sort beats
// a general sort.
template <class K>
void stable_sort_by_key(std::int8_t* moves, int n, const K* key) {
  for (int i = 1; i < n; ++i) {
    const std::int8_t m = moves[i];
    int j = i;
    for (; j > 0 && key[moves[j - 1]] < key[m]; --j) moves[j] = moves[j - 1];
    moves[j] = m;
  }
}

}  // namespace tictac
