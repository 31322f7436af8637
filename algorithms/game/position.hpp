// A position: which cells hold X and which hold O, as two bitboards.
//
// X moves first, so the side to move follows from the stone counts: X when
// both sides have as many stones, O when X has one more.  A Position does not
// know its board; the Board gives meaning to the bits.
#pragma once

#include <bit>
#include <cstdint>

#include "algorithms/game/board.hpp"

namespace tictac {

enum class Side : std::uint8_t { X = 0, O = 1 };

constexpr Side other(Side s) { return s == Side::X ? Side::O : Side::X; }

struct Position {
  Mask x = 0;
  Mask o = 0;

  Mask occupied() const { return x | o; }
  Mask stones(Side s) const { return s == Side::X ? x : o; }
  int ply() const { return std::popcount(x) + std::popcount(o); }
  Side to_move() const { return std::popcount(x) == std::popcount(o) ? Side::X : Side::O; }
  Mask empty(const Board& b) const { return b.full() & ~occupied(); }
  // The cells a move may fill: every empty cell, or with gravity the lowest
  // empty cell of each column that is not full (Board::legal_moves).
  Mask legal_moves(const Board& b) const { return b.legal_moves(occupied()); }

  // Play and undo take the side explicitly so the search loop need not
  // recount stones; `cell` must be empty (play) or hold s's stone (undo).
  void play(int cell, Side s) { (s == Side::X ? x : o) |= Mask{1} << cell; }
  void undo(int cell, Side s) { (s == Side::X ? x : o) &= ~(Mask{1} << cell); }

  friend bool operator==(const Position&, const Position&) = default;
  // The order used for canonical forms: by x mask, then by o mask.
  friend bool operator<(const Position& a, const Position& b) {
    return a.x != b.x ? a.x < b.x : a.o < b.o;
  }
};

}  // namespace tictac
