// The depth-limited alpha-beta player: negamax with alpha-beta, a
// transposition table and iterative deepening, cut at a depth or by a
// budget of nodes per move, scoring the positions at its horizon with an
// evaluation function (eval/evaluation.hpp), a template parameter.
//
// A NODE is one entry into the search function for a position, as
// everywhere in the project (algorithms/search/statistics.hpp): the root,
// finished positions, horizon positions and table-answered positions
// included; summed over every iteration of the deepening.
//
// Scores, from the side to move's view: a game won with the stone of ply t
// scores kWinScore + (cells + 1 - t) for the winner and its negation for
// the loser, a draw 0, a horizon position its evaluation, clamped into
// [-kEvalLimit, kEvalLimit].  So a win found by the search outranks any
// evaluation, a sooner win outranks a later one, and every score depends on
// the position only (valid in the table).
//
// The search: iterative deepening from depth 1 to the depth option (capped
// at the empty cells, where the search is exact); each iteration is a
// fail-soft alpha-beta over the full window, the table's move first, then
// the cells in static order (most windows through the cell first; on
// gravity boards by column, centre first).  The table (TranspositionTable,
// always-replace, allocated once when the player is made) keeps its entries
// across the iterations of one move and is emptied at the start of each
// move; an entry answers a node only when it was searched at least as deep.
// A node budget stops the deepening: the iteration under way when the
// node count reaches the budget is dropped, and the move of the last
// finished iteration is played (the first iteration always finishes).  A
// stop flag (the harness's time budget), read every 1,024 nodes, stops it
// the same way, and the move says so (PlayerMove::stopped: it may vary from
// run to run).  The
// move of an iteration is the first move (in the order tried) with the best
// score; a finished iteration that found a forced win ends the deepening
// (it found the fastest win: every shorter one was within its depth).
#pragma once

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdint>
#include <memory>

#include "algorithms/game/rules.hpp"
#include "algorithms/players/eval/evaluation.hpp"
#include "algorithms/players/player.hpp"
#include "algorithms/tables/tt.hpp"
#include "algorithms/tables/zobrist.hpp"

namespace tictac {

struct AlphaBetaPlayerOptions {
  int depth = 4;              // plies searched below the root (capped at the empty cells)
  std::uint64_t nodes = 0;    // the budget of nodes per move; 0: none
  int tt_bits = 16;           // the table holds 2^tt_bits entries (0: no table)
};

template <class Stats, class Eval>
class AlphaBetaPlayer {
 public:
  static constexpr int kInf = 32000;

  AlphaBetaPlayer(const Board& board, const AlphaBetaPlayerOptions& options)
      : board_(board), opt_(options), eval_(board) {
    if (opt_.tt_bits > 0) tt_ = std::make_unique<TranspositionTable>(opt_.tt_bits, Replacement::always);
    // The static order: the cells by the number of windows through them,
    // most first, ties by index; on gravity boards by column, centre first
    // (a legal move's cell is in its column, so the order of cells by their
    // column's rank is the order of the drops).
    std::array<int, Board::kMaxCells> rank{};
    for (int c = 0; c < board.cells(); ++c) {
      order_[c] = static_cast<std::int8_t>(c);
      if (board.move_is_a_column()) {
        const int twice = 2 * board.col_of(c) - (board.cols() - 1);  // distance from the centre, doubled
        rank[c] = -(2 * (twice < 0 ? -twice : twice) + (twice > 0));
      } else {
        rank[c] = static_cast<int>(board.windows_through(c).size());
      }
    }
    std::stable_sort(order_.begin(), order_.begin() + board.cells(), [&](int a, int b) { return rank[a] > rank[b]; });
  }

  // `stop`, when given, ends the deepening once it is set (see above).
  PlayerMove choose(const Position& root, Stats& stats, const std::atomic<bool>* stop = nullptr) {
    PlayerMove out;
    if (result(board_, root) != Result::ongoing) return out;
    if (tt_) tt_->clear();
    nodes_ = 0;
    stopped_ = false;
    by_time_ = false;
    stop_ = stop;
    check_at_ = opt_.nodes ? opt_.nodes : UINT64_MAX;
    if (stop_) check_at_ = std::min<std::uint64_t>(check_at_, kPollNodes);
    const int empties = board_.cells() - root.ply();
    const int max_depth = std::clamp(opt_.depth, 1, empties);
    const Key key = zobrist_.key(root);
    for (int depth = 1; depth <= max_depth; ++depth) {
      Position p = root;
      int move = -1;
      const int score = visit<true>(p, root.to_move(), root.ply(), -1, depth, -kInf, kInf, key, stats, &move);
      if (stopped_) break;  // this iteration is dropped
      out.move = move;
      stats.depth_reached(depth);
      if (score > kEvalLimit) break;  // a forced win, the fastest within this depth: deeper changes nothing
    }
    out.stopped = by_time_;
    if constexpr (Stats::enabled) {
      out.stats.search = stats.result();
      out.stats.depth_reached = stats.depth;
      if (tt_) {
        out.stats.search.tt_capacity = tt_->capacity();
        out.stats.search.table_bytes = tt_->bytes();
        out.stats.search.tt_occupancy = tt_->occupancy();
      }
    }
    return out;
  }

