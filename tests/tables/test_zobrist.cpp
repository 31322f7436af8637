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

TEST_CASE("Zobrist keys are the SplitMix64 stream of the fixed seed", "[zobrist]") {
  // Computed apart from this code, by a Python SplitMix64 (Vigna's
  // constants) from state 0x7ac7ac7ac0ffee11: outputs 0-63 are X's cells,
  // 64-127 O's, 128 the side number.
  const Zobrist z;
  CHECK(z.stone(Side::X, 3) == 0x9c49ad9ecb795678ULL);
  CHECK(z.stone(Side::O, 3) == 0xcdf1326047422698ULL);
  CHECK(z.side() == 0x324435600a06e009ULL);
  // X . .      X to move: X's cell 0 and O's cell 4
  // . O .
  // . . .
  CHECK(z.key(Position{0x001, 0x010}) == 0xc0dfd722f8878262ULL);
  // X O .      O to move: X's 0 and 3, O's 1, and the side number
  // X . .
  // . . .
  CHECK(z.key(Position{0x009, 0x002}) == 0xd4d39b54c85233ceULL);
  // Another seed gives other keys.
  CHECK(Zobrist(1).stone(Side::X, 3) != z.stone(Side::X, 3));
}
