// The worked example of docs/extending.md, "A strategy": negamax alpha-beta
// over the legal moves in index order (every empty cell; on a gravity board
// the lowest empty cell of each column that is not full), flat scores
// (+1 / 0 / -1), fail-soft, no table.  It is a second, independent implementation of what
// `alphabeta:order=index` does, so the two must visit the same nodes.
//
// Registered only in the test binary (tests/registry/test_example_strategy.cpp),
// which checks it against the exact solver and runs
// tests/registry/example.toml with it, so the page's example cannot rot.
#pragma once

#include <algorithm>
#include <bit>

#include "algorithms/game/rules.hpp"
#include "algorithms/search/search_result.hpp"

namespace tictac {

template <class Stats>
class ExampleAlphaBeta {
 public:
  explicit ExampleAlphaBeta(const Board& board) : board_(board) {}

  SearchResult search(const Position& root, Stats& stats) {
    SearchResult r;
    r.score = visit(root, -2, 2, stats, &r.best_move);
    r.value = root.to_move() == Side::X ? r.score : -r.score;
    return r;
  }

 private:
  // The score of p for the side to move: the exact score when it lies in
  // (alpha, beta), else a bound on the same side (fail-soft).  Every call is
  // a node (statistics.hpp): node() comes first.
  int visit(const Position& p, int alpha, int beta, Stats& stats, int* best_move) {
    stats.node(p.ply(), p);
    if (const Result r = result(board_, p); r != Result::ongoing) {
      stats.terminal();
      return r == Result::draw ? 0 : -1;  // the side that moved last won
    }
    int best = -2, tried = 0;
    for (Mask e = p.legal_moves(board_); e; e &= e - 1, ++tried) {
      const int cell = std::countr_zero(e);
      Position q = p;
      q.play(cell, p.to_move());
      const int v = -visit(q, -beta, -std::max(alpha, best), stats, nullptr);
      if (v > best) {
        best = v;
        if (best_move) *best_move = cell;
      }
      if (best >= beta) {
        stats.cutoff(tried);
        stats.pruned(p, e & (e - 1));  // the moves after this one
        break;
      }
    }
    return best;
  }

  const Board& board_;
};

}  // namespace tictac
