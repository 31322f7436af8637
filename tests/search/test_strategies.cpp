#include <catch2/catch.hpp>

#include <bit>
#include <string>
#include <vector>

#include "algorithms/game/random.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/search/negamax.hpp"
#include "harness/registry/erased_strategy.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/default_policy.hpp"
#include "harness/registry/strategy.hpp"
#include "tests/gravity_walk.hpp"

using namespace tictac;

namespace {

std::vector<std::string> strategy_specs() {
  std::vector<std::string> specs = {"minimax", "minimax-depth", "negamax", "memo:keys=exact", "memo:keys=canonical"};
  for (const char* order : {"index", "static", "random", "random-fixed", "history", "oracle", "worst", "killer",
                            "killer+history", "killer+static"})
    specs.push_back(std::string("alphabeta:order=") + order);
  specs.push_back("alphabeta:order=random,seed=12345");
  for (const char* order : {"tt", "tt+history", "tt+killer+static", "index", "random", "oracle"})
    for (const char* keys : {"exact", "canonical"})
      for (const char* replace : {"always", "depth", "two-tier"})
        for (const char* bits : {"0", "2"})
          specs.push_back(std::string("alphabeta:tt=zobrist,order=") + order + ",keys=" + keys + ",replace=" + replace +
                          ",tt_bits=" + bits);
  for (const char* window : {"full", "narrow"})
    for (const char* fail : {"soft", "hard"})
      for (const char* score : {"flat", "depth"}) {
        const std::string w = std::string("window=") + window + ",fail=" + fail + ",score=" + score;
        specs.push_back("alphabeta:order=static," + w);
        specs.push_back("alphabeta:tt=zobrist,keys=canonical,order=tt+history," + w);
        specs.push_back("alphabeta:tt=zobrist,tt_bits=3,replace=two-tier,order=tt+static," + w);
        specs.push_back("pvs:order=static," + w);
        specs.push_back("pvs:tt=zobrist,order=tt+killer+history,keys=canonical," + w);
        specs.push_back(std::string("mtdf:order=tt+static,fail=") + fail + ",score=" + score);
      }
  for (const char* it : {"alphabeta:iterative=true", "alphabeta:iterative=true,tt=zobrist,order=tt+history",
                         "alphabeta:iterative=true,tt=zobrist,keys=canonical,order=tt,tt_bits=4,score=depth",
                         "pvs:iterative=true,tt=zobrist,order=tt+static", "mtdf:iterative=true",
                         "mtdf:iterative=true,keys=canonical,order=tt+history,tt_bits=2,replace=depth",
                         "mtdf:order=index", "mtdf:keys=canonical,replace=two-tier", "best", "best:history=off",
                         "best:tt=exact,window=full", "best:wins=off,threats=off,window=full,tt=none,live=off,order=index,history=off"})
    specs.push_back(it);
  return specs;
}

bool walks_whole_tree(const std::string& spec) {
  return spec.rfind("minimax", 0) == 0 || spec.rfind("negamax", 0) == 0;
}

// Runs every spec on the non-terminal positions of `board` from `min_ply`,
// taking every `stride`-th, and checks value and move against the exact
// solution.  Returns the number of searches.  With `unproved_moves`, a
// result that proves no move (a prover's draw by strategy-stealing) is
// checked for its value alone.
std::size_t check_all(const Board& board, int min_ply, int stride, const std::vector<std::string>& specs,
                      bool unproved_moves = false) {
  const auto exact = exact_solution(board);
  const StateSpace& space = exact->space();
  std::size_t searches = 0;
  for (const auto& spec : specs) {
    auto strategy = make_strategy(board, spec);
    int failures = 0;
    int seen = 0;
    for (auto i = space.ply_begin(min_ply); i < space.size(); ++i) {
      if (space.terminal(i) || seen++ % stride) continue;
      const Position p = space.position(i);
      const SearchResult r = strategy->search(p);
      ++searches;
      const bool optimal = (unproved_moves && !r.move_proved) || exact->is_optimal(p, r.best_move);
      if ((r.value != exact->value(i) || !optimal) && failures++ < 3)
        FAIL_CHECK(strategy->spec() << " on " << board.name() << " " << format_position(board, p) << ": value "
                                    << r.value << " (exact " << exact->value(i) << "), move " << r.best_move);
    }
    CHECK(failures == 0);
  }
  return searches;
}

}  // namespace

