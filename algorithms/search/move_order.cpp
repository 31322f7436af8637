#include "algorithms/search/move_order.hpp"

#include <algorithm>
#include <bit>

namespace tictac {

namespace {
void move_to_front(std::int8_t* moves, int n, int move) {
  for (int j = 0; j < n; ++j)
    if (moves[j] == move) {
      std::rotate(moves, moves + j, moves + j + 1);
      return;
    }
}
}  // namespace

MoveOrder::MoveOrder(const Board& board, OrderSpec spec, std::uint64_t seed, const ExactSolution* exact)
    : board_(board), spec_(spec) {
  ctx_.board = &board;
  ctx_.exact = exact;
  ctx_.seed = seed;
  for (int c = 0; c < board.cells(); ++c) ctx_.permutation[c] = static_cast<std::int8_t>(c);
  if (spec.base->prepare) spec.base->prepare(ctx_);
  reset();
}

void MoveOrder::reset() {
  ctx_.rng = ctx_.seed;
  for (auto& k : killers_) k = {-1, -1};
  for (auto& h : ctx_.history) h.fill(0);
}

int MoveOrder::order(const Position& p, Side s, int ply, int tt_move, std::int8_t* out) {
  const Mask legal = p.legal_moves(board_);
  int n = 0;
  if (spec_.base->uses_permutation) {
    for (int i = 0, cells = board_.cells(); i < cells; ++i) {
      const std::int8_t c = ctx_.permutation[i];
      if (legal >> c & 1) out[n++] = c;
    }
  } else {
    for (Mask e = legal; e; e &= e - 1) out[n++] = static_cast<std::int8_t>(std::countr_zero(e));
  }
  if (spec_.base->order) spec_.base->order(ctx_, p, s, out, n);
  if (spec_.killers) {
    if (killers_[ply][1] >= 0) move_to_front(out, n, killers_[ply][1]);
    if (killers_[ply][0] >= 0) move_to_front(out, n, killers_[ply][0]);
  }
  if (spec_.tt_first && tt_move >= 0) move_to_front(out, n, tt_move);
  return n;
}

}  // namespace tictac
