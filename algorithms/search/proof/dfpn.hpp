// `dfpn`: depth-first proof-number search (Nagai), with the 1+epsilon
// threshold trick of Pawlewicz and Lew, over a transposition table of a
// fixed size (proof_table.hpp).
//
// Each binary question (proof_question.hpp) is one df-pn search from the
// root with thresholds (infinity, infinity).  A call on a node searches its
// children until its proof number reaches the threshold thpn or its
// disproof number reaches thdn: at an attacker (OR) node it enters the child
// of least proof number with
//     thpn' = min(thpn, max(pn2 + 1, ceil(pn2 * (1 + epsilon))))
//     thdn' = thdn - dn + dn(child)
// where pn2 is the second least proof number of the children (dually at a
// defender (AND) node).  With epsilon = 0 this is Nagai's pn2 + 1; a larger
// epsilon lets the search stay longer in one subtree before switching, which
// cuts the re-searches that plain df-pn spends on thrashing between siblings.
// A child never searched starts from the knowledge's estimate
// (ProofKnowledge::estimate: what the child's own evaluation decides by
// immediate wins, forced replies, live windows, the potential and, after a
// defender move, a pairing; else (1, moves) at an attacker node and (moves,
// 1) at a defender node: its mobility).  A call ends by storing
// the node's numbers, its relevance zone when proven, and the work spent
// below it.  The graph is acyclic (stones are only added), so there is no
// graph-history interaction.
//
// Options (DfpnOptions; spec keys of `dfpn`): the knowledge of
// proof_knowledge.hpp (wins, threats, live, pairing, potential, dominance),
// the reductions of proof_value.hpp (mb, off by default; stealing), keys = canonical (the least image under
// the board's symmetries; moves equal under a symmetry of the position are
// tried once) or exact, tt_bits (log2 of the entries, 40 bytes each; 0:
// sized to the board), epsilon, nodes (a node budget, 0:
// none).  When the budget runs out the result is "unknown within budget"
// (SearchResult::proved = false), never a guessed value.
//
// A node is one call of the search function for a position (statistics.hpp's
// definition): stats.node() is the first thing a call does.  Positions
// searched are the key's image (the canonical form with keys=canonical), so
// a trace shows canonical forms.  The table and everything else start empty
// at every search() call; nothing is allocated after construction.
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

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/search/proof/position_images.hpp"
#include "algorithms/search/proof/proof_knowledge.hpp"
#include "algorithms/search/proof/proof_number.hpp"
#include "algorithms/search/proof/proof_question.hpp"
#include "algorithms/search/proof/proof_table.hpp"
#include "algorithms/search/proof/proof_value.hpp"
#include "algorithms/search/proof/prover.hpp"
#include "algorithms/search/search_result.hpp"
#include "algorithms/search/statistics.hpp"
#include "algorithms/tables/bound.hpp"

namespace tictac {

struct DfpnOptions {
  ProofKnowledgeOptions knowledge;
  ProofValueOptions value;
  bool canonical = true;
  int tt_bits = 0;
  int epsilon_permille = 250;  // epsilon in thousandths
  std::uint64_t node_budget = 0;
  friend bool operator==(const DfpnOptions&, const DfpnOptions&) = default;
};

// log2 of the table entries when not given: room for the proofs of the
// empty boards measured (bench/bench_provers.cpp) several times over, at most
// 2^24 entries (640 MiB, for boards of more than 49 cells).  The table's
// pages are touched only as it fills.
inline int proof_table_bits(const Board& b) {
  const int n = b.cells();
  return n <= 9 ? 12 : n <= 12 ? 14 : n <= 16 ? 16 : n <= 25 ? 18 : n <= 36 ? 20 : n <= 49 ? 23 : 24;
}

template <class Stats>
class Dfpn : public ProverCore<Dfpn<Stats>, Stats, DfpnOptions> {
  using Core = ProverCore<Dfpn<Stats>, Stats, DfpnOptions>;
  friend Core;

