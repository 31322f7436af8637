// The game knowledge of the proof-number provers: what a position says about
// a binary question (proof_question.hpp) before any search below it, and
// which moves are worth searching.  Every piece is an option that can be
// switched off, as the rungs of a ladder, so an experiment can show what each
// buys; with all of them off, only the rules decide (a line ends the game, a
// full board is a draw) and every empty cell is a move.
//
// Options (spec keys of pns and dfpn; the defaults are all on):
//   wins      immediate wins and forced replies.  The attacker to move with a
//             hole wins; the defender to move with a hole (real game) wins.
//             A side facing one hole of the opponent must fill it (the only
//             move tried); facing two, it has lost.
//   threats   threat sequences and the branching reductions they give.
//             The attacker to move with a VCF (victory by continuous fours,
//             threat_sequence.hpp) wins; in the real game, so does the
//             defender with one of its own.  At a defender node, when the
//             attacker would win by a VCF if the defender passed, the
//             defender's moves are restricted to that VCF's relevance zone
//             (the cells it plays and its last holes; in the real game also
//             every cell where a defender stone could become a four of its
//             own during the sequence): any other move leaves the sequence
//             intact.  Dually, in the real game, an attacker facing a VCF of
//             the defender plays inside its zone.  These are the reductions
//             of Hsu, Ko, Chen, Wei, Hsueh and Wu ("On solving the 7,7,5-game
//             and the 8,8,5-game", TCS 815, 2020) as implemented here: (1)
//             against a four, the replies lie in its window (the hole: the
//             `wins` option); (2) against a weaker threat -- anything a VCF
//             after a pass wins -- the replies lie in the VCF's zone, a
//             relevance zone computed by a null move; (3) below, for the
//             maker, the dual zone of a pairing the breaker reaches after a
//             pass.  Zones from full sub-proofs after a pass (their third
//             method's general form) are not implemented.
//   live      dead cells and live windows.  An attacker with no live window
//             cannot win.  Cells live for neither side (for the attacker
//             alone in the weak game) are not tried: a stone there is a
//             pass, and in an m,n,k-game an extra stone never hurts its
//             owner, so a live move is at least as good.
//   pairing   pairing strategies (pairing.hpp): a pairing of the defender
//             against the attacker's live windows disproves, at every node,
//             and (weak game) at every child of a breaker node, so that a
//             breaker reply reaching a pairing is seen before it is
//             searched.  At a maker node of the weak game, when a breaker
//             move r (of the first kPassReplies in order) would reach a
//             pairing were it the breaker's turn, the maker's moves are
//             restricted to the pairs' cells and r: a maker stone elsewhere
//             leaves every pair empty, so r still reaches the pairing.
//   potential the Erdos-Selfridge criterion.  Give each window live for the
//             attacker the weight 2^-e, e its empty cells, and let P be the
//             sum.  With the defender to move and P < 1 the defender
//             (breaker) wins: it takes the cell of greatest weight, and the
//             attacker's reply can at most restore what that removed, so P
//             stays below 1 and no window fills (a full one weighs 1).  With
//             the attacker to move, P < 1/2 suffices.  Sound in both games.
//   dominance dominated cells (weak game only).  When every live window
//             through an empty cell c also holds another empty cell c', a
//             stone on c' is at least as good as one on c, for either side:
//             the side playing c' can follow any plan for c with the roles
//             of the two cells swapped, since every window that needs c
//             needs c' as well.  So c is not tried (of cells whose live
//             windows are the same, only the lowest is).
//   (The maker-breaker reduction and strategy-stealing act on whole
//   questions, not nodes: see proof_value.hpp.)
//
// Gravity boards (Connect-Four and its family): the moves are the legal
// drops, one per column that is not full, and only what stays sound when
// stones fall is kept (sound_knowledge_options):
//   wins      kept, with holes counted only where a stone can be dropped now
//             (the cell below is filled): a playable hole of the side to move
//             wins, one of the opponent must be filled, two have lost.  A
//             hole above an empty cell threatens nothing yet.
//   live      half kept: no live window still disproves (a line needs a
//             window), but dead cells are tried like any other drop, since a
//             stone there is no pass: it opens the cell above it, and in
//             Connect-Four zugzwang decides games.
//   threats, pairing, potential, dominance: off.  A threat sequence's forced
//             replies, a pairing's answer, the Erdos-Selfridge breaker's
//             heaviest cell and a dominating cell may all be cells that
//             cannot be played yet.
//
// Relevance zones.  A proof that the attacker wins carries a zone: a set of
// empty cells such that the proof stays valid when the defender owns any
// other empty cells.  A finished line has the empty zone; a win by a hole,
// the hole; a double four, its two holes; a VCF, its cells; an attacker
// node proved through its move m, the child's zone and m; a defender node,
// the union of its children's zones, the restriction zone that justified
// leaving moves out, and the images of all of them under the symmetries of
// the position (moves equal up to symmetry were tried once).  Zones are kept
// in the weak game only (the real game never restricts by zone).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/search/move_sorter.hpp"
#include "algorithms/search/proof/pairing.hpp"
#include "algorithms/search/proof/proof_number.hpp"
#include "algorithms/search/proof/proof_question.hpp"
#include "algorithms/search/proof/proof_value.hpp"
#include "algorithms/search/proof/threat_scan.hpp"
#include "algorithms/search/proof/threat_sequence.hpp"

