// Negamax (seed 000's baseline): minimax in negamax form, each node scored
// from the side to move's view, +1 / 0 / -1, over the whole tree.
//
// Conventions that decide the node count: as minimax.hpp (every entry is a
// node, no pruning, no table, index order, finished positions recognised on
// entry), so both give 549,946 from the empty 3x3 board.  The best move is
// the first move in index order with the best score.
#pragma once

#include "rules.hpp"
#include "scoring.hpp"
#include "search_result.hpp"

namespace tictac {

template <class Stats>
class Negamax {
 public:
  explicit Negamax(const Board& board) : board_(board) {}

  SearchResult search(const Position& root, Stats& stats) {
    SearchResult r;
    Position p = root;
    const Side s = root.to_move();
    const Result res = result(board_, root);
    int score;
    if (res != Result::ongoing) {
      stats.node(root.ply(), root);
      stats.terminal();
      score = res == Result::draw ? 0 : -1;  // a finished game was won by the side that moved last
    } else {
      score = visit<true>(p, s, root.ply(), -1, stats, &r.best_move);
    }
    r.score = score;
    r.value = s == Side::X ? score : -score;
    return r;
  }

 private:
  template <bool Root>
  int visit(Position& p, Side s, int ply, int last, Stats& stats, int* best_move) {
    stats.node(ply, p);
    if (int score; !Root && finished_on_entry(board_, p, s, ply, last, Scoring{false, board_.cells()}, stats, score))
      return score;
    int best = -2;
    for (Mask e = p.empty(board_); e; e &= e - 1) {
      const int cell = std::countr_zero(e);
      p.play(cell, s);
      const int v = -visit<false>(p, other(s), ply + 1, cell, stats, nullptr);
      p.undo(cell, s);
      if (v > best) {
        best = v;
        if (Root) *best_move = cell;
      }
    }
    return best;
  }

  const Board& board_;
};

}  // namespace tictac
