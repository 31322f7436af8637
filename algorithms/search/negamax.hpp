// Negamax (seed 000's baseline): minimax in negamax form, each node scored
// from the side to move's view, +1 / 0 / -1, over the whole tree.
//
// Conventions that decide the node count: as minimax.hpp (every position
// searched is a node, finished ones included; no pruning, no table, index
// order, over the legal moves, so gravity boards need nothing switched off),
// so both give 549,946 from the empty 3x3 board.  The best move is
// the first move in index order with the best score.
#pragma once

#include "algorithms/search/scoring.hpp"
#include "algorithms/search/search_result.hpp"

namespace tictac {

template <class Stats, bool Gravity = false>
class Negamax {
 public:
  // Throws std::logic_error when the board's gravity is not Gravity.
  explicit Negamax(const Board& board) : board_(board) { require_gravity<Gravity>(board, "Negamax"); }

  SearchResult search(const Position& root, Stats& stats) {
    SearchResult r;
    const Side s = root.to_move();
    int score;
    if (!finished_root(board_, root, Scoring{false, board_.cells()}, stats, score))
      score = s == Side::X ? visit_body<true, Side::X>(root, root.ply(), stats, &r.best_move)
                           : visit_body<true, Side::O>(root, root.ply(), stats, &r.best_move);
    r.score = score;
    r.value = s == Side::X ? score : -score;
    return r;
  }

 private:
  static constexpr int kInlinedPlies = 3;
  // The score of p, which is not finished, from the side to move's (S's)
  // view.  The position goes by value and the side as a template argument,
  // so neither lives in memory or costs a branch in the loop.
  //
  // kInlinedPlies plies per call, as in minimax.hpp.
  template <bool Root, Side S, int Level = 0>
  [[gnu::always_inline]] inline int visit_body(const Position p, int ply, Stats& stats, int* best_move) {
    stats.node(ply, p);
    int best = -2;
    std::uint64_t finished = 0;  // finished children, counted in a register
    for (Mask e = board_.legal_moves<Gravity>(p.occupied()); e; e &= e - 1) {
      const int cell = std::countr_zero(e);
      Position q = p;
      q.play(cell, S);
      int v;
      if (finished_child(board_, q, S, cell, ply + 1, Scoring{false, board_.cells()}, stats, finished, v))
        v = -v;
      else
        if constexpr (Level + 1 < kInlinedPlies)
          v = -visit_body<false, other(S), Level + 1>(q, ply + 1, stats, nullptr);
        else
          v = -visit<false, other(S)>(q, ply + 1, stats, nullptr);
      if (v > best) {
        best = v;
        if (Root) *best_move = cell;
      }
    }
    stats.finished_children(ply + 1, finished);
    return best;
  }
  template <bool Root, Side S>
  [[gnu::noinline]] int visit(const Position p, int ply, Stats& stats, int* best_move) {
    return visit_body<Root, S>(p, ply, stats, best_move);
  }

  const Board& board_;
};

}  // namespace tictac
