// Game values of empty m,n,k boards published outside this project, to
// check the reference search of boards too large for the exact solver
// (reference.hpp) and, on small boards, the exact solver itself (a test).
#pragma once

#include <optional>
#include <span>

#include "algorithms/game/board.hpp"

namespace tictac {

struct PublishedValue {
  int rows, cols, k;
  int value;           // X's point of view: +1 first-player win, 0 draw
  const char* source;
};

// The published value of the empty board, if there is one.
std::optional<PublishedValue> published_value(const Board& board);

// Every entry, for tests and documentation.
std::span<const PublishedValue> published_values();

}  // namespace tictac
