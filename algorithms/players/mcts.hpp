// Monte-Carlo tree search: UCT (Kocsis and Szepesvári 2006) with a budget
// of playouts per move, random or tactical playouts (playout.hpp), and
// optionally MCTS-Solver (Winands, Björnsson and Saito, "Monte-Carlo Tree
// Search Solver", 2008), which backs proven wins and losses up the tree.
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
// integers and every build adds them up alike), and its children, made all
// at once, contiguously, when it is expanded (a node is expanded when the
// selection reaches it for the first time after its own playout; the root
// on the first playout).  Children that win on the spot come first, then
// the others in cell order; the selection tries the unvisited children in
// that order before any child twice, then takes the child with the largest
//   reward / (2 visits) + c sqrt(ln(parent visits) / visits),
// the first among equals.  The pool is sized once, when the player is made,
// for the budget (one expansion per playout at most): a search allocates
// nothing.
//
// MCTS-Solver (Solver = true): a child that wins on the spot is a proven win
// for the side that moved into it.  Backing up, a node with a child proven
// to win for the side to move is proven lost for the side that moved into
// it, and a node all of whose children are proven lost for the side to move
// is proven won for the side that moved into it; a proven node's playout
// result is its proof.  The selection skips children proven lost for the
// side to move (unless all are), and the search stops early once the root is
// proven.  Draws are not proven (that is score-bounded MCTS, Cazenave and
// Saffidine 2011, not built).  The move: a child proven to win if there is
// one; otherwise the most visited child among those not proven lost (the
// largest reward, then the first, among equals).  Without the solver, the
// most visited child, ties as above.
//
// The random numbers come from position_rng(seed, root) (player.hpp): the
// same budget, seed and position give the same move on every run.
#pragma once

#include <algorithm>
#include <bit>
#include <cmath>
#include <cstdint>
#include <vector>

#include "algorithms/game/rules.hpp"
#include "algorithms/players/playout.hpp"

namespace tictac {

struct MctsOptions {
  std::uint64_t playouts = 1000;  // the budget per move
  double c = 1.4;                 // UCT's exploration constant
  std::uint64_t seed = 1;
};

template <class Stats, PlayoutPolicy Policy, bool Solver>
class Mcts {
 public:
  // A budget of 0 playouts is taken as 1 (the root's children must exist).
  Mcts(const Board& board, const MctsOptions& options) : board_(board), opt_(options) {
    if (opt_.playouts == 0) opt_.playouts = 1;
    const std::uint64_t widest = board.move_is_a_column() ? static_cast<std::uint64_t>(board.cols())
                                                          : static_cast<std::uint64_t>(board.cells());
    pool_.resize(1 + (opt_.playouts + 1) * widest);
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

  PlayerMove choose(const Position& root, Stats& stats) {
    PlayerMove out;
    if (result(board_, root) != Result::ongoing) return out;
    Rng rng = position_rng(opt_.seed, root);
    used_ = 1;
    pool_[0] = Node{};
    stats.node(root.ply(), root);
    for (std::uint64_t i = 0; i < opt_.playouts; ++i) {
      if (Solver && pool_[0].proven != 0) break;
      iterate(root, rng, stats);
    }
    out.move = final_move();
    if constexpr (Stats::enabled) {
      out.stats.search = stats.result();
      out.stats.playouts = stats.playouts;
      out.stats.depth_reached = stats.depth;
      out.stats.search.table_bytes = used_ * sizeof(Node);
    }
    return out;
  }

 private:
  struct Node {
    std::uint32_t visits = 0;
    std::uint32_t reward = 0;  // half points of the side that moved into the node
    std::uint32_t first = 0;   // the first child in the pool
    std::uint8_t children = 0;
    std::int8_t move = -1;     // the move into the node
    std::int8_t proven = 0;    // +1 won, -1 lost, for the side that moved into the node; 0 unknown
    std::uint8_t finished = 0; // 1: the move into the node won; 2: it filled the board (a draw)
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
        Node& child = pool_[used_ + k++];
        child = Node{};
        child.move = static_cast<std::int8_t>(c);
        child.finished = wins ? 1 : ply + 1 == board_.cells() ? 2 : 0;
        if (Solver && wins) child.proven = 1;
        if constexpr (Stats::enabled) {
          Position q = p;
          q.play(c, s);
          stats.node(ply + 1, q);
          if (child.finished) stats.terminal();
        }
      }
    node.children = static_cast<std::uint8_t>(k);
    used_ += static_cast<std::uint32_t>(k);
  }