namespace tictac {

struct ProofKnowledgeOptions {
  bool wins = true;
  bool threats = true;
  bool live = true;
  bool pairing = true;
  bool potential = true;
  bool dominance = true;
  friend bool operator==(const ProofKnowledgeOptions&, const ProofKnowledgeOptions&) = default;
};

// The knowledge that is sound on the board (the header above): where not
// every empty cell is playable (gravity), wins and the disproof half of live.
inline ProofKnowledgeOptions sound_knowledge_options(const Board& b, ProofKnowledgeOptions o) {
  if (!b.every_empty_cell_playable()) o.threats = o.pairing = o.potential = o.dominance = false;
  return o;
}

// A prover's options (DfpnOptions, PnsOptions: each has `knowledge` and
// `value`) with what is not sound on the board switched off.
template <class ProverOptions>
ProverOptions sound_prover_options(const Board& b, ProverOptions o) {
  o.knowledge = sound_knowledge_options(b, o.knowledge);
  o.value = sound_value_options(b, o.value);
  return o;
}

// What evaluate() says about a position.
struct NodeEval {
  Outcome outcome = Outcome::open;
  Mask moves = 0;    // open: the moves to search
  Mask zone = 0;     // proven: the proof's relevance zone; open: the cells that
                     // justify the moves left out (part of the zone once proven)
  int move = -1;     // proven at an attacker node, disproven at a defender node: the move
                     // that decides it, when knowledge found one; -1: any move does
                     // (a pairing, no live window, a double four).  A potential's
                     // move is proven by the Erdos-Selfridge argument itself.
};

class ProofKnowledge {
 public:
  // Work limits of the searches inside knowledge (positions per call): a
  // fixed count, so results do not depend on the machine.
  static constexpr int kThreatBudget = 400;
  static constexpr int kPairingBudget = 15000;  // cover tests

  ProofKnowledge(const Board& b, ProofKnowledgeOptions o)
      : board_(b),
        opt_(sound_knowledge_options(b, o)),
        incremental_estimate_(opt_.wins && opt_.live && b.every_empty_cell_playable()),
        windows_(b.windows()),
        vcf_(b) {
    // The windows of each line (a row, column or diagonal), in order along
    // it, for the pairing filter.
    std::vector<int> line(windows_.size(), -1);
    int lines = 0;
    for (std::size_t i = 0; i < windows_.size(); ++i) {
      for (std::size_t j = 0; j < i && line[i] < 0; ++j)
        if (board_.same_line(windows_[i], windows_[j])) line[i] = line[j];
      if (line[i] < 0) line[i] = lines++;
    }
    for (int l = 0; l < lines; ++l) {
      line_begin_.push_back(static_cast<int>(line_windows_.size()));
      for (std::size_t i = 0; i < windows_.size(); ++i)
        if (line[i] == l) line_windows_.push_back(windows_[i]);
      std::sort(line_windows_.begin() + line_begin_.back(), line_windows_.end());
    }
    line_begin_.push_back(static_cast<int>(line_windows_.size()));
  }

  const Board& board() const { return board_; }
  const ProofKnowledgeOptions& options() const { return opt_; }

