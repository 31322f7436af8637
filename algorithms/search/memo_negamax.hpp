// Negamax with a memo (seed 000): +1 / 0 / -1 from the side to move's view,
// with every solved position remembered.
//
// Conventions that decide the node count (seed 000's, so that keys=canonical
// reproduces its 2,271 nodes and 627 memo entries on the empty 3x3 board):
//   - every entry is a node (statistics.hpp), memo hits included;
//   - a finished position is recognised (by its parent, scoring.hpp's
//     finished_child) BEFORE any memo lookup, and is never stored;
//   - moves in index order; no pruning;
//   - keys=exact: the memo is keyed by the position; keys=canonical: by its
//     canonical form (symmetry.hpp).  The side to move is implied by the
//     stones, as in seed 000's (canonical, side) key.
// The best move is the first move in index order with the best score; it is
// found by searching the root's children, since the root itself is never in
// a fresh memo.
#pragma once

#include "algorithms/tables/memo.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/search/scoring.hpp"
#include "algorithms/search/search_result.hpp"
#include "algorithms/game/symmetric_images.hpp"

namespace tictac {

template <class Stats>
class MemoNegamax {
 public:
  MemoNegamax(const Board& board, bool canonical_keys)
      : board_(board), images_(board), canonical_(canonical_keys), memo_(board.cells() <= 9 ? 11 : 16) {}

  SearchResult search(const Position& root, Stats& stats) {
    memo_.clear();
    if (canonical_) images_.set(root);
    SearchResult r;
    Position p = root;
    const Side s = root.to_move();
    const Result res = result(board_, root);
    int score;
    if (res != Result::ongoing) {
      stats.node(root.ply(), root);
      stats.terminal();
      score = res == Result::draw ? 0 : -1;
    } else {
      score = visit<true>(p, s, root.ply(), stats, &r.best_move);
    }
    r.score = score;
    r.value = s == Side::X ? score : -score;
    if constexpr (Stats::enabled) {
      stats.s.memo_entries = memo_.size();
      stats.s.table_bytes = memo_.bytes();
    }
    return r;
  }

 private:
  // The score of p, which is not finished, from the side to move's view.
  template <bool Root>
  int visit(Position& p, Side s, int ply, Stats& stats, int* best_move) {
    stats.node(ply, p);
    const Position key = canonical_ ? images_.canonical() : p;
    if (!Root) {
      if (const int* v = memo_.find(key)) {
        stats.memo_hit(p);
        return *v;
      }
    }
    int best = -2;
    std::uint64_t finished = 0;  // finished children, counted in a register
    for (Mask e = p.empty(board_); e; e &= e - 1) {
      const int cell = std::countr_zero(e);
      p.play(cell, s);
      int v;
      if (finished_child(board_, p, s, cell, ply + 1, Scoring{false, board_.cells()}, stats, finished, v)) {
        v = -v;
      } else {
        if (canonical_) images_.toggle(cell, s);
        v = -visit<false>(p, other(s), ply + 1, stats, nullptr);
        if (canonical_) images_.toggle(cell, s);
      }
      p.undo(cell, s);
      if (v > best) {
        best = v;
        if (Root) *best_move = cell;
      }
    }
    stats.finished_children(ply + 1, finished);
    memo_.insert(key, best);
    return best;
  }

  const Board& board_;
  SymmetricImages images_;
  bool canonical_;
  Memo memo_;
};

}  // namespace tictac
