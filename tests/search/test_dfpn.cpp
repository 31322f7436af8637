// dfpn (algorithms/search/proof/dfpn.hpp), checked against the exact
// retrograde solution, the published values and its own contracts (budget,
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

TEST_CASE("every rung of the knowledge ladder gives dfpn the exact value of every open 3x3 and 3x4 k=3 position",
          "[dfpn]") {
  for (const Board& b : {Board(3, 3, 3), Board(3, 4, 3)}) {
    const auto sol = exact_solution(b);
    const auto ps = open_positions(*sol);
    REQUIRE(ps.size() == (b.cells() == 9 ? 4520u : 79563u));  // 4,520: ground-truth.md
    for (const Rung& r : ladder_one_off()) {
      INFO(b.name() << ", " << r.name);
      CHECK(wrong_results<Dfpn>(*sol, options_of<DfpnOptions>(r), ps) == 0);
    }
  }
}

TEST_CASE("with every option on, dfpn is exact on 10,000 seeded positions each of 4x4 k=3 and k=4", "[dfpn]") {
  for (const Board& b : {Board(4, 4, 3), Board(4, 4, 4)}) {
    INFO(b.name());
    const auto sol = exact_solution(b);
    CHECK(wrong_results<Dfpn>(*sol, DfpnOptions{}, sample_positions(*sol, 10000, 2024)) == 0);
  }
}

TEST_CASE("table size and epsilon change dfpn's work, never its answer", "[dfpn]") {
  // A table of 16 entries on 3x4 replaces entries all the time.
  const auto sol = exact_solution(Board(3, 4, 3));
  const auto ps = sample_positions(*sol, 3000, 7);
  for (int bits : {4, 8})
    for (int permille : {0, 125, 1000}) {
      DfpnOptions o;
      o.tt_bits = bits;
      o.epsilon_permille = permille;
      INFO("tt_bits " << bits << ", epsilon " << permille << "/1000");
      CHECK(wrong_results<Dfpn>(*sol, o, ps) == 0);
    }
}

TEST_CASE("dfpn proves the published value of every board without gravity of at most 36 cells", "[dfpn]") {
  // published_values.hpp: 3x3 k=3, 4x4, 5x5, 4x7 and 7x4 with k=4 and 6x6 with
  // k=5 are draws; 6x5, 5x6 and 6x6 with k=4 are first-player wins.
  std::vector<std::pair<Board, int>> cases;
  for (const PublishedValue& v : published_values())
    if (!v.gravity && v.rows * v.cols <= 36) cases.emplace_back(v.board(), v.value);
  REQUIRE(cases.size() >= 9);
  for (const auto& [b, value] : cases) {
    INFO(b.name());
    Dfpn<CountingStats> search(b);
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
      Dfpn<NoStats> again(b);
      NoStats none;
      const SearchResult child = again.search(after, none);
      CHECK((child.proved && child.value == 1));
    } else {
      CHECK_FALSE(r.move_proved);  // strategy-stealing proves no move
      CHECK(r.best_move == -1);
    }
  }
}

TEST_CASE("dfpn out of its node budget says unknown, and never gives a wrong value", "[dfpn]") {
  const auto sol = exact_solution(Board(3, 4, 3));
  const auto ps = sample_positions(*sol, 600, 99);
  int unknown = 0, known = 0;
  for (std::uint64_t budget : {1, 3, 10, 30, 100}) {
    DfpnOptions o;
    o.node_budget = budget;
    Dfpn<CountingStats> search(sol->board(), o);
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

TEST_CASE("dfpn's draw of an empty board by strategy-stealing proves no move, and without stealing the move is proven",
          "[dfpn]") {
  // Empty boards that are draws: 3x3 (ground-truth.md) and 3x4 with k=4
  // (the exact solution says).
  for (const Board& b : {Board(3, 3, 3), Board(3, 4, 4)}) {
    INFO(b.name());
    const auto sol = exact_solution(b);
    REQUIRE(sol->value(Position{}) == 0);
    Dfpn<NoStats> with(b);
    NoStats none;
    const SearchResult r = with.search(Position{}, none);
    CHECK(r.proved);
    CHECK(r.value == 0);
    CHECK_FALSE(r.move_proved);
    CHECK(with.used_strategy_stealing());
    DfpnOptions o;
    o.value.stealing = false;
    Dfpn<NoStats> without(b, o);
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

TEST_CASE("dfpn counts a node per call, by ply, with its table and the root's numbers at powers of two", "[dfpn]") {
  const Board b(5, 5, 4);
  Dfpn<CountingStats> search(b);
  CountingStats stats;
  const SearchResult r = search.search(Position{}, stats);
  const SearchStats& s = r.stats;
  REQUIRE(s.nodes > 100);
  std::uint64_t sum = 0;
  for (auto n : s.nodes_by_ply) sum += n;
  CHECK(sum == s.nodes);
  CHECK(s.tt_capacity == (std::uint64_t{1} << proof_table_bits(b)));
  CHECK(s.table_bytes == s.tt_capacity * sizeof(ProofEntry));
  CHECK(s.tt_occupancy > 0);
  CHECK(s.tt_occupancy <= s.tt_stores);
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
  Dfpn<TracingStats> tracing(b);
  const SearchResult t = tracing.search(Position{}, traced);
  CHECK(trace.visited.size() == t.stats.nodes);
  CHECK(t.stats.nodes == s.nodes);
  for (const Position& p : trace.visited) {
    const int lead = std::popcount(p.x) - std::popcount(p.o);
    CHECK((lead == 0 || lead == 1));
  }
}

TEST_CASE("the proof table's keys are exact up to 64 cells: stones in the high cells and the tag tell keys apart",
          "[dfpn]") {
  // One bucket of two slots: every key lands in it, so only the key compare
  // can tell them apart.  best's narrow table packs 48 cells; these keys
  // differ only in cells 48 to 63.
  ProofTable t(1);
  NoStats stats;
  const Mask high = Mask{1} << 63, mid = Mask{1} << 48;
  const std::uint8_t tag = 3;
  t.store(high, mid, tag, ProofNumber{0}, kInfinity, 0, 1, stats);
  const ProofEntry* e = t.probe(high, mid, tag, stats);
  REQUIRE(e);
  CHECK(e->pn == 0);
  CHECK(t.probe(mid, high, tag, stats) == nullptr);            // the colours swapped
  CHECK(t.probe(high, mid | (Mask{1} << 62), tag, stats) == nullptr);  // one more stone in cell 62
  CHECK(t.probe(high >> 1, mid, tag, stats) == nullptr);       // the stone in cell 62, not 63
  CHECK(t.probe(high, mid, tag ^ 1, stats) == nullptr);        // another question
}