 private:
  int win(int ply) const { return kWinScore + board_.cells() + 1 - ply; }

  template <bool Root>
  int visit(Position& p, Side s, int ply, int last, int depth, int alpha, int beta, Key key, Stats& stats, int* best_move) {
    stats.node(ply, p);
    ++nodes_;
    if (!Root) {
      // The budget stops the search at a node; the first iteration (depth 1
      // at the root) always finishes.
      if (nodes_ > check_at_ && out_of_budget()) [[unlikely]] {
        stopped_ = true;
        return 0;
      }
      if (board_.wins_through(p.stones(other(s)), last)) {
        stats.terminal();
        return -win(ply);
      }
      if (ply == board_.cells()) {
        stats.terminal();
        return 0;
      }
      if (depth == 0) return eval_(p, s);
    } else {
      depth_of_iteration_ = depth;
    }
    int tt_move = -1;
    const int alpha_in = alpha;
    if (tt_) {
      if (const auto* e = tt_->template probe<Replacement::always>(key, p, stats)) {
        tt_move = e->move;
        if (!Root && e->depth >= depth) {
          const int v = e->score;
          if (e->bound == Bound::exact || (e->bound == Bound::lower && v >= beta) ||
              (e->bound == Bound::upper && v <= alpha)) {
            stats.tt_hit_cutoff(p);
            return v;
          }
        }
      }
    }
    const Mask legal = board_.legal_moves(p.occupied());
    std::int8_t moves[Board::kMaxCells];
    int n = 0;
    if (tt_move >= 0 && (legal >> tt_move & 1)) moves[n++] = static_cast<std::int8_t>(tt_move);
    for (int i = 0; i < board_.cells(); ++i) {
      const int c = order_[i];
      if ((legal >> c & 1) && c != tt_move) moves[n++] = static_cast<std::int8_t>(c);
    }
    int best = -kInf, best_cell = -1;
    for (int i = 0; i < n; ++i) {
      const int m = moves[i];
      p.play(m, s);
      const int v = -visit<false>(p, other(s), ply + 1, m, depth - 1, -beta, -alpha, zobrist_.step(key, s, m), stats, nullptr);
      p.undo(m, s);
      if (stopped_) return 0;
      if (v > best) {
        best = v;
        best_cell = m;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) {
            stats.cutoff(i);
            break;
          }
        }
      }
    }
    if (Root) *best_move = best_cell;
    if (tt_) {
      const Bound bound = best <= alpha_in ? Bound::upper : best >= beta ? Bound::lower : Bound::exact;
      tt_->template store<Replacement::always>(key, best, bound, best_cell, depth, stats);
    }
    return best;
  }

  // Called when the node count passes check_at_: whether the budget (of
  // nodes, or the stop flag) ends the iteration under way; else the next
  // node count to look again at.
  [[gnu::noinline]] bool out_of_budget() {
    const bool nodes_spent = opt_.nodes && nodes_ > opt_.nodes;
    if (depth_of_iteration_ > 1) {
      if (nodes_spent) return true;
      if (stop_ && stop_->load(std::memory_order_relaxed)) return by_time_ = true;
    }
    check_at_ = nodes_spent ? nodes_ : std::min(nodes_ + kPollNodes, opt_.nodes ? opt_.nodes : UINT64_MAX);
    return false;
  }

  static constexpr std::uint64_t kPollNodes = 1024;

  const Board& board_;
  AlphaBetaPlayerOptions opt_;
  Eval eval_;
  Zobrist zobrist_;
  std::unique_ptr<TranspositionTable> tt_;
  std::array<std::int8_t, Board::kMaxCells> order_{};
  std::uint64_t nodes_ = 0;
  int depth_of_iteration_ = 1;
  bool stopped_ = false;
  bool by_time_ = false;
  const std::atomic<bool>* stop_ = nullptr;
  std::uint64_t check_at_ = UINT64_MAX;  // the node count past which the budget is looked at
};

}  // namespace tictac
