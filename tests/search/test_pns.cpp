// pns (algorithms/search/proof/pns.hpp), checked against the exact
// retrograde solution, the published values and its own contracts (budgets,
// strategy-stealing, statistics).  Agreement with best on larger boards is in
// test_prover_agreement.cpp.
#include <catch2/catch.hpp>

#include <bit>
#include <utility>
#include <vector>

#include "algorithms/exact/published_values.hpp"
#include "tests/search/prover_support.hpp"

using namespace tictac;
using namespace tictac::test;

TEST_CASE("every rung of the knowledge ladder gives pns the exact value of every open 3x3 and 3x4 k=3 position",
          "[pns]") {
  for (const Board& b : {Board(3, 3, 3), Board(3, 4, 3)}) {
    const auto sol = exact_solution(b);
    const auto ps = open_positions(*sol);
    REQUIRE(ps.size() == (b.cells() == 9 ? 4520u : 79563u));  // 4,520: ground-truth.md
    for (const Rung& r : ladder_one_off()) {
      INFO(b.name() << ", " << r.name);
      CHECK(wrong_results<Pns>(*sol, options_of<PnsOptions>(r), ps) == 0);
    }
  }
}

TEST_CASE("with every option on, pns is exact on 10,000 seeded positions each of 4x4 k=3 and k=4", "[pns]") {
  for (const Board& b : {Board(4, 4, 3), Board(4, 4, 4)}) {
    INFO(b.name());
    const auto sol = exact_solution(b);
    CHECK(wrong_results<Pns>(*sol, PnsOptions{}, sample_positions(*sol, 10000, 2024)) == 0);
  }
}

TEST_CASE("pns out of its memory budget says unknown, and never gives a wrong value", "[pns]") {
  // The draw of 4x7 k=4 makes over 200,000 nodes; one MiB holds about
  // 15,000.
  const Board b(4, 7, 4);
  PnsOptions small;
  small.memory_mb = 1;
  Pns<CountingStats> search(b, small);
  CountingStats stats;
  const SearchResult r = search.search(Position{}, stats);
  CHECK_FALSE(r.proved);
  CHECK(r.best_move == -1);
  CHECK(r.stats.tt_occupancy <= r.stats.tt_capacity);
  CHECK(r.stats.tt_capacity == ProofTree::nodes_for(1));
  // With room, the same search proves the draw.
  PnsOptions roomy;
  roomy.memory_mb = 64;
  Pns<CountingStats> again(b, roomy);
  CountingStats more;
  const SearchResult s = again.search(Position{}, more);
  CHECK(s.proved);
  CHECK(s.value == 0);
  CHECK(s.stats.tt_occupancy > r.stats.tt_capacity);
  // Every answer within the small budget is exact.
  const auto sol = exact_solution(Board(3, 4, 3));
  CHECK(wrong_results<Pns>(*sol, small, sample_positions(*sol, 2000, 5)) == 0);
}

TEST_CASE("pns proves the published value of every board without gravity of at most 36 cells", "[pns]") {
  // published_values.hpp: 3x3 k=3, 4x4, 5x5, 4x7 and 7x4 with k=4 and 6x6 with
  // k=5 are draws; 6x5, 5x6 and 6x6 with k=4 are first-player wins.
  std::vector<std::pair<Board, int>> cases;
  for (const PublishedValue& v : published_values())
    if (!v.gravity && v.rows * v.cols <= 36) cases.emplace_back(v.board(), v.value);
  REQUIRE(cases.size() >= 9);
  for (const auto& [b, value] : cases) {
    INFO(b.name());
    Pns<CountingStats> search(b);
    CountingStats stats;
    const SearchResult r = search.search(Position{}, stats);
    REQUIRE(r.proved);
    CHECK(r.value == value);
    // A win's move is proven: the first player wins after it, by a search of
    // the position it leaves.
    if (value == 1) {
      REQUIRE(r.move_proved);
      Position after;
      after.play(r.best_move, Side::X);
      Pns<NoStats> again(b);
      NoStats none;
      const SearchResult child = again.search(after, none);
      CHECK((child.proved && child.value == 1));
    } else {
      CHECK_FALSE(r.move_proved);  // strategy-stealing proves no move
      CHECK(r.best_move == -1);
    }
  }
}

