// The best search, checked against the exact retrograde solution: every
// combination of its options gives the exact value and an optimal move.
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "algorithms/search/best/best_search.hpp"
#include "harness/registry/exact_cache.hpp"
#include "algorithms/exact/solution.hpp"
#include "tests/search/best_support.hpp"

using namespace tictac;
using namespace tictac::best_test;

namespace {

// Every combination of the ladder's options (2^6 on/off choices times the
// three tables): 192.
std::vector<BestOptions> every_combination() {
  std::vector<BestOptions> all;
  for (int bits = 0; bits < 64; ++bits)
    for (auto tt : {BestOptions::Table::canonical, BestOptions::Table::exact, BestOptions::Table::none}) {
      BestOptions o;
      o.wins = bits & 1;
      o.threats = bits & 2;
      o.window = bits & 4 ? BestOptions::Window::full : BestOptions::Window::null;
      o.live = bits & 8;
      o.order = bits & 16 ? BestOptions::Order::index : BestOptions::Order::eval;
      o.history = bits & 32;
      o.tt = tt;
      all.push_back(o);
    }
  return all;
}

// The exact solutions, built once per test run (4x4 takes seconds) by the
// process's one holder.
const ExactSolution& solution(const Board& b) { return *exact_solution(b); }

// The non-terminal reachable positions of plies [min_ply, max_ply], every
// `stride`-th one.
std::vector<Position> positions(const ExactSolution& sol, int min_ply, int max_ply, int stride) {
  const StateSpace& space = sol.space();
  std::vector<Position> out;
  int seen = 0;
  for (auto i = space.ply_begin(min_ply); i < space.ply_begin(max_ply + 1); ++i)
    if (!space.terminal(i) && seen++ % stride == 0) out.push_back(space.position(i));
  return out;
}

}  // namespace

TEST_CASE("every option combination solves every non-terminal 3x3 position exactly", "[best_search]") {
  const ExactSolution& sol = solution(Board(3, 3, 3));
  const auto ps = positions(sol, 0, 9, 1);
  REQUIRE(ps.size() == 4520);  // ground-truth.md
  for (const BestOptions& o : every_combination()) CHECK(failures(sol, o, ps) == 0);
}

// On 3x4 every combination on every 8th position, and the full solver and
// each option switched off alone on every position: 16.6 M searches took
// 39 s of a 2-core CI run's Release tests (and several times that under
// ASan), these 2.6 M take a sixth of that.
TEST_CASE("every option combination solves every 8th non-terminal 3x4 k=3 position exactly", "[best_search]") {
  const ExactSolution& sol = solution(Board(3, 4, 3));
  const auto ps = positions(sol, 0, 12, 8);
  REQUIRE(ps.size() == (79563 + 7) / 8);  // of the 79,563 below
  for (const BestOptions& o : every_combination()) CHECK(failures(sol, o, ps) == 0);
}

TEST_CASE("the full solver, and each option switched off alone, solve every non-terminal 3x4 k=3 position exactly",
          "[best_search]") {
  const ExactSolution& sol = solution(Board(3, 4, 3));
  const auto ps = positions(sol, 0, 12, 1);
  REQUIRE(ps.size() == 79563);
  for (const BestOptions& o : one_off_each(BestOptions{})) CHECK(failures(sol, o, ps) == 0);
}

TEST_CASE("the full solver solves every non-terminal 4x3 k=3 position exactly", "[best_search]") {
  // The transpose of 3x4: rows and columns swap roles in the symmetries.
  const ExactSolution& sol = solution(Board(4, 3, 3));
  CHECK(failures(sol, BestOptions{}, positions(sol, 0, 12, 1)) == 0);
}

TEST_CASE("the ladder and the full solver are exact on a sample of 4x4 positions, k=3 and k=4", "[best_search]") {
  for (const Board& b : {Board(4, 4, 3), Board(4, 4, 4)}) {
    const ExactSolution& sol = solution(b);
    INFO(b.name());
    // The full solver on positions of every ply.
    CHECK(failures(sol, BestOptions{}, positions(sol, 0, 15, 997)) == 0);
    // Every combination on late positions, where the weakest rungs are fast.
    const auto late = positions(sol, 9, 15, 9973);
    for (const BestOptions& o : every_combination()) CHECK(failures(sol, o, late) == 0);
  }
}

