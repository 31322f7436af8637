// A game value from binary proofs: win, draw or loss for the side to move S
// from two questions, "does S win?" and "does the opponent T win?" (the
// second is "does S not lose?" negated).
//
//   S wins                      -> +1 for S
//   else T wins                 -> -1 for S
//   else                        ->  0
//
// Two reductions act on whole questions (ProofValueOptions):
//   maker_breaker  (off by default) each question is asked in the weak game
//                  (proof_question.hpp) as well as in the real one: a breaker
//                  win in the weak game disproves the real question.  When
//                  the maker wins the weak game its proof is wasted work, and
//                  can cost far more than the real question (4x7 k=4), so the
//                  two searches take turns, in slices of kFirstSlice nodes
//                  that double each round (weak first), each resuming from
//                  the table, until one of them answers: a weak breaker win,
//                  or the real outcome.  A maker win of the weak game drops it
//                  and leaves the real search alone; each search reads the
//                  other's decisive entries.  Most draw proofs here are
//                  breaker wins of the weak game, but the breaker's
//                  certificates of it -- pairings and the Erdos-Selfridge
//                  potential (proof_knowledge.hpp) -- disprove inside the
//                  real search as well, at every node, and that measured
//                  faster on every board of bench/bench_provers.cpp (7x7
//                  k=5: 1,822 nodes alone, 3,457 with the weak search beside
//                  it; 4x7 k=4: 44,008 and 103,164).  So it is off by default.
//   stealing       strategy-stealing: the first player never loses from the
//                  EMPTY board of an m,n,k-game (were the second player to
//                  win, the first could steal its strategy with an extra
//                  stone, and an extra stone never hurts).  So from the empty
//                  board "does O win?" is answered no without search.  It is
//                  used nowhere else: not off the empty board, and never on
//                  a board where an extra stone can hurt (gravity boards,
//                  where a stone changes which cells can be played):
//                  strategy_stealing_holds() answers false there.
//
// On gravity boards (Connect-Four and its family) both reductions are off
// (sound_value_options): strategy-stealing for the reason above, and the
// maker-breaker reduction because the weak game's relevance zones assume that
// a defender stone outside a zone changes nothing, where under gravity it
// changes which cells can be played.  The knowledge has its own list
// (proof_knowledge.hpp: sound_knowledge_options).
//
// What a proof gives besides the value.  The move reported is one whose own
// value is proven: a win's winning move (from the proof of "S wins"), a
// draw's move that does not lose (from the disproof of "T wins", where S is
// the defender and one child disproves), any move of a loss (every move
// loses).  A draw proved through strategy-stealing proves no move: the
// result then says value proven, move not proven (move_proved = false,
// best_move = -1).  A budget that runs out gives proved = false.
#pragma once

#include <bit>
#include <cstdint>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/search/proof/proof_number.hpp"
#include "algorithms/search/proof/proof_question.hpp"
#include "algorithms/search/search_result.hpp"

namespace tictac {

struct ProofValueOptions {
  bool maker_breaker = false;
  bool stealing = true;
  friend bool operator==(const ProofValueOptions&, const ProofValueOptions&) = default;
};

// Whether an extra stone never hurts its owner on this board: only where
// every empty cell is playable (Board::every_empty_cell_playable; not under
// gravity, where a stone changes which cells can be played), which switches
// strategy-stealing off elsewhere.
inline bool strategy_stealing_holds(const Board& b) { return b.every_empty_cell_playable(); }

// The reductions that are sound on the board: neither where not every empty
// cell is playable (gravity).
inline ProofValueOptions sound_value_options(const Board& b, ProofValueOptions o) {
  if (!b.every_empty_cell_playable()) o.maker_breaker = o.stealing = false;
  return o;
}

// The answer of one binary proof at its root: the outcome, and the root move
// that decided it when the side to move decided it (the attacker's winning
// move of a proof, the defender's refutation of a disproof), else -1.
struct BinaryProof {
  Outcome outcome = Outcome::open;
  int move = -1;
  bool out_of_budget = false;  // open because the search's whole budget ran out
};

// The first slice of the maker-breaker alternation, in nodes.
inline constexpr std::uint64_t kFirstSlice = 256;

// `prove(root, question, limit)` answers one question from `root` with the
// side to move of the position, within `limit` more nodes (0: no limit but
// the search's budget); it returns Outcome::open when it ran out of either.
// Whether strategy-stealing was used is reported through `stolen`.
template <class Prove>
SearchResult proof_value(const Board& b, const Position& root, const ProofValueOptions& o, Prove&& prove,
                         bool* stolen = nullptr) {
  SearchResult r;
  if (stolen) *stolen = false;
  const Side s = root.to_move(), t = other(s);
  const int sign = s == Side::X ? 1 : -1;
  const Result finished = result(b, root);
  if (finished != Result::ongoing) {
    r.value = finished == Result::x_wins ? 1 : finished == Result::o_wins ? -1 : 0;
    r.score = r.value * sign;
    r.best_move = -1;
    return r;
  }
  auto unknown = [&r] {
    r.proved = r.move_proved = false;
    r.value = r.score = 0;
    r.best_move = -1;
    return r;
  };
  auto ask = [&](Side attacker) {
    const ProofQuestion weak{attacker, Game::weak}, real{attacker, Game::real};
    if (!o.maker_breaker) return prove(root, real, std::uint64_t{0});
    bool weak_open = true;
    for (std::uint64_t slice = kFirstSlice;; slice *= 2) {
      if (weak_open) {
        const BinaryProof w = prove(root, weak, slice);
        if (w.outcome == Outcome::disproven || w.out_of_budget) return w;
        weak_open = w.outcome == Outcome::open;
      }
      const BinaryProof r = prove(root, real, weak_open ? slice : std::uint64_t{0});
      if (r.outcome != Outcome::open || r.out_of_budget) return r;
    }
  };

  const BinaryProof wins = ask(s);
  if (wins.outcome == Outcome::open) return unknown();
  if (wins.outcome == Outcome::proven) {
    r.score = 1;
    r.best_move = wins.move;
    r.move_proved = wins.move >= 0;
  } else if (o.stealing && root.occupied() == 0 && strategy_stealing_holds(b)) {
    if (stolen) *stolen = true;
    r.score = 0;
    r.best_move = -1;
    r.move_proved = false;
  } else {
    const BinaryProof loses = ask(t);
    if (loses.outcome == Outcome::open) return unknown();
    if (loses.outcome == Outcome::proven) {
      r.score = -1;
      r.best_move = std::countr_zero(b.legal_moves(root.occupied()));  // every move loses
    } else {
      r.score = 0;
      r.best_move = loses.move;
      r.move_proved = loses.move >= 0;
    }
  }
  r.value = r.score * sign;
  return r;
}

}  // namespace tictac
