// Helpers for the tests of the proof-number provers: the ladder of
// knowledge options, seeded samples of positions, an independent
// maker-breaker solver, and the checks against the exact solution.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "algorithms/exact/solution.hpp"
#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/search/best/best_search.hpp"
#include "algorithms/search/proof/dfpn.hpp"
#include "algorithms/search/proof/pns.hpp"
#include "algorithms/search/proof/proof_knowledge.hpp"
#include "algorithms/search/proof/proof_value.hpp"
#include "algorithms/tables/zobrist.hpp"
#include "harness/registry/exact_cache.hpp"

namespace tictac::test {

// One rung of the ladder: every option on, or one of them off.
struct Rung {
  std::string name;
  ProofKnowledgeOptions knowledge;
  ProofValueOptions value;
  bool canonical = true;
};

inline std::vector<Rung> ladder_one_off() {
  std::vector<Rung> r;
  r.push_back({"all on", {}, {}, true});
  auto off = [&](const char* name, auto change) {
    Rung x{std::string(name) + " off", {}, {}, true};
    change(x);
    r.push_back(x);
  };
  off("wins", [](Rung& x) { x.knowledge.wins = false; });
  off("threats", [](Rung& x) { x.knowledge.threats = false; });
  off("live", [](Rung& x) { x.knowledge.live = false; });
  off("pairing", [](Rung& x) { x.knowledge.pairing = false; });
  off("potential", [](Rung& x) { x.knowledge.potential = false; });
  off("dominance", [](Rung& x) { x.knowledge.dominance = false; });
  // mb is off by default: its rung switches it on.
  r.push_back({"mb on", {}, {true, true}, true});
  off("stealing", [](Rung& x) { x.value.stealing = false; });
  off("canonical keys", [](Rung& x) { x.canonical = false; });
  return r;
}

// The non-terminal reachable positions of a board (every one, or a seeded
// sample of `count` of them drawn without replacement).
inline std::vector<Position> open_positions(const ExactSolution& sol) {
  std::vector<Position> out;
  const StateSpace& space = sol.space();
  for (StateSpace::Index i = 0; i < space.size(); ++i)
    if (!space.terminal(i)) out.push_back(space.position(i));
  return out;
}
inline std::vector<Position> sample_positions(const ExactSolution& sol, std::size_t count, std::uint64_t seed,
                                              int min_ply = 0) {
  const StateSpace& space = sol.space();
  std::vector<StateSpace::Index> open;
  for (StateSpace::Index i = space.ply_begin(min_ply); i < space.size(); ++i)
    if (!space.terminal(i)) open.push_back(i);
  std::vector<Position> out;
  for (std::size_t n = 0; n < count && !open.empty(); ++n) {
    const std::size_t j = splitmix64(seed) % open.size();
    out.push_back(space.position(open[j]));
    open[j] = open.back();
    open.pop_back();
  }
  return out;
}

// Checks a prover's result against the exact solution: the value, and the
// move when the result says it is proven (its own value -- the child's exact
// value -- must be the position's).  Returns false, with a message, on a
// mismatch.
inline bool agrees(const ExactSolution& sol, const Position& p, const SearchResult& r, std::string& why) {
  const Board& b = sol.board();
  if (!r.proved) {
    why = "not proved";
    return false;
  }
  if (r.value != sol.value(p)) {
    why = "value " + std::to_string(r.value) + ", exact " + std::to_string(sol.value(p));
    return false;
  }
  if (r.move_proved) {
    if (r.best_move < 0 || (p.occupied() >> r.best_move & 1) || !(sol.optimal_moves(p) >> r.best_move & 1)) {
      why = "move " + std::to_string(r.best_move) + " is not optimal";
      return false;
    }
  } else if (p.occupied() != 0 || r.best_move != -1) {
    // Only a strategy-stealing draw of the empty board proves no move.
    why = "no proven move off the empty board";
    return false;
  }
  (void)b;
  return true;
}

template <class Options>
Options options_of(const Rung& r) {
  Options o;
  o.knowledge = r.knowledge;
  o.value = r.value;
  o.canonical = r.canonical;
  return o;
}

// Searches every position with a prover and checks each result; returns the
// number of wrong results (the first few reported through INFO).
template <template <class> class Prover, class Stats = NoStats>
int wrong_results(const ExactSolution& sol, const typename Prover<Stats>::Options& o, const std::vector<Position>& ps) {
  Prover<Stats> prover(sol.board(), o);
  int wrong = 0;
  for (const Position& p : ps) {
    Stats stats;
    const SearchResult r = prover.search(p, stats);
    std::string why;
    if (!agrees(sol, p, r, why) && wrong++ < 3)
      UNSCOPED_INFO(sol.board().name() << " x=" << p.x << " o=" << p.o << ": " << why);
  }
  return wrong;
}

// Seeded play to `ply` stones, a splitmix64 stream.  With `strong` set
// (0: X, 1: O), that side plays a greedy move: its immediate win, else a
// block of the opponent's, else the first move of the provers' order (random
// play seldom leaves a draw on boards that are wins).  The other side plays
// at random.  Positions whose game ended on the way are drawn again.
inline Position random_position(const Board& b, int ply, std::uint64_t& seed, int strong = -1) {
  ProofKnowledge k(b, {});
  for (;;) {
    Position p;
    bool open = true;
    for (int t = 0; t < ply && open; ++t) {
      const Side s = p.to_move();
      const Mask empty = b.full() & ~p.occupied();
      int c = -1;
      if (static_cast<int>(s) == strong) {
        for (Mask e = empty; e && c < 0; e &= e - 1)
          if (b.wins_through(p.stones(s) | (e & -e), std::countr_zero(e))) c = std::countr_zero(e);
        for (Mask e = empty; e && c < 0; e &= e - 1)
          if (b.wins_through(p.stones(other(s)) | (e & -e), std::countr_zero(e))) c = std::countr_zero(e);
        if (c < 0) {
          ProofKnowledge::Order order;
          k.order(p, ProofQuestion{s, Game::real}, empty, order);
          c = order[0];
        }
      } else {
        Mask e = empty;
        for (auto n = splitmix64(seed) % static_cast<std::uint64_t>(std::popcount(e)); n; --n) e &= e - 1;
        c = std::countr_zero(e);
      }
      p.play(c, s);
      open = !b.wins_through(p.stones(s), c) && (b.full() & ~p.occupied());
    }
    if (open) return p;
  }
}

// Positions of a board with at least `per_class` of each value for the side
// to move: drawn by seeded play at `ply`, in turn random, with X greedy and
// with O greedy (see random_position), and, since a lost side to move is
// rare, the position after the winning move from each win.  Sorted into
// classes by dfpn's value -- only to choose them: the tests compare every
// strategy against best on them.  Each entry is (position, dfpn's score for
// the side to move).
inline std::vector<Position> classed_positions(const Board& b, int ply, int per_class, std::uint64_t seed) {
  Dfpn<NoStats> prover(b);
  std::vector<Position> out;
  int count[3] = {0, 0, 0};
  auto add = [&](const Position& p, int score) {
    for (const Position& q : out)
      if (q == p) return;
    if (count[score + 1] < per_class) out.push_back(p), ++count[score + 1];
  };
  for (int tries = 0; tries < 20000 && (count[0] < per_class || count[1] < per_class || count[2] < per_class);
       ++tries) {
    const Position p = random_position(b, ply, seed, tries % 3 - 1);
    NoStats none;
    const SearchResult r = prover.search(p, none);
    if (!r.proved) continue;
    add(p, r.score);
    if (r.score == 1 && r.move_proved && count[0] < per_class) {
      Position q = p;
      q.play(r.best_move, p.to_move());
      if (!b.wins_through(q.stones(p.to_move()), r.best_move) && (b.full() & ~q.occupied())) {
        const SearchResult rq = prover.search(q, none);
        if (rq.proved) add(q, rq.score);
      }
    }
  }
  return out;
}

// Exact answers to the binary questions in both games, by plain memoized
// search (independent of the provers' knowledge): the real game from the
// retrograde solution, the weak game by its own search.
class BinaryOracle {
 public:
  explicit BinaryOracle(const ExactSolution& sol) : sol_(sol), b_(sol.board()) {}