  std::uint32_t select(const Node& node) const {
    const Node* child = &pool_[node.first];
    // A node reached after its expansion tries one unvisited child a visit,
    // so after more visits than children it has none left.
    if (node.visits <= node.children)
      for (int i = 0; i < node.children; ++i)
        if (child[i].visits == 0 && !(Solver && child[i].proven < 0)) return node.first + i;
    const double explore = opt_.c * std::sqrt(log_of(node.visits));
    double best = -1;
    int best_i = -1;
    for (int i = 0; i < node.children; ++i) {
      if (Solver && child[i].proven < 0) continue;
      const double r = inv_sqrt_of(child[i].visits);
      const double u = 0.5 * child[i].reward * r * r + explore * r;
      if (u > best) {
        best = u;
        best_i = i;
      }
    }
    if (best_i < 0) best_i = 0;  // every child proven lost: the node is proven, never selected again
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
      if (node.finished || (Solver && node.proven)) break;
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
    if (leaf.finished == 1 || (Solver && leaf.proven > 0)) winner = static_cast<int>(other(s));
    else if (Solver && leaf.proven < 0) winner = static_cast<int>(s);
    else if (leaf.finished == 2) winner = 2;
    else winner = playout<Policy>(board_, p, s, rng);
    back_up(path, len, s, winner);
  }

  // Adds the result to every node of the path and, with the solver, backs
  // the proofs up.  `s` is the side to move at the last node of the path.
  void back_up(const std::uint32_t* path, int len, Side s, int winner) {
    bool proving = Solver && pool_[path[len - 1]].proven != 0;
    for (int i = len - 1; i >= 0; --i) {
      Node& node = pool_[path[i]];
      const int mover = static_cast<int>(other(s));  // the side that moved into this node
      ++node.visits;
      node.reward += winner == mover ? 2 : winner == 2 ? 1 : 0;
      if constexpr (Solver) {
        if (proving && i < len - 1) {
          const Node& child = pool_[path[i + 1]];
          if (child.proven > 0) {
            node.proven = -1;
          } else {
            bool all_lost = true;
            for (int j = 0; j < node.children && all_lost; ++j) all_lost = pool_[node.first + j].proven < 0;
            if (all_lost) node.proven = 1;
            else proving = false;
          }
        }
      }
      s = other(s);
    }
  }

  int final_move() const {
    const Node& root = pool_[0];
    const Node* child = &pool_[root.first];
    if constexpr (Solver)
      for (int i = 0; i < root.children; ++i)
        if (child[i].proven > 0) return child[i].move;
    int best = -1;
    for (int pass = 0; pass < 2 && best < 0; ++pass)  // with the solver: those not proven lost, then any
      for (int i = 0; i < root.children; ++i) {
        if (Solver && pass == 0 && child[i].proven < 0) continue;
        if (best < 0 || child[i].visits > child[best].visits ||
            (child[i].visits == child[best].visits && child[i].reward > child[best].reward))
          best = i;
      }
    return child[best].move;
  }

  static constexpr std::uint64_t kTabled = 1 << 16;
  double log_of(std::uint32_t n) const { return n < log_.size() ? log_[n] : std::log(static_cast<double>(n)); }
  double inv_sqrt_of(std::uint32_t n) const {
    return n < inv_sqrt_.size() ? inv_sqrt_[n] : 1 / std::sqrt(static_cast<double>(n));
  }

  const Board& board_;
  MctsOptions opt_;
  std::vector<Node> pool_;
  std::vector<double> log_, inv_sqrt_;
  std::uint32_t used_ = 1;
};

}  // namespace tictac
