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
//
// `depth` is always the number of plies left to search below a node (the
// horizon is depth 0); `ply` is the number of stones on the board.
//
// The options tested at every node (which keys the table has, if any, its
// replacement scheme, and fail-hard clamping) are the compile-time
// AlphaBetaPolicy (policy.hpp); the registry picks it from the options once.
// Whatever P, the code is the same: the switches below read a constant or
// an option, so the run-time instantiation searches the same tree.
#pragma once

#include <algorithm>
#include <array>
#include <memory>
#include <stdexcept>
#include <type_traits>

#include "algorithms/game/symmetry.hpp"
#include "algorithms/search/move_order.hpp"
#include "algorithms/search/policy.hpp"
#include "algorithms/search/scoring.hpp"
#include "algorithms/search/search_result.hpp"
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

// The keys of the transposition table: none (no table), the position's
// Zobrist key, or its canonical form's.
enum class TableKeys : std::uint8_t { none, exact, canonical };

// What an alpha-beta search tests at every node, as a compile-time value.
// With `fixed` the switches are constants of the instantiation; without,
// the one instantiation that reads them from the options at run time
// (kRunTimePolicy).
struct AlphaBetaPolicy {
  bool fixed = true;
  TableKeys keys = TableKeys::none;
  Replacement replace = Replacement::always;  // always, when there is no table
  bool fail_hard = false;

  friend constexpr bool operator==(const AlphaBetaPolicy&, const AlphaBetaPolicy&) = default;
};

inline constexpr AlphaBetaPolicy kRunTimePolicy{false};

constexpr AlphaBetaPolicy fixed_policy(const AlphaBetaOptions& o) {
  if (!o.tt) return {true, TableKeys::none, Replacement::always, o.fail_hard};
  return {true, o.canonical_keys ? TableKeys::canonical : TableKeys::exact, o.replace, o.fail_hard};
}

// The policies with instantiations of their own: fail-soft with no table
// and with each keys and scheme (every experiment's), and fail-hard
// without a table (the golden file's); then kRunTimePolicy for the rest
// (fail-hard with a table).  Each entry is one more instantiation per
// statistics policy and per algorithm: keep the list short.
inline constexpr auto kAlphaBetaPolicies = [] {
  std::array<AlphaBetaPolicy, 9> all{};
  std::size_t n = 0;
  all[n++] = {true, TableKeys::none, Replacement::always, false};
  for (TableKeys k : {TableKeys::exact, TableKeys::canonical})
    for (Replacement r : {Replacement::always, Replacement::depth, Replacement::two_tier})
      all[n++] = {true, k, r, false};
  all[n++] = {true, TableKeys::none, Replacement::always, true};
  all[n++] = kRunTimePolicy;
  return all;
}();

// The policy options are searched with: their own when specialised,
// kRunTimePolicy otherwise.
constexpr AlphaBetaPolicy policy_of(const AlphaBetaOptions& o) {
  const AlphaBetaPolicy p = fixed_policy(o);
  for (const AlphaBetaPolicy& q : kAlphaBetaPolicies)
    if (q == p) return p;
  return kRunTimePolicy;
}

// A table about the size of the reachable state space, so that allocating
// it does not cost more than the search: 2^13 entries (128 KiB) for 3x3,
// 2^16 up to 12 cells, 2^20 (16 MiB) up to 16 cells, 2^22 above.
inline int default_tt_bits(const Board& b) {
  return b.cells() <= 9 ? 13 : b.cells() <= 12 ? 16 : b.cells() <= 16 ? 20 : 22;
}

template <class Stats, bool Scout, AlphaBetaPolicy P>
class AlphaBetaSearch {
 public:
  static constexpr int kInf = 10000;

