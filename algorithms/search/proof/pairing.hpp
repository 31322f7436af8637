// Pairing strategies for the breaker.
//
// A pairing is a set of disjoint pairs of empty cells such that every window
// still live for the maker contains both cells of some pair.  The breaker
// then never loses its hold: whenever the maker takes one cell of a pair,
// the breaker takes the other, and every live window keeps a breaker stone
// or an untouched pair.  So a pairing proves that the maker cannot fill a
// window -- in the weak game and in the real one alike -- whichever side is
// to move (a breaker move on a paired cell only kills the windows of that
// pair; one elsewhere changes nothing).  Pairs need not cover every cell.
//
// Two cells lie in one line at most, so a pair covers windows of one line
// only, and lines meet only in cells.  The finder takes the live windows
// line by line (each line's in order along it) and works in two stages,
// each exact when it answers yes:
//   1. matching: when every window can have a pair of its own, the question
//      is a bipartite matching of windows to cells in which each window gets
//      two cells (Kuhn's augmenting paths, polynomial);
//   2. search over lines, where windows share pairs (two windows of one line
//      share all but a cell or two): each line's domain is its irredundant
//      covers -- sets of pairs, each pair covering the first window of the
//      line that the pairs before it leave uncovered -- and a depth-first
//      search gives every line a cover, the cells of all covers disjoint,
//      taking next the line with the fewest covers still free (none: back
//      up).
// Limits (a missed pairing costs search, never correctness): covers of at
// most one pair more than the line's fewest; of the first
// kEnumeratedPerLine covers of a line found, the kCoversPerLine with the
// fewest cells are kept (a cover holding all the cells of another is
// dropped: the other leaves more room), and a call makes at most `budget`
// cover tests; beyond it the answer is no.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "algorithms/game/board.hpp"
#include "algorithms/search/proof/threat_scan.hpp"

namespace tictac {

class PairingFinder {
 public:
  // The most windows (4 directions per cell) and lines of a board of at
  // most 64 cells.
  static constexpr int kMaxWindows = 4 * Board::kMaxCells;
  static constexpr int kMaxLines = 4 * Board::kMaxCells;
  static constexpr int kCoversPerLine = 48;
  static constexpr int kEnumeratedPerLine = 128;

  // `empties[i]`: the empty cells of the i-th window live for the maker,
  // grouped by line -- line l holds windows [line_begin[l], line_begin[l + 1])
  // in order along it; `cells`: how many empty cells there are.
  bool find(const Mask* empties, const int* line_begin, int lines, int cells, int budget) {
    budget_ = budget;
    cells_ = 0;
    const int n = line_begin[lines];
    for (int i = 0; i < n; ++i)
      if (!(empties[i] & (empties[i] - 1))) return false;  // a full or one-hole window cannot be paired
    if (n == 0) return true;
    if (2 * n <= cells && matching(empties, n)) return true;
    // Each line's covers.
    covers_used_ = 0;
    lines_ = 0;
    for (int l = 0; l < lines; ++l) {
      if (line_begin[l] == line_begin[l + 1]) continue;
      Line& line = line_[lines_++];
      line.first = covers_used_;
      pairs_ = 0;
      for (auto& b : by_pairs_) b = 0;
      // Covers of at most one pair more than the fewest the line can take
      // (see fewest_pairs).
      max_pairs_ = fewest_pairs(empties + line_begin[l], line_begin[l + 1] - line_begin[l]) + 1;
      enumerate(empties + line_begin[l], line_begin[l + 1] - line_begin[l], 0, 0);
      if (line.first == covers_used_) return false;
      // Fewest pairs first (they leave the most room to the other lines: a
      // counting sort on the pairs, which enumerate() counted), a cover
      // holding all the cells of another dropped, at most kCoversPerLine
      // kept.
      int start = 0;
      for (int p = 0; p < kMaxPairsPerCover; ++p) start += by_pairs_[p], by_pairs_[p] = start - by_pairs_[p];
      for (int c = line.first; c < covers_used_; ++c)
        sorted_[by_pairs_[cover_pairs_[c - line.first]]++] = covers_[c];
      int kept = line.first;
      for (int c = 0; c < covers_used_ - line.first && kept - line.first < kCoversPerLine; ++c) {
        bool superset = false;
        for (int j = line.first; j < kept && !superset; ++j) superset = (sorted_[c] & covers_[j]) == covers_[j];
        if (!superset) covers_[kept++] = sorted_[c];
      }
      covers_used_ = line.last = kept;
      line.cells = 0;
      for (int c = line.first; c < line.last; ++c) line.cells |= covers_[c];
      line.free = line.last - line.first;
    }
    return search(lines_, 0);
  }

  // Windows of any lines, for tests: each window is taken as a line of its
  // own unless `one_line` (all of them one line, in order).
  bool find(const Mask* empties, int n, int cells, int budget, bool one_line) {
    std::array<int, kMaxLines + 1> begin{};
    const int lines = one_line ? 1 : n;
    for (int l = 0; l <= lines; ++l) begin[l] = one_line ? (l ? n : 0) : l;
    return find(empties, begin.data(), lines, cells, budget);
  }

