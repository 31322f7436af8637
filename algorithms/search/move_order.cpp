#include "algorithms/search/move_order.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "algorithms/game/random.hpp"

namespace tictac {

namespace {
// Sorts moves[0, n) by decreasing key[move], equal keys in their order:
// the order std::stable_sort gives, without its buffer (a search allocates
// nothing).  n is at most 64 and mostly below 16, where insertion sort
// beats a general sort.
template <class K>
void stable_sort_by_key(std::int8_t* moves, int n, const K* key) {
  for (int i = 1; i < n; ++i) {
    const std::int8_t m = moves[i];
    int j = i;
    for (; j > 0 && key[moves[j - 1]] < key[m]; --j) moves[j] = moves[j - 1];
    moves[j] = m;
  }
}

void move_to_front(std::int8_t* moves, int n, int move) {
  for (int j = 0; j < n; ++j)
    if (moves[j] == move) {
      std::rotate(moves, moves + j, moves + j + 1);
      return;
    }
}
}  // namespace

MoveOrder::MoveOrder(const Board& board, OrderSpec spec, std::uint64_t seed, const ExactSolution* exact)
    : board_(board), spec_(spec), seed_(seed), rng_(seed), exact_(exact) {
  for (int c = 0; c < board.cells(); ++c) static_order_.push_back(static_cast<std::int8_t>(c));
  if (spec.base == OrderBase::static_lines && board.gravity()) {
    // Twice the distance of a cell's column from the centre: on seven
    // columns, 4, 3, 5, 2, 6, 1, 7 (from 1); a stable sort keeps ties to the
    // left and, within a column, the cells in index order.
    std::stable_sort(static_order_.begin(), static_order_.end(), [&](int a, int b) {
      auto off = [&](int c) { return std::abs(2 * board.col_of(c) - (board.cols() - 1)); };
      return off(a) < off(b);
    });
  } else if (spec.base == OrderBase::static_lines) {
    std::stable_sort(static_order_.begin(), static_order_.end(), [&](int a, int b) {
      return board.windows_through(a).size() > board.windows_through(b).size();
    });
  } else if (spec.base == OrderBase::random_fixed) {
    std::uint64_t state = seed;
    for (int i = board.cells() - 1; i > 0; --i)
      std::swap(static_order_[i], static_order_[splitmix64(state) % static_cast<std::uint64_t>(i + 1)]);
  }
  reset();
}

void MoveOrder::reset() {
  rng_ = seed_;
  for (auto& k : killers_) k = {-1, -1};
  for (auto& h : history_) h.fill(0);
}

int MoveOrder::order(const Position& p, Side s, int ply, int tt_move, std::int8_t* out) {
  const Mask legal = p.legal_moves(board_);
  int n = 0;
  switch (spec_.base) {
    case OrderBase::static_lines:
    case OrderBase::random_fixed:
      for (std::int8_t c : static_order_)
        if (legal >> c & 1) out[n++] = c;
      break;
    default:
      for (Mask e = legal; e; e &= e - 1) out[n++] = static_cast<std::int8_t>(std::countr_zero(e));
      break;
  }
  switch (spec_.base) {
    case OrderBase::random:
      for (int i = n - 1; i > 0; --i) std::swap(out[i], out[splitmix64(rng_) % static_cast<std::uint64_t>(i + 1)]);
      break;
    case OrderBase::history: {
      stable_sort_by_key(out, n, history_[static_cast<int>(s)].data());
      break;
    }
    case OrderBase::oracle:
    case OrderBase::worst: {
      const int sign = s == Side::X ? 1 : -1;
      int key[Board::kMaxCells];
      for (int i = 0; i < n; ++i) {
        Position q = p;
        q.play(out[i], s);
        const int v = sign * exact_->value(q), d = exact_->distance(q);
        key[static_cast<int>(out[i])] = v * 1000 + (v > 0 ? -d : v < 0 ? d : 0);
      }
      stable_sort_by_key(out, n, key);
      if (spec_.base == OrderBase::worst) std::reverse(out, out + n);
      break;
    }
    default:
      break;
  }
  if (spec_.killers) {
    if (killers_[ply][1] >= 0) move_to_front(out, n, killers_[ply][1]);
    if (killers_[ply][0] >= 0) move_to_front(out, n, killers_[ply][0]);
  }
  if (spec_.tt_first && tt_move >= 0) move_to_front(out, n, tt_move);
  return n;
}

}  // namespace tictac