  // After `mover` played `cell` (already on `after`): proven when the move
  // filled a window of the attacker, disproven when it filled one of the
  // defender in the real game or filled the board; open otherwise.
  Outcome after_move(const Position& after, Side mover, int cell, const ProofQuestion& q) const {
    const Mask stones = after.stones(mover);
    if (board_.wins_through(stones, cell)) {
      if (mover == q.attacker) return Outcome::proven;
      if (q.real()) return Outcome::disproven;
    }
    if (!(board_.full() & ~after.occupied())) return Outcome::disproven;
    return Outcome::open;
  }

  // The knowledge of an unfinished position (no line of a side that counts,
  // at least one empty cell).  `full`: also the searches (threat sequences
  // and pairings); without it, only the window scan (for cheap estimates).
  NodeEval evaluate(const Position& p, Side mover, const ProofQuestion& q, bool full) {
    NodeEval r;
    const Side att = q.attacker, def = q.defender();
    const Mask a = p.stones(att), d = p.stones(def);
    const Mask empty = board_.full() & ~(a | d);
    const bool real = q.real();
    SideThreats& at = last_.attacker;
    SideThreats& dt = last_.defender;
    scan_threats(windows_, a, d, empty, real, at, dt);
    Mask moves = empty;
    if (board_.stone_opens_cell_above()) {  // only the drops, and only holes that can be dropped into
      moves = board_.legal_moves(a | d);
      at.holes &= moves;
      dt.holes &= moves;
    }
    bool forced = false;
    if (opt_.wins) {
      if (mover == att) {
        if (at.holes) return proven(at.holes & -at.holes, std::countr_zero(at.holes));
        if (real && dt.holes) {
          if (!single_bit(dt.holes)) return disproven();
          moves = dt.holes, forced = true;
        }
      } else {
        if (real && dt.holes) return disproven(std::countr_zero(dt.holes));
        if (at.holes) {
          if (!single_bit(at.holes)) {
            const Mask first = at.holes & -at.holes;
            const Mask rest = at.holes & ~first;
            return proven(first | (rest & -rest), -1);
          }
          moves = at.holes, forced = true;
          r.zone = at.holes;
        }
      }
    }
    if (opt_.live) {
      if (at.live == 0) return disproven();
      if (board_.every_empty_cell_playable()) moves &= real ? at.cells | dt.cells : at.cells;
    }
    if (opt_.potential) {
      last_.potential = potential(d, empty);
      if (last_.potential < (mover == att ? kPotentialOne / 2 : kPotentialOne))
        return disproven(mover == att ? -1 : heaviest_cell(d, empty));
    }
    if (full) {
      if (opt_.pairing && pairing(d, empty)) return disproven();
      if (opt_.threats) {
        if (mover == att) {
          if (vcf_.find(a, d, real, kThreatBudget, at, dt)) return proven(vcf_.zone(), vcf_.first_move());
          // If the attacker passed, would the defender win (real game)?
          if (real && !forced && vcf_.find(d, a, true, kThreatBudget, dt, at)) moves &= restriction(vcf_.zone(), a, d, empty);
          // Weak game: if the maker passed, would a breaker move leave a pairing?
          if (opt_.pairing && !forced) moves &= pairing_after_pass(p, q, moves, r.zone);
        } else {
          if (real && vcf_.find(d, a, true, kThreatBudget, dt, at)) return disproven(vcf_.first_move());
          // If the defender passed, would the attacker win?
          if (!forced && vcf_.find(a, d, real, kThreatBudget, at, dt)) {
            const Mask keep = real ? restriction(vcf_.zone(), d, a, empty) : vcf_.zone();
            moves &= keep;
            r.zone |= keep;
          }
        }
      }
    }
    if (opt_.dominance && !real && !forced && !single_bit(moves)) moves = undominated(moves, d, empty, r.zone);
    r.moves = moves;
    return r;
  }