  // Does `attacker` win `game` from p (side to move by the stone counts)?
  bool wins(const Position& p, Side attacker, Game game) {
    if (game == Game::real) return sol_.value(p) == (attacker == Side::X ? 1 : -1);
    return weak(p, attacker);
  }

  // The same after `mover` plays `cell` in p (a finished line decides).
  bool wins_after(const Position& p, Side mover, int cell, Side attacker, Game game) {
    Position q = p;
    q.play(cell, mover);
    if (b_.wins_through(q.stones(mover), cell)) {
      if (mover == attacker) return true;
      if (game == Game::real) return false;
    }
    if (!(b_.full() & ~q.occupied())) return false;
    return wins(q, attacker, game);
  }

 private:
  // The maker-breaker game: only the maker's lines count.
  bool weak(const Position& p, Side maker) {
    const Mask m = p.stones(maker);
    if (b_.has_line(m)) return true;
    const Mask empty = b_.full() & ~p.occupied();
    if (!empty) return false;
    auto& memo = memo_[static_cast<int>(maker)];
    const auto key = std::pair{p.x, p.o};
    if (auto it = memo.find(key); it != memo.end()) return it->second;
    const Side mover = p.to_move();
    bool any = false, all = true;
    for (Mask e = empty; e; e &= e - 1) {
      Position q = p;
      q.play(std::countr_zero(e), mover);
      const bool w = weak(q, maker);
      any = any || w;
      all = all && w;
      if (mover == maker ? any : !all) break;
    }
    const bool v = mover == maker ? any : all;
    memo.emplace(key, v);
    return v;
  }

  struct PairHash {
    std::size_t operator()(const std::pair<Mask, Mask>& k) const {
      return static_cast<std::size_t>(k.first * 0x9E3779B97F4A7C15ull ^ k.second * 0xC2B2AE3D27D4EB4Full);
    }
  };
  const ExactSolution& sol_;
  const Board& b_;
  std::unordered_map<std::pair<Mask, Mask>, bool, PairHash> memo_[2];
};

}  // namespace tictac::test
