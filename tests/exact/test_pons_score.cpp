// Pons's score from the exact value and distance, checked against its
// definition (the winner's unplayed stones, counted) and against Pons's own
// scoring rule applied by an independent negamax (tests/gravity_walk.hpp).
#include <catch2/catch.hpp>

#include <array>
#include <unordered_map>

#include "algorithms/exact/pons_score.hpp"
#include "algorithms/exact/solution.hpp"
#include "tests/gravity_walk.hpp"

using namespace tictac;

TEST_CASE("Pons's score counts the winner's stones still unplayed when it wins, plus one", "[pons_score]") {
  for (int cells = 1; cells <= 64; ++cells)
    for (int ply = 0; ply <= cells; ++ply)
      for (int distance = 0; ply + distance <= cells; ++distance) {
        const int end = ply + distance;  // the winning stone is stone number `end`
        if (end == 0) continue;
        const bool x_wins = end % 2 == 1;
        const int winner_total = x_wins ? (cells + 1) / 2 : cells / 2;
        int winner_played = 0;
        for (int stone = 1; stone <= end; ++stone) winner_played += (stone % 2 == 1) == x_wins;
        const int expected = winner_total - winner_played + 1;
        const bool mover_is_x = ply % 2 == 0;
        INFO(cells << " cells, ply " << ply << ", distance " << distance);
        CHECK(pons_score(cells, ply, x_wins ? 1 : -1, distance) == (mover_is_x == x_wins ? expected : -expected));
        CHECK(pons_score(cells, ply, 0, distance) == 0);
      }
  // Connect-Four from the empty board: X wins with its last stone, the 41st.
  CHECK(pons_score(42, 0, 1, 41) == 1);
}

TEST_CASE("Pons's score from value and distance is Pons's negamax score on every position of small gravity boards",
          "[pons_score]") {
  for (auto [R, C, k] : {std::array{3, 4, 3}, {4, 3, 3}, {4, 4, 3}, {4, 4, 4}}) {
    const Board b(R, C, k, true);
    INFO(b.name());
    const StateSpace space(b);
    const ExactSolution solution(space);
    const test::GravityWalk walk(R, C, k);
    std::unordered_map<test::GravityWalk::Pos, int, test::GravityWalk::Hash> memo;
    int decisive = 0;
    for (StateSpace::Index i = 0; i < space.size(); ++i) {
      if (space.terminal(i)) continue;
      const Position p = space.position(i);
      const int expected = walk.pons({p.x, p.o}, memo);
      REQUIRE(pons_score(b.cells(), p.ply(), solution.value(i), solution.distance(i)) == expected);
      decisive += expected != 0;
    }
    CHECK(decisive > 0);
  }
}
