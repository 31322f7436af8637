// The reference that the runner checks rows against on boards too large for
// the exact solver: a reference search, checked here against the exact
// solver (an independent computation) on boards both handle, and the
// published values checked against the exact solver where it reaches.
#include <catch2/catch.hpp>

#include <bit>

#include "algorithms/game/rules.hpp"
#include "algorithms/exact/state_space.hpp"
#include "harness/registry/exact_cache.hpp"
#include "algorithms/exact/published_values.hpp"
#include "harness/experiment/reference.hpp"
#include "harness/formats/notation.hpp"

using namespace tictac;

TEST_CASE("published values agree with the exact solver on every board it handles", "[reference]") {
  int checked = 0;
  for (const PublishedValue& v : published_values()) {
    const Board b = v.board();
    if (b.cells() > StateSpace::kMaxCells) continue;
    INFO(b.name());
    CHECK(exact_solution(b)->value(Position{}) == v.value);
    ++checked;
  }
  CHECK(checked >= 3);  // 3x3k3, 4x4k4 and 4x4k4g
}

TEST_CASE("the reference search agrees with the exact solver on values and optimal moves", "[reference]") {
  for (const Board& b : {Board(3, 3, 3), Board(3, 4, 3)}) {
    INFO(b.name());
    Reference search(b, /*search_only=*/true);
    Reference exact(b);
    REQUIRE(exact.exact() != nullptr);
    REQUIRE(search.exact() == nullptr);
    const auto solution = exact_solution(b);
    const StateSpace& space = solution->space();
    int positions = 0;
    for (int ply = 0; ply <= 4; ++ply)
      for (auto i = space.ply_begin(ply); i < space.ply_begin(ply + 1); ++i) {
        const Position p = space.position(i);
        INFO(ply << " " << p.x << " " << p.o);
        REQUIRE(search.value(p) == solution->value(p));
        CHECK(search.optimal_moves(p) == solution->optimal_moves(p));
        CHECK(!search.distance(p).has_value());
        CHECK(exact.distance(p) == solution->distance(p));
        ++positions;
      }
    if (b.cells() == 9) CHECK(positions == 1 + 9 + 72 + 252 + 756);  // ground-truth.md, plies 0-4
  }
}

TEST_CASE("the reference search treats finished positions and illegal moves", "[reference]") {
  const Board b(3, 3, 3);
  Reference search(b, true);
  Position won;  // X: 0 1 2, O: 3 4
  for (int c : {0, 1, 2}) won.play(c, Side::X);
  for (int c : {3, 4}) won.play(c, Side::O);
  CHECK(search.value(won) == 1);
  CHECK(search.optimal(won, -1));
  CHECK_FALSE(search.optimal(won, 5));
  CHECK(search.optimal_moves(won) == 0);
  CHECK_FALSE(search.optimal(Position{}, -1));  // an unfinished position has a move
  Position x0;
  x0.play(0, Side::X);
  CHECK_FALSE(search.optimal(x0, 0));  // occupied
  CHECK_FALSE(search.optimal(x0, 9));  // off the board
}

TEST_CASE("the default strategy can be made for every board, gravity boards included, which the provers refuse",
          "[reference]") {
  for (int rows = 3; rows <= 8; ++rows)
    for (int cols = 3; cols <= 8; ++cols)
      for (int k = 3; k <= std::min(6, std::max(rows, cols)); ++k)
        for (bool gravity : {false, true}) {
          const Board b(rows, cols, k, gravity);
          INFO(b.name());
          CHECK_NOTHROW(make_strategy(b, default_strategy(b)));
        }
}

TEST_CASE("the default strategy agrees with every published value, on boards up to 36 cells", "[reference]") {
  // The boards over 20 cells are beyond the reference search in a test's
  // time; the published values are the check there.
  for (const PublishedValue& v : published_values()) {
    // 6x7 Connect-Four is a benchmark, not a test.
    const Board b = v.board();
    if (b.cells() > 36) continue;
    INFO(b.name() << " (" << v.source << ")");
    CHECK(make_strategy(b, default_strategy(b))->search_fast(Position{}).value == v.value);
  }
}
