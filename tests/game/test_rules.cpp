#include <catch2/catch.hpp>

#include "algorithms/game/rules.hpp"
#include "harness/formats/notation.hpp"

using namespace tictac;

namespace {
Legality legality(const char* text, const Board& b = Board()) {
  return check_legality(b, parse_stones(b, text));
}
}  // namespace

TEST_CASE("each legality rule of seed 000 is reported by name", "[rules]") {
  CHECK(legality("X.O/.X./..O") == Legality::legal);
  CHECK(legality(".../.../...") == Legality::legal);
  // O has moved first.
  CHECK(legality("O../.../...") == Legality::stone_count);
  // X has two stones more than O.
  CHECK(legality("XX./.../...") == Legality::stone_count);
  // Both sides have a line.
  CHECK(legality("XXX/OOO/X..") == Legality::both_sides_have_lines);
  // X has a line, but O moved last (equal stone counts).
  CHECK(legality("XXX/OO./O..") == Legality::line_owner_not_last);
  // O has a line, but X moved last.
  CHECK(legality("OOO/XX./XX.") == Legality::line_owner_not_last);
  // X has two lines sharing no stone (4x4, k=3): no single stone could have
  // been the winning move.
  const Board b(4, 4, 3);
  CHECK(legality("XXX./OO.O/XXX./OO..", b) == Legality::no_possible_last_move);
  // Two lines through one stone are fine: it was the last move.
  CHECK(legality("XXX/XOO/X.O") == Legality::stone_count);
  CHECK(legality("XXX/XOO/XOO") == Legality::legal);
}

TEST_CASE("the legal fillings of 3x3 number 5,478, as in ground-truth.md", "[rules]") {
  // Independent of the state-space enumeration: filter all 3^9 fillings.
  const Board b;
  int legal = 0, x_wins = 0, o_wins = 0, draws = 0;
  for (int code = 0; code < 19683; ++code) {
    Position p;
    for (int cell = 0, rest = code; cell < 9; ++cell, rest /= 3) {
      if (rest % 3 == 1) p.x |= Mask{1} << cell;
      if (rest % 3 == 2) p.o |= Mask{1} << cell;
    }
    if (check_legality(b, p) != Legality::legal) continue;
    ++legal;
    switch (result(b, p)) {
      case Result::x_wins: ++x_wins; break;
      case Result::o_wins: ++o_wins; break;
      case Result::draw: ++draws; break;
      case Result::ongoing: break;
    }
  }
  CHECK(legal == 5478);
  CHECK(x_wins == 626);
  CHECK(o_wins == 316);
  CHECK(draws == 16);
}

TEST_CASE("the side to move follows from the stone counts", "[rules]") {
  const Board b;
  CHECK(parse_stones(b, ".........").to_move() == Side::X);
  CHECK(parse_stones(b, "X........").to_move() == Side::O);
  CHECK(parse_stones(b, "X...O....").to_move() == Side::X);
  CHECK(result(b, parse_stones(b, "XOX/XOO/OXX")) == Result::draw);
  CHECK(result(b, parse_stones(b, "X.O/.XO/..X")) == Result::x_wins);
  CHECK(result(b, parse_stones(b, "X.O/.X./..O")) == Result::ongoing);
}
