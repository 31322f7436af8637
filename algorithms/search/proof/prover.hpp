// What the two provers of the proof-number family share (pns.hpp, best-first;
// dfpn.hpp, depth-first): one search() entry point over the binary questions
// of proof_value.hpp, the arithmetic of proof numbers, the numbers a node
// starts from, the other game's verdict and the relevance zone of a node
// just proved.  They differ only in how they keep the graph (pns: all of it,
// proof_tree.hpp; dfpn: a table, proof_table.hpp) and in the order in which
// they walk it.
//
// ProverCore is a CRTP base: Derived provides
//   void start_search()                  forget the last search (clear the table)
//   BinaryProof prove(root, q, limit)    answer one question (proof_value.hpp)
//   void table_statistics(SearchStats&)  the capacity, bytes and occupancy of its table
// and reads the members below (the board, the sound options, the knowledge,
// the images of positions, the statistics and the current question).
#pragma once

#include <algorithm>
#include <cstdint>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/search/proof/position_images.hpp"
#include "algorithms/search/proof/proof_knowledge.hpp"
#include "algorithms/search/proof/proof_number.hpp"
#include "algorithms/search/proof/proof_question.hpp"
#include "algorithms/search/proof/proof_value.hpp"
#include "algorithms/search/search_result.hpp"

namespace tictac {

// A node's proof and disproof numbers, and its relevance zone once proven.
struct ProofNumbers {
  ProofNumber pn, dn;
  Mask zone;  // proven: in the frame of the position
};

template <class Derived, class Stats, class Options>
class ProverCore {
 public:
  static constexpr std::uint32_t kCancelPollNodes = kProverCancelPollNodes;  // proof_number.hpp

  const Options& options() const { return opt_; }

  SearchResult search(const Position& root, Stats& stats) {
    stats_ = &stats;
    self().start_search();
    stolen_ = false;
    SearchResult r = proof_value(
        board_, root, opt_.value,
        [this](const Position& p, const ProofQuestion& q, std::uint64_t limit) { return self().prove(p, q, limit); },
        &stolen_);
    if constexpr (requires { stats.s; }) {
      self().table_statistics(stats.s);
      r.stats = stats.result();
    }
    return r;
  }

  // Whether the last search used strategy-stealing.
  bool used_strategy_stealing() const { return stolen_; }

 protected:
  ProverCore(const Board& board, const Options& options)
      : board_(board),
        opt_(sound_prover_options(board, options)),
        knowledge_(board, options.knowledge),
        images_(board, options.canonical) {}

  // a + b for the sum rule.  Finite sums stop below infinity: a large sum is
  // not a disproof (only an infinite term makes the sum infinite).
  static ProofNumber add(ProofNumber a, ProofNumber b) {
    if (a >= kInfinity || b >= kInfinity) return kInfinity;
    return static_cast<ProofNumber>(std::min<std::uint64_t>(kInfinity - 1, std::uint64_t{a} + b));
  }

  // The numbers of a node decided by `outcome` (proven with `zone`).
  static ProofNumbers decided(Outcome outcome, Mask zone) {
    return outcome == Outcome::proven ? ProofNumbers{0, kInfinity, zone} : ProofNumbers{kInfinity, 0, 0};
  }

  // The numbers a new node with `mover` to move starts from: the
  // knowledge's estimate when it decides the node, else its mobility, (1,
  // moves) at an attacker (OR) node and (moves, 1) at a defender (AND) node.
  ProofNumbers initial(const ProofKnowledge::Estimate& e, Side mover) const {
    if (e.outcome != Outcome::open) return decided(e.outcome, e.zone);
    const ProofNumber mobility = static_cast<ProofNumber>(e.moves);
    return mover == q_.attacker ? ProofNumbers{1, mobility, 0} : ProofNumbers{mobility, 1, 0};
  }

  // The other game's question (the weak game's for the real one, and back).
  ProofQuestion other_game() const {
    ProofQuestion q = q_;
    q.game = q_.real() ? Game::weak : Game::real;
    return q;
  }

  // What the other game's numbers (pn, dn) of a position decide in this
  // game: a breaker win of the weak game disproves the real question, a win
  // of the real game proves the weak one (the winner's strategy never lets
  // the opponent's lines matter; the real proof carries no weak-game zone,
  // so its zone is every cell).
  Outcome other_game_verdict(ProofNumber pn, ProofNumber dn) const {
    if (q_.real() && dn == 0) return Outcome::disproven;
    if (!q_.real() && pn == 0) return Outcome::proven;
    return Outcome::open;
  }

  // The zone of a node just proved, in its frame: at an attacker node the
  // zone of its first proven child and the move to it; at a defender node
  // its own zone (the cells that justify the moves its knowledge left out)
  // and every child's, closed under the symmetries that fix the position.
  // child(i) gives the i-th child's {proven, zone in this node's frame,
  // cell}; frame() the node's frame (asked only at a defender node).
  template <class Child, class FrameOf>
  Mask proven_zone(bool or_node, int count, Mask own, Child child, FrameOf frame) const {
    if (or_node) {
      for (int i = 0; i < count; ++i)
        if (const auto c = child(i); c.proven) return c.zone | Mask{1} << c.cell;
      return 0;
    }
    Mask zone = own;
    for (int i = 0; i < count; ++i) zone |= child(i).zone;
    return images_.close_under_stabilizer(frame(), zone);
  }
  struct ZonedChild {
    bool proven;
    Mask zone;
    int cell;
  };

  Board board_;
  Options opt_;
  ProofKnowledge knowledge_;
  PositionImages images_;

  Stats* stats_ = nullptr;
  ProofQuestion q_;
  bool stolen_ = false;

 private:
  Derived& self() { return static_cast<Derived&>(*this); }
};

}  // namespace tictac
