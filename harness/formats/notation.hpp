// Text forms of boards, positions and cells.
//
// A position is written as its rows from top to bottom, separated by '/', each
// cell one of X, O or '.' (for example "X.O/.X./..O"); the R*C cells without
// separators are accepted too, and lower case x and o.  Cells are named by
// index (row by row from 0) or by column letter and row number from 1 at the
// top ("a1" is cell 0, "b2" the centre of 3x3).
//
// On a gravity board a position can also be given as the moves that reach
// it, in Pascal Pons's notation: each move is its column, numbered 1 to C
// from the left, so "4453" drops in column 4, 4, 5 and then 3.  On boards of
// 10 or more columns the numbers are separated by commas ("10,1,10"); on
// smaller boards commas are accepted too.  The empty text is the empty
// board.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/search/search_result.hpp"

namespace tictac {

// "RxC" (for example "3x3" or "4x5"); k and gravity are given separately.
// Throws std::invalid_argument saying what is wrong.
Board parse_board(std::string_view size, int k, bool gravity = false);

// Text to stones, without the legality rules.  Throws std::invalid_argument
// for a wrong length or an unknown character, saying which.
Position parse_stones(const Board& b, std::string_view text);

// Text to a legal position.  Throws std::invalid_argument naming the rule an
// illegal position breaks.
Position parse_position(const Board& b, std::string_view text);

std::string format_position(const Board& b, const Position& p);

// A game value (X's point of view) in words: "X wins", "O wins" or "draw".
std::string value_text(int value);
// Bounds on a game value (X's point of view) in words: value_text when exact,
// "X at least draws" (0..1), "O at least draws" (-1..0), "unknown" (-1..1).
std::string bounds_text(const ValueBounds& bounds);

// Moves in Pons's notation to the position they reach.  Throws
// std::invalid_argument naming the move (its number in the sequence, from 1,
// and its column) when it is not a column of the board, when its column is
// full, or when the game had already ended; and for a board without
// gravity, where a move is not a column.
Position parse_moves(const Board& b, std::string_view moves);
// The same moves as the cells they fill, in order (the same refusals).
std::vector<int> parse_drops(const Board& b, std::string_view moves);

// The cell that a drop in `column` (text, counted from 1) fills from p.
// Throws std::invalid_argument when the text is not a column of the board,
// the column is full or p is finished.  Gravity boards only.
int parse_column(const Board& b, const Position& p, std::string_view column);

// Moves (cells, each the lowest empty cell of its column when played, as a
// principal variation gives them) in Pons's notation: "4453", or with commas
// on boards of 10 or more columns.  Gravity boards only.
std::string format_moves(const Board& b, std::span<const int> cells);

// "b2" style name of a cell, and the reverse (a cell index is accepted too).
// parse_cell throws std::invalid_argument when the text names no cell.
// A cell is named by its column (a, b, ...) and row (1, 2, ...): row 1 is
// the top row, except on gravity boards, where row 1 is the bottom row (as
// Connect-Four players count: the first stone in column d is d1).
std::string cell_name(const Board& b, int cell);
int parse_cell(const Board& b, std::string_view text);

}  // namespace tictac
