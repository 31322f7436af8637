#include <catch2/catch.hpp>

#include "algorithms/game/rules.hpp"
#include "harness/formats/notation.hpp"
#include "tests/gravity_walk.hpp"

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

TEST_CASE("with gravity a stone above an empty cell is refused by name", "[rules]") {
  const Board g(4, 4, 4, true);
  // The top row is printed first: the bottom row is the last group.
  CHECK(legality("..../..../..../XO..", g) == Legality::legal);
  CHECK(legality("..../..../X.../O...", g) == Legality::legal);
  // X floats over an empty cell of column 1 (a stone count that is fine).
  CHECK(legality("..../..../.X../O...", g) == Legality::floating_stone);
  CHECK(legality("..../..../.X../O...", Board(4, 4, 4)) == Legality::legal);
  CHECK(legality("X.../..../..../O...", g) == Legality::floating_stone);
  // The stone count is checked first.
  CHECK(legality("..../..../.X../X...", g) == Legality::stone_count);
  CHECK(describe(Legality::floating_stone).find("above an empty cell") != std::string_view::npos);
}

TEST_CASE("with gravity the winner's last stone must be the top stone of its column", "[rules]") {
  const Board g(4, 4, 3, true);
  // X's line is on the bottom row; O covers two of its stones and X's own
  // stone covers the third, so X's only top stone (row 3, column 3) leaves
  // the line when removed: the game would have ended earlier.
  const char* covered = "..../..../OOX./XXXO";
  CHECK(legality(covered, g) == Legality::no_possible_last_move);
  // Without gravity any stone of the line could have been the last.
  CHECK(legality(covered, Board(4, 4, 3)) == Legality::legal);
  // With column 3 of the line uncovered, its stone could have been last.
  CHECK(legality("..../..../OO.X/XXXO", g) == Legality::legal);
  // A vertical line's top stone is its last stone.
  CHECK(legality("..../X.../XO../XO..", g) == Legality::legal);
}

TEST_CASE("every reachable position of 4x4 with gravity keeps the rules, and the rules admit more", "[rules]") {
  // The reachable positions, by an independent drop-by-drop walk
  // (tests/gravity_walk.hpp), and the fillings of all 3^16 codes that keep
  // the rules.  The rules are necessary, not sufficient, under gravity
  // (rules.hpp): a column must also be droppable in turn.
  const Board b(4, 4, 4, true);
  const test::GravityWalk walk(4, 4, 4);
  std::size_t reachable = 0;
  for (const auto& ply : walk.reachable(16))
    for (const auto& p : ply) {
      ++reachable;
      INFO(format_position(b, Position{p.x, p.o}));
      REQUIRE(check_legality(b, Position{p.x, p.o}) == Legality::legal);
    }
  CHECK(reachable == 161029);
  // Column 0 holds, from the bottom, X, O, O, X: no order of drops builds it.
  CHECK(check_legality(b, parse_stones(b, "X.../O.../O.../X...")) == Legality::legal);
  bool found = false;
  for (const auto& ply : walk.reachable(4))
    for (const auto& p : ply) found = found || Position{p.x, p.o} == parse_stones(b, "X.../O.../O.../X...");
  CHECK_FALSE(found);
}
