// `pns`: Allis's proof-number search, best-first over the AND/OR graph of a
// binary question (proof_question.hpp), with transpositions merged.
//
// The whole graph searched so far is kept in memory (proof_tree.hpp): one
// node per position (keyed by position -- the canonical form with
// keys=canonical -- and by question and side to move), an edge per move.
// Each iteration walks from the root to a most-proving node -- at an
// attacker (OR) node the child of least proof number, at a defender (AND)
// node the child of least disproof number, the first in move order among
// equals -- expands it, and updates the numbers of the nodes on that path
// from the bottom up:
//     OR:  pn = min pn(child),  dn = sum dn(child)
//     AND: pn = sum pn(child),  dn = min dn(child)
// A node reached through another parent than the path keeps its numbers
// until a later path passes it (each node on a path is recomputed from its
// children before the walk chooses among them), so numbers may lag, but a
// proof or disproof is exact: a number 0 is only ever computed from proved
// children or from knowledge.
//
// A new node is given the knowledge's estimate (ProofKnowledge::estimate: a
// finished line, an immediate win or forced reply, live windows, the
// potential, a pairing after a defender move; else its mobility: (1, moves)
// at an attacker node, (moves, 1) at a defender node); the full knowledge of
// proof_knowledge.hpp (threat sequences, pairings, zones) runs when it is
// expanded, and may decide it without children.
//
// A NODE, for this best-first search, is one node expanded: stats.node() is
// called once per expansion (for the expanded node's position), not for the
// children it creates, nor for the nodes walked through on the way down.
//
// Options (PnsOptions; spec keys of `pns`): the knowledge (wins, threats,
// live, pairing, potential, dominance), the reductions of proof_value.hpp
// (mb, off by default; stealing), keys =
// canonical|exact, nodes (a budget of expansions, 0: none) and memory_mb (a
// budget of memory for the graph, allocated once at construction; 0: sized
// to the board).  When either budget is exhausted the result is "unknown
// within budget" (SearchResult::proved = false), never a guessed value.
// The graph starts empty at every search() call; nothing is allocated after
// construction.
//
// On gravity boards the moves are the legal drops, and the knowledge and the
// reductions that are not sound when stones fall are switched off, whatever
// the options say (proof_knowledge.hpp and proof_value.hpp list them;
// options() returns what is used).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <memory>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/search/proof/position_images.hpp"
#include "algorithms/search/proof/proof_knowledge.hpp"
#include "algorithms/search/proof/proof_number.hpp"
#include "algorithms/search/proof/proof_question.hpp"
#include "algorithms/search/proof/proof_tree.hpp"
#include "algorithms/search/proof/prover.hpp"
#include "algorithms/search/proof/proof_value.hpp"
#include "algorithms/search/search_result.hpp"
#include "algorithms/search/statistics.hpp"
#include "algorithms/tables/bound.hpp"

namespace tictac {

struct PnsOptions {
  ProofKnowledgeOptions knowledge;
  ProofValueOptions value;
  bool canonical = true;
  std::uint64_t node_budget = 0;
  std::uint64_t memory_mb = 0;
  friend bool operator==(const PnsOptions&, const PnsOptions&) = default;
};

// The memory of the graph when not given, in MiB: measured proofs of the
// empty boards fit with room to spare.  Pages are touched only as nodes are
// made, so an unused budget costs no memory.
inline std::uint64_t proof_tree_mb(const Board& b) {
  const int n = b.cells();
  return n <= 9 ? 4 : n <= 16 ? 32 : n <= 25 ? 256 : n <= 36 ? 1024 : 3072;
}

template <class Stats>
class Pns : public ProverCore<Pns<Stats>, Stats, PnsOptions> {
  using Core = ProverCore<Pns<Stats>, Stats, PnsOptions>;
  friend Core;

 public:
  using Options = PnsOptions;

  Pns(const Board& board, Options options = {})
      : Core(board, options),
        tree_(ProofTree::nodes_for(options.memory_mb ? options.memory_mb : proof_tree_mb(board))) {}

 private:
  using Core::add, Core::decided, Core::initial, Core::other_game, Core::other_game_verdict, Core::proven_zone;
  using Core::board_, Core::opt_, Core::knowledge_, Core::images_, Core::stats_, Core::q_;
  using ZonedChild = typename Core::ZonedChild;

  void start_search() {
    expansions_ = 0;
    tree_.clear();
  }
  void table_statistics(SearchStats& s) const {
    s.tt_capacity = tree_.capacity();
    s.table_bytes = tree_.bytes();
    s.tt_occupancy = tree_.size();
  }

  using Node = ProofTree::Node;
  using Edge = ProofTree::Edge;