TEST_CASE("the empty 4x4 board with k=4 is a draw", "[best_search]") {
  const Board b(4, 4, 4);
  const int exact = solution(b).value(Position{});
  REQUIRE(exact == 0);
  for (const auto& [name, o] : best_ladder()) {
    if (o.tt == BestOptions::Table::none) continue;  // too slow without a table
    INFO(name);
    CountingStats stats;
    BestSearch<CountingStats> search(b, o);
    const SearchResult r = search.search(Position{}, stats);
    CHECK(r.value == exact);
    CHECK(r.score == 0);
    CHECK((solution(b).optimal_moves(Position{}) >> r.best_move & 1));
    // Every table rung searches the root with null windows: "is it a win?"
    // fails on a draw, so "is it at least a draw?" enters the root again.
    CHECK(r.stats.nodes_by_ply[0] == 2);
  }
}

TEST_CASE("each specialised instantiation of best searches the tree of the run-time one", "[best_search]") {
  // kBestFeatures: the ladder's rungs and the golden file's combinations are
  // instantiations of their own; they must count what the instantiation
  // that reads every switch at run time counts.
  const Board b(3, 4, 3);
  const ExactSolution& sol = solution(b);
  const auto ps = positions(sol, 3, 12, 401);
  REQUIRE(ps.size() > 100);
  int specialised = 0;
  for (const BestFeatures& f : kBestFeatures) {
    if (!f.fixed) continue;
    BestOptions o;
    o.wins = f.wins, o.threats = f.threats, o.tt = f.tt, o.live = f.live, o.order = f.order, o.history = f.history;
    REQUIRE(features_of(o) == f);
    INFO(describe(o));
    ++specialised;
    dispatch<kBestFeatures>(f, [&]<BestFeatures F>() {
      BestSearch<CountingStats, F> fixed(b, o);
      BestSearch<CountingStats> run_time(b, o);
      for (const Position& p : ps) {
        CountingStats a, c;
        const SearchResult x = fixed.search(p, a), y = run_time.search(p, c);
        CHECK(x.stats.nodes == y.stats.nodes);
        CHECK(x.stats.tt_hits == y.stats.tt_hits);
        CHECK(x.stats.cutoffs == y.stats.cutoffs);
        CHECK(x.best_move == y.best_move);
      }
      return 0;
    });
  }
  CHECK(specialised == 11);
}

TEST_CASE("statistics do not change the search", "[best_search]") {
  const Board b(4, 4, 4);
  NoStats none;
  CountingStats counting;
  SearchTrace trace;
  TracingStats tracing;
  tracing.trace = &trace;
  const SearchResult fast = BestSearch<NoStats>(b).search(Position{}, none);
  const SearchResult counted = BestSearch<CountingStats>(b).search(Position{}, counting);
  const SearchResult traced = BestSearch<TracingStats>(b).search(Position{}, tracing);
  CHECK(fast.value == counted.value);
  CHECK(fast.best_move == counted.best_move);
  CHECK(traced.best_move == counted.best_move);
  CHECK(fast.stats.nodes == 0);
  CHECK(traced.stats.nodes == counted.stats.nodes);
  CHECK(trace.visited.size() == counted.stats.nodes);
  // One node per entry: the nodes by ply add up to the total.
  std::uint64_t by_ply = 0;
  for (auto n : counted.stats.nodes_by_ply) by_ply += n;
  CHECK(by_ply == counted.stats.nodes);
  CHECK(counted.stats.tt_capacity == std::size_t{1} << BoundTable::bits_for(b));
  CHECK(counted.stats.tt_occupancy > 0);
  CHECK(counted.stats.tt_hits > 0);
}

TEST_CASE("each search starts afresh, so repeated searches count the same nodes", "[best_search]") {
  const Board b(4, 4, 4);
  BestSearch<CountingStats> search(b);
  CountingStats first, second;
  const SearchResult r1 = search.search(Position{}, first);
  const SearchResult r2 = search.search(Position{}, second);
  CHECK(r1.stats.nodes == r2.stats.nodes);
  CHECK(r1.best_move == r2.best_move);
}

TEST_CASE("a finished position is one terminal node with no move", "[best_search]") {
  // X X X
  // O O .
  // . . .
  const Board b;
  const Position p{0b000'000'111, 0b000'011'000};
  CountingStats stats;
  const SearchResult r = BestSearch<CountingStats>(b).search(p, stats);
  CHECK(r.value == 1);
  CHECK(r.best_move == -1);
  CHECK(r.stats.nodes == 1);
  CHECK(r.stats.terminal_nodes == 1);
}