 public:
  using Options = DfpnOptions;

  Dfpn(const Board& board, Options options = {})
      : Core(board, options), table_(options.tt_bits > 0 ? options.tt_bits : proof_table_bits(board)) {}

  // The next n searches clear their tables without wiping them (the
  // tables' reserve_clears): called before timed searches, not between them.
  void reserve_searches(std::uint64_t n) { table_.reserve_clears(n); }

 private:
  using Core::add, Core::decided, Core::initial, Core::other_game, Core::other_game_verdict, Core::proven_zone;
  using Core::board_, Core::opt_, Core::knowledge_, Core::images_, Core::stats_, Core::q_;
  using ZonedChild = typename Core::ZonedChild;

  void start_search() {
    nodes_ = 0;
    table_.clear();
  }
  void table_statistics(SearchStats& s) const {
    s.tt_capacity = table_.capacity();
    s.table_bytes = table_.bytes();
    s.tt_occupancy = table_.occupancy();
  }

  struct Child {
    ProofKey key;
    Mask zone;
    ProofNumber pn, dn;
    std::uint8_t cell;
  };
  using Values = ProofNumbers;  // the zone: in the frame of the position searched

  BinaryProof prove(const Position& root, const ProofQuestion& q, std::uint64_t limit) {
    q_ = q;
    aborted_ = false;
    stop_at_ = opt_.node_budget ? opt_.node_budget : ~std::uint64_t{0};
    if (limit) stop_at_ = std::min(stop_at_, nodes_ + limit);
    root_move_ = -1;
    root_pn_ = root_dn_ = 1;
    const Values v = mid(root, root.to_move(), kInfinity, kInfinity, 0);
    BinaryProof b;
    b.outcome = v.pn == 0 ? Outcome::proven : v.dn == 0 ? Outcome::disproven : Outcome::open;
    if (b.outcome != Outcome::open) b.move = root_move_ >= 0 ? root_move_ : any_move(root);
    b.out_of_budget = b.outcome == Outcome::open && opt_.node_budget && nodes_ >= opt_.node_budget;
    return b;
  }

  // The other game's entry for a child, when it decides this game too
  // (ProverCore::other_game_verdict).
  bool decided_by_other_game(Child& c, Side mover) {
    const ProofEntry* hit = table_.probe(c.key.position.x, c.key.position.o, key_tag(other_game(), mover), *stats_);
    if (!hit) return false;
    const Outcome v = other_game_verdict(hit->pn, hit->dn);
    if (v == Outcome::open) return false;
    const ProofNumbers d = decided(v, board_.full());
    c.pn = d.pn, c.dn = d.dn, c.zone = d.zone;
    return true;
  }

  int any_move(const Position& p) const { return std::countr_zero(board_.legal_moves(p.occupied())); }

  static ProofNumber grow(ProofNumber second, int permille) {
    if (second >= kInfinity - 1) return kInfinity;
    const std::uint64_t step = std::max<std::uint64_t>(1, (std::uint64_t{second} * permille + 999) / 1000);
    return static_cast<ProofNumber>(std::min<std::uint64_t>(kInfinity - 1, second + step));
  }
  // thdn - dn + dn(child), with infinity kept.
  static ProofNumber pass_on(ProofNumber th, ProofNumber own, ProofNumber child) {
    if (th >= kInfinity) return kInfinity;
    return static_cast<ProofNumber>(std::min<std::uint64_t>(kInfinity - 1, std::uint64_t{th} - own + child));
  }

