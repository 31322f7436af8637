// The options that name a board and a position, the same in every command
// that takes them: --board RxC, --k K and --gravity; and, where a command
// searches or draws from a position, --position (rows of X, O and .) or
// --moves (Pons's notation on gravity boards: "4453", columns from 1).
//
// The limits are the board's (algorithms/game/board.hpp): R * C <= 64 and
// 1 <= k <= max(R, C), with gravity too.  Bad input is a
// std::invalid_argument naming the rule an illegal position breaks or the
// move that cannot be played (exit 2).
#pragma once

#include <string>
#include <string_view>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"

namespace CLI {
class App;
}

namespace tictac::cli {

struct BoardOptions {
  std::string board = "3x3";
  int k = 3;
  bool gravity = false;
  std::string position;  // empty: not given
  std::string moves;     // empty: not given
  bool moves_given = false;

  // Throws std::invalid_argument saying what is wrong with the board.
  Board parse_board() const;
  // The position given by --position or --moves (the empty board when
  // neither is).  Throws std::invalid_argument when both are given, for an
  // illegal position (naming the rule) and for a move that cannot be played
  // (naming it), and for --moves on a board without gravity.
  Position parse_position(const Board& b) const;
};

// --board, --k and --gravity.
void add_board_options(CLI::App& cmd, BoardOptions& o);
// --position and --moves; `what` names the position ("the position", "the
// root").
void add_position_options(CLI::App& cmd, BoardOptions& o, const std::string& what);

// A key of position_set_spec.hpp as a command's option: per_ply is --per-ply,
// positions --position, and kind and seed are the flags the command gives
// them (tictac sets: --kind and --seed; match: --openings and
// --openings-seed; quality: --set and --set-seed).
std::string set_key_flag(std::string_view key, std::string_view kind_flag, std::string_view seed_flag);

}  // namespace tictac::cli
