// The provers' game knowledge (algorithms/search/proof/proof_knowledge.hpp),
// checked on its own against exact answers: what it proves or disproves
// must be true, the moves it leaves out must not change the answer, and the
// cheap estimate of a child must decide what the child's own evaluation
// decides.  The exact answers come from the retrograde solution (real game)
// and from a plain memoized search of the maker-breaker game (weak game).
#include <catch2/catch.hpp>

#include "algorithms/search/proof/pairing.hpp"
#include "algorithms/search/proof/threat_sequence.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/strategy.hpp"
#include "tests/search/prover_support.hpp"

using namespace tictac;
using namespace tictac::test;

namespace {

// Checks every claim of evaluate() at p, for both attackers in both games,
// with the options `o`.  Returns the number of wrong claims.
int wrong_claims(ProofKnowledge& k, BinaryOracle& oracle, const Position& p, std::string& why) {
  const Board& b = k.board();
  const Side s = p.to_move();
  const Mask empty = b.full() & ~p.occupied();
  int wrong = 0;
  for (Side attacker : {Side::X, Side::O})
    for (Game game : {Game::real, Game::weak}) {
      const ProofQuestion q{attacker, game};
      // The weak game goes on past a line of the breaker: the provers never
      // evaluate such a position in the real game.
      if (game == Game::real && b.has_line(p.stones(other(attacker)))) continue;
      if (b.has_line(p.stones(attacker))) continue;
      const bool truth = oracle.wins(p, attacker, game);
      const NodeEval e = k.evaluate(p, s, q, true);
      const std::string where = std::string(game == Game::real ? "real" : "weak") + " game, attacker " +
                                (attacker == Side::X ? "X" : "O") + ": ";
      if (e.outcome == Outcome::proven && !truth) why = where + "proven, but the attacker does not win", ++wrong;
      if (e.outcome == Outcome::disproven && truth) why = where + "disproven, but the attacker wins", ++wrong;
      if (e.outcome != Outcome::open) {
        // A winning move named by knowledge must win.
        if (e.outcome == Outcome::proven && s == attacker && e.move >= 0 &&
            !oracle.wins_after(p, s, e.move, attacker, game))
          why = where + "the winning move does not win", ++wrong;
        // A refutation named by knowledge must refute.
        if (e.outcome == Outcome::disproven && s != attacker && e.move >= 0 &&
            oracle.wins_after(p, s, e.move, attacker, game))
          why = where + "the refutation does not refute", ++wrong;
        continue;
      }
      // The moves kept decide as all the moves would.
      bool any_all = false, all_all = true, any_kept = false, all_kept = true;
      for (Mask m = empty; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        const bool w = oracle.wins_after(p, s, c, attacker, game);
        any_all |= w, all_all &= w;
        if (e.moves >> c & 1) any_kept |= w, all_kept &= w;
      }
      if (e.moves & ~empty) why = where + "a move on an occupied cell", ++wrong;
      if (s == attacker ? any_kept != any_all : all_kept != all_all)
        why = where + "the moves left out change the answer", ++wrong;
      // The estimate of each child decides what the child's evaluation does.
      std::vector<std::pair<int, ProofKnowledge::Estimate>> estimates;
      for (Mask m = e.moves; m; m &= m - 1) estimates.emplace_back(std::countr_zero(m), k.estimate(p, s, q, std::countr_zero(m)));
      // (What the cheap evaluation decides, the estimate decides alike; what
      // the estimate decides, the full evaluation decides alike.)
      for (const auto& [c, est] : estimates) {
        Position after = p;
        after.play(c, s);
        if (k.after_move(after, s, c, q) != Outcome::open) continue;
        const Outcome cheap = k.evaluate(after, other(s), q, false).outcome;
        const Outcome full = k.evaluate(after, other(s), q, true).outcome;
        if ((cheap != Outcome::open && est.outcome != cheap) || (est.outcome != Outcome::open && full != est.outcome))
          why = where + "the estimate of move " + std::to_string(c) + " differs from the child's evaluation", ++wrong;
      }
    }
  return wrong;
}

int check_all(const Board& b, const std::vector<Position>& ps, ProofKnowledgeOptions o) {
  const auto sol = exact_solution(b);
  BinaryOracle oracle(*sol);
  ProofKnowledge k(b, o);
  int wrong = 0;
  for (const Position& p : ps) {
    std::string why;
    const int w = wrong_claims(k, oracle, p, why);
    if (w && wrong < 3) UNSCOPED_INFO(b.name() << " x=" << p.x << " o=" << p.o << ": " << why);
    wrong += w;
  }
  return wrong;
}

}  // namespace

TEST_CASE("knowledge claims are exact on every 3x4 k=3 position, in both games, for both attackers",
          "[proof_knowledge]") {
  const Board b(3, 4, 3);
  const auto ps = open_positions(*exact_solution(b));
  REQUIRE(ps.size() == 79563);
  CHECK(check_all(b, ps, {}) == 0);
  // Each piece alone may not lean on another.
  for (int off = 0; off < 6; ++off) {
    ProofKnowledgeOptions o;
    bool* flags[] = {&o.wins, &o.threats, &o.live, &o.pairing, &o.potential, &o.dominance};
    *flags[off] = false;
    INFO("option " << off << " off");
    CHECK(check_all(b, sample_positions(*exact_solution(b), 5000, 14 + off), o) == 0);
  }
}

TEST_CASE("knowledge claims are exact on a seeded sample of 4x4 positions, k=3 and k=4", "[proof_knowledge]") {
  // From ply 5, where the maker-breaker game's own search stays small.
  for (const Board& b : {Board(4, 4, 3), Board(4, 4, 4)}) {
    INFO(b.name());
    CHECK(check_all(b, sample_positions(*exact_solution(b), 600, 1415, 5), {}) == 0);
  }
}

