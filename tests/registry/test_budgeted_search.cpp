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
