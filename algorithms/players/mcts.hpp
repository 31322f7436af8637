// Monte-Carlo tree search: UCT (Kocsis and Szepesvári 2006) or PUCT with a
// prior from an evaluation function, a budget of playouts per move (and
// optionally a stop flag, the harness's time budget), random or tactical
// playouts (playout.hpp), and three solvers (MctsSolver): none, MCTS-Solver
// (Winands, Björnsson and Saito, "Monte-Carlo Tree Search Solver", 2008),
// which backs proven wins and losses up the tree, and score-bounded MCTS
// (Cazenave and Saffidine, "Score Bounded Monte-Carlo Tree Search", CG 2010,
// LNCS 2011), which backs up a pessimistic and an optimistic bound of each
// node's value and so proves draws too.
//
// A NODE is one node of the search tree, created in the pool when its
// parent is expanded (the root included): stats.node() is called once per
// node created.  A PLAYOUT is one iteration of the search: selection from
// the root down the tree, expansion of the leaf reached, a simulated game
// from the new node to the end (no moves when it is finished or proven),
// and the backing up of its result; the budget counts playouts.
//
// The tree: each node holds its visits, the reward of the side that moved
// into it (counted in half points: a win 2, a draw 1, a loss 0, so sums are
// integers and every build adds them up alike), the bounds [lo, hi] of its
// value for that side (-1 a loss, 0 a draw, +1 a win; [-1, +1] unknown, lo
// = hi a proven value: a finished position is created proven), and its
// children, made all at once, contiguously, when it is expanded (a node is
// expanded when the selection reaches it for the first time after its own
// playout; the root on the first playout).  Children that win on the spot
// come first, then the others in cell order.  The pool is sized once, when
// the player is made, for the budget (one expansion per playout at most),
// and PUCT's priors sit in a second array beside it: a search allocates
// nothing.
//
// Selection (Selection = Uct): the unvisited children in order before any
// child twice, then the child with the largest
//   reward / (2 visits) + c sqrt(ln(parent visits) / visits),
// the first among equals.  Selection = Puct<Eval>: the child with the largest
//   q + c prior sqrt(parent visits) / (1 + visits)
// (AlphaZero's PUCT), q = reward / (2 visits), or 1/2 (a draw's) for an
// unvisited child; the priors are made at the expansion, a softmax over the
// children of s / temperature, s the mover's evaluation of the position
// after the move (-Eval(q, opponent), eval/evaluation.hpp), or kEvalLimit + 1
// for a move that wins on the spot.
//
// The solvers.  Every finished position is created proven (a win on the
// spot [+1, +1] for its mover, a full board [0, 0]); without a solver the
// bounds stop there and only mark the finished nodes.  With one, when the
// playout's leaf is proven, the bounds are backed up along the path: a
// node's bounds become [-max hi(child), -max lo(child)] (its mover's view,
// the children's movers being its opponent), and the backing up stops at
// the first node whose bounds do not change.  MctsSolver::wins (MCTS-Solver)
// takes a full board's [0, 0] as unknown in that rule, so it proves wins and
// losses only; MctsSolver::bounds takes it as it is, so it proves draws too
// (and narrows unproven nodes to [-1, 0] or [0, +1]).  A proven node is a
// leaf: its playout result is its value.  The selection skips a child that
// cannot do better than a sibling is proven to do (hi(child) <= max
// lo(children), read as -hi(node): Cazenave and Saffidine's cut; the bias
// terms of their selection value are not used); with MCTS-Solver that is a
// child proven lost.  The search stops once the root is proven.
//
// The move.  Without a solver, the most visited child (the largest reward,
// then the first, among equals).  With one: the first child proven to win;
// else, with the root proven a draw, the first child proven a draw; else
// the most visited child among those that the selection does not skip
// (those proven lost are skipped by both solvers; ties as above), unless its
// mean result, (reward / visits - 1) in [-1, +1], is below what a proven
// child guarantees (max lo) and then that child (the first of them); when all
// are skipped (the root lost), the most visited of all.
//
// The random numbers come from position_rng(seed, root) (player.hpp): the
// same budget, seed and position give the same move on every run.  A stop
// flag, read every 64 playouts, ends the search early (the harness's time
// budget, harness/registry/players.cpp); the move is then the move of the
// tree so far, and may vary from run to run.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <cstdint>
#include <type_traits>
#include <vector>

