// Plain minimax (seed 004): X maximises, O minimises, over the whole tree.
//
// Conventions that decide the node count:
//   - every position searched is a node (statistics.hpp), the root and
//     finished positions included; 549,946 from the empty 3x3 board;
//   - no pruning and no table: every child of every unfinished position is
//     searched, in index order; the children are the legal moves
//     (Position::legal_moves: every empty cell, or on a gravity board the
//     lowest empty cell of each column that is not full), so nothing needs
//     switching off under gravity;
//   - a finished position is recognised by a line through the last stone
//     played, or a full board; the parent checks it (scoring.hpp's
//     finished_child) and counts it without a call.
// Scores are from X's view.  DepthScore = false: +1 / 0 / -1 ("minimax").
// DepthScore = true ("minimax-depth"): scoring.hpp's depth score, so a win
// scores more the sooner it comes and a loss is put off as long as possible.
// The best move is the first move (in index order) with the best score.
#pragma once

#include "algorithms/search/scoring.hpp"
#include "algorithms/search/search_result.hpp"

namespace tictac {

template <class Stats, bool DepthScore, bool Gravity = false>
class Minimax {
 public:
  // Throws std::logic_error when the board's gravity is not Gravity.
  explicit Minimax(const Board& board) : board_(board), scoring_{DepthScore, board.cells()} {
    require_gravity<Gravity>(board, "Minimax");
  }

  SearchResult search(const Position& root, Stats& stats) {
    SearchResult r;
    const int sign = root.to_move() == Side::X ? 1 : -1;
    int best_move = -1;
    int score;  // X's view
    if (finished_root(board_, root, scoring_, stats, score))
      score *= sign;
    else
      score = root.to_move() == Side::X ? visit_body<true, Side::X>(root, root.ply(), stats, &best_move)
                                        : visit_body<true, Side::O>(root, root.ply(), stats, &best_move);
    r.value = sign_of(score);
    r.score = sign * score;  // side to move's view
    r.best_move = best_move;
    return r;
  }

 private:
  static constexpr int kInlinedPlies = 3;
  // X's score of p, which is not finished, with S to move.  The position
  // goes by value and the side as a template argument, so neither lives in
  // memory or costs a branch in the loop.
  //
  // kInlinedPlies plies per call: visit() is a call, and it inlines copies
  // of itself for the next plies, whose children are calls again.  The
  // counting and the statistics-free builds get the same shape this way;
  // left to itself the compiler inlines the recursion in one and not the
  // other (measured in bench/: 3 plies is the fastest for both).
  template <bool Root, Side S, int Level = 0>
  [[gnu::always_inline]] inline int visit_body(const Position p, int ply, Stats& stats, int* best_move) {
    stats.node(ply, p);
    constexpr bool max = S == Side::X;
    int best = max ? -1000 : 1000;
    std::uint64_t finished = 0;  // finished children, counted in a register
    for (Mask e = board_.legal_moves<Gravity>(p.occupied()); e; e &= e - 1) {
      const int cell = std::countr_zero(e);
      Position q = p;
      q.play(cell, S);
      int v;
      // A Scoring built here, not the member: its depth flag is then a
      // compile-time constant (and no counter update can alias it).
      if (finished_child(board_, q, S, cell, ply + 1, Scoring{DepthScore, board_.cells()}, stats, finished, v))
        v = max ? -v : v;  // from the child's side to move (O when X moved) to X's view
      else
        if constexpr (Level + 1 < kInlinedPlies)
          v = visit_body<false, other(S), Level + 1>(q, ply + 1, stats, nullptr);
        else
          v = visit<false, other(S)>(q, ply + 1, stats, nullptr);
      if (max ? v > best : v < best) {
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
  Scoring scoring_;
};

}  // namespace tictac
