// Plain minimax (seed 004): X maximises, O minimises, over the whole tree.
//
// Conventions that decide the node count:
//   - every entry into visit() is a node (statistics.hpp), the root and
//     finished positions included; 549,946 from the empty 3x3 board;
//   - no pruning and no table: every child of every unfinished position is
//     searched, in index order;
//   - a finished position is recognised on entry: a line through the last
//     stone played, or a full board.
// Scores are from X's view.  DepthScore = false: +1 / 0 / -1 ("minimax").
// DepthScore = true ("minimax-depth"): scoring.hpp's depth score, so a win
// scores more the sooner it comes and a loss is put off as long as possible.
// The best move is the first move (in index order) with the best score.
#pragma once

#include "rules.hpp"
#include "scoring.hpp"
#include "search_result.hpp"

namespace tictac {

template <class Stats, bool DepthScore>
class Minimax {
 public:
  explicit Minimax(const Board& board) : board_(board), scoring_{DepthScore, board.cells()} {}

  SearchResult search(const Position& root, Stats& stats) {
    SearchResult r;
    Position p = root;
    const Result res = result(board_, root);
    const int sign = root.to_move() == Side::X ? 1 : -1;
    int best_move = -1;
    int score;
    if (res != Result::ongoing) {
      stats.node(root.ply(), root);
      stats.terminal();
      score = res == Result::draw ? 0 : (res == Result::x_wins ? 1 : -1) * -scoring_.loss(root.ply());
    } else {
      score = visit<true>(p, root.to_move(), root.ply(), -1, stats, &best_move);
    }
    r.value = sign_of(score);
    r.score = sign * score;  // side to move's view
    r.best_move = best_move;
    return r;
  }

 private:
  // X's score of p, where `last` is the cell just played (-1 at the root,
  // whose finished-ness was checked by the caller).
  template <bool Root>
  int visit(Position& p, Side s, int ply, int last, Stats& stats, int* best_move) {
    stats.node(ply, p);
    if (int score; !Root && finished_on_entry(board_, p, s, ply, last, scoring_, stats, score))
      return s == Side::X ? score : -score;  // X's view
    const bool max = s == Side::X;
    int best = max ? -1000 : 1000;
    for (Mask e = p.empty(board_); e; e &= e - 1) {
      const int cell = std::countr_zero(e);
      p.play(cell, s);
      const int v = visit<false>(p, other(s), ply + 1, cell, stats, nullptr);
      p.undo(cell, s);
      if (max ? v > best : v < best) {
        best = v;
        if (Root) *best_move = cell;
      }
    }
    return best;
  }

  const Board& board_;
  Scoring scoring_;
};

}  // namespace tictac