#include "algorithms/game/rules.hpp"
#include "algorithms/players/eval/evaluation.hpp"
#include "algorithms/players/eval/flat.hpp"
#include "algorithms/players/playout.hpp"

namespace tictac {

enum class MctsSolver : std::uint8_t { off, wins, bounds };

// The selection rules (mcts.hpp's header): UCT, or PUCT with a prior from
// the evaluation Eval (eval/).
struct Uct {};
template <class Eval>
struct Puct {
  using Evaluation = Eval;
};

struct MctsOptions {
  std::uint64_t playouts = 1000;  // the budget per move (the pool is sized for it)
  double c = 1.4;                 // UCT's or PUCT's exploration constant
  std::uint64_t seed = 1;
  double temperature = 4;         // PUCT: the softmax's temperature, in evaluation units
};

namespace mcts_detail {
template <class S>
struct PriorOf {
  using Eval = FlatEval;  // unused by UCT
  static constexpr bool puct = false;
};
template <class E>
struct PriorOf<Puct<E>> {
  using Eval = E;
  static constexpr bool puct = true;
};
}  // namespace mcts_detail

template <class Stats, PlayoutPolicy Policy, MctsSolver Solver, class Selection = Uct>
class Mcts {
  static constexpr bool kSolving = Solver != MctsSolver::off;
  static constexpr bool kPuct = mcts_detail::PriorOf<Selection>::puct;
  using Eval = typename mcts_detail::PriorOf<Selection>::Eval;

 public:
  // A budget of 0 playouts is taken as 1 (the root's children must exist).
  Mcts(const Board& board, const MctsOptions& options) : board_(board), opt_(options), eval_(board) {
    if (opt_.playouts == 0) opt_.playouts = 1;
    if (!(opt_.temperature > 0)) opt_.temperature = 1;
    const std::uint64_t widest = board.move_is_a_column() ? static_cast<std::uint64_t>(board.cols())
                                                          : static_cast<std::uint64_t>(board.cells());
    pool_.resize(1 + (opt_.playouts + 1) * widest);
    if constexpr (kPuct) prior_.resize(pool_.size());
    // ln n and 1 / sqrt(n) for the visit counts most nodes have, computed
    // once: the selection reads them instead of calling log and sqrt (3x3's
    // playouts are short, so they were a large part of a playout's cost).
    log_.resize(std::min<std::uint64_t>(opt_.playouts + 2, kTabled));
    inv_sqrt_.resize(log_.size());
    for (std::size_t n = 1; n < log_.size(); ++n) {
      log_[n] = std::log(static_cast<double>(n));
      inv_sqrt_[n] = 1 / std::sqrt(static_cast<double>(n));
    }
  }

  // `stop`, when given, ends the search once it is set (read every 64
  // playouts); PlayerMove::stopped then says so.
  PlayerMove choose(const Position& root, Stats& stats, const std::atomic<bool>* stop = nullptr) {
    PlayerMove out;
    if (result(board_, root) != Result::ongoing) return out;
    Rng rng = position_rng(opt_.seed, root);
    used_ = 1;
    pool_[0] = Node{};
    stats.node(root.ply(), root);
    for (std::uint64_t i = 0; i < opt_.playouts; ++i) {
      if (kSolving && pool_[0].lo == pool_[0].hi) break;
      if (stop && (i & 63) == 63 && stop->load(std::memory_order_relaxed)) {
        out.stopped = true;
        break;
      }
      iterate(root, rng, stats);
    }
    out.move = final_move();
    if constexpr (Stats::enabled) {
      out.stats.search = stats.result();
      out.stats.playouts = stats.playouts;
      out.stats.depth_reached = stats.depth;
      out.stats.search.table_bytes = used_ * sizeof(Node) + (kPuct ? used_ * sizeof(float) : 0);
    }
    return out;
  }

  // The root's bounds after the last choose, for its side to move: [-hi,
  // -lo] of the root node (whose mover is the other side).  Equal: proven.
  int root_lower() const { return -pool_[0].hi; }
  int root_upper() const { return -pool_[0].lo; }
  // The playouts of the last choose (the root's visits): fewer than the
  // budget when a solver proved the root or a stop flag ended the search.
  std::uint64_t playouts_done() const { return pool_[0].visits; }

