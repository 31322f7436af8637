// best's one-sided questions (best_search.hpp: question=win|notlose), checked
// against the exact retrograde solution: the bounds they give hold the exact
// value, and the question asked is decided.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "algorithms/exact/solution.hpp"
#include "algorithms/game/random.hpp"
#include "algorithms/search/best/best_search.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/strategy.hpp"

using namespace tictac;

// Named apart: the unity builds compile this file with the other tests of best.
namespace tictac::best_question_test {

using Asked = BestOptions::Question;

BestOptions asking_question(Asked q, bool pairing = false) {
  BestOptions o;
  o.question = q;
  o.pairing = pairing;
  return o;
}

// The bounds (X's view) that the question's one null window must give on a
// position of exact value `value` (X's view) with `mover` to move: the
// answer "yes, wins" and "no, does not draw" are the exact value; "no, does
// not win" bounds the mover's value by 0 from above, "yes, draws" from below.
ValueBounds expected_bounds(Asked q, int value, Side mover) {
  const int sign = mover == Side::X ? 1 : -1, v = value * sign;  // the mover's view
  int lo = v, hi = v;
  if (q == Asked::win && v < 1) lo = -1, hi = 0;
  if (q == Asked::notlose && v > -1) lo = 0, hi = 1;
  return sign > 0 ? ValueBounds{lo, hi} : ValueBounds{-hi, -lo};
}

// The non-terminal positions of a board's exact solution: every one when
// `keep` is 0, else a seeded sample of about 1 in `keep` (SplitMix64, seed 33).
std::vector<Position> sampled_positions(const ExactSolution& sol, int keep) {
  const StateSpace& space = sol.space();
  std::vector<Position> out;
  Rng rng(33);
  for (auto i = space.ply_begin(0); i < space.size(); ++i)
    if (!space.terminal(i) && (keep == 0 || rng.next() % keep == 0)) out.push_back(space.position(i));
  return out;
}

// best with `o` on every position of `ps` against the exact solution: the
// bounds expected() gives, a proved value exactly when they are one value,
// then with an optimal move, and none claimed with a bound.  Returns the
// failures; the first three through UNSCOPED_INFO.
int question_failures(const ExactSolution& sol, const BestOptions& o, const std::vector<Position>& ps) {
  const Board& b = sol.board();
  BestSearch<NoStats> search(b, o);
  int failed = 0;
  for (const Position& p : ps) {
    NoStats stats;
    const SearchResult r = search.search(p, stats);
    const ValueBounds want = expected_bounds(o.question, sol.value(p), p.to_move()), got = value_bounds(r);
    bool ok = got == want && r.proved == want.exact() && r.bound.has_value() == !want.exact();
    if (ok && r.proved) ok = r.best_move >= 0 && sol.is_optimal(p, r.best_move);
    if (ok && !r.proved) ok = r.best_move == -1 && !r.move_proved;
    if (!ok && failed++ < 3)
      UNSCOPED_INFO(b.name() << " x=" << p.x << " o=" << p.o << ": bounds " << got.lower << ".." << got.upper
                             << " (expected " << want.lower << ".." << want.upper << "), move " << r.best_move);
  }
  return failed;
}

}  // namespace tictac::best_question_test

using namespace tictac::best_question_test;

TEST_CASE("question=win and question=notlose decide every non-terminal 3x3 position with true bounds",
          "[best_question]") {
  const ExactSolution& sol = *exact_solution(Board(3, 3, 3));
  const auto ps = sampled_positions(sol, 0);
  REQUIRE(ps.size() == 4520);  // ground-truth.md
  for (Asked q : {Asked::win, Asked::notlose}) {
    CHECK(question_failures(sol, asking_question(q), ps) == 0);
    CHECK(question_failures(sol, asking_question(q, true), ps) == 0);
  }
}

// One test case for both, so that the 4x4 solution (seconds) is built once:
// CTest runs each test case in a process of its own.
TEST_CASE("on a seeded sample of 4x4 k=4 positions the questions give true bounds, and question=win searches the "
          "first window of question=value alone",
          "[best_question]") {
  const ExactSolution& sol = *exact_solution(Board(4, 4, 4));
  SECTION("true bounds") {
    const auto ps = sampled_positions(sol, 4000);
    REQUIRE(ps.size() > 1000);
    // Every answer occurs: the sample is not all of one value.
    int values[3] = {0, 0, 0};
    for (const Position& p : ps) ++values[sol.value(p) + 1];
    CHECK((values[0] > 0 && values[1] > 0 && values[2] > 0));
    for (Asked q : {Asked::win, Asked::notlose}) {
      CHECK(question_failures(sol, asking_question(q), ps) == 0);
      CHECK(question_failures(sol, asking_question(q, true), ps) == 0);
    }
  }
  SECTION("the first window") {
    // Where the mover wins, question=value stops after its first window ("is
    // it a win?"), which is question=win's one window: the same nodes.  Where
    // it does not, question=value searches a second window and question=win
    // does not: fewer nodes.
    const auto ps = sampled_positions(sol, 40000);
    REQUIRE(ps.size() > 100);
    BestSearch<CountingStats> value(sol.board(), BestOptions{}), win(sol.board(), asking_question(Asked::win));
    int wins = 0, others = 0;
    for (const Position& p : ps) {
      CountingStats a, c;
      const SearchResult v = value.search(p, a), w = win.search(p, c);
      const int mover_value = p.to_move() == Side::X ? sol.value(p) : -sol.value(p);
      if (mover_value == 1) {
        ++wins;
        CHECK(w.stats.nodes == v.stats.nodes);
        CHECK(w.best_move == v.best_move);
      } else {
        ++others;
        CHECK(w.stats.nodes < v.stats.nodes);
        // The root, once per window (nodes_by_ply counts by the position's ply).
        CHECK(w.stats.nodes_by_ply[p.ply()] == 1);
        CHECK(v.stats.nodes_by_ply[p.ply()] == 2);
      }
    }
    CHECK((wins > 0 && others > 0));
  }
}

TEST_CASE("on gravity boards the questions give true bounds too", "[best_question]") {
  const ExactSolution& sol = *exact_solution(Board(4, 4, 3, true));
  const auto ps = sampled_positions(sol, 8);
  REQUIRE(ps.size() > 100);
  for (Asked q : {Asked::win, Asked::notlose}) CHECK(question_failures(sol, asking_question(q), ps) == 0);
}

TEST_CASE("the registry takes question=win and question=notlose, and refuses them with window=full or distance=on",
          "[best_question]") {
  const Board b(3, 3, 3);
  // The empty 3x3 board is a draw: "does X win?" no, "does X at least draw?" yes.
  const SearchResult win = make_strategy(b, "best:question=win")->search(Position{});
  CHECK_FALSE(win.proved);
  CHECK(value_bounds(win) == ValueBounds{-1, 0});
  const SearchResult notlose = make_strategy(b, "best:question=notlose")->search(Position{});
  CHECK(value_bounds(notlose) == ValueBounds{0, 1});
  CHECK(make_strategy(b, "best")->spec() == make_strategy(b, "best:question=value")->spec());
  CHECK_THROWS_WITH(make_strategy(b, "best:question=win,window=full"), Catch::Contains("window=full"));
  CHECK_THROWS_WITH(make_strategy(b, "best:question=notlose,distance=on"), Catch::Contains("distance=on"));
}
