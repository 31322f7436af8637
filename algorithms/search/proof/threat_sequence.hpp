// Victory by continuous fours (VCF): a sequence of attacker moves, each
// leaving a four (k-1 stones in a live window whose last cell is empty), so
// that every defender reply is forced to the four's hole, ending in a move
// that leaves two fours with different holes (the defender can block only
// one) -- or in a four the defender cannot answer.
//
// In the real game (`real`), the defender's lines count too: the attacker
// facing a four of the defender must block it, so the sequence goes on only
// if the block is itself a four maker; two fours of the defender end the
// search (no VCF).  The defender never has an immediate win when it must
// answer a four: any four it had was blocked by the attacker's last move.
//
// The relevance zone of a VCF found is the set of cells it plays (both
// sides) and the holes of its last double four: a defender stone on any
// other empty cell leaves every step of the sequence legal and forcing, so
// in the weak game the defender, facing a VCF, can only stop it inside the
// zone.  (In the real game a defender stone elsewhere can make threats of
// its own, so the zone bounds nothing there.)
//
// Search: iterative deepening on the attacker's moves, so that the sequence
// found is a shortest one (its zone small); within a depth, every candidate
// move is first checked for a double four, then followed in cell order.
// Positions whose search failed are remembered, with the depth they had, for
// the rest of the call (fours played in another order reach the same
// positions).  The
// search stops after `budget` positions, a deterministic count, so results do
// not depend on time; a VCF not found within it is reported as none:
// knowledge may miss proofs, never invent them.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/search/proof/threat_scan.hpp"

namespace tictac {

class ThreatSequence {
 public:
  explicit ThreatSequence(const Board& b) : board_(b), windows_(b.windows()) {}

  // Searches for a VCF of the side with `own` stones, to move, against `opp`.
  // `mine` and `theirs` are the threats of the two sides in this position
  // (threat_scan.hpp; `theirs` only read in the real game).
  bool find(Mask own, Mask opp, bool real, int budget, const SideThreats& mine, const SideThreats& theirs) {
    zone_ = 0;
    first_ = -1;
    spent_ = 0;
    budget_ = budget;
    real_ = real;
    if (++stamp_ == 0) {
      failed_.fill(Failed{});
      stamp_ = 1;
    }
    if (mine.holes) {
      const Mask h = mine.holes & -mine.holes;
      zone_ = h;
      first_ = std::countr_zero(h);
      return true;
    }
    const int most = std::popcount(board_.full() & ~(own | opp)) / 2 + 1;
    for (int depth = 1; depth <= most && spent_ < budget_; ++depth)
      if (search(own, opp, mine.makers, real ? theirs.holes : 0, depth)) return true;
    return false;
  }
  bool find(Mask own, Mask opp, bool real, int budget) {
    SideThreats mine, theirs;
    scan_threats(windows_, own, opp, board_.full() & ~(own | opp), real, mine, theirs);
    return find(own, opp, real, budget, mine, theirs);
  }

  Mask zone() const { return zone_; }
  // The first attacker move of the sequence found.
  int first_move() const { return first_; }
  // Positions visited by the last find().
  int spent() const { return spent_; }

 private:
  struct Failed {
    Mask own = 0, opp = 0;
    std::uint32_t stamp = 0;
    int depth = 0;  // the attacker moves the failed search had
  };
  static constexpr int kFailedSlots = 256;

  Failed& slot(Mask own, Mask opp) {
    std::uint64_t h = own * 0x9E3779B97F4A7C15ull ^ opp * 0xC2B2AE3D27D4EB4Full;
    return failed_[(h ^ h >> 32) & (kFailedSlots - 1)];
  }

  // The attacker to move has no hole.  `candidates`: a superset of its four
  // makers; `their_holes`: the defender's holes (real game).
  bool search(Mask own, Mask opp, Mask candidates, Mask their_holes, int depth) {
    if (spent_++ >= budget_) return false;
    const Mask empty = board_.full() & ~(own | opp);
    candidates &= empty;
    if (their_holes) {
      if (!single_bit(their_holes)) return false;
      candidates &= their_holes;
    }
    // The holes each candidate leaves (none: not a four maker after all).
    std::array<Mask, Board::kMaxCells> holes_after;
    for (Mask c = candidates; c; c &= c - 1) {
      const int m = std::countr_zero(c);
      const Mask rest = empty & ~(Mask{1} << m);
      Mask holes = 0;
      for (const Mask w : board_.windows_through(m))
        if (!(w & opp) && single_bit(w & rest)) holes |= w & rest;
      if (holes && !single_bit(holes)) {
        const Mask first = holes & -holes;
        const Mask second = (holes & ~first) & -(holes & ~first);
        zone_ |= Mask{1} << m | first | second;
        first_ = m;
        return true;
      }
      holes_after[m] = holes;
    }
    if (depth < 2) return false;
    for (Mask c = candidates; c; c &= c - 1) {
      const int m = std::countr_zero(c);
      const Mask bit = Mask{1} << m, hole = holes_after[m];
      if (!hole) continue;
      const Mask own2 = own | bit, opp2 = opp | hole;
      Failed& f = slot(own2, opp2);
      if (f.stamp == stamp_ && f.own == own2 && f.opp == opp2 && f.depth >= depth - 1) continue;
      // The next candidates: the old ones, and the cells of windows through
      // m that now hold two empty cells.  The defender's holes: those its
      // stone on `hole` makes (any earlier one was blocked by m).
      const Mask empty2 = empty & ~(bit | hole);
      Mask next = candidates;
      for (const Mask w : board_.windows_through(m))
        if (!(w & opp2) && two_bits(w & empty2)) next |= w & empty2;
      Mask holes2 = 0;
      if (real_)
        for (const Mask w : board_.windows_through(std::countr_zero(hole)))
          if (!(w & own2) && single_bit(w & empty2)) holes2 |= w & empty2;
      if (search(own2, opp2, next, holes2, depth - 1)) {
        zone_ |= bit | hole;
        first_ = m;
        return true;
      }
      if (spent_ >= budget_) return false;
      f = Failed{own2, opp2, stamp_, depth - 1};
    }
    return false;
  }

  Board board_;
  std::vector<Mask> windows_;
  Mask zone_ = 0;
  int first_ = -1;
  int spent_ = 0;
  int budget_ = 0;
  bool real_ = true;
  std::uint32_t stamp_ = 0;
  std::array<Failed, kFailedSlots> failed_{};
};

}  // namespace tictac
