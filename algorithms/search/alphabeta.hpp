// Negamax alpha-beta, with the options the harness compares: move ordering
// (move_order.hpp), root window, fail-soft or fail-hard, flat or depth
// scores (scoring.hpp), a transposition table (tt.hpp) keyed by exact or
// canonical Zobrist keys, and iterative deepening.  With Scout = true the
// same search is principal variation search (NegaScout): the first move of
// a node gets the node's window, the others a null window (alpha, alpha+1)
// and a re-search with (alpha, beta) when they land strictly inside it.
//
// Conventions that decide the node count:
//   - every entry into visit() is a node (statistics.hpp): the root,
//     finished positions, horizon positions and table hits included;
//   - a finished position is recognised on entry (a line through the last
//     stone, or a full board), before the table is probed;
//   - window: `full` searches the root with (-inf, +inf); `narrow` with
//     (-max, +max), the extreme scores a game can have (+-1 flat; +-cells
//     depth-scored), which is still exact and cuts as soon as a win is found;
//   - fail-soft returns the best score found even outside (alpha, beta);
//     fail-hard clamps every return value into [alpha, beta];
//   - a cutoff is a move whose score reaches beta; the moves after it are
//     not searched (reported to the statistics as pruned);
//   - the table is probed on entry to every unfinished position with depth
//     left, after the finished-position check; at the root the table move is
//     used for ordering but the root is always searched, so that it returns
//     a move; an entry answers a node only if it was computed with at least
//     the depth now needed; stores happen after the node is searched, with
//     bound upper when the score is <= alpha (after any narrowing by a table
//     bound), lower when >= beta, exact otherwise;
//   - the table starts empty at every search (generation bump), so each
//     search's counts are independent of the previous ones;
//   - iterative deepening searches the root at depth 1, 2, ..., empties and
//     counts every iteration's nodes; positions at the horizon score 0; only
//     the last iteration, at full depth, decides the value and move.
// The best move is the first move (in the ordering) whose score beat every
// earlier one at the root; fail-low moves never replace it, so it is an
// optimal move whenever the root window contains the value.
#pragma once

#include <algorithm>
#include <memory>

#include "algorithms/search/move_order.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/search/scoring.hpp"
#include "algorithms/search/search_result.hpp"
#include "algorithms/game/symmetry.hpp"
#include "algorithms/tables/tt.hpp"
#include "algorithms/tables/zobrist.hpp"

namespace tictac {

struct AlphaBetaOptions {
  OrderSpec order;
  bool narrow_window = false;
  bool fail_hard = false;
  bool depth_score = false;
  bool tt = false;
  bool canonical_keys = false;
  int tt_bits = 0;  // 0: sized to the board (default_tt_bits)
  Replacement replace = Replacement::always;
  std::uint64_t seed = 1;
  bool iterative = false;
};

// A table about the size of the reachable state space, so that allocating
// it does not cost more than the search: 2^13 entries (128 KiB) for 3x3,
// 2^16 up to 12 cells, 2^20 (16 MiB) up to 16 cells, 2^22 above.
inline int default_tt_bits(const Board& b) {
  return b.cells() <= 9 ? 13 : b.cells() <= 12 ? 16 : b.cells() <= 16 ? 20 : 22;
}

template <class Stats, bool Scout>
class AlphaBetaSearch {
 public:
  static constexpr int kInf = 10000;

  AlphaBetaSearch(const Board& board, const AlphaBetaOptions& options, const ExactSolution* exact)
      : board_(board),
        opt_(options),
        scoring_{options.depth_score, board.cells()},
        order_(board, options.order, options.seed, exact),
        group_(board) {
    if (opt_.tt)
      tt_ = std::make_unique<TranspositionTable>(opt_.tt_bits ? opt_.tt_bits : default_tt_bits(board), opt_.replace);
    for (int g = 0; g < group_.size(); ++g) inverse_[g] = group_.inverse(g);
  }

  SearchResult search(const Position& root, Stats& stats) {
    begin();
    const int empties = board_.cells() - root.ply();
    int best_move = -1, score = 0;
    if (finished(root, stats, score)) return finish(root, score, -1, stats);
    const int lo = opt_.narrow_window ? -scoring_.max() : -kInf;
    const int hi = opt_.narrow_window ? scoring_.max() : kInf;
    for (int depth = opt_.iterative ? 1 : empties; depth <= empties; ++depth)
      score = root_search(root, lo, hi, depth, best_move, stats);
    return finish(root, score, best_move, stats);
  }

