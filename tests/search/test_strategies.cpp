#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "harness/registry/exact_cache.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/strategy.hpp"

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
// solution.  Returns the number of searches.
std::size_t check_all(const Board& board, int min_ply, int stride, const std::vector<std::string>& specs) {
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
      const bool optimal = exact->is_optimal(p, r.best_move);
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

TEST_CASE("the alpha-beta family and solve give the exact value and an optimal move on gravity boards",
          "[strategies]") {
  // They take their moves from MoveOrder, which orders Position::legal_moves.
  // minimax, negamax, memo and best still try every empty cell (issue 16).
  std::vector<std::string> family{"solve"};
  for (const auto& s : strategy_specs())
    if (s.rfind("alphabeta", 0) == 0 || s.rfind("pvs", 0) == 0 || s.rfind("mtdf", 0) == 0) family.push_back(s);
  CHECK(check_all(Board(3, 4, 3, true), 0, 41, family) > 0);
  CHECK(check_all(Board(4, 3, 3, true), 0, 29, family) > 0);
}