TEST_CASE("every strategy gives the exact value and an optimal move on every 3x3 position", "[strategies]") {
  std::vector<std::string> fast, whole_tree;
  for (const auto& s : strategy_specs()) (walks_whole_tree(s) ? whole_tree : fast).push_back(s);
  CHECK(check_all(Board(), 0, 1, fast) == fast.size() * 4520);
  CHECK(check_all(Board(), 0, 1, whole_tree) == whole_tree.size() * 4520);
  check_all(Board(), 0, 97, {"solve"});
}

TEST_CASE("every strategy of the table, at its defaults, gives the exact value and an optimal move on 3x3, with "
          "gravity and without",
          "[strategies]") {
  // Read from the table, so that a new strategy is checked without a line
  // here; a strategy may refuse one of the two boards (connect refuses
  // boards without gravity), not both.
  for (const StrategyInfo& s : strategy_catalog()) {
    INFO(s.name);
    std::size_t searched = 0;
    for (const Board& b : {Board(), Board(3, 3, 3, true)}) {
      try {
        make_strategy(b, s.name);
      } catch (const std::invalid_argument&) {
        continue;
      }
      searched += check_all(b, 0, 7, {s.name}, true);
    }
    CHECK(searched > 0);
  }
}

TEST_CASE("every strategy gives the exact value and an optimal move on 3x4 with k=3", "[strategies]") {
  std::vector<std::string> fast, whole_tree;
  for (const auto& s : strategy_specs()) (walks_whole_tree(s) ? whole_tree : fast).push_back(s);
  CHECK(check_all(Board(3, 4, 3), 0, 23, fast) > 0);
  CHECK(check_all(Board(3, 4, 3), 6, 31, whole_tree) > 0);
}

TEST_CASE("the full-tree strategies count the 549,946 game-tree nodes of ground-truth.md", "[strategies]") {
  for (const char* spec : {"minimax", "minimax-depth", "negamax"}) {
    const SearchResult r = make_strategy(Board(), spec)->search(Position{});
    CHECK(r.stats.nodes == 549946);
    CHECK(r.value == 0);
    CHECK(r.stats.terminal_nodes == 255168);  // one per complete game
  }
}

TEST_CASE("the canonical memo reproduces seed 000's 2,271 nodes and 627 entries", "[strategies]") {
  const SearchResult r = make_strategy(Board(), "memo:keys=canonical")->search(Position{});
  CHECK(r.stats.nodes == 2271);
  CHECK(r.stats.memo_entries == 627);
  CHECK(r.value == 0);
}

TEST_CASE("the solve strategy labels every reachable position once", "[strategies]") {
  const SearchResult r = make_strategy(Board(), "solve")->search(Position{});
  CHECK(r.stats.nodes == 5478);
  CHECK(r.stats.terminal_nodes == 958);
}

TEST_CASE("counting, statistics-free and traced searches agree", "[strategies]") {
  const Board b;
  for (const char* spec : {"alphabeta:order=history,tt=zobrist", "pvs:order=random,seed=9", "mtdf", "memo:keys=canonical", "negamax"}) {
    auto s = make_strategy(b, spec);
    for (const char* text : {".........", "X...O....", "XO..X...O"}) {
      const Position p = parse_position(b, text);
      const SearchResult counted = s->search(p), fast = s->search_fast(p);
      SearchTrace trace;
      const SearchResult traced = s->search_traced(p, trace);
      INFO(spec << " " << text);
      CHECK(fast.value == counted.value);
      CHECK(fast.best_move == counted.best_move);
      CHECK(fast.stats.nodes == 0);
      CHECK(traced.stats.nodes == counted.stats.nodes);
      CHECK(trace.visited.size() == counted.stats.nodes);
      CHECK(trace.table_hits.size() == counted.stats.tt_hit_cutoffs + counted.stats.memo_hits);
      // A second search counts the same: tables start empty every time.
      CHECK(s->search(p).stats.nodes == counted.stats.nodes);
    }
  }
}

TEST_CASE("statistics keep their invariants", "[strategies]") {
  const Board b(3, 4, 3);
  for (const char* spec : {"alphabeta:tt=zobrist,order=tt+history,tt_bits=6,replace=two-tier", "pvs:tt=zobrist,keys=canonical"}) {
    const SearchResult r = make_strategy(b, spec)->search(Position{});
    INFO(spec);
    std::uint64_t by_ply = 0;
    for (auto n : r.stats.nodes_by_ply) by_ply += n;
    CHECK(by_ply == r.stats.nodes);
    CHECK(r.stats.tt_hits == r.stats.tt_hits_exact + r.stats.tt_hits_lower + r.stats.tt_hits_upper);
    CHECK(r.stats.tt_hits <= r.stats.tt_probes);
    CHECK(r.stats.tt_hit_cutoffs <= r.stats.tt_hits);
    CHECK(r.stats.first_move_cutoffs <= r.stats.cutoffs);
    CHECK(r.stats.tt_occupancy <= r.stats.tt_capacity);
    CHECK(r.stats.tt_occupancy <= r.stats.tt_stores);
    CHECK(r.stats.tt_overwrites > 0);  // 64 entries for 3x4's 100,000 positions
  }
}

