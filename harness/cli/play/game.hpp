// `tictac play`: the game loop.  A game in progress, the moves typed or
// given with --moves checked against it, and the loop in which engines move
// until a person is to move or the game ends.
#pragma once

#include <array>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/game/rules.hpp"
#include "harness/cli/play/engines.hpp"

namespace tictac::cli {

// A game in progress: the position and the moves that led to it.
struct Game {
  explicit Game(const Board& b) : board(b) {}

  Board board;
  Position position;
  std::vector<int> moves;
  Result result = Result::ongoing;

  void play(int cell);
  void undo();  // the last move; the game goes on
  bool over() const { return result != Result::ongoing; }
};

// Why `cell` cannot be played now, or an empty string when it can.
std::string refusal(const Game& g, int cell);

// Plays cells separated by spaces or commas, each checked against the game so
// far; returns them.  On a gravity board the text is Pons's notation (columns
// from 1: "4453"; commas from 10 columns) and the game must be at its start.
// Throws std::invalid_argument naming the move (--moves).
std::vector<int> parse_moves(Game& g, std::string_view text);

// Engines move until the game ends or a person is to move; on_move (if set)
// hears of each move (with its `unproven` reason, if any).
void play_engines(Game& g, std::array<Player, 2>& players, Knowledge& knowledge,
                  const std::function<void(Side, const EngineMove&)>& on_move);

// "x_wins", "o_wins", "draw" or "ongoing".
std::string result_key(Result r);

}  // namespace tictac::cli
