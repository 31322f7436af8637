#include <catch2/catch.hpp>

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "algorithms/search/best/best_search.hpp"
#include "algorithms/search/cancellable.hpp"
#include "algorithms/search/proof/dfpn.hpp"
#include "algorithms/search/proof/pns.hpp"
#include "algorithms/search/statistics.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/strategy.hpp"

using namespace tictac;

namespace {

// Every strategy of the catalogue with its defaults (each is one algorithm
// template, instantiated once more on Cancellable<S>), and the tables of two.
std::vector<std::string> specs() {
  std::vector<std::string> out;
  for (const StrategyInfo& s : strategy_catalog()) out.push_back(s.name);
  out.push_back("memo:keys=canonical");
  out.push_back("alphabeta:tt=zobrist,order=tt+history");
  return out;
}

bool same(const SearchStats& a, const SearchStats& b) {
  return a.nodes == b.nodes && a.nodes_by_ply == b.nodes_by_ply && a.terminal_nodes == b.terminal_nodes &&
         a.cutoffs == b.cutoffs && a.tt_probes == b.tt_probes && a.tt_hits == b.tt_hits &&
         a.tt_stores == b.tt_stores && a.memo_entries == b.memo_entries && a.memo_hits == b.memo_hits &&
         a.table_bytes == b.table_bytes;
}

}  // namespace

TEST_CASE("a cancellable search that is not cancelled gives the plain search's value, move and counts",
          "[cancellable]") {
  const std::atomic<bool> cancel{false};
  for (const std::string& spec : specs())
    for (const char* text : {".../.../...", "X../.O./..X"}) {
      // connect solves gravity boards only: 3x3 with gravity, and a drop
      // position in place of the second.
      const bool gravity = spec == "connect";
      const Board b(3, 3, 3, gravity);
      INFO(spec << " on " << b.name() << " " << text);
      const Position p = gravity && text[0] == 'X' ? parse_position(b, ".../.O./XOX") : parse_position(b, text);
      auto s = make_strategy(b, spec);
      const SearchResult plain = s->search(p), stoppable = s->search_cancellable(p, cancel);
      CHECK(stoppable.value == plain.value);
      CHECK(stoppable.best_move == plain.best_move);
      CHECK(same(stoppable.stats, plain.stats));
      const SearchResult fast = s->search_fast_cancellable(p, cancel);
      CHECK(fast.value == plain.value);
      CHECK(fast.best_move == s->search_fast(p).best_move);
      CHECK(fast.stats.nodes == 0);
    }
}

TEST_CASE("a search whose cancel flag is set throws SearchCancelled at its next poll, and the strategy searches "
          "again afterwards",
          "[cancellable]") {
  const Board b;
  const std::atomic<bool> cancel{true};
  auto s = make_strategy(b, "negamax");  // 549,946 nodes: several polls
  CHECK_THROWS_AS(s->search_cancellable(Position{}, cancel), SearchCancelled);
  CHECK_THROWS_AS(s->search_fast_cancellable(Position{}, cancel), SearchCancelled);
  // A search shorter than one poll interval never reads the flag.
  const Position late = parse_position(b, "XO./XO./...");  // 7 empty cells, far fewer than 2^16 nodes
  CHECK(s->search_cancellable(late, cancel).value == s->search(late).value);
  // The instance a cancel left mid-search was dropped: the counts are whole.
  const std::atomic<bool> go{false};
  CHECK(s->search_cancellable(Position{}, go).stats.nodes == 549946);
}

TEST_CASE("another thread stops a long search by setting the flag", "[cancellable]") {
  const Board b(4, 4, 4);  // minimax over the whole 4x4 tree: far longer than this test waits
  auto s = make_strategy(b, "minimax");
  std::atomic<bool> cancel{false};
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    cancel.store(true);
  });
  CHECK_THROWS_AS(s->search_fast_cancellable(Position{}, cancel), SearchCancelled);
  stopper.join();
}

TEST_CASE("a node budget is whole polls: budget_polls rounds up, and the countdown stops at the last poll's node",
          "[cancellable]") {
  CHECK(budget_polls(0) == 0);
  CHECK(budget_polls(1) == 1);
  CHECK(budget_polls(kCancelPollNodes) == 1);
  CHECK(budget_polls(kCancelPollNodes + 1) == 2);
  // Counted by hand: polls_left = 2, no flag, a node at a time.
  Cancellable<CountingStats> stats;
  stats.polls_left = 2;
  const Position p;
  std::uint64_t nodes = 0;
  bool stopped = false;
  try {
    for (; nodes < 4 * std::uint64_t{kCancelPollNodes}; ++nodes) stats.node(0, p);
  } catch (const SearchOutOfBudget&) {
    stopped = true;
  }
  CHECK(stopped);
  CHECK(nodes + 1 == 2 * std::uint64_t{kCancelPollNodes});  // the throwing node is the 131,072nd
  CHECK(stats.result().nodes == 2 * std::uint64_t{kCancelPollNodes});
}

