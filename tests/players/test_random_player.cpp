// The random player: a legal move, the same for the same seed and position,
// and spread over the legal moves.
#include <catch2/catch.hpp>

#include <array>

#include "algorithms/players/random_player.hpp"
#include "tests/players/plain_solver.hpp"

using namespace tictac;

TEST_CASE("the random player plays a legal move, the same for the same seed", "[random_player]") {
  for (const Board& b : {Board(), Board(4, 4, 3, true)}) {
    const tictac::players_test::PlainSolver walk(b);
    RandomPlayer<PlayerNoStats> a(b, 3), again(b, 3);
    PlayerNoStats stats;
    for (const Position& p : walk.unfinished()) {
      const int m = a.choose(p, stats).move;
      REQUIRE(m >= 0);
      CHECK((p.legal_moves(b) >> m & 1) == 1);
      CHECK(again.choose(p, stats).move == m);
    }
    CHECK(a.choose(Position{b.full() & 0b101010101, b.full() & 0b010101010}, stats).move == -1);  // finished: X has a line
  }
}

TEST_CASE("the random player's first moves on 3x3 are spread evenly over the nine cells", "[random_player]") {
  const Board b;
  std::array<int, 9> count{};
  PlayerNoStats stats;
  const int n = 9000;
  for (int seed = 0; seed < n; ++seed) ++count[RandomPlayer<PlayerNoStats>(b, seed).choose(Position{}, stats).move];
  // Chi-square with 8 degrees of freedom: above 26.1 with probability 0.001.
  double chi2 = 0;
  for (int c : count) chi2 += (c - n / 9.0) * (c - n / 9.0) / (n / 9.0);
  CHECK(chi2 < 26.1);
}
