// Negamax with a memo (seed 000): +1 / 0 / -1 from the side to move's view,
// with every solved position remembered.
//
// Conventions that decide the node count (seed 000's, so that keys=canonical
// reproduces its 2,271 nodes and 627 memo entries on the empty 3x3 board):
//   - every entry is a node (statistics.hpp), memo hits included;
//   - a finished position is recognised on entry, BEFORE the memo lookup,
//     and finished positions are never stored;
//   - moves in index order; no pruning;
//   - keys=exact: the memo is keyed by the position; keys=canonical: by its
//     canonical form (symmetry.hpp).  The side to move is implied by the
//     stones, as in seed 000's (canonical, side) key.
// The best move is the first move in index order with the best score; it is
// found by searching the root's children, since the root itself is never in
// a fresh memo.
#pragma once

#include "memo.hpp"
#include "rules.hpp"
#include "scoring.hpp"
#include "search_result.hpp"
#include "symmetric_images.hpp"

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
      score = visit<true>(p, s, root.ply(), -1, stats, &r.best_move);
    }
    r.score = score;
    r.value = s == Side::X ? score : -score;
    if constexpr (Stats::enabled) stats.s.memo_entries = memo_.size();
    return r;
  }

 private:
  template <bool Root>
  int visit(Position& p, Side s, int ply, int last, Stats& stats, int* best_move) {
    stats.node(ply, p);
    if (int score; !Root && finished_on_entry(board_, p, s, ply, last, Scoring{false, board_.cells()}, stats, score))
      return score;
    const Position key = canonical_ ? images_.canonical() : p;
    if (!Root) {
      if (const int* v = memo_.find(key)) {
        stats.memo_hit(p);
        return *v;
      }
    }
    int best = -2;
    for (Mask e = p.empty(board_); e; e &= e - 1) {
      const int cell = std::countr_zero(e);
      p.play(cell, s);
      if (canonical_) images_.toggle(cell, s);
      const int v = -visit<false>(p, other(s), ply + 1, cell, stats, nullptr);
      if (canonical_) images_.toggle(cell, s);
      p.undo(cell, s);
      if (v > best) {
        best = v;
        if (Root) *best_move = cell;
      }
    }
    memo_.insert(key, best);
    return best;
  }

  const Board& board_;
  SymmetricImages images_;
  bool canonical_;
  Memo memo_;
};

}  // namespace tictac