TEST_CASE("bad strategy specs are refused with the valid choices", "[strategies]") {
  const Board b;
  CHECK_THROWS_WITH(make_strategy(b, "alphabta"), Catch::Contains("unknown strategy 'alphabta'") && Catch::Contains("alphabeta, pvs"));
  CHECK_THROWS_WITH(make_strategy(b, "alphabeta:order=sideways"), Catch::Contains("index, static, random"));
  CHECK_THROWS_WITH(make_strategy(b, "alphabeta:fail=medium"), Catch::Contains("choices: soft, hard"));
  CHECK_THROWS_WITH(make_strategy(b, "alphabeta:colour=red"), Catch::Contains("no option 'colour'"));
  CHECK_THROWS_WITH(make_strategy(b, "alphabeta:tt_bits=40"), Catch::Contains("tt_bits=40 is not valid"));
  CHECK_THROWS_WITH(make_strategy(b, "alphabeta:order=tt"), Catch::Contains("needs tt=zobrist"));
  CHECK_THROWS_WITH(make_strategy(b, "minimax:order=index"), Catch::Contains("takes none"));
  CHECK_THROWS_WITH(make_strategy(b, "alphabeta:order"), Catch::Contains("is not key=value"));
  CHECK_THROWS_WITH(make_strategy(Board(5, 5, 4), "solve"), Catch::Contains("at most 16 cells"));
  CHECK_THROWS_WITH(make_strategy(Board(5, 5, 4), "alphabeta:order=oracle"), Catch::Contains("at most 16 cells"));
}

TEST_CASE("a spec is normalised with every option in catalogue order", "[strategies]") {
  const auto s = make_strategy(Board(), "alphabeta:tt=zobrist,order=tt+index");
  CHECK(s->spec() == "alphabeta:order=tt,window=full,fail=soft,score=flat,tt=zobrist,keys=exact,tt_bits=0,"
                     "replace=always,seed=1,iterative=false");
  CHECK(make_strategy(Board(), "negamax")->spec() == "negamax");
}

// Every strategy on gravity boards (issue 16): the spec list above, seed
// 003's engine, every rung of best's ladder, and the provers with their
// knowledge (what gravity leaves of it) and without.
std::vector<std::string> gravity_specs() {
  std::vector<std::string> specs = strategy_specs();
  specs.push_back("solve");
  for (const char* s : {"alphabeta-seed003", "alphabeta-seed003:tt=none", "alphabeta-seed003:order=oracle"})
    specs.push_back(s);
  for (const char* s : {"best:wins=off,threats=off,window=full,tt=none,live=off,order=index,history=off",
                        "best:threats=off,window=full,tt=none,live=off,order=index,history=off",
                        "best:window=full,tt=none,live=off,order=index,history=off",
                        "best:tt=none,live=off,order=index,history=off", "best:tt=exact,live=off,order=index,history=off",
                        "best:live=off,order=index,history=off", "best:order=index,history=off", "best:history=off",
                        "best:live=off", "best:order=index"})
    specs.push_back(s);
  for (const char* s : {"pns", "dfpn", "dfpn:keys=exact", "pns:wins=off,live=off", "dfpn:wins=off,live=off,keys=exact"})
    specs.push_back(s);
  return specs;
}

// A seeded sample of `count` non-terminal positions of plies >= min_ply
// (SplitMix64 from `seed`, drawn with replacement).
std::vector<Position> sample(const ExactSolution& exact, int min_ply, std::uint64_t seed, int count) {
  const StateSpace& space = exact.space();
  std::vector<StateSpace::Index> open;
  for (auto i = space.ply_begin(min_ply); i < space.size(); ++i)
    if (!space.terminal(i)) open.push_back(i);
  std::vector<Position> out;
  for (int n = 0; n < count; ++n) out.push_back(space.position(open[splitmix64(seed) % open.size()]));
  return out;
}