  // A cheap estimate of the child after `mover` plays `cell` in the position
  // of the last evaluate() call (which left the position open): the child's
  // outcome by immediate wins, forced replies and live windows, as
  // evaluate(child, .., false) would find it, and otherwise an estimate of
  // its number of moves (1 when it must answer a four; else the parent's
  // live cells but one), without a scan of the board.  Only with wins and
  // live on and without gravity (else it calls evaluate on the child).
  struct Estimate {
    Outcome outcome;
    int moves;
    Mask zone;  // proven: the zone
  };
  Estimate estimate(const Position& p, Side mover, const ProofQuestion& q, int cell) {
    if (!incremental_estimate_) {
      Position after = p;
      after.play(cell, mover);
      const Scan saved = last_;
      const NodeEval e = evaluate(after, other(mover), q, false);
      last_ = saved;
      return {e.outcome, std::popcount(e.moves), e.zone};
    }
    const Side att = q.attacker;
    const bool real = q.real();
    const Mask bit = Mask{1} << cell;
    const Mask a = p.stones(att) | (mover == att ? bit : 0), d = p.stones(q.defender()) | (mover == att ? 0 : bit);
    const Mask empty = board_.full() & ~(a | d);
    // The holes of each side in the child: the parent's, less the cell, and
    // for the mover the new ones its stone makes.
    Mask ah = last_.attacker.holes & ~bit, dh = real ? last_.defender.holes & ~bit : 0;
    int a_killed = 0;
    for (const Mask w : board_.windows_through(cell)) {
      if (mover == att) {
        if (!(w & d) && single_bit(w & empty)) ah |= w & empty;
      } else {
        if (!(w & d & ~bit)) ++a_killed;  // an attacker window live until now
        if (real && !(w & a) && single_bit(w & empty)) dh |= w & empty;
      }
    }
    // The checks of evaluate(), in its order.
    const Side next = other(mover);
    bool forced = false;
    if (next == att) {
      if (ah) return {Outcome::proven, 0, ah & -ah};
      if (dh && !single_bit(dh)) return {Outcome::disproven, 0, 0};
      if (mover != att && a_killed == last_.attacker.live) return {Outcome::disproven, 0, 0};
      forced = dh != 0;
    } else {
      if (dh) return {Outcome::disproven, 0, 0};
      if (ah && !single_bit(ah)) {
        const Mask first = ah & -ah, rest = ah & ~first;
        return {Outcome::proven, 0, first | (rest & -rest)};
      }
      forced = ah != 0;
    }
    if (opt_.potential) {
      // The weights of the windows through the cell: dropped by a defender
      // stone, doubled by an attacker stone.
      std::uint64_t through = 0;
      const Mask before = empty | bit;
      for (const Mask w : board_.windows_through(cell))
        if (!(w & d & ~bit)) through += weight(small_count(w & before));
      const std::uint64_t after = mover == att ? last_.potential + through : last_.potential - through;
      if (after < (next == att ? kPotentialOne / 2 : kPotentialOne)) return {Outcome::disproven, 0, 0};
    }
    if (forced) return {Outcome::open, 1, 0};
    // A breaker reply of the weak game that leaves a pairing wins for it.
    if (mover != att && opt_.pairing && pairing(d, empty)) return {Outcome::disproven, 0, 0};
    // The child's live cells: the parent's but the cell, unless the stone
    // killed windows of the other side, whose cells may have died with them.
    Mask live = (real ? last_.attacker.cells | last_.defender.cells : last_.attacker.cells) & ~bit;
    bool killed = false;
    for (const Mask w : board_.windows_through(cell))
      killed = killed || (mover == att ? real && !(w & d) : !(w & d & ~bit));
    if (killed) {
      live = 0;
      for (const Mask w : windows_)
        if (!(w & d) || (real && !(w & a))) live |= w & empty;
    }
    return {Outcome::open, std::max(1, std::popcount(live)), 0};
  }

  // The moves in the order the provers try them (ties of proof numbers go
  // to the earlier move): by the windows through each cell, a live window
  // holding m stones of its side counting 4^m for each side's windows alike,
  // ties in cell order.
  using Order = MoveSorter<std::uint32_t, Board::kMaxCells>;
  void order(const Position& p, const ProofQuestion& q, Mask moves, Order& out) const {
    const Mask a = p.stones(q.attacker), d = p.stones(q.defender());
    std::array<std::uint32_t, Board::kMaxCells> score{};
    for (const Mask w : windows_) {
      if (!(w & moves)) continue;
      std::uint32_t weight = 0;
      if (!(w & d)) weight += 1u << (2 * std::min(small_count(w & a), 12));
      if (q.real() && !(w & a)) weight += 1u << (2 * std::min(small_count(w & d), 12));
      for (Mask m = w & moves; m; m &= m - 1) score[std::countr_zero(m)] += weight;
    }
    for (Mask m = moves; m; m &= m - 1) {
      const int c = std::countr_zero(m);
      out.add(c, score[c]);
    }
  }

