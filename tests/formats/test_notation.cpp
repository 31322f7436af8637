#include <catch2/catch.hpp>

#include <random>
#include <string>
#include <vector>

#include "algorithms/exact/solution.hpp"
#include "algorithms/game/rules.hpp"
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

TEST_CASE("board sizes take gravity separately", "[notation]") {
  CHECK(parse_board("6x7", 4, true).name() == "6x7k4g");
  CHECK(parse_board("6x7", 4, true).gravity());
  CHECK_FALSE(parse_board("6x7", 4).gravity());
}

namespace {
// A drop in a 1-based column, by the test's own walk up the column.
int drop(const Board& b, const Position& p, int column) {
  for (int r = b.rows() - 1; r >= 0; --r)
    if (!(p.occupied() >> b.cell(r, column - 1) & 1)) return b.cell(r, column - 1);
  return -1;
}
}  // namespace

TEST_CASE("a move sequence in Pons's notation drops in the columns it names", "[notation]") {
  const Board c4(6, 7, 4, true);
  // 4, 4, 5, 3: X and O in column 4 (X below), X in 5, O in 3.
  CHECK(format_position(c4, parse_moves(c4, "4453")) == "......./......./......./......./...O.../..OXX..");
  CHECK(parse_moves(c4, "") == Position{});
  CHECK(parse_moves(c4, "4,4,5,3") == parse_moves(c4, "4453"));
  CHECK(parse_column(c4, parse_moves(c4, "44"), "4") == c4.cell(3, 3));
}

TEST_CASE("move sequences and principal variations round-trip through the notation", "[notation]") {
  std::mt19937_64 rng(4);
  for (const Board& b : {Board(6, 7, 4, true), Board(4, 12, 4, true), Board(5, 10, 3, true), Board(2, 2, 2, true)}) {
    INFO(b.name());
    for (int game = 0; game < 30; ++game) {
      std::string text;
      std::vector<int> cells;
      Position p;
      // Random drops until the game ends or a third of the board is full.
      while (!is_terminal(b, p) && p.ply() < b.cells() / 3 + 1) {
        int column = static_cast<int>(rng() % b.cols()) + 1;
        if (drop(b, p, column) < 0) continue;
        if (!text.empty() && b.cols() >= 10) text += ',';
        text += std::to_string(column);
        cells.push_back(drop(b, p, column));
        p.play(cells.back(), p.to_move());
      }
      CHECK(parse_moves(b, text) == p);
      CHECK(format_moves(b, cells) == text);
    }
  }
  // The principal variation of 4x3 with gravity and k=3 (a draw), as
  // `solve` follows it.
  const Board b(4, 3, 3, true);
  const StateSpace space(b);
  const ExactSolution solution(space);
  std::vector<int> pv;
  Position p;
  for (int m; (m = solution.best_move(p)) >= 0;) {
    pv.push_back(m);
    p.play(m, p.to_move());
  }
  CHECK(solution.value(Position{}) == 0);
  CHECK(pv.size() == 12);  // a draw fills the board
  const std::string text = format_moves(b, pv);
  CHECK(text.size() == 12);
  CHECK(parse_moves(b, text) == p);
}

TEST_CASE("a bad move sequence names the move and what is wrong with it", "[notation]") {
  const Board c4(6, 7, 4, true);
  CHECK_THROWS_WITH(parse_moves(c4, "4444444"), Catch::Contains("move 7 of '4444444'") && Catch::Contains("column 4 is full"));
  CHECK_THROWS_WITH(parse_moves(c4, "448"), Catch::Contains("move 3 of '448'") && Catch::Contains("column 8 is off the board (columns 1 to 7)"));
  CHECK_THROWS_WITH(parse_moves(c4, "40"), Catch::Contains("move 2") && Catch::Contains("column 0 is off the board"));
  CHECK_THROWS_WITH(parse_moves(c4, "4a"), Catch::Contains("move 2") && Catch::Contains("'a' is not a column number"));
  CHECK_THROWS_WITH(parse_moves(c4, "4,,5"), Catch::Contains("move 2") && Catch::Contains("'' is not a column number"));
  // X fills column 1 to four in a row at move 7; move 8 comes after the end.
  CHECK_NOTHROW(parse_moves(c4, "1212121"));
  CHECK_THROWS_WITH(parse_moves(c4, "12121213"),
                    Catch::Contains("move 8 of '12121213' (column 3) comes after the game ended with move 7 (X wins)"));
  // A full board ends the game too.
  const Board tiny(1, 2, 2, true);
  CHECK_THROWS_WITH(parse_moves(tiny, "121"), Catch::Contains("after the game ended with move 2 (a draw"));
  // Ten columns or more: numbers between commas.
  const Board wide(4, 10, 4, true);
  CHECK(parse_moves(wide, "10,1,10") == parse_moves(wide, "10,1,10"));
  CHECK(format_position(wide, parse_moves(wide, "10,1,10")) ==
        "........../........../.........X/O........X");
  CHECK_THROWS_WITH(parse_moves(wide, "101"), Catch::Contains("column 101 is off the board (columns 1 to 10)"));
  CHECK_THROWS_WITH(parse_moves(wide, "11"), Catch::Contains("move 1") && Catch::Contains("column 11 is off the board"));
  // A board without gravity has no columns to drop in.
  CHECK_THROWS_WITH(parse_moves(Board(3, 3, 3), "12"), Catch::Contains("for gravity boards") && Catch::Contains("3x3k3"));
  CHECK_THROWS_WITH(format_moves(Board(3, 3, 3), std::vector<int>{4}), Catch::Contains("for gravity boards"));
  CHECK_THROWS_WITH(parse_column(c4, parse_moves(c4, "1212121"), "3"), Catch::Contains("the game has ended (X wins)"));
  CHECK_THROWS_WITH(parse_column(c4, parse_moves(c4, "111111"), "1"), Catch::Contains("column 1 is full"));
}

TEST_CASE("a gravity position that floats or could not have ended so is refused, naming the rule", "[notation]") {
  const Board g(4, 4, 3, true);
  CHECK_THROWS_WITH(parse_position(g, "..../..../.X../O..."), Catch::Contains("a stone floats"));
  CHECK_THROWS_WITH(parse_position(g, "..../..../OOX./XXXO"), Catch::Contains("top stone of a column"));
  CHECK_NOTHROW(parse_position(g, "..../..../.X../OX.O"));
}