 private:
  struct Node {
    std::uint32_t visits = 0;
    std::uint32_t reward = 0;  // half points of the side that moved into the node
    std::uint32_t first = 0;   // the first child in the pool
    std::int8_t move = -1;     // the move into the node
    std::uint8_t children = 0;
    std::int8_t lo = -1, hi = 1;  // the bounds of the node's value for the side that moved into it
  };
  static_assert(sizeof(Node) == 16, "a tree node is 16 bytes: four to a cache line");

  void expand(std::uint32_t n, const Position& p, Side s, int ply, Stats& stats) {
    const Mask legal = board_.legal_moves(p.occupied());
    Node& node = pool_[n];
    node.first = used_;
    int k = 0;
    // Winning moves first, then the rest, each in cell order.
    for (int pass = 0; pass < 2; ++pass)
      for (Mask m = legal; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        const bool wins = board_.wins_through(p.stones(s) | Mask{1} << c, c);
        if (wins != (pass == 0)) continue;
        Node& child = pool_[used_ + k];
        child = Node{};
        child.move = static_cast<std::int8_t>(c);
        if (wins) child.lo = child.hi = 1;
        else if (ply + 1 == board_.cells()) child.lo = child.hi = 0;
        if constexpr (kPuct || Stats::enabled) {
          Position q = p;
          q.play(c, s);
          if constexpr (kPuct)
            prior_[used_ + k] = static_cast<float>(wins ? kEvalLimit + 1 : -eval_(q, other(s)));
          stats.node(ply + 1, q);
          if (child.lo == child.hi) stats.terminal();
        }
        ++k;
      }
    node.children = static_cast<std::uint8_t>(k);
    if constexpr (kPuct) {
      // The softmax of the scores over the temperature.
      float* prior = &prior_[used_];
      const float top = *std::max_element(prior, prior + k);
      double sum = 0;
      for (int i = 0; i < k; ++i) sum += prior[i] = static_cast<float>(std::exp((prior[i] - top) / opt_.temperature));
      for (int i = 0; i < k; ++i) prior[i] = static_cast<float>(prior[i] / sum);
    }
    used_ += static_cast<std::uint32_t>(k);
  }

  // Whether the selection skips `child` of `node` (the solvers' cut).
  static bool skipped(const Node& node, const Node& child) { return kSolving && child.hi <= -node.hi; }

  std::uint32_t select(const Node& node) const {
    const Node* child = &pool_[node.first];
    int best_i = -1;
    double best = -1;
    if constexpr (kPuct) {
      const double explore = opt_.c * std::sqrt(static_cast<double>(std::max<std::uint32_t>(node.visits, 1)));
      const float* prior = &prior_[node.first];
      for (int i = 0; i < node.children; ++i) {
        if (skipped(node, child[i])) continue;
        const double v = child[i].visits;
        const double q = child[i].visits ? 0.5 * child[i].reward / v : 0.5;
        const double u = q + explore * prior[i] / (1 + v);
        if (u > best) {
          best = u;
          best_i = i;
        }
      }
    } else {
      // A node reached after its expansion tries one unvisited child a
      // visit, so after more visits than children it has none left.
      if (node.visits <= node.children)
        for (int i = 0; i < node.children; ++i)
          if (child[i].visits == 0 && !skipped(node, child[i])) return node.first + i;
      const double explore = opt_.c * std::sqrt(log_of(node.visits));
      for (int i = 0; i < node.children; ++i) {
        if (skipped(node, child[i])) continue;
        const double r = inv_sqrt_of(child[i].visits);
        const double u = 0.5 * child[i].reward * r * r + explore * r;
        if (u > best) {
          best = u;
          best_i = i;
        }
      }
    }
    if (best_i < 0) best_i = 0;  // every child skipped: the node is proven, never selected again
    return node.first + static_cast<std::uint32_t>(best_i);
  }

  void iterate(const Position& root, Rng& rng, Stats& stats) {
    std::uint32_t path[Board::kMaxCells + 1];
    int len = 0;
    Position p = root;
    Side s = root.to_move();  // to move at the node reached
    int ply = root.ply();
    std::uint32_t n = 0;
    path[len++] = 0;
    // Selection: down the visited nodes to an unvisited one, or a finished
    // or proven one.
    for (;;) {
      const Node& node = pool_[n];
      if (node.lo == node.hi) break;
      if (node.visits == 0 && n != 0) break;
      if (node.children == 0) expand(n, p, s, ply, stats);
      n = select(pool_[n]);
      p.play(pool_[n].move, s);
      s = other(s);
      ++ply;
      path[len++] = n;
    }
    stats.playout();
    stats.depth_reached(len - 1);
    // The result, as the winner's side (0 X, 1 O) or 2 for a draw.
    const Node& leaf = pool_[n];
    int winner;
    if (leaf.lo == leaf.hi) winner = leaf.lo > 0 ? static_cast<int>(other(s)) : leaf.lo < 0 ? static_cast<int>(s) : 2;
    else winner = playout<Policy>(board_, p, s, rng);
    back_up(path, len, s, winner);
  }

