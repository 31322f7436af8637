// MTD(f): the value found by a sequence of null-window alpha-beta searches
// over one transposition table, each narrowing the bounds [lower, upper]
// around the guess f (starting at 0, a draw), until they meet.
//
// Conventions that decide the node count: each pass is an alphabeta.hpp
// root search with window (beta - 1, beta), and every pass's nodes count;
// the table is kept between the passes of one search (that is the point of
// MTD(f)) and starts empty at each search; with iterative deepening the
// passes run at depth 1, 2, ..., empties, each depth starting from the
// previous depth's value.  The best move is the root's cutoff move in the
// last pass that failed high (there always is one: the lower bound only
// rises by failing high), so it is optimal.
#pragma once

#include "algorithms/search/alphabeta.hpp"

namespace tictac {

template <class Stats, AlphaBetaPolicy P>
class Mtdf {
  static_assert(!P.fixed || P.keys != TableKeys::none, "MTD(f) needs its table");

 public:
  // The table is required; options.tt is forced on.
  Mtdf(const Board& board, AlphaBetaOptions options, const ExactSolution* exact)
      : board_(board), search_(board, with_table(options), exact) {}

  // The next n searches clear their tables without wiping them (the
  // tables' reserve_clears): called before timed searches, not between them.
  void reserve_searches(std::uint64_t n) { search_.reserve_searches(n); }

  SearchResult search(const Position& root, Stats& stats) {
    search_.begin();
    int g = 0, best_move = -1;
    if (search_.finished(root, stats, g)) return search_.finish(root, g, -1, stats);
    const int empties = board_.cells() - root.ply();
    for (int depth = iterative_ ? 1 : empties; depth <= empties; ++depth) {
      int lower = -Search::kInf, upper = Search::kInf;
      while (lower < upper) {
        const int beta = g == lower ? g + 1 : g;
        int move = -1;
        g = search_.root_search(root, beta - 1, beta, depth, move, stats);
        if (g < beta) {
          upper = g;
        } else {
          lower = g;
          best_move = move;
        }
      }
    }
    return search_.finish(root, g, best_move, stats);
  }

 private:
  using Search = AlphaBeta<Stats, P>;

  AlphaBetaOptions with_table(AlphaBetaOptions o) {
    o.tt = true;
    iterative_ = o.iterative;
    o.iterative = false;
    return o;
  }

  const Board& board_;
  bool iterative_ = false;
  Search search_;
};

// MTD(f) with the policy P as a template on the statistics policy alone
// (traced searches share the run-time instantiation, as alphabeta.hpp's).
template <AlphaBetaPolicy P>
struct MtdfWith {
  template <class Stats>
  using Mtdf = tictac::Mtdf<Stats, kPolicyFor<Stats, P>>;
};

}  // namespace tictac