TEST_CASE("every strategy gives the exact value and an optimal move on every position of 3x3 with gravity",
          "[strategies]") {
  // Every non-terminal position reachable by drops, as many as an
  // independent walk of the drops finds (tests/gravity_walk.hpp).
  const test::GravityWalk walk(3, 3, 3);
  std::size_t unfinished = 0;
  for (const auto& ply : walk.reachable(9))
    for (const auto& q : ply) unfinished += !walk.over(q);
  const auto specs = gravity_specs();
  CHECK(check_all(Board(3, 3, 3, true), 0, 1, specs) == specs.size() * unfinished);
}

TEST_CASE("every strategy gives the exact value and an optimal move on 3x4 and 4x3 with gravity", "[strategies]") {
  // They take their moves from the legal-move mask: one drop per column.
  std::vector<std::string> fast, whole_tree;
  for (const auto& s : gravity_specs()) (walks_whole_tree(s) ? whole_tree : fast).push_back(s);
  CHECK(check_all(Board(3, 4, 3, true), 0, 41, fast) > 0);
  CHECK(check_all(Board(4, 3, 3, true), 0, 29, fast) > 0);
  CHECK(check_all(Board(3, 4, 3, true), 0, 7, whole_tree) > 0);
  CHECK(check_all(Board(4, 3, 3, true), 0, 7, whole_tree) > 0);
}

TEST_CASE("every strategy gives the exact value and an optimal move on a seeded sample of 4x4 with gravity and k=4",
          "[strategies]") {
  const Board b(4, 4, 4, true);
  const auto exact = exact_solution(b);
  for (const auto& spec : gravity_specs()) {
    // The table specs of the list come in pairs, sized to the board (16 MiB
    // here, allocated per strategy) and of 4 entries; the tiny ones alone
    // keep the test cheap, and the sized ones are the 3x4 test's.
    if (spec.find("tt_bits=0") != std::string::npos) continue;
    // The whole-tree searches from ply 6 on (about 30,000 nodes a position;
    // 131 million from the empty board), the others from the empty board on;
    // solve on two positions only, since every search of it builds and
    // labels the whole state space of the board (a quarter of a second
    // here; the 3x4 test checks it on every 41st position).
    const bool whole_tree = walks_whole_tree(spec);
    const int count = spec == "solve" ? 2 : whole_tree ? 12 : 24;
    auto strategy = make_strategy(b, spec);
    int failures = 0;
    for (const Position& p : sample(*exact, whole_tree ? 6 : 0, 16, count)) {
      const SearchResult r = strategy->search(p);
      if ((r.value != exact->value(p) || !exact->is_optimal(p, r.best_move)) && failures++ < 3)
        FAIL_CHECK(strategy->spec() << " on " << format_position(b, p) << ": value " << r.value << " (exact "
                                    << exact->value(p) << "), move " << r.best_move);
    }
    CHECK(failures == 0);
  }
}

TEST_CASE("the default strategy gives the exact value and an optimal move on every non-terminal position of 4x4 "
          "with gravity and k=4",
          "[strategies]") {
  const Board b(4, 4, 4, true);
  const auto exact = exact_solution(b);
  const StateSpace& space = exact->space();
  auto strategy = make_strategy(b, default_strategy(b));
  std::size_t searched = 0, failures = 0;
  for (StateSpace::Index i = 0; i < space.size(); ++i) {
    if (space.terminal(i)) continue;
    const Position p = space.position(i);
    const SearchResult r = strategy->search_fast(p);
    ++searched;
    if ((r.value != exact->value(i) || !exact->is_optimal(p, r.best_move)) && failures++ < 3)
      FAIL_CHECK(strategy->spec() << " on " << format_position(b, p) << ": value " << r.value << " (exact "
                                  << exact->value(i) << "), move " << r.best_move);
  }
  CHECK(failures == 0);
  // All of them: as many as an independent walk of the drops finds
  // (tests/gravity_walk.hpp, which shares no code with algorithms/).
  const test::GravityWalk walk(4, 4, 4);
  std::size_t unfinished = 0;
  for (const auto& ply : walk.reachable(16))
    for (const auto& q : ply) unfinished += !walk.over(q);
  CHECK(searched == unfinished);
}

namespace {

// A seeded random mid-game position of `b` at `ply`: random drops that do
// not end the game (a game that must end earlier is drawn again).
Position midgame(const Board& b, int ply, Rng& rng) {
  for (;;) {
    Position p;
    while (p.ply() < ply) {
      Mask quiet = 0;  // the drops that neither win nor fill the board
      for (Mask m = p.legal_moves(b); m; m &= m - 1) {
        const int c = std::countr_zero(m);
        Position q = p;
        q.play(c, p.to_move());
        if (!is_terminal(b, q)) quiet |= Mask{1} << c;
      }
      if (!quiet) break;
      int pick = static_cast<int>(rng.next() % std::popcount(quiet));
      while (pick--) quiet &= quiet - 1;
      p.play(std::countr_zero(quiet), p.to_move());
    }
    if (p.ply() == ply) return p;
  }
}

}  // namespace