  // Finds or makes the node of `key` (a key's image) with `mover` to move,
  // giving a new one `estimate` (its outcome, moves and, proven, zone in the
  // key's frame).  kNone when memory is full.
  std::uint32_t node_of(const Position& key, Side mover, const ProofKnowledge::Estimate& estimate, int decisive) {
    const std::uint8_t tag = key_tag(q_, mover);
    stats_->tt_probe();
    if (const std::uint32_t id = tree_.find(key, tag); id != ProofTree::kNone) {
      const Node& n = tree_.node(id);
      const bool solved = n.pn == 0 || n.dn == 0;
      stats_->tt_hit(solved ? Bound::exact : Bound::none, key);
      if (solved) stats_->tt_hit_cutoff(key);
      return id;
    }
    const std::uint32_t id = tree_.add(key, tag);
    if (id == ProofTree::kNone) return id;
    stats_->tt_store(false);
    Node& n = tree_.node(id);
    n.mover = static_cast<std::uint8_t>(mover);
    n.decisive = static_cast<std::int8_t>(decisive);
    ProofNumbers start = initial(estimate, mover);
    if (estimate.outcome == Outcome::open && opt_.value.maker_breaker) {
      // The other game's node, when it decides this game too.
      if (const std::uint32_t o = tree_.find(key, key_tag(other_game(), mover)); o != ProofTree::kNone)
        if (const Outcome v = other_game_verdict(tree_.node(o).pn, tree_.node(o).dn); v != Outcome::open)
          start = decided(v, board_.full());
    }
    n.pn = start.pn;
    n.dn = start.dn;
    if (n.pn == 0 || n.dn == 0) n.zone = start.zone;
    return id;
  }

  BinaryProof prove(const Position& root, const ProofQuestion& q, std::uint64_t limit) {
    q_ = q;
    BinaryProof b;
    std::uint64_t stop = opt_.node_budget ? opt_.node_budget : ~std::uint64_t{0};
    if (limit) stop = std::min(stop, expansions_ + limit);
    PositionImages::Frame frame;
    images_.set(frame, root);
    const ProofKey rk = images_.key(frame);
    root_symmetry_ = rk.symmetry;
    const NodeEval re = knowledge_.evaluate(rk.position, root.to_move(), q, false);
    const ProofKnowledge::Estimate rest{re.outcome, std::max(1, std::popcount(re.moves)), re.zone};
    const std::uint32_t root_id = node_of(rk.position, root.to_move(), rest, re.move);
    if (root_id == ProofTree::kNone) {
      b.out_of_budget = true;
      return b;
    }
    root_id_ = root_id;
    while (tree_.node(root_id).pn != 0 && tree_.node(root_id).dn != 0) {
      if (expansions_ >= stop) {
        b.out_of_budget = opt_.node_budget && expansions_ >= opt_.node_budget;
        return b;
      }
      // Down to a most-proving node.
      int depth = 0;
      std::uint32_t id = root_id;
      for (;;) {
        path_[depth++] = id;
        Node& n = tree_.node(id);
        if (n.first == ProofTree::kNone) break;
        update(id);
        if (n.pn == 0 || n.dn == 0) break;
        id = tree_.edge(n.first + select(n)).node;
      }
      Node& leaf = tree_.node(id);
      if (leaf.first == ProofTree::kNone && leaf.pn != 0 && leaf.dn != 0 && !expand(id)) {
        b.out_of_budget = true;  // memory full
        return b;
      }
      for (int i = depth - 1; i >= 0; --i) update(path_[i]);
    }
    const Node& r = tree_.node(root_id);
    b.outcome = r.pn == 0 ? Outcome::proven : Outcome::disproven;
    b.move = decisive_move(root_id, root);
    return b;
  }

  // The child index a walk takes at `n`.
  int select(const Node& n) const {
    const bool or_node = n.mover == static_cast<std::uint8_t>(q_.attacker);
    int best = 0;
    ProofNumber least = kInfinity + 1;
    for (int i = 0; i < n.count; ++i) {
      const Node& c = tree_.node(tree_.edge(n.first + i).node);
      const ProofNumber v = or_node ? c.pn : c.dn;
      if (v < least) least = v, best = i;
    }
    return best;
  }

  // Recomputes an expanded node's numbers (and, once proven, its zone) from
  // its children.
  void update(std::uint32_t id) {
    Node& n = tree_.node(id);
    if (n.first == ProofTree::kNone || n.pn == 0 || n.dn == 0) return;
    const bool or_node = n.mover == static_cast<std::uint8_t>(q_.attacker);
    ProofNumber pn = or_node ? kInfinity : 0, dn = or_node ? 0 : kInfinity;
    for (int i = 0; i < n.count; ++i) {
      const Node& c = tree_.node(tree_.edge(n.first + i).node);
      if (or_node) pn = std::min(pn, c.pn), dn = add(dn, c.dn);
      else pn = add(pn, c.pn), dn = std::min(dn, c.dn);
    }
    n.pn = pn;
    n.dn = dn;
    if (id == root_id_) root_pn_ = pn, root_dn_ = dn;
    if (pn != 0) return;
    n.zone = proven_zone(
        or_node, n.count, n.zone,
        [&](int i) {
          const Edge& e = tree_.edge(n.first + i);
          const Node& c = tree_.node(e.node);
          return ZonedChild{c.pn == 0, c.pn == 0 ? images_.unmap(e.symmetry, c.zone) : 0, e.cell};
        },
        [&] {
          PositionImages::Frame frame;
          images_.set(frame, n.position);
          return frame;
        });
  }