  // A child's bounds as the solver reads them: MCTS-Solver does not know
  // draws.
  static void read_bounds(const Node& c, int& lo, int& hi) {
    lo = c.lo;
    hi = c.hi;
    if (Solver == MctsSolver::wins && lo == 0 && hi == 0) lo = -1, hi = 1;
  }

  // Sets the node's bounds from its children's; whether they changed.
  bool update_bounds(Node& node) const {
    int max_lo = -1, max_hi = -1;
    for (int j = 0; j < node.children; ++j) {
      int lo, hi;
      read_bounds(pool_[node.first + j], lo, hi);
      max_lo = std::max(max_lo, lo);
      max_hi = std::max(max_hi, hi);
    }
    const std::int8_t lo = static_cast<std::int8_t>(-max_hi), hi = static_cast<std::int8_t>(-max_lo);
    if (lo == node.lo && hi == node.hi) return false;
    node.lo = lo;
    node.hi = hi;
    return true;
  }

  // Adds the result to every node of the path and, with a solver, backs the
  // bounds up.  `s` is the side to move at the last node of the path.
  void back_up(const std::uint32_t* path, int len, Side s, int winner) {
    const Node& leaf = pool_[path[len - 1]];
    bool changed = kSolving && leaf.lo == leaf.hi;
    for (int i = len - 1; i >= 0; --i) {
      Node& node = pool_[path[i]];
      const int mover = static_cast<int>(other(s));  // the side that moved into this node
      ++node.visits;
      node.reward += winner == mover ? 2 : winner == 2 ? 1 : 0;
      if constexpr (kSolving)
        if (changed && i < len - 1) changed = update_bounds(node);
      s = other(s);
    }
  }

  int final_move() const {
    const Node& root = pool_[0];
    const Node* child = &pool_[root.first];
    const auto more_visited = [&](int i, int best) {
      return best < 0 || child[i].visits > child[best].visits ||
             (child[i].visits == child[best].visits && child[i].reward > child[best].reward);
    };
    if constexpr (!kSolving) {
      int best = -1;
      for (int i = 0; i < root.children; ++i)
        if (more_visited(i, best)) best = i;
      return child[best].move;
    } else {
      int max_lo = -1, max_hi = -1, secure = -1;
      for (int i = 0; i < root.children; ++i) {
        int lo, hi;
        read_bounds(child[i], lo, hi);
        if (lo == 1) return child[i].move;  // proven to win
        if (lo > max_lo) max_lo = lo, secure = i;
        max_hi = std::max(max_hi, hi);
      }
      if (max_lo == 0 && max_hi == 0) return child[secure].move;  // the root proven a draw
      int best = -1;
      for (int i = 0; i < root.children; ++i) {
        int lo, hi;
        read_bounds(child[i], lo, hi);
        if (hi > max_lo && more_visited(i, best)) best = i;
      }
      if (best >= 0 && secure >= 0 &&
          static_cast<double>(child[best].reward) < static_cast<double>(child[best].visits) * (max_lo + 1))
        return child[secure].move;  // its mean is below what the secure child guarantees
      if (best < 0)
        for (int i = 0; i < root.children; ++i)
          if (more_visited(i, best)) best = i;
      return child[best].move;
    }
  }

  static constexpr std::uint64_t kTabled = 1 << 16;
  double log_of(std::uint32_t n) const { return n < log_.size() ? log_[n] : std::log(static_cast<double>(n)); }
  double inv_sqrt_of(std::uint32_t n) const {
    return n < inv_sqrt_.size() ? inv_sqrt_[n] : 1 / std::sqrt(static_cast<double>(n));
  }

  const Board& board_;
  MctsOptions opt_;
  [[no_unique_address]] Eval eval_;
  std::vector<Node> pool_;
  std::vector<float> prior_;  // PUCT: the prior of each node, beside the pool
  std::vector<double> log_, inv_sqrt_;
  std::uint32_t used_ = 1;
};

}  // namespace tictac