 private:
  static NodeEval proven(Mask zone, int move) {
    NodeEval r;
    r.outcome = Outcome::proven;
    r.zone = zone;
    r.move = move;
    return r;
  }
  static NodeEval disproven(int move = -1) {
    NodeEval r;
    r.outcome = Outcome::disproven;
    r.move = move;
    return r;
  }

  // The moves of the side with `mine` stones that can stop a VCF of the
  // other side with zone `zone` (found as if `mine` passed).  In the weak
  // game, the zone itself.  In the real game also every empty cell of a
  // window live for `mine` that could become a four of its own during the
  // sequence -- one holding k-2 of its stones, counting the zone's cells as
  // its (its forced replies lie there): a stone of `mine` elsewhere leaves
  // every step forcing and gives it no immediate win on the way.
  Mask restriction(Mask zone, Mask mine, Mask theirs, Mask empty) const {
    Mask r = zone;
    const int need = board_.k() - 2;
    for (const Mask w : windows_)
      if (!(w & theirs) && (w & empty & ~r) && small_count(w & mine) + small_count(w & zone) >= need) r |= w & empty;
    return r;
  }

  // The moves of `moves` that no other empty cell dominates (see the
  // header); adds to `zone` the cells the pruned moves are dominated by.
  Mask undominated(Mask moves, Mask d, Mask empty, Mask& zone) const {
    std::array<Mask, Board::kMaxCells> common;  // the empty cells in every live window through a cell
    for (Mask m = moves; m; m &= m - 1) common[std::countr_zero(m)] = empty;
    for (const Mask w : windows_)
      if (!(w & d))
        for (Mask m = w & moves; m; m &= m - 1) common[std::countr_zero(m)] &= w;
    Mask keep = moves;
    for (Mask m = moves; m; m &= m - 1) {
      const int c = std::countr_zero(m);
      const Mask bit = m & -m;
      for (Mask o = common[c] & ~bit; o; o &= o - 1) {
        const int c2 = std::countr_zero(o);
        // c2 dominates c strictly, or equally with a lower index (a move of
        // `moves` or not: c2 is empty either way).
        const bool equal = (moves >> c2 & 1) && (common[c2] & bit);
        if (!equal || c2 < c) {
          keep &= ~bit;
          zone |= o & -o;
          break;
        }
      }
    }
    return keep;
  }

  // The maker's moves worth trying when, if it passed, a breaker move r
  // would leave a pairing: a maker stone outside the pairs and r leaves every
  // pair empty, so r still leaves a pairing and the maker loses.  The moves
  // kept are the pairs' cells and r (added to `zone`, the cells this rests
  // on); all of `moves` when no such r is found among the first
  // kPassReplies breaker moves in the provers' order.
  static constexpr int kPassReplies = 6;
  Mask pairing_after_pass(const Position& p, const ProofQuestion& q, Mask moves, Mask& zone) {
    const Mask d = p.stones(q.defender()), empty = board_.full() & ~p.occupied();
    Order replies;
    order(p, q, moves, replies);
    const int n = std::min(replies.size(), kPassReplies);
    for (int i = 0; i < n; ++i) {
      const Mask r = Mask{1} << replies[i];
      if (pairing(d | r, empty & ~r)) {
        const Mask keep = pairing_cells_ | r;
        zone |= keep;
        return moves & keep;
      }
    }
    return moves;
  }

  // Potentials in units of 2^-kPotentialBits; a window with more empty
  // cells than that weighs one unit, more than its true weight, so the sum is
  // never below the true potential.
  static constexpr int kPotentialBits = 40;
  static constexpr std::uint64_t kPotentialOne = std::uint64_t{1} << kPotentialBits;
  static std::uint64_t weight(int empty_cells) {
    return empty_cells >= kPotentialBits ? 1 : std::uint64_t{1} << (kPotentialBits - empty_cells);
  }
  // The defender's move of the Erdos-Selfridge strategy: the empty cell
  // whose live windows weigh the most (the lowest among equals).
  int heaviest_cell(Mask d, Mask empty) const {
    std::array<std::uint64_t, Board::kMaxCells> sum{};
    for (const Mask w : windows_)
      if (!(w & d)) {
        const std::uint64_t x = weight(small_count(w & empty));
        for (Mask m = w & empty; m; m &= m - 1) sum[std::countr_zero(m)] += x;
      }
    int best = std::countr_zero(empty);
    for (Mask m = empty; m; m &= m - 1)
      if (sum[std::countr_zero(m)] > sum[best]) best = std::countr_zero(m);
    return best;
  }

