#include <catch2/catch.hpp>

#include "harness/formats/notation.hpp"

using namespace tictac;

TEST_CASE("positions print back as they were read", "[notation]") {
  const Board b;
  for (const char* text : {"X.O/.X./..O", ".../.../...", "XOX/OXO/OXO"})
    CHECK(format_position(b, parse_stones(b, text)) == text);
  CHECK(format_position(b, parse_stones(b, "x.o.x...o")) == "X.O/.X./..O");
  const Board r(3, 4, 3);
  CHECK(format_position(r, parse_stones(r, "X..O/..../.X..")) == "X..O/..../.X..");
}

TEST_CASE("bad position text says what is wrong", "[notation]") {
  const Board b;
  CHECK_THROWS_WITH(parse_stones(b, "X.O/.X./..Q"), Catch::Contains("unknown character 'Q'"));
  CHECK_THROWS_WITH(parse_stones(b, "X.O/.X./.."), Catch::Contains("a 3x3 board has 9"));
  CHECK_THROWS_WITH(parse_stones(b, "X.O.X...O."), Catch::Contains("more than the 9 cells"));
  CHECK_THROWS_WITH(parse_stones(b, "X.O./X./..O"), Catch::Contains("a row of 3x3 has 3"));
  CHECK_THROWS_WITH(parse_stones(b, ""), Catch::Contains("has 0 cells"));
}

TEST_CASE("an illegal position names the rule it breaks", "[notation]") {
  const Board b;
  CHECK_THROWS_WITH(parse_position(b, "OO./X../..."), Catch::Contains("stone count"));
  CHECK_THROWS_WITH(parse_position(b, "XXX/OOO/X.."), Catch::Contains("both sides have a line"));
  CHECK_NOTHROW(parse_position(b, "XXX/OO./..."));
}

TEST_CASE("cells are named by number or by column and row", "[notation]") {
  const Board b;
  CHECK(parse_cell(b, "b2") == 4);
  CHECK(parse_cell(b, "A1") == 0);
  CHECK(parse_cell(b, "c3") == 8);
  CHECK(parse_cell(b, "7") == 7);
  CHECK(cell_name(b, 5) == "c2");
  CHECK_THROWS_WITH(parse_cell(b, "9"), Catch::Contains("off the board"));
  CHECK_THROWS_WITH(parse_cell(b, "d1"), Catch::Contains("off the board"));
  CHECK_THROWS_WITH(parse_cell(b, "hello"), Catch::Contains("not a whole number"));
  CHECK_THROWS_WITH(parse_cell(b, "?"), Catch::Contains("is not a move"));
}

TEST_CASE("board sizes are read as RxC", "[notation]") {
  CHECK(parse_board("4x5", 4).name() == "4x5k4");
  CHECK_THROWS_WITH(parse_board("44", 3), Catch::Contains("not of the form RxC"));
  CHECK_THROWS_WITH(parse_board("ax3", 3), Catch::Contains("not a whole number"));
  CHECK_THROWS_WITH(parse_board("3x3", 5), Catch::Contains("k must be between"));
}
