// best's pairing test (best_search.hpp, pairing=on): can the breaker keep the
// maker from ever filling a window by answering each cell of a pair with the
// other?
//
// A pairing is a set of disjoint pairs of empty cells such that every window
// still live for the maker (no breaker stone in it) holds both cells of one
// pair.  The breaker answers the maker's stone on one cell of a pair with a
// stone on the other and plays anywhere otherwise, so every live window keeps
// a breaker stone or an untouched pair, and the maker never completes one:
// the maker cannot win, whichever side is to move.  Pairs need not cover
// every empty cell.
//
// This is best's own code, written apart from the provers' pairing finder
// (proof/pairing.hpp), so that the reference's two families share no pruning
// code (harness/experiment/reference.hpp).  It is a plain depth-first search:
//   - a window whose holes include all the holes of another is dropped (the
//     pair that covers the smaller one covers it too), and so is a repeat;
//   - then, repeatedly, the uncovered window with the fewest free cells (not
//     yet in a pair) takes a pair of its free cells, the pairs that cover the
//     most uncovered windows first; a window left with fewer than two free
//     cells backs the search up.
// Each step (a pair tried) counts against `budget`; beyond it the answer is
// no, which costs the caller search, never correctness.  No allocation: the
// windows live in fixed arrays.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "algorithms/game/board.hpp"

namespace tictac {

class BreakerPairing {
 public:
  // The most windows of a board of at most 64 cells (4 directions a cell).
  static constexpr int kMaxWindows = 4 * Board::kMaxCells;

  // holes[0..n): the empty cells of each window live for the maker.  True
  // when a pairing exists (found within `budget` steps).
  bool find(const Mask* holes, int n, int budget) {
    n_ = 0;
    for (int i = 0; i < n; ++i) {
      const Mask h = holes[i];
      if (!(h & (h - 1))) return false;  // one hole or none: no pair fits
      bool implied = false;
      for (int j = 0; j < n_ && !implied; ++j) implied = (h & holes_[j]) == holes_[j];
      if (implied) continue;
      int kept = 0;
      for (int j = 0; j < n_; ++j)
        if ((holes_[j] & h) != h) holes_[kept++] = holes_[j];
      n_ = kept;
      holes_[n_++] = h;
    }
    std::fill(covered_.begin(), covered_.begin() + n_, std::uint8_t{0});
    used_ = 0;
    steps_ = budget;
    return extend(1);
  }

 private:
  static constexpr int kMaxPairsTried = 32;

  bool extend(int depth) {
    int pick = -1, fewest = Board::kMaxCells + 1;
    for (int i = 0; i < n_; ++i) {
      if (covered_[i]) continue;
      const int f = std::popcount(holes_[i] & ~used_);
      if (f < 2) return false;
      if (f < fewest) {
        fewest = f;
        pick = i;
        if (f == 2) break;
      }
    }
    if (pick < 0) return true;
    // The pairs of the window's free cells, by the uncovered windows each
    // covers (most first; ties in cell order).
    std::array<std::uint64_t, kMaxPairsTried> pairs;  // (covers << 16) | (a << 8) | b, a < b
    int np = 0;
    const Mask free = holes_[pick] & ~used_;
    for (Mask ma = free; ma && np < kMaxPairsTried; ma &= ma - 1) {
      const int a = std::countr_zero(ma);
      for (Mask mb = ma & (ma - 1); mb && np < kMaxPairsTried; mb &= mb - 1) {
        const int b = std::countr_zero(mb);
        const Mask p = (Mask{1} << a) | (Mask{1} << b);
        std::uint64_t covers = 0;
        for (int i = 0; i < n_; ++i) covers += !covered_[i] && (holes_[i] & p) == p;
        pairs[np++] = covers << 16 | static_cast<std::uint64_t>(a) << 8 | static_cast<std::uint64_t>(b);
      }
    }
    for (int i = 1; i < np; ++i) {  // insertion sort, stable (std::stable_sort may allocate)
      const std::uint64_t item = pairs[i];
      int j = i;
      for (; j > 0 && (pairs[j - 1] >> 16) < (item >> 16); --j) pairs[j] = pairs[j - 1];
      pairs[j] = item;
    }
    for (int t = 0; t < np; ++t) {
      if (--steps_ < 0) return false;
      const Mask p = (Mask{1} << ((pairs[t] >> 8) & 0xff)) | (Mask{1} << (pairs[t] & 0xff));
      const auto mark = static_cast<std::uint8_t>(depth);
      for (int i = 0; i < n_; ++i)
        if (!covered_[i] && (holes_[i] & p) == p) covered_[i] = mark;
      used_ |= p;
      if (extend(depth + 1)) return true;
      used_ &= ~p;
      for (int i = 0; i < n_; ++i)
        if (covered_[i] == mark) covered_[i] = 0;
      if (steps_ < 0) return false;
    }
    return false;
  }

  std::array<Mask, kMaxWindows> holes_{};
  std::array<std::uint8_t, kMaxWindows> covered_{};  // 0: uncovered, else the depth of its pair
  int n_ = 0;
  Mask used_ = 0;
  int steps_ = 0;
};

}  // namespace tictac