TEST_CASE("a pairing covers the empty 1x5 board with k=3, and none covers 1x4 with k=2", "[proof_knowledge]") {
  // 1x5, k=3: windows {0,1,2} {1,2,3} {2,3,4}; the pairs {1,2} and {3,4} cover them.
  PairingFinder finder;
  const Mask five[] = {0b00111, 0b01110, 0b11100};
  CHECK(finder.find(five, 3, 5, 1000, true));
  // 1x4, k=2: windows {0,1} {1,2} {2,3} need three disjoint pairs of four cells.
  const Mask four[] = {0b0011, 0b0110, 0b1100};
  CHECK_FALSE(finder.find(four, 3, 4, 1000, true));
  // A window with one empty cell cannot be paired.
  const Mask hole[] = {0b0001, 0b0110};
  CHECK_FALSE(finder.find(hole, 2, 4, 1000, false));
}

TEST_CASE("a victory by continuous fours is found, with its zone and first move", "[proof_knowledge]") {
  // 1x8, k=4, X on cells 1 and 2 (.XX.....): X plays 3 and has fours on
  // both sides (holes 0 and 4): a double four, one move deep.
  const Board b(1, 8, 4);
  ThreatSequence vcf(b);
  REQUIRE(vcf.find(0b00000110, 0, false, 100));
  CHECK(vcf.first_move() == 3);
  CHECK(vcf.zone() == 0b00011001);
  // With O on cells 0 and 4 (OXX.O...) no window around X's pair is live.
  CHECK_FALSE(vcf.find(0b00000110, 0b00010001, false, 100));
}

TEST_CASE("on gravity boards the provers keep wins and live's disproof, and switch the rest off", "[proof_knowledge]") {
  // An extra stone can hurt on a gravity board (it changes which cells can be
  // played), so the fact the provers use from the empty board is not true
  // there; threats, pairings, the potential, dominance and the weak game's
  // zones assume any empty cell can be played.
  const Board gravity(6, 7, 4, true), flat(6, 7, 4);
  CHECK_FALSE(strategy_stealing_holds(gravity));
  CHECK(strategy_stealing_holds(flat));
  DfpnOptions all;
  all.value.maker_breaker = true;
  const DfpnOptions used = Dfpn<NoStats>(gravity, all).options();
  CHECK(used.knowledge.wins);
  CHECK(used.knowledge.live);
  CHECK_FALSE(used.knowledge.threats);
  CHECK_FALSE(used.knowledge.pairing);
  CHECK_FALSE(used.knowledge.potential);
  CHECK_FALSE(used.knowledge.dominance);
  CHECK_FALSE(used.value.maker_breaker);
  CHECK_FALSE(used.value.stealing);
  CHECK(Dfpn<NoStats>(flat, all).options() == all);  // without gravity, what was asked
  PnsOptions pall;
  pall.value.maker_breaker = true;
  CHECK(Pns<NoStats>(gravity, pall).options().knowledge == sound_knowledge_options(gravity, pall.knowledge));
  CHECK(Pns<NoStats>(flat, pall).options() == pall);
  for (const char* spec : {"pns", "dfpn", "dfpn:stealing=off"}) CHECK_NOTHROW(make_strategy(gravity, spec));
}

TEST_CASE("every rung of the knowledge ladder gives pns and dfpn the exact value of 1,000 seeded 4x4 positions with "
          "gravity",
          "[proof_knowledge]") {
  // k=3 and k=4, the empty board among them.  The rungs that switch on what
  // is not sound under gravity (threats, pairing, potential, dominance, mb,
  // stealing) run without it.  (Every open position of both: 9 s here.)
  for (const Board& b : {Board(4, 4, 3, true), Board(4, 4, 4, true)}) {
    const auto sol = exact_solution(b);
    auto ps = sample_positions(*sol, 1000, 16);
    ps.push_back(Position{});
    for (const Rung& r : ladder_one_off()) {
      INFO(b.name() << ", " << r.name << ", " << ps.size() << " positions");
      CHECK(wrong_results<Dfpn>(*sol, options_of<DfpnOptions>(r), ps) == 0);
      CHECK(wrong_results<Pns>(*sol, options_of<PnsOptions>(r), ps) == 0);
    }
  }
}

TEST_CASE("on gravity boards a hole counts only where a stone can be dropped now", "[proof_knowledge]") {
  // 4x4 with gravity, k=3 (cells row by row from the top: a2 is 8).  X to
  // move has the hole 10 in its row 8 9 _, above the empty 14, so it does not
  // win at once; O's hole 14 (O O _ on the bottom row) can be dropped into,
  // so X must fill it: the one move.  Without gravity X would win at 10.
  const ProofQuestion q{Side::X, Game::real};
  const Board b(4, 4, 3, true), flat(4, 4, 3);
  Position p = parse_position(b, "..../..../XX.O/OO.X");
  REQUIRE(p.to_move() == Side::X);
  ProofKnowledge k(b, {}), kflat(flat, {});
  NodeEval e = k.evaluate(p, Side::X, q, true);
  CHECK(e.outcome == Outcome::open);
  CHECK(e.moves == Mask{1} << 14);
  CHECK(kflat.evaluate(p, Side::X, q, true).outcome == Outcome::proven);
  // With X on 14, both of X's holes can be dropped into: 10 and 4 (the
  // diagonal 14 9 _, above X's 8).  O to move cannot fill both.
  p = parse_position(b, "..../..../XX.O/OOXX");
  REQUIRE(p.to_move() == Side::O);
  CHECK(k.evaluate(p, Side::O, q, true).outcome == Outcome::proven);
}

