// Move orderings for the alpha-beta family: the order in which a node's
// moves are tried.  An ordering is a base order for all moves (OrderBase),
// optionally preceded by the killer moves of the ply and by the table's best
// move.  The harness names them, says in words what each does, and parses
// and prints them (harness/registry/orderings.cpp, one table); here they are
// values only, and MoveOrder::order is what each base does.
//
// Every ordering orders the legal moves (Position::legal_moves), so on a
// gravity board at most one cell per column.
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
};

class MoveOrder {
 public:
  // `exact` must outlive the MoveOrder.  It must not be null for a base that
  // reads the exact solution (the harness's ordering table says which do, and
  // tests/registry/test_orderings.cpp checks that it says so rightly).
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
