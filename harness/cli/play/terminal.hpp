// `tictac play`: terminal input and output.  The board drawn with column
// letters and row numbers, the position line, the hint, and the interactive
// session that reads moves and commands (undo, hint, help, quit) typed at a
// prompt.
#pragma once

#include <array>
#include <string>

#include "harness/cli/play/engines.hpp"
#include "harness/cli/play/game.hpp"

namespace tictac::cli {

// The board with column letters and row numbers:
//      a   b   c
//    +---+---+---+
//  1 | X | . | O |
std::string draw(const Game& g);

// "position X../.O./...: X to move", or the result once the game is over.
std::string status(const Game& g);

// A game at the terminal until it ends (engines only), a person quits, or
// the input ends.
void run_interactive(const Board& b, std::array<Player, 2>& players, Knowledge& knowledge);

}  // namespace tictac::cli