  // The pieces of search(), for drivers such as MTD(f).
  void begin() {
    if (tt_) tt_->clear();
    order_.reset();
  }
  // Counts the root as a node and returns true when it is finished.
  bool finished(const Position& root, Stats& stats, int& score) {
    const Result res = result(board_, root);
    if (res == Result::ongoing) return false;
    stats.node(root.ply(), root);
    stats.terminal();
    score = res == Result::draw ? 0 : scoring_.loss(root.ply());
    return true;
  }
  int root_search(const Position& root, int alpha, int beta, int depth, int& best_move, Stats& stats) {
    Position p = root;
    const Key key = tt_ && !opt_.canonical_keys ? zobrist_.key(root) : 0;
    return visit<true>(p, root.to_move(), root.ply(), -1, depth, alpha, beta, key, stats, &best_move);
  }
  SearchResult finish(const Position& root, int score, int best_move, Stats& stats) {
    SearchResult r;
    r.score = score;
    r.value = root.to_move() == Side::X ? sign_of(score) : -sign_of(score);
    r.best_move = best_move;
    if constexpr (Stats::enabled) {
      if (tt_) {
        stats.s.tt_capacity = tt_->capacity();
        stats.s.table_bytes = tt_->bytes();
        stats.s.tt_occupancy = tt_->occupancy();
      }
    }
    return r;
  }
  const Scoring& scoring() const { return scoring_; }

 private:
  int clamp(int v, int alpha, int beta) const { return opt_.fail_hard ? std::clamp(v, alpha, beta) : v; }

  template <bool Root>
  int visit(Position& p, Side s, int ply, int last, int depth, int alpha, int beta, Key key, Stats& stats,
            int* best_move) {
    stats.node(ply, p);
    const int alpha_in = alpha, beta_in = beta;
    if (!Root) {
      if (board_.wins_through(p.stones(other(s)), last)) {
        stats.terminal();
        return clamp(scoring_.loss(ply), alpha_in, beta_in);
      }
      if (ply == board_.cells()) {
        stats.terminal();
        return clamp(0, alpha_in, beta_in);
      }
      if (depth == 0) return clamp(0, alpha_in, beta_in);  // horizon: unknown, scored as a draw
    }
    int tt_move = -1, symmetry = 0;
    if (tt_) {
      if (opt_.canonical_keys) {
        const auto c = group_.canonical(p);
        key = zobrist_.key(c.position);
        symmetry = c.symmetry;
      }
      if (const auto* e = tt_->probe(key, p, stats)) {
        if (e->move >= 0) tt_move = opt_.canonical_keys ? group_.map_cell(inverse_[symmetry], e->move) : e->move;
        if (!Root && e->depth >= depth) {
          const int v = e->score;
          if (e->bound == Bound::exact || (e->bound == Bound::lower && v >= beta) ||
              (e->bound == Bound::upper && v <= alpha)) {
            stats.tt_hit_cutoff(p);
            return clamp(v, alpha_in, beta_in);
          }
          if (e->bound == Bound::lower) alpha = std::max(alpha, v);
          if (e->bound == Bound::upper) beta = std::min(beta, v);
        }
      }
    }
    const int alpha0 = alpha;
    std::int8_t moves[Board::kMaxCells];
    const int n = order_.order(p, s, ply, tt_move, moves);
    int best = -kInf, best_cell = -1;
    for (int i = 0; i < n; ++i) {
      const int m = moves[i];
      const Key child_key = tt_ && !opt_.canonical_keys ? zobrist_.step(key, s, m) : 0;
      p.play(m, s);
      int v;
      if (Scout && i > 0) {
        v = -visit<false>(p, other(s), ply + 1, m, depth - 1, -alpha - 1, -alpha, child_key, stats, nullptr);
        if (v > alpha && v < beta)
          v = -visit<false>(p, other(s), ply + 1, m, depth - 1, -beta, -alpha, child_key, stats, nullptr);
      } else {
        v = -visit<false>(p, other(s), ply + 1, m, depth - 1, -beta, -alpha, child_key, stats, nullptr);
      }
      p.undo(m, s);
      if (v > best) {
        best = v;
        best_cell = m;
        if (v > alpha) {
          alpha = v;
          if (alpha >= beta) {
            stats.cutoff(i);
            if constexpr (Stats::enabled) {
              Mask rest = 0;
              for (int j = i + 1; j < n; ++j) rest |= Mask{1} << moves[j];
              if (rest) stats.pruned(p, rest);
            }
            order_.on_cutoff(s, ply, m, depth);
            break;
          }
        }
      }
    }
    if (Root) *best_move = best_cell;
    best = clamp(best, alpha0, beta);
    if (tt_) {
      const Bound bound = best <= alpha0 ? Bound::upper : best >= beta ? Bound::lower : Bound::exact;
      const int stored_move = opt_.canonical_keys ? group_.map_cell(symmetry, best_cell) : best_cell;
      tt_->store(key, best, bound, stored_move, depth, stats);
    }
    return clamp(best, alpha_in, beta_in);
  }

  const Board& board_;
  AlphaBetaOptions opt_;
  Scoring scoring_;
  MoveOrder order_;
  SymmetryGroup group_;
  Zobrist zobrist_;
  std::unique_ptr<TranspositionTable> tt_;
  int inverse_[8] = {};
};

// alphabeta: negamax alpha-beta.
template <class Stats>
using AlphaBeta = AlphaBetaSearch<Stats, false>;

}  // namespace tictac