TEST_CASE("every strategy agrees with best on seeded random mid-game positions of 6x7 with gravity", "[strategies]") {
  // Connect-Four itself, beyond the exact solver: best is the reference, and
  // a move is optimal when the position after it keeps best's value.  The
  // searches with a table from ply 24 on, the others (whole trees, the memo,
  // alpha-beta alone) from ply 34, where at most 8 stones are left to drop.
  const Board b(6, 7, 4, true);
  auto best = make_strategy(b, "best");
  std::vector<std::string> specs = {"minimax", "minimax-depth", "negamax", "memo:keys=canonical",
                                    "alphabeta:order=static", "alphabeta-seed003:tt=none",
                                    "best:wins=off,threats=off,window=full,tt=none,live=off,order=index,history=off"};
  const std::size_t shallow = specs.size();
  for (const char* s : {"alphabeta:tt=zobrist,order=tt+history,tt_bits=16",
                        "alphabeta:tt=zobrist,keys=canonical,order=tt+killer+static,tt_bits=16,score=depth",
                        "pvs:tt=zobrist,order=tt+static,tt_bits=16", "mtdf:order=tt+static,tt_bits=16",
                        "alphabeta-seed003", "best:tt=exact,window=full", "best:live=off,order=index", "dfpn", "pns"})
    specs.push_back(s);
  Rng rng(16);
  for (std::size_t i = 0; i < specs.size(); ++i) {
    auto strategy = make_strategy(b, specs[i]);
    for (int n = 0; n < 6; ++n) {
      const Position p = midgame(b, i < shallow ? 34 : 24, rng);
      const SearchResult r = strategy->search_fast(p), ref = best->search_fast(p);
      INFO(strategy->spec() << " on " << format_position(b, p));
      CHECK(r.value == ref.value);
      REQUIRE(r.best_move >= 0);
      CHECK((p.legal_moves(b) >> r.best_move & 1));
      Position q = p;
      q.play(r.best_move, p.to_move());
      const Result end = result(b, q);
      const int after = end == Result::ongoing ? best->search_fast(q).value
                        : end == Result::x_wins ? 1
                        : end == Result::o_wins ? -1
                                                : 0;
      CHECK(after == ref.value);
    }
  }
}

TEST_CASE("a strategy is refused on a board that lacks a rule it declares it needs, naming the rule", "[strategies]") {
  // Registered here only: negamax's code under another name, marked as a
  // strategy whose knowledge gravity breaks.
  static const bool registered = [] {
    register_strategy({{"no-gravity", "a strategy that cannot search gravity boards", {}, 1.0,
                        "its threat knowledge assumes every empty cell is playable",
                        RulesNeeded{.every_empty_cell_playable = true}},
                       erased<Negamax>()});
    return true;
  }();
  (void)registered;
  CHECK(make_strategy(Board(), "no-gravity")->search(Position{}).value == 0);
  CHECK_THROWS_WITH(make_strategy(Board(3, 3, 3, true), "no-gravity"),
                    Catch::Contains("strategy no-gravity needs a board where every empty cell is playable; 3x3k3g") &&
                        Catch::Contains("assumes every empty cell is playable"));
  // The table's own: each strategy runs on every board that has the rules it
  // declares and is refused, naming the rule, on every other one; each says
  // what it does on gravity boards.
  for (const StrategyInfo& s : strategy_catalog()) {
    if (s.name == "no-gravity") continue;
    INFO(s.name);
    // Built-ins say what they do on gravity boards; a strategy registered by
    // a test (the worked example, when its test ran first in this process) need not.
    if (s.name != "example") CHECK_FALSE(s.gravity.empty());
    for (const Board& b : {Board(4, 4, 4, true), Board(4, 4, 4, false)}) {
      INFO(b.name());
      if (s.needs.missing_on(b).empty())
        CHECK_NOTHROW(make_strategy(b, s.name));
      else
        CHECK_THROWS_WITH(make_strategy(b, s.name), Catch::Contains("needs a board where " + s.needs.missing_on(b)));
    }
  }
  // connect is the one built-in strategy with a rule it cannot do without.
  for (const StrategyInfo& s : strategy_catalog())
    if (s.name != "no-gravity") CHECK(s.needs.any() == (s.name == "connect"));
}