TEST_CASE("best:nodes=N stops at N rounded up to whole polls, unknown, the same on every search, and with room it is "
          "the plain search",
          "[cancellable]") {
  // 4x5 k=4 from the empty board: best needs more than one poll of nodes
  // (124,032 here), so a budget of one poll stops it.
  const Board b(4, 5, 4);
  constexpr std::uint32_t poll = cancel_poll_nodes<BestSearch<Cancellable<CountingStats>>>();
  STATIC_REQUIRE(poll == 1024);
  auto plain = make_strategy(b, "best");
  const SearchResult full = plain->search(Position{});
  REQUIRE(full.stats.nodes > poll);
  auto tight = make_strategy(b, "best:nodes=1000");
  CHECK(tight->spec() == plain->spec() + ",nodes=1000");
  for (int run = 0; run < 2; ++run) {
    const SearchResult r = tight->search(Position{});
    CHECK_FALSE(r.proved);
    CHECK(r.best_move == -1);
    CHECK(r.stats.nodes == poll);  // one poll: 1,000 rounded up
    CHECK_FALSE(tight->search_fast(Position{}).proved);
  }
  const std::atomic<bool> cancel{false};
  CHECK_FALSE(tight->search_cancellable(Position{}, cancel).proved);
  // A budget it does not reach: the plain search's answer and counts.
  auto roomy = make_strategy(b, "best:nodes=" + std::to_string(full.stats.nodes + 1));
  const SearchResult r = roomy->search(Position{});
  CHECK(r.proved);
  CHECK(r.value == full.value);
  CHECK(r.best_move == full.best_move);
  CHECK(same(r.stats, full.stats));
  CHECK(roomy->search_fast(Position{}).value == full.value);
}

TEST_CASE("the provers read a set cancel flag every 64 expansions, best every 1,024 nodes, the other searches "
          "every 2^16",
          "[cancellable]") {
  // A prover's node is an expansion, 10 us to 1 ms: 2^16 of them overran a
  // 1 s time limit by seconds.  dfpn proves 5x5 k=4 in 2,187 expansions, far
  // fewer than 2^16, so only the short interval stops it; 6x6 k=5 takes 6,
  // fewer than 64, and is never stopped.
  const std::atomic<bool> cancel{true};
  for (const char* spec : {"dfpn", "pns"}) {
    INFO(spec);
    auto s = make_strategy(Board(5, 5, 4), spec);
    CHECK_THROWS_AS(s->search_cancellable(Position{}, cancel), SearchCancelled);
    CHECK_THROWS_AS(s->search_fast_cancellable(Position{}, cancel), SearchCancelled);
    auto quick = make_strategy(Board(6, 6, 5), spec);
    const SearchResult r = quick->search_cancellable(Position{}, cancel);
    CHECK(r.proved);
    CHECK(r.value == 0);  // 6x6 k=5 is a draw (Hsu et al. 2020)
  }
  // best proves 4x4 k=4 without its history tie-break in 18,985 nodes
  // (several of its polls) and 3x3 in 58; negamax 3x3 in 549,946 (several
  // polls of 2^16) and the 7 empty cells below in 8,232 (fewer than one).
  CHECK_THROWS_AS(make_strategy(Board(4, 4, 4), "best:history=off")->search_cancellable(Position{}, cancel),
                  SearchCancelled);
  CHECK(make_strategy(Board(), "best")->search_cancellable(Position{}, cancel).proved);
  const Position late = parse_position(Board(), "XO./.../...");
  auto negamax = make_strategy(Board(), "negamax");
  CHECK_THROWS_AS(negamax->search_cancellable(Position{}, cancel), SearchCancelled);
  CHECK(negamax->search_cancellable(late, cancel).stats.nodes > 1024);
  STATIC_REQUIRE(cancel_poll_nodes<Dfpn<Cancellable<CountingStats>>>() == 64);
  STATIC_REQUIRE(cancel_poll_nodes<Pns<Cancellable<NoStats>>>() == 64);
}