  // The df-pn search of p below thresholds (thpn, thdn): a node counted,
  // the knowledge's verdict, the children's starting numbers, then the
  // child of least number searched until the node's numbers reach a
  // threshold; the numbers (and, proven, the zone) are stored and returned.
  Values mid(const Position& p, Side mover, ProofNumber thpn, ProofNumber thdn, int depth) {
    const std::uint64_t start = nodes_++;
    stats_->node(p.ply(), p);
    if ((nodes_ & (nodes_ - 1)) == 0) stats_->root_proof_numbers(nodes_, root_pn_, root_dn_);
    if (nodes_ > stop_at_) {
      aborted_ = true;
      return {1, 1, 0};
    }
    PositionImages::Frame frame;
    images_.set(frame, p);
    const ProofKey key = images_.key(frame);
    const std::uint8_t tag = key_tag(q_, mover);
    const bool or_node = mover == q_.attacker;

    const NodeEval e = knowledge_.evaluate(p, mover, q_, true);
    if (e.outcome != Outcome::open) {
      const Values v = decided(e.outcome, e.zone);
      if (depth == 0) root_move_ = e.move;
      table_.store(key.position.x, key.position.o, tag, v.pn, v.dn, images_.map(key.symmetry, v.zone), 1, *stats_);
      return v;
    }

    std::array<Child, Board::kMaxCells> ch;
    const int n = children(p, mover, frame, e.moves, ch);
    const Values v = search_children(ch, n, mover, thpn, thdn, depth);
    const Values r = proven_or_disproven(v, ch, n, or_node, e.zone, frame, depth);
    const std::uint64_t work = nodes_ - start;
    table_.store(key.position.x, key.position.o, tag, r.pn, r.dn, images_.map(key.symmetry, r.zone),
                 static_cast<std::uint32_t>(std::min<std::uint64_t>(work, 0xffffffffu)), *stats_);
    return r;
  }

  // The children of p worth searching (the knowledge's moves, one of each
  // class of moves equal under a symmetry of p), in the knowledge's order,
  // with the numbers each starts from: decided by the move itself, the
  // table, the other game's entry, or else the knowledge's estimate.
  [[gnu::always_inline]] int children(const Position& p, Side mover, const PositionImages::Frame& frame, Mask knowledge_moves,
                                      std::array<Child, Board::kMaxCells>& ch) {
    const Mask legal = board_.legal_moves(p.occupied());
    Mask moves = knowledge_moves ? knowledge_moves : legal;
    if (images_.count() > 1 && images_.symmetric(frame)) moves = images_.distinct_moves(frame, moves);
    if constexpr (Stats::enabled) {
      const Mask skipped = legal & ~moves;
      if (skipped) stats_->pruned(p, skipped);
    }
    ProofKnowledge::Order order;
    knowledge_.order(p, q_, moves, order);
    const int n = order.size();
    const Side next = other(mover);
    const std::uint8_t child_tag = key_tag(q_, next);
    for (int i = 0; i < n; ++i) {
      ch[i].cell = static_cast<std::uint8_t>(order[i]);
      ch[i].key = images_.child(frame, ch[i].cell, mover);
      table_.prefetch(ch[i].key.position.x, ch[i].key.position.o, child_tag);
    }
    for (int i = 0; i < n; ++i) {
      Child& c = ch[i];
      c.zone = 0;
      Position after = p;
      after.play(c.cell, mover);
      const Outcome done = knowledge_.after_move(after, mover, c.cell, q_);
      if (done != Outcome::open) {
        const ProofNumbers d = decided(done, 0);
        c.pn = d.pn, c.dn = d.dn;
        continue;
      }
      if (const ProofEntry* hit = table_.probe(c.key.position.x, c.key.position.o, child_tag, *stats_)) {
        c.pn = hit->pn;
        c.dn = hit->dn;
        const bool solved = c.pn == 0 || c.dn == 0;
        stats_->tt_hit(solved ? Bound::exact : Bound::none, after);
        if (solved) stats_->tt_hit_cutoff(after);
        if (c.pn == 0) c.zone = images_.unmap(c.key.symmetry, hit->zone);
        continue;
      }
      if (opt_.value.maker_breaker && decided_by_other_game(c, next)) continue;
      const ProofNumbers start = initial(knowledge_.estimate(p, mover, q_, c.cell), next);
      c.pn = start.pn, c.dn = start.dn, c.zone = start.zone;
    }
    return n;
  }

