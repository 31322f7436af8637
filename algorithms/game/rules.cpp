#include "algorithms/game/rules.hpp"

#include <bit>

namespace tictac {

std::string_view to_string(Result r) {
  switch (r) {
    case Result::ongoing: return "ongoing";
    case Result::x_wins: return "X wins";
    case Result::o_wins: return "O wins";
    case Result::draw: return "draw";
  }
  return "?";
}

Result result(const Board& b, const Position& p) {
  if (b.has_line(p.x)) return Result::x_wins;
  if (b.has_line(p.o)) return Result::o_wins;
  if (p.occupied() == b.full()) return Result::draw;
  return Result::ongoing;
}

namespace {
// True when removing one of `stones` that could have been played last (on
// a gravity board, a top stone of its column) leaves no line: that stone
// could have been the winning move.
bool could_have_moved_last(const Board& b, Mask stones, Mask occupied) {
  for (Mask rest = stones & b.tops(occupied); rest; rest &= rest - 1) {
    Mask one = rest & -rest;
    if (!b.has_line(stones & ~one)) return true;
  }
  return false;
}
}  // namespace

Legality check_legality(const Board& b, const Position& p) {
  int cx = std::popcount(p.x), co = std::popcount(p.o);
  if (cx != co && cx != co + 1) return Legality::stone_count;
  if (b.floating(p.occupied())) return Legality::floating_stone;
  bool wx = b.has_line(p.x), wo = b.has_line(p.o);
  if (wx && wo) return Legality::both_sides_have_lines;
  if (wx || wo) {
    if (wx ? cx != co + 1 : cx != co) return Legality::line_owner_not_last;
    if (!could_have_moved_last(b, wx ? p.x : p.o, p.occupied())) return Legality::no_possible_last_move;
  }
  return Legality::legal;
}

std::string_view describe(Legality l) {
  switch (l) {
    case Legality::legal: return "legal";
    case Legality::stone_count:
      return "stone count: X must have as many stones as O or exactly one more";
    case Legality::floating_stone:
      return "a stone floats: with gravity a stone rests on the bottom row or on another stone, so no "
             "stone may be above an empty cell";
    case Legality::both_sides_have_lines: return "both sides have a line: the game ends at the first line";
    case Legality::line_owner_not_last:
      return "the side with a line must have made the last move (X with a line has one stone more "
             "than O; O with a line has as many as X)";
    case Legality::no_possible_last_move:
      return "no stone of the side with a line could have been the last move: every one of them "
             "leaves a line when removed, so the game would have ended earlier (with gravity, only "
             "the top stone of a column can have been the last move)";
  }
  return "?";
}

}  // namespace tictac
