// Move orderings for the alpha-beta family: the order in which a node's
// moves are tried.  An ordering is a base order for all moves, optionally
// preceded by killer moves and by the table's best move:
//
//   index         cells 0, 1, 2, ... row by row
//   static        by the number of windows through a cell, most first, then
//                 by index (on 3x3: centre, corners, edges); on a gravity
//                 board by column, centre first, ties to the left (on seven
//                 columns 4, 3, 5, 2, 6, 1, 7, counted from 1)
//   random        a fresh shuffle at every node, from a seeded generator
//                 that restarts with each search
//   random-fixed  one seeded permutation of the cells, used at every node
//   history       by the history heuristic: a cell scores depth^2 each time
//                 it causes a cutoff for that side; most first, then index
//   oracle        by exact value for the side to move, best first; among
//                 equal values faster wins and slower losses first; then
//                 index.  Needs the exact solution (the bracket from below).
//   worst         the oracle order reversed (the bracket from above).
//   killer        (prefix) the two killer moves of this ply first, newest first
//   tt            (prefix) the table's best move first
//
// Every ordering orders the legal moves (Position::legal_moves), so on a
// gravity board at most one cell per column.
//
// A spec joins prefixes and a base with '+': "tt+killer+history"; "tt"
// alone means "tt+index", "killer" alone "killer+index".
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/exact/solution.hpp"

namespace tictac {

enum class OrderBase : std::uint8_t { index, static_lines, random, random_fixed, history, oracle, worst };

struct OrderSpec {
  bool tt_first = false;
  bool killers = false;
  OrderBase base = OrderBase::index;

  bool needs_exact() const { return base == OrderBase::oracle || base == OrderBase::worst; }
  std::string to_string() const;
  // Throws std::invalid_argument listing the valid parts.
  static OrderSpec parse(std::string_view text);
};

class MoveOrder {
 public:
  // `exact` must outlive the MoveOrder and is required for oracle and worst.
  MoveOrder(const Board& board, OrderSpec spec, std::uint64_t seed, const ExactSolution* exact);

  // Starts a new search: killers and history cleared, the generator reseeded.
  void reset();

  // Writes the moves of p (side s to move, at ply) into `out` in order and
  // returns how many there are.  `tt_move` is -1 when the table has none.
  int order(const Position& p, Side s, int ply, int tt_move, std::int8_t* out);

  // A move caused a beta cutoff with `depth` plies left below the node.
  void on_cutoff(Side s, int ply, int move, int depth) {
    if (spec_.killers && killers_[ply][0] != move) {
      killers_[ply][1] = killers_[ply][0];
      killers_[ply][0] = static_cast<std::int8_t>(move);
    }
    if (spec_.base == OrderBase::history) history_[static_cast<int>(s)][move] += std::uint64_t(depth) * depth;
  }

  const OrderSpec& spec() const { return spec_; }

 private:
  const Board& board_;
  OrderSpec spec_;
  std::uint64_t seed_;
  std::uint64_t rng_;
  const ExactSolution* exact_;
  std::vector<std::int8_t> static_order_;  // static or random-fixed permutation
  std::array<std::array<std::int8_t, 2>, Board::kMaxCells + 1> killers_{};
  std::array<std::array<std::uint64_t, Board::kMaxCells>, 2> history_{};
};

}  // namespace tictac