  // Throws std::logic_error when P is fixed and the options do not have it.
  AlphaBetaSearch(const Board& board, const AlphaBetaOptions& options, const ExactSolution* exact)
      : board_(board),
        opt_(options),
        scoring_{options.depth_score, board.cells()},
        order_(board, options.order, options.seed, exact),
        group_(board) {
    if (P.fixed && fixed_policy(options) != P)
      throw std::logic_error("AlphaBetaSearch: the options do not have the instantiation's policy");
    if (table())
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

  // The next n searches clear their tables without wiping them (the
  // tables' reserve_clears): called before timed searches, not between them.
  void reserve_searches(std::uint64_t n) {
    if (table()) tt_->reserve_clears(n);
  }

  // The pieces of search(), for drivers such as MTD(f).
  void begin() {
    if (table()) tt_->clear();
    order_.reset();
  }
  // Counts the root as a node and returns true when it is finished.
  bool finished(const Position& root, Stats& stats, int& score) {
    return finished_root(board_, root, scoring_, stats, score);
  }
  // One search of the root with the window (alpha, beta), `depth` plies deep.
  int root_search(const Position& root, int alpha, int beta, int depth, int& best_move, Stats& stats) {
    Position p = root;
    const Key key = table() && !canonical() ? zobrist_.key(root) : 0;
    return visit<true>(p, root.to_move(), root.ply(), -1, depth, alpha, beta, key, stats, &best_move);
  }
  SearchResult finish(const Position& root, int score, int best_move, Stats& stats) {
    SearchResult r;
    r.score = score;
    r.value = root.to_move() == Side::X ? sign_of(score) : -sign_of(score);
    r.best_move = best_move;
    if constexpr (Stats::enabled) {
      if (table()) {
        stats.s.tt_capacity = tt_->capacity();
        stats.s.table_bytes = tt_->bytes();
        stats.s.tt_occupancy = tt_->occupancy();
      }
    }
    return r;
  }
  const Scoring& scoring() const { return scoring_; }

 private:
  // The switches: constants of a fixed instantiation, the options otherwise.
  bool table() const { return P.fixed ? P.keys != TableKeys::none : opt_.tt; }
  bool canonical() const { return P.fixed ? P.keys == TableKeys::canonical : opt_.canonical_keys; }
  int clamp(int v, int alpha, int beta) const {
    return (P.fixed ? P.fail_hard : opt_.fail_hard) ? std::clamp(v, alpha, beta) : v;
  }
  const TranspositionTable::Entry* probe(Key key, const Position& p, Stats& stats) const {
    if constexpr (P.fixed) return tt_->template probe<P.replace>(key, p, stats);
    else return tt_->probe(key, p, stats);
  }
  void store(Key key, int score, Bound bound, int move, int depth, Stats& stats) {
    if constexpr (P.fixed) tt_->template store<P.replace>(key, score, bound, move, depth, stats);
    else tt_->store(key, score, bound, move, depth, stats);
  }

  template <bool Root>
  [[gnu::noinline]] int visit(Position& p, Side s, int ply, int last, int depth, int alpha, int beta, Key key, Stats& stats,
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
    if (table()) {
      if (canonical()) {
        const auto c = group_.canonical(p);
        key = zobrist_.key(c.position);
        symmetry = c.symmetry;
      }
      if (const auto* e = probe(key, p, stats)) {
        if (e->move >= 0) tt_move = canonical() ? group_.map_cell(inverse_[symmetry], e->move) : e->move;
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
      const Key child_key = table() && !canonical() ? zobrist_.step(key, s, m) : 0;
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
    if (table()) {
      const Bound bound = best <= alpha0 ? Bound::upper : best >= beta ? Bound::lower : Bound::exact;
      const int stored_move = canonical() ? group_.map_cell(symmetry, best_cell) : best_cell;
      store(key, best, bound, stored_move, depth, stats);
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
template <class Stats, AlphaBetaPolicy P>
using AlphaBeta = AlphaBetaSearch<Stats, false, P>;

// alphabeta and pvs with the policy P as templates on the statistics policy
// alone, the shape the registry's type erasure takes.  Traced searches (the
// DAG overlay, where speed does not matter) share the run-time
// instantiation.
template <class Stats, AlphaBetaPolicy P>
inline constexpr AlphaBetaPolicy kPolicyFor = std::is_same_v<Stats, TracingStats> ? kRunTimePolicy : P;

template <AlphaBetaPolicy P>
struct AlphaBetaWith {
  template <class Stats>
  using AlphaBeta = AlphaBetaSearch<Stats, false, kPolicyFor<Stats, P>>;
  template <class Stats>
  using Pvs = AlphaBetaSearch<Stats, true, kPolicyFor<Stats, P>>;
};

}  // namespace tictac