  std::uint64_t potential(Mask d, Mask empty) const {
    std::uint64_t sum = 0;
    for (const Mask w : windows_)
      if (!(w & d)) sum += weight(small_count(w & empty));
    return sum;
  }

  // A lower bound on the pairs of a pairing: a pair lies in one line (pairs
  // of different lines are disjoint) and covers at most k-1 consecutive
  // windows of it (those holding both its cells), so each line needs at
  // least as many pairs as intervals of k-1 consecutive windows it takes to
  // cover its live ones (found greedily, which is optimal for covering
  // points by intervals of one length).
  int pairs_needed(Mask d) const {
    const int reach = board_.k() - 2;
    int total = 0;
    for (std::size_t l = 0; l + 1 < line_begin_.size(); ++l) {
      int covered_to = -1;
      for (int i = line_begin_[l]; i < line_begin_[l + 1]; ++i) {
        const int at = i - line_begin_[l];
        if (!(line_windows_[i] & d) && at > covered_to) ++total, covered_to = at + reach;
      }
    }
    return total;
  }

  // Whether the breaker (stones `d`) has a pairing, found within `budget`;
  // pairing_cells_ then holds its cells.  Answers are remembered by
  // position, with the budget of their search (they depend on nothing else,
  // so the memory never changes a result).
  bool pairing(Mask d, Mask empty, int budget = kPairingBudget) {
    std::uint64_t h = d * 0x9E3779B97F4A7C15ull ^ empty * 0xC2B2AE3D27D4EB4Full;
    PairingMemo& memo = pairing_memo_[(h ^ h >> 29) & (kPairingMemo - 1)];
    if (memo.budget && memo.d == d && memo.empty == empty && (memo.found || memo.budget >= budget)) {
      pairing_cells_ = memo.cells;
      return memo.found;
    }
    bool found = false;
    pairing_cells_ = 0;
    if (2 * pairs_needed(d) <= std::popcount(empty)) {
      // The live windows' empty cells, line by line.
      int n = 0, lines = 0;
      for (std::size_t l = 0; l + 1 < line_begin_.size(); ++l) {
        live_begin_[lines] = n;
        for (int i = line_begin_[l]; i < line_begin_[l + 1]; ++i)
          if (!(line_windows_[i] & d)) live_[n++] = line_windows_[i] & empty;
        if (live_begin_[lines] < n) ++lines;
      }
      live_begin_[lines] = n;
      found = pairs_.find(live_.data(), live_begin_.data(), lines, std::popcount(empty), budget);
      if (found) pairing_cells_ = pairs_.cells();
    }
    memo = PairingMemo{d, empty, pairing_cells_, budget, found};
    return found;
  }

  struct Scan {
    SideThreats attacker, defender;
    std::uint64_t potential = 0;  // the attacker's (with the potential option)
  };

  Board board_;
  ProofKnowledgeOptions opt_;
  // estimate()'s incremental path: with wins and live, and not on a gravity
  // board (a hole's playability changes with the cell).  Decided once here:
  // testing the three at every call made pns and dfpn 12 to 23% slower on
  // 5x5 k=4 and 6x6 (bench_provers, side by side).
  bool incremental_estimate_;
  Scan last_;  // the window scan of the last evaluate()
  std::vector<Mask> windows_;
  ThreatSequence vcf_;
  PairingFinder pairs_;
  std::array<Mask, PairingFinder::kMaxWindows> live_{};
  std::array<int, PairingFinder::kMaxLines + 1> live_begin_{};
  struct PairingMemo {
    Mask d = 0, empty = 0, cells = 0;
    int budget = 0;  // of the search that found or missed it; 0: an empty slot
    bool found = false;
  };
  static constexpr std::size_t kPairingMemo = 1 << 13;
  std::vector<PairingMemo> pairing_memo_ = std::vector<PairingMemo>(kPairingMemo);
  Mask pairing_cells_ = 0;
  std::vector<Mask> line_windows_;  // the windows, line by line, in order along each
  std::vector<int> line_begin_;     // line l: line_windows_[line_begin_[l], line_begin_[l + 1])
};

}  // namespace tictac
