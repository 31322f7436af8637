// The default-strategy policy (harness/registry/default_policy.hpp): one
// rule per board, and a default whose value is the exact one.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>

#include "algorithms/game/board.hpp"
#include "harness/registry/default_policy.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/strategy.hpp"

using namespace tictac;

namespace {

// Every board the harness takes: R * C <= 64, 1 <= k <= max(R, C), with
// gravity and without.
template <class F>
void for_every_board(F f) {
  for (int r = 1; r <= 64; ++r)
    for (int c = 1; r * c <= 64; ++c)
      for (int k = 1; k <= std::max(r, c); ++k)
        for (bool gravity : {false, true}) f(Board(r, c, k, gravity));
}

}  // namespace

TEST_CASE("every board meets exactly one rule of the default-strategy policy", "[default_policy]") {
  int boards = 0;
  for_every_board([&](const Board& b) {
    const auto rules = default_rules();
    const auto n = std::count_if(rules.begin(), rules.end(), [&](const DefaultRule& r) { return r.applies(b); });
    INFO(b.name());
    REQUIRE(n == 1);
    CHECK(default_strategy(b) == std::string(default_rule(b).spec));
    ++boards;
  });
  CHECK(boards > 2000);
  // Every rule applies to some board, and names a strategy of the table.
  for (const DefaultRule& r : default_rules()) {
    INFO(r.boards);
    bool used = false;
    for_every_board([&](const Board& b) { used = used || &default_rule(b) == &r; });
    CHECK(used);
    CHECK_FALSE(r.reason.empty());
  }
}

TEST_CASE("the default strategy of a board is a strategy the board takes, on every board", "[default_policy]") {
  for_every_board([](const Board& b) {
    INFO(b.name());
    CHECK_NOTHROW(make_strategy(b, default_strategy(b)));
  });
}

TEST_CASE("the default strategy gives the exact solver's value on every board of at most 12 cells", "[default_policy]") {
  // The exact solver (retrograde analysis, algorithms/exact/) is an
  // independent computation: the empty board and every position of ply 2.
  int checked = 0;
  for_every_board([&](const Board& b) {
    if (b.cells() > 12) return;
    const auto exact = exact_solution(b);
    const StateSpace& space = exact->space();
    auto s = make_strategy(b, default_strategy(b));
    INFO(b.name() << " " << default_strategy(b));
    for (StateSpace::Index i = 0; i < space.size(); ++i) {
      const Position p = space.position(i);
      if (p.ply() > 2 || space.terminal(i)) continue;
      REQUIRE(s->search(p).value == exact->value(i));
      ++checked;
    }
  });
  CHECK(checked > 1000);
}

TEST_CASE("6x6 with k=4 takes best by default: faster than dfpn on its empty board, re-measured", "[default_policy]") {
  CHECK(default_strategy(Board(6, 6, 4)) == "best");
  CHECK(partner_strategy(Board(6, 6, 4)) == "dfpn");
  CHECK(default_strategy(Board(6, 7, 4)) == "dfpn");
  CHECK(default_strategy(Board(4, 4, 4)) == "best:history=off");
  CHECK(default_strategy(Board(5, 5, 4)) == "best:pairing=on");
}