TEST_CASE("a board above 48 cells is searched without a table by the narrow instantiations", "[best_search]") {
  // 7x7 with k=2: the first player wins at once on its second stone.
  const Board b(7, 7, 2);
  CountingStats stats;
  const SearchResult r = BestSearch<CountingStats>(b).search(Position{}, stats);
  CHECK(r.value == 1);
  CHECK(r.stats.tt_capacity == 0);
  CHECK(features_of(BestOptions{}, b) == kRunTimeWideFeatures);
  CHECK(features_of(BestOptions{}, Board(6, 8, 4)) == BestFeatures(fixed_features(BestOptions{})));
}

TEST_CASE("the wide table keeps 7x7 and 8x8 values exact: the canonical table and no table agree",
          "[best_search]") {
  // Mid-game positions of 7x7 and 8x8 with k=4 on which the table saves
  // most of the nodes (the search without a table is the independent
  // computation: no table code at all).
  struct Case {
    Board board;
    Position p;
  };
  auto at = [](const Board& b, std::initializer_list<std::pair<int, int>> xs, std::initializer_list<std::pair<int, int>> os) {
    Position p;
    for (auto [r, c] : xs) p.x |= Mask{1} << b.cell(r, c);
    for (auto [r, c] : os) p.o |= Mask{1} << b.cell(r, c);
    return p;
  };
  const Board b7(7, 7, 4), b8(8, 8, 4);
  const Case cases[] = {
      {b7, at(b7, {{2, 2}, {3, 3}, {4, 3}}, {{2, 3}, {3, 2}, {4, 4}})},
      {b8, at(b8, {{3, 3}, {4, 4}, {2, 5}, {5, 2}}, {{3, 4}, {4, 3}, {2, 2}})},
  };
  for (const auto& c : cases) {
    BestOptions none;
    none.tt = BestOptions::Table::none;
    CountingStats s1, s2;
    const SearchResult with = BestSearch<CountingStats, kRunTimeWideFeatures>(c.board, BestOptions{}).search(c.p, s1);
    const SearchResult without = BestSearch<CountingStats>(c.board, none).search(c.p, s2);
    INFO(c.board.size_name() << ": nodes " << with.stats.nodes << " with the table, " << without.stats.nodes << " without");
    CHECK(with.stats.tt_capacity > 0);
    CHECK(with.stats.tt_hits_exact + with.stats.tt_hits_lower + with.stats.tt_hits_upper > 0);
    CHECK(with.value == without.value);
    CHECK(with.stats.nodes < without.stats.nodes);
  }
}

TEST_CASE("the table entry is 16 bytes and the table is sized to the board", "[best_search]") {
  STATIC_REQUIRE(sizeof(BoundTable::Entry) == 16);
  STATIC_REQUIRE(sizeof(WideBoundTable::Entry) == 24);
  CHECK(WideBoundTable::bits_for(Board(8, 8, 4)) == 22);
  CHECK(BoundTable::bits_for(Board(3, 3, 3)) == 10);
  CHECK(BoundTable::bits_for(Board(4, 4, 4)) < BoundTable::bits_for(Board(5, 5, 4)));
  CHECK(BoundTable::bits_for(Board(7, 7, 4)) == 0);
}

TEST_CASE("on gravity boards best does not play below an opponent's hole, and a side with only such moves has lost",
          "[best_search]") {
  // 4x4 k=3 with gravity, X to move:  O.X. / O.O. / X.O. / XOXX  (top row
  // first).  X's two moves (cells 9 and 11, b3 and d3) each open
  // an O hole above them (cell 5: O.O in row 1; cell 7: the diagonal
  // 13-10-7); neither side can win at once.  Found by a script that
  // enumerated random legal positions for that shape.
  const Board b(4, 4, 3, true);
  const Position p{0b1101'0001'0000'0100, 0b0010'0100'0101'0001};
  REQUIRE(p.legal_moves(b) == ((Mask{1} << 9) | (Mask{1} << 11)));
  const ExactSolution& sol = *exact_solution(b);
  BestOptions no_threats;
  no_threats.threats = false;
  CountingStats s_on, s_off;
  const SearchResult on = BestSearch<CountingStats>(b, BestOptions{}).search(p, s_on);
  const SearchResult off = BestSearch<CountingStats>(b, no_threats).search(p, s_off);
  CHECK(on.value == sol.value(p));
  CHECK(off.value == sol.value(p));
  CHECK(sol.is_optimal(p, on.best_move));
  // With threats=on no child is entered: the root alone, once per null window.
  CHECK(on.stats.nodes < off.stats.nodes);
  BestOptions distance;
  distance.distance = true;
  CountingStats s_d;
  CHECK(BestSearch<CountingStats>(b, distance).search(p, s_d).distance == sol.distance(p));
}
