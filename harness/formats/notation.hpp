// Text forms of boards, positions and cells.
//
// A position is written as its rows from top to bottom, separated by '/', each
// cell one of X, O or '.' (for example "X.O/.X./..O"); the R*C cells without
// separators are accepted too, and lower case x and o.  Cells are named by
// index (row by row from 0) or by column letter and row number from 1 at the
// top ("a1" is cell 0, "b2" the centre of 3x3).
#pragma once

#include <string>
#include <string_view>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"

namespace tictac {

// "RxC" (for example "3x3" or "4x5"); k is given separately.  Throws
// std::invalid_argument saying what is wrong.
Board parse_board(std::string_view size, int k);

// Text to stones, without the legality rules.  Throws std::invalid_argument
// for a wrong length or an unknown character, saying which.
Position parse_stones(const Board& b, std::string_view text);

// Text to a legal position.  Throws std::invalid_argument naming the rule an
// illegal position breaks.
Position parse_position(const Board& b, std::string_view text);

std::string format_position(const Board& b, const Position& p);

// A game value (X's point of view) in words: "X wins", "O wins" or "draw".
std::string value_text(int value);

// "b2" style name of a cell, and the reverse (a cell index is accepted too).
// parse_cell throws std::invalid_argument when the text names no cell.
std::string cell_name(const Board& b, int cell);
int parse_cell(const Board& b, std::string_view text);

}  // namespace tictac
