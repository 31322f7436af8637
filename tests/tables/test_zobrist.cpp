#include <catch2/catch.hpp>

#include <random>

#include "algorithms/tables/zobrist.hpp"

using namespace tictac;

TEST_CASE("an incrementally updated Zobrist key equals the key from scratch", "[zobrist]") {
  const Board b(4, 4, 4);
  const Zobrist z;
  std::mt19937 rng(7);
  for (int game = 0; game < 50; ++game) {
    Position p;
    Key k = z.key(p);
    std::vector<int> moves;
    for (Side s = Side::X; p.occupied() != b.full(); s = other(s)) {
      const Mask e = p.empty(b);
      int cell = std::countr_zero(e);
      for (int skip = static_cast<int>(rng() % std::popcount(e)); skip > 0; --skip) cell = std::countr_zero(e & ~((Mask{2} << cell) - 1));
      p.play(cell, s);
      k = z.step(k, s, cell);
      moves.push_back(cell);
      REQUIRE(k == z.key(p));
    }
    // Undo every move: the key walks back to the empty board's.
    for (Side s = moves.size() % 2 ? Side::X : Side::O; !moves.empty(); s = other(s)) {
      p.undo(moves.back(), s);
      k = z.step(k, s, moves.back());
      moves.pop_back();
      REQUIRE(k == z.key(p));
    }
    CHECK(k == 0);
  }
}

TEST_CASE("Zobrist keys come from a fixed seed", "[zobrist]") {
  CHECK(Zobrist().stone(Side::X, 3) == Zobrist().stone(Side::X, 3));
  CHECK(Zobrist(1).stone(Side::X, 3) != Zobrist(2).stone(Side::X, 3));
  CHECK(Zobrist().stone(Side::X, 3) != Zobrist().stone(Side::O, 3));
}
