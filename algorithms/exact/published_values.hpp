// Game values of empty m,n,k boards, with and without gravity, published
// outside this project, to check the reference search of boards too large
// for the exact solver (reference.hpp) and, on small boards, the exact
// solver itself (a test).  An entry is for a gravity board or for a board
// without gravity, never both: 4x4 with k=4 is a draw either way, but those
// are two entries from two sources.
#pragma once

#include <optional>
#include <span>

#include "algorithms/game/board.hpp"

namespace tictac {

struct PublishedValue {
  int rows, cols, k;
  bool gravity;
  int value;           // X's point of view: +1 first-player win, 0 draw
  const char* source;

  Board board() const { return Board(rows, cols, k, gravity); }
};

// The published value of the empty board (gravity included in the match),
// if there is one.
std::optional<PublishedValue> published_value(const Board& board);

// Every entry, for tests and documentation.
std::span<const PublishedValue> published_values();

}  // namespace tictac