  // The node's numbers from its children: at an attacker (OR) node the
  // least proof number and the sum of disproof numbers (dually at a
  // defender node); `best` the child of the least, `second` the next least.
  struct Choice {
    ProofNumber pn, dn, second;
    int best;
  };
  [[gnu::always_inline]] static Choice choose(const std::array<Child, Board::kMaxCells>& ch, int n, bool or_node) {
    Choice r{0, 0, kInfinity, 0};
    ProofNumber first = kInfinity;
    if (or_node) {
      for (int i = 0; i < n; ++i) {
        r.dn = add(r.dn, ch[i].dn);
        if (ch[i].pn < first) r.second = first, first = ch[i].pn, r.best = i;
        else if (ch[i].pn < r.second) r.second = ch[i].pn;
      }
      r.pn = first;
    } else {
      for (int i = 0; i < n; ++i) {
        r.pn = add(r.pn, ch[i].pn);
        if (ch[i].dn < first) r.second = first, first = ch[i].dn, r.best = i;
        else if (ch[i].dn < r.second) r.second = ch[i].dn;
      }
      r.dn = first;
    }
    return r;
  }

  // Searches the child of least number, with the 1+epsilon thresholds,
  // until the node's numbers reach (thpn, thdn), the node is decided or
  // the budget is spent; returns the node's numbers (no zone yet).
  [[gnu::always_inline]] Values search_children(std::array<Child, Board::kMaxCells>& ch, int n, Side mover,
                                                ProofNumber thpn, ProofNumber thdn, int depth) {
    const bool or_node = mover == q_.attacker;
    const Side next = other(mover);
    for (;;) {
      const Choice x = choose(ch, n, or_node);
      if (depth == 0) root_pn_ = x.pn, root_dn_ = x.dn;
      if (x.pn == 0 || x.dn == 0 || x.pn >= thpn || x.dn >= thdn || aborted_) return {x.pn, x.dn, 0};
      Child& c = ch[x.best];
      const ProofNumber cthpn = or_node ? std::min(thpn, grow(x.second, opt_.epsilon_permille)) : pass_on(thpn, x.pn, c.pn);
      const ProofNumber cthdn = or_node ? pass_on(thdn, x.dn, c.dn) : std::min(thdn, grow(x.second, opt_.epsilon_permille));
      const Values v = mid(c.key.position, next, cthpn, cthdn, depth + 1);
      c.pn = v.pn;
      c.dn = v.dn;
      if (v.pn == 0) c.zone = images_.unmap(c.key.symmetry, v.zone);
    }
  }

  // A decided node's zone (proven: ProverCore::proven_zone) and, at the
  // root, the move that decides it.
  [[gnu::always_inline]] Values proven_or_disproven(Values v, const std::array<Child, Board::kMaxCells>& ch, int n,
                                                    bool or_node, Mask own_zone, const PositionImages::Frame& frame,
                                                    int depth) {
    if (v.pn == 0)
      v.zone = proven_zone(
          or_node, n, own_zone, [&](int i) { return ZonedChild{ch[i].pn == 0, ch[i].zone, ch[i].cell}; },
          [&]() -> const PositionImages::Frame& { return frame; });
    if (depth == 0 && (v.pn == 0 ? or_node : v.dn == 0 && !or_node))
      for (int i = 0; i < n; ++i)
        if ((or_node ? ch[i].pn : ch[i].dn) == 0) {
          root_move_ = ch[i].cell;
          break;
        }
    return v;
  }

  ProofTable table_;

  std::uint64_t nodes_ = 0;
  std::uint64_t stop_at_ = 0;  // the node count at which the current proof stops
  bool aborted_ = false;
  int root_move_ = -1;
  ProofNumber root_pn_ = 1, root_dn_ = 1;
};

}  // namespace tictac
