#include "harness/experiment/reference.hpp"

#include <bit>
#include <stdexcept>

#include "algorithms/game/rules.hpp"
#include "algorithms/exact/state_space.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/formats/notation.hpp"
#include "algorithms/exact/published_values.hpp"

namespace tictac {

Reference::Reference(const Board& board, bool search_only) : board_(board) {
  if (board.cells() <= StateSpace::kMaxCells && !search_only)
    exact_ = exact_solution(board);
  else
    search_ = make_strategy(board, kReferenceSearch);
}

std::string Reference::description() const {
  if (exact_) return "exact solver (retrograde analysis of every reachable position)";
  std::string d = std::string("reference search ") + kReferenceSearch +
                  " (values; a move is optimal when the position after it keeps the value); distance unknown";
  if (const auto pv = published_value(board_))
    d += "; empty board also checked against the published value (" + std::string(pv->source) + ")";
  return d;
}

int Reference::value(const Position& p) {
  if (exact_) return exact_->value(p);
  const auto key = std::make_pair(p.x, p.o);
  if (const auto it = values_.find(key); it != values_.end()) return it->second;
  const int v = search_->search_fast(p).value;
  if (p.ply() == 0)
    if (const auto pv = published_value(board_); pv && pv->value != v)
      throw std::runtime_error("the reference search " + std::string(kReferenceSearch) + " gives the empty " +
                               board_.name() + " board the value " + std::to_string(v) + ", but " + pv->source +
                               " gives " + std::to_string(pv->value));
  values_.emplace(key, v);
  return v;
}

std::optional<int> Reference::distance(const Position& p) const {
  if (exact_) return exact_->distance(p);
  return std::nullopt;
}

bool Reference::optimal(const Position& p, int move) {
  if (exact_) return exact_->is_optimal(p, move);
  if (result(board_, p) != Result::ongoing) return move < 0;
  if (move < 0 || move >= board_.cells() || !((p.legal_moves(board_) >> move) & 1)) return false;
  Position q = p;
  q.play(move, p.to_move());
  return value(q) == value(p);
}

Mask Reference::optimal_moves(const Position& p) {
  if (exact_) return exact_->optimal_moves(p);
  Mask m = 0;
  if (result(board_, p) != Result::ongoing) return m;
  for (Mask e = p.legal_moves(board_); e; e &= e - 1)
    if (optimal(p, std::countr_zero(e))) m |= Mask{1} << std::countr_zero(e);
  return m;
}

}  // namespace tictac