  // Expands a leaf: full knowledge, then its children.  False when memory is full.
  bool expand(std::uint32_t id) {
    ++expansions_;
    const Position p = tree_.node(id).position;
    const Side mover = static_cast<Side>(tree_.node(id).mover);
    stats_->node(p.ply(), p);
    if ((expansions_ & (expansions_ - 1)) == 0) stats_->root_proof_numbers(expansions_, root_pn_, root_dn_);
    const NodeEval e = knowledge_.evaluate(p, mover, q_, true);
    if (e.outcome != Outcome::open) {
      Node& n = tree_.node(id);
      const ProofNumbers v = decided(e.outcome, e.zone);
      n.pn = v.pn, n.dn = v.dn, n.zone = v.zone;
      n.decisive = static_cast<std::int8_t>(e.move);
      return true;
    }
    PositionImages::Frame frame;
    images_.set(frame, p);
    const Mask legal = board_.legal_moves(p.occupied());
    Mask moves = e.moves ? e.moves : legal;
    if (images_.count() > 1 && images_.symmetric(frame)) moves = images_.distinct_moves(frame, moves);
    if constexpr (Stats::enabled) {
      const Mask skipped = legal & ~moves;
      if (skipped) stats_->pruned(p, skipped);
    }
    ProofKnowledge::Order order;
    knowledge_.order(p, q_, moves, order);
    const int count = order.size();
    const std::uint32_t first = tree_.reserve_edges(count);
    if (first == ProofTree::kNone) return false;
    const Side next = other(mover);
    // Estimates first: they read the knowledge's scan of this position.
    std::array<ProofKnowledge::Estimate, Board::kMaxCells> estimates;
    std::array<ProofKey, Board::kMaxCells> keys;
    for (int i = 0; i < count; ++i) {
      const int cell = order[i];
      keys[i] = images_.child(frame, cell, mover);
      Position after = p;
      after.play(cell, mover);
      const Outcome done = knowledge_.after_move(after, mover, cell, q_);
      estimates[i] = done != Outcome::open ? ProofKnowledge::Estimate{done, 0, 0}
                     : tree_.find(keys[i].position, key_tag(q_, next)) != ProofTree::kNone
                         ? ProofKnowledge::Estimate{Outcome::open, 1, 0}  // not needed: the node exists
                         : knowledge_.estimate(p, mover, q_, cell);
      estimates[i].zone = images_.map(keys[i].symmetry, estimates[i].zone);
    }
    for (int i = 0; i < count; ++i) {
      const std::uint32_t child = node_of(keys[i].position, next, estimates[i], -1);
      if (child == ProofTree::kNone) return false;
      tree_.edge(first + i) = Edge{child, static_cast<std::uint8_t>(order[i]), keys[i].symmetry};
    }
    Node& n = tree_.node(id);
    n.zone = e.zone;  // the restriction zone, until proven
    n.first = first;
    n.count = static_cast<std::uint8_t>(count);
    return true;
  }

  // The root move that decided the question, in the root's own frame.
  int decisive_move(std::uint32_t id, const Position& root) const {
    const Node& n = tree_.node(id);
    const bool or_node = n.mover == static_cast<std::uint8_t>(q_.attacker);
    int cell = -1;
    if (n.first == ProofTree::kNone) {
      cell = n.decisive;
    } else if (or_node == (n.pn == 0)) {
      for (int i = 0; i < n.count && cell < 0; ++i) {
        const Edge& e = tree_.edge(n.first + i);
        const Node& c = tree_.node(e.node);
        if (or_node ? c.pn == 0 : c.dn == 0) cell = e.cell;
      }
    }
    if (cell < 0) return std::countr_zero(board_.legal_moves(root.occupied()));
    // The graph holds the root's key image: map the cell back.
    return std::countr_zero(images_.unmap(root_symmetry_, Mask{1} << cell));
  }

  ProofTree tree_;

  std::uint64_t expansions_ = 0;
  std::uint32_t root_id_ = ProofTree::kNone;
  std::uint8_t root_symmetry_ = 0;
  ProofNumber root_pn_ = 1, root_dn_ = 1;
  std::array<std::uint32_t, Board::kMaxCells + 2> path_{};
};

}  // namespace tictac
