// How a search scores a finished game, from the side to move's view.
//
//   flat   a win is +1, a loss -1, a draw 0.
//   depth  a game won with the stone of ply t (t stones on the board at the
//          end) scores cells + 1 - t for the winner and -(cells + 1 - t) for
//          the loser; a draw scores 0.  So a win scores higher the sooner it
//          comes and a loss is put off as long as possible.  This is seed
//          004's "10 - depth" made right for any board: the score depends on
//          the position only (not on where the search started), which keeps
//          it valid in a transposition table, and every win scores >= 1.
#pragma once

#include <stdexcept>
#include <string>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/game/rules.hpp"

namespace tictac {

// The check of the searches that take the board's gravity as a template
// parameter (Board::legal_moves<Gravity>): the registry instantiates them
// per board, and a mismatch is a programming error.
template <bool Gravity>
void require_gravity(const Board& b, const char* search) {
  if (b.stone_opens_cell_above() != Gravity)
    throw std::logic_error(std::string(search) + ": built for a board " + (Gravity ? "with" : "without") +
                           " gravity, given " + b.name());
}

struct Scoring {
  bool depth = false;
  int cells = 9;

  // The score of the side to move when the opponent has just completed a
  // line with the stone of ply `ply`.
  int loss(int ply) const { return depth ? -(cells + 1 - ply) : -1; }
  // The largest score any position can have (a win on the first move).
  int max() const { return depth ? cells : 1; }
};

// The finished-position check that the full-depth searches make on each
// child, in the parent, just after `mover` played `cell` (so `child` is the
// position after the move and `ply` its ply): when that stone completed a
// line, or filled the board, the child is a finished node.  It is reported
// to the statistics as a node and a terminal node (statistics.hpp's
// finished_child, batched in `batch`; the parent calls finished_children
// after its move loop), `score` is set from the child's side to move's
// view, and the function returns true.  Checking in the parent costs no
// call for the finished children, about half of all nodes in a full tree,
// and changes no count.
//
// Always inlined: it is the inner loop of the full-depth searches, and left
// to itself the compiler stopped inlining it into minimax-depth's counting
// search once more strategies shared it (1.5x the instructions).
template <class Stats>
[[gnu::always_inline]] inline bool finished_child(const Board& b, const Position& child, Side mover, int cell, int ply,
                                                  const Scoring& scoring, Stats& stats, std::uint64_t& batch,
                                                  int& score) {
  if (b.wins_through(child.stones(mover), cell)) {
    stats.finished_child(ply, child, batch);
    score = scoring.loss(ply);
    return true;
  }
  if (ply == b.cells()) {
    stats.finished_child(ply, child, batch);
    score = 0;
    return true;
  }
  return false;
}

// The prologue of every search on its root, written once: when the root is
// finished it is counted as a node and a terminal node, `score` is set from
// the side to move's view (0 for a draw; otherwise the side to move has lost
// to the stone of ply root.ply(), scoring.loss()), and the function returns
// true.  The root must be legal (rules.hpp), so a finished game was won by
// the side that moved last.
template <class Stats>
bool finished_root(const Board& b, const Position& root, const Scoring& scoring, Stats& stats, int& score) {
  const Result res = result(b, root);
  if (res == Result::ongoing) return false;
  stats.node(root.ply(), root);
  stats.terminal();
  score = res == Result::draw ? 0 : scoring.loss(root.ply());
  return true;
}

// The game value (+1, 0, -1) of a score, from the same side's view.
inline int sign_of(int score) { return (score > 0) - (score < 0); }

}  // namespace tictac