  // The cells of the pairs of the pairing last found.
  Mask cells() const { return cells_; }

 private:
  struct Line {
    int first = 0, last = 0;  // covers_[first, last)
    Mask cells = 0;           // the cells of all its covers
    int free = 0;             // covers disjoint from the cells used so far
  };

  // Each window gets two cells of its own: Kuhn's augmenting paths, with the
  // window split into two slots.
  bool matching(const Mask* w, int n) {
    owner_.fill(-1);
    for (int slot = 0; slot < 2 * n; ++slot) {
      seen_ = 0;
      if (!augment(w, slot)) return false;
    }
    for (int c = 0; c < Board::kMaxCells; ++c)
      if (owner_[c] >= 0) cells_ |= Mask{1} << c;
    return true;
  }
  bool augment(const Mask* w, int slot) {
    for (Mask c = w[slot >> 1] & ~seen_; c; c &= c - 1) {
      const int cell = std::countr_zero(c);
      seen_ |= Mask{1} << cell;
      if (owner_[cell] < 0 || augment(w, owner_[cell])) {
        owner_[cell] = slot;
        return true;
      }
    }
    return false;
  }

  // The irredundant covers of windows w[i, n) of one line, given the pairs
  // chosen so far (their cells `used`, the pairs in pair_[0, pairs_)).
  void enumerate(const Mask* w, int n, int i, Mask used) {
    if (covers_used_ - line_[lines_ - 1].first >= kEnumeratedPerLine || covers_used_ >= kMaxCovers) return;
    while (i < n && covered(w[i])) ++i;
    if (i == n) {
      const int pairs = std::min(pairs_, kMaxPairsPerCover - 1);
      cover_pairs_[covers_used_ - line_[lines_ - 1].first] = static_cast<std::uint8_t>(pairs);
      ++by_pairs_[pairs];
      covers_[covers_used_++] = used;
      return;
    }
    if (pairs_ == max_pairs_) return;
    const Mask free = w[i] & ~used;
    for (Mask a = free; a; a &= a - 1)
      for (Mask b = a & (a - 1); b; b &= b - 1) {
        const Mask pair = (a & -a) | (b & -b);
        pair_[pairs_++] = pair;
        enumerate(w, n, i + 1, used | pair);
        --pairs_;
      }
  }
  // The fewest pairs that can cover windows w[0, n) of one line, counting
  // neither disjointness nor the other lines: a pair covers a run of
  // consecutive windows whose empty cells share two cells or more, and
  // taking runs greedily from the first window is optimal (a part of a run
  // is a run).
  static int fewest_pairs(const Mask* w, int n) {
    int pairs = 0;
    for (int i = 0; i < n;) {
      ++pairs;
      Mask common = w[i];
      int j = i + 1;
      while (j < n && two_or_more(common & w[j])) common &= w[j], ++j;
      i = j;
    }
    return pairs;
  }
  static bool two_or_more(Mask m) { return m & (m - 1); }

  bool covered(Mask window) const {
    for (int p = 0; p < pairs_; ++p)
      if ((window & pair_[p]) == pair_[p]) return true;
    return false;
  }

  // Lines line_[0, n) still to cover; `used`: the cells of the covers
  // chosen, the last of them `last` (only lines meeting it have fewer free
  // covers than before; each line's count is kept on return).
  bool search(int n, Mask used, Mask last = 0) {
    if (n == 0) {
      cells_ = used;
      return true;
    }
    std::array<int, kMaxLines> saved;
    int pick = -1, fewest = kCoversPerLine + 1;
    for (int i = 0; i < n; ++i) {
      Line& line = line_[i];
      saved[i] = line.free;
      if (line.cells & last) {
        int free = 0;
        for (int c = line.first; c < line.last; ++c) free += !(covers_[c] & used);
        budget_ -= line.last - line.first;
        line.free = free;
      }
      if (line.free < fewest) fewest = line.free, pick = i;
    }
    bool found = false;
    if (fewest > 0 && budget_ >= 0) {
      std::swap(line_[pick], line_[n - 1]);
      std::swap(saved[pick], saved[n - 1]);
      const Line line = line_[n - 1];
      for (int c = line.first; c < line.last && !found && budget_ >= 0; ++c)
        if (!(covers_[c] & used)) found = search(n - 1, used | covers_[c], covers_[c]);
    }
    for (int i = 0; i < n; ++i) line_[i].free = saved[i];
    return found;
  }

  static constexpr int kMaxCovers = 4096;
  static constexpr int kMaxPairsPerCover = 33;
  std::array<Mask, kMaxCovers> covers_{};
  std::array<Mask, kEnumeratedPerLine> sorted_{};
  std::array<std::uint8_t, kEnumeratedPerLine> cover_pairs_{};
  std::array<int, kMaxPairsPerCover> by_pairs_{};
  std::array<Line, kMaxLines> line_{};
  std::array<Mask, Board::kMaxCells> pair_{};
  std::array<int, Board::kMaxCells> owner_{};
  int covers_used_ = 0, lines_ = 0, pairs_ = 0, max_pairs_ = 0;
  Mask seen_ = 0;
  Mask cells_ = 0;
  int budget_ = 0;
};

}  // namespace tictac
