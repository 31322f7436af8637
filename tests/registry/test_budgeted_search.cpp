#include <catch2/catch.hpp>

#include <chrono>

#include "algorithms/game/board.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/budgeted_search.hpp"
#include "harness/registry/strategy.hpp"

using namespace tictac;

TEST_CASE("a budgeted search stops when its budget runs out, and the strategy searches again at once",
          "[budgeted_search]") {
  const Board b(4, 4, 3);
  auto s = make_strategy(b, "negamax");  // the whole tree of 4x4 from the empty board: hours, not 20 ms
  const auto t0 = std::chrono::steady_clock::now();
  CHECK_FALSE(search_within(*s, Position{}, std::chrono::milliseconds(20)).has_value());
  // Stopped within 2^16 nodes of the budget: far below a second.
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
  // The same strategy, after the cancel, against a fresh one on a position with 6 empty cells.
  const Position p = parse_position(b, "XO.X/OX../O.XO/..X.");
  const auto again = search_within(*s, p, std::chrono::seconds(30));
  REQUIRE(again.has_value());
  const SearchResult fresh = make_strategy(b, "negamax")->search_fast(p);
  CHECK(again->value == fresh.value);
  CHECK(again->best_move == fresh.best_move);
  CHECK(again->proved);
}

TEST_CASE("a budgeted search that finishes, or has no budget, is the plain search", "[budgeted_search]") {
  const Board b(3, 3, 3);
  for (const char* spec : {"best", "alphabeta", "negamax"}) {
    auto s = make_strategy(b, spec);
    const SearchResult plain = make_strategy(b, spec)->search_fast(Position{});
    for (const auto budget : {std::chrono::nanoseconds::zero(), std::chrono::nanoseconds(std::chrono::seconds(30))}) {
      const auto r = search_within(*s, Position{}, budget);
      REQUIRE(r.has_value());
      CHECK(r->value == plain.value);
      CHECK(r->value == 0);  // tic-tac-toe is a draw
      CHECK(r->best_move == plain.best_move);
    }
  }
}

TEST_CASE("a race of two searches gives the first proved answer and stops the other, and out of time none",
          "[budgeted_search]") {
  // 4x4 k=3: minimax over the whole tree takes hours; best proves the
  // first-player win in microseconds.
  const Board b(4, 4, 3);
  auto slow = make_strategy(b, "minimax");
  auto fast = make_strategy(b, "best");
  const SearchResult plain = make_strategy(b, "best")->search_fast(Position{});
  REQUIRE(plain.proved);
  for (bool fast_first : {true, false}) {
    INFO("fast on the " << (fast_first ? "calling" : "second") << " thread");
    const auto t0 = std::chrono::steady_clock::now();
    const auto r = fast_first ? race_within(*fast, slow.get(), Position{}, std::chrono::seconds(60))
                              : race_within(*slow, fast.get(), Position{}, std::chrono::seconds(60));
    REQUIRE(r.has_value());
    CHECK(r->value == plain.value);
    CHECK(r->value == 1);  // 4x4 k=3 is a first-player win
    CHECK(r->best_move == plain.best_move);
    // The loser was stopped at its next poll, not run to its end (hours).
    CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(30));
  }
  // Two searches that both take hours: the deadline stops both, no answer.
  auto slow2 = make_strategy(b, "negamax");
  const auto t0 = std::chrono::steady_clock::now();
  CHECK_FALSE(race_within(*slow, slow2.get(), Position{}, std::chrono::milliseconds(20)).has_value());
  CHECK(std::chrono::steady_clock::now() - t0 < std::chrono::seconds(5));
  // Both strategies search again afterwards, and without a deadline a race
  // is the faster one's answer.
  const Position late = parse_position(b, "XO.X/OX../O.XO/..X.");
  const auto again = race_within(*slow, slow2.get(), late, std::chrono::nanoseconds::zero());
  REQUIRE(again.has_value());
  CHECK(again->value == fast->search_fast(late).value);
}
