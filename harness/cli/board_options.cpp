#include "harness/cli/board_options.hpp"

#include <CLI/CLI.hpp>
#include <algorithm>
#include <stdexcept>

#include "harness/formats/notation.hpp"

namespace tictac::cli {

Board BoardOptions::parse_board() const { return tictac::parse_board(board, k, gravity); }

Position BoardOptions::parse_position(const Board& b) const {
  if (!position.empty() && moves_given)
    throw std::invalid_argument("--position and --moves both give the position: give one of them");
  if (moves_given) {
    try {
      return parse_moves(b, moves);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(std::string("--moves: ") + e.what());
    }
  }
  return position.empty() ? Position{} : tictac::parse_position(b, position);
}

void add_board_options(CLI::App& cmd, BoardOptions& o) {
  cmd.add_option("--board", o.board,
                 "board size as RxC, R rows and C columns, R*C <= 64 cells (also with --gravity)")
      ->capture_default_str();
  cmd.add_option("--k", o.k, "stones in a row that win, 1 to max(R, C)")->capture_default_str();
  cmd.add_flag(
      "--gravity", o.gravity,
      "stones fall: a move is a column and fills its lowest empty cell (Connect-Four is --board 6x7 --k 4 "
      "--gravity; in configs the board is named 6x7k4g)");
}

void add_position_options(CLI::App& cmd, BoardOptions& o, const std::string& what) {
  cmd.add_option("--position", o.position,
                 what + ": rows of X, O and . separated by /, the top row first (default: the empty board)");
  cmd.add_option(
         "--moves", o.moves,
         what +
             " as the moves from the empty board in Pascal Pons's notation, gravity boards only: each "
             "move its column, 1 to C from the left (4453); commas between them on boards of 10 or more "
             "columns. A move into a full column or after the game has ended is refused")
      ->each([&o](const std::string&) { o.moves_given = true; });
}

std::string set_key_flag(std::string_view key, std::string_view kind_flag, std::string_view seed_flag) {
  if (key == "kind") return std::string(kind_flag);
  if (key == "seed") return std::string(seed_flag);
  if (key == "positions") return "--position";
  std::string flag = "--" + std::string(key);
  std::replace(flag.begin(), flag.end(), '_', '-');
  return flag;
}

}  // namespace tictac::cli