TEST_CASE("pns out of its node budget says unknown, and never gives a wrong value", "[pns]") {
  const auto sol = exact_solution(Board(3, 4, 3));
  const auto ps = sample_positions(*sol, 600, 99);
  int unknown = 0, known = 0;
  for (std::uint64_t budget : {1, 3, 10, 30, 100}) {
    PnsOptions o;
    o.node_budget = budget;
    Pns<CountingStats> search(sol->board(), o);
    for (const Position& p : ps) {
      CountingStats stats;
      const SearchResult r = search.search(p, stats);
      CHECK(r.stats.nodes <= budget + 1);
      if (!r.proved) {
        ++unknown;
        CHECK(r.best_move == -1);
        continue;
      }
      ++known;
      std::string why;
      const bool ok = agrees(*sol, p, r, why);
      INFO("budget " << budget << ": " << why);
      CHECK(ok);
    }
  }
  CHECK(unknown > 0);
  CHECK(known > 0);
}

TEST_CASE("pns's draw of an empty board by strategy-stealing proves no move, and without stealing the move is proven",
          "[pns]") {
  // Empty boards that are draws: 3x3 (ground-truth.md) and 3x4 with k=4
  // (the exact solution says).
  for (const Board& b : {Board(3, 3, 3), Board(3, 4, 4)}) {
    INFO(b.name());
    const auto sol = exact_solution(b);
    REQUIRE(sol->value(Position{}) == 0);
    Pns<NoStats> with(b);
    NoStats none;
    const SearchResult r = with.search(Position{}, none);
    CHECK(r.proved);
    CHECK(r.value == 0);
    CHECK_FALSE(r.move_proved);
    CHECK(with.used_strategy_stealing());
    PnsOptions o;
    o.value.stealing = false;
    Pns<NoStats> without(b, o);
    const SearchResult s = without.search(Position{}, none);
    CHECK_FALSE(without.used_strategy_stealing());
    std::string why;
    CHECK(agrees(*sol, Position{}, s, why));
    CHECK(s.move_proved);
    // Off the empty board stealing is never used.
    Position p;
    p.play(0, Side::X);
    p.play(1, Side::O);
    with.search(p, none);
    CHECK_FALSE(with.used_strategy_stealing());
  }
}

TEST_CASE("pns counts a node per expansion, by ply, with its table and the root's numbers at powers of two", "[pns]") {
  const Board b(5, 5, 4);
  Pns<CountingStats> search(b);
  CountingStats stats;
  const SearchResult r = search.search(Position{}, stats);
  const SearchStats& s = r.stats;
  REQUIRE(s.nodes > 100);
  std::uint64_t sum = 0;
  for (auto n : s.nodes_by_ply) sum += n;
  CHECK(sum == s.nodes);
  CHECK(s.tt_capacity == ProofTree::nodes_for(proof_tree_mb(b)));
  CHECK(s.table_bytes > s.tt_capacity * sizeof(ProofTree::Node));
  CHECK(s.tt_occupancy > 0);
  CHECK(s.tt_occupancy == s.tt_stores);  // a store is a node made
  CHECK(s.tt_hits <= s.tt_probes);
  // One sample at each power of two up to the node count.
  CHECK(s.root_proof_samples == std::bit_width(s.nodes));
  for (int i = 0; i < s.root_proof_samples; ++i) CHECK(s.root_proof_numbers[i].nodes == std::uint64_t{1} << i);
  // The same counts on a second run (deterministic).
  CountingStats again;
  CHECK(search.search(Position{}, again).stats.nodes == s.nodes);
  // A traced run records every node (positions of the real game or of the
  // weak one, where a line of the breaker does not end the game).
  TracingStats traced;
  SearchTrace trace;
  traced.trace = &trace;
  Pns<TracingStats> tracing(b);
  const SearchResult t = tracing.search(Position{}, traced);
  CHECK(trace.visited.size() == t.stats.nodes);
  CHECK(t.stats.nodes == s.nodes);
  for (const Position& p : trace.visited) {
    const int lead = std::popcount(p.x) - std::popcount(p.o);
    CHECK((lead == 0 || lead == 1));
  }
}
