#include "algorithms/exact/solution.hpp"

#include <bit>
#include <stdexcept>
#include <string>
#include <utility>

#include "algorithms/exact/cancel_poll.hpp"

namespace tictac {

ExactSolution::ExactSolution(const StateSpace& space, const std::atomic<bool>* cancel) : space_(&space) {
  label(cancel);
}

ExactSolution::ExactSolution(const StateSpace& space, Labels labels)
    : space_(&space), labels_(std::move(labels)) {
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument("the labels are not a solution of " + space.board().name() + ": " + what);
  };
  if (labels_.value.size() != space.size() || labels_.distance.size() != space.size())
    fail(std::to_string(labels_.value.size()) + " values and " + std::to_string(labels_.distance.size()) +
         " distances for " + std::to_string(space.size()) + " positions");
  const int cells = space.board().cells();
  for (StateSpace::Index i = 0; i < space.size(); ++i) {
    const int empty = cells - std::popcount(space.position(i).occupied());
    const int value = labels_.value[i], distance = labels_.distance[i];
    const bool finished = space.terminal(i);
    if (value < -1 || value > 1 || distance > empty || (finished && value != result_value(space.result(i))) ||
        (finished != (distance == 0)))
      fail("position " + std::to_string(i) + " has value " + std::to_string(labels_.value[i]) + " and distance " +
           std::to_string(labels_.distance[i]));
  }
}

void ExactSolution::label(const std::atomic<bool>* cancel) {
  CancelPoll poll(cancel);
  const StateSpace& space = *space_;
  const Board& b = space.board();
  labels_.value.assign(space.size(), 0);
  labels_.distance.assign(space.size(), 0);
  for (StateSpace::Index i = space.size(); i-- > 0;) {
    poll.tick();
    const Position p = space.position(i);
    switch (space.result(i)) {
      case Result::x_wins: labels_.value[i] = 1; labels_.distance[i] = 0; continue;
      case Result::o_wins: labels_.value[i] = -1; labels_.distance[i] = 0; continue;
      case Result::draw: labels_.value[i] = 0; labels_.distance[i] = 0; continue;
      case Result::ongoing: break;
    }
    const Side s = p.to_move();
    const int sign = s == Side::X ? 1 : -1;
    int best = -2, best_distance = 0;
    for (Mask e = p.legal_moves(b); e; e &= e - 1) {
      Position q = p;
      q.play(std::countr_zero(e), s);
      const StateSpace::Index j = space.find(q);
      const int v = sign * labels_.value[j], d = labels_.distance[j] + 1;
      // Winner: shortest win; loser: longest loss; draws all have equal length.
      if (v > best || (v == best && (v > 0 ? d < best_distance : d > best_distance))) {
        best = v;
        best_distance = d;
      }
    }
    labels_.value[i] = static_cast<std::int8_t>(sign * best);
    labels_.distance[i] = static_cast<std::uint8_t>(best_distance);
  }
}

StateSpace::Index ExactSolution::index(const Position& p) const {
  const StateSpace::Index i = space_->find(p);
  if (i == StateSpace::npos)
    throw std::invalid_argument("the position is not reachable on " + board().name());
  return i;
}

std::vector<int> ExactSolution::move_values(const Position& p) const {
  std::vector<int> values(board().cells(), 0);
  if (space_->terminal(index(p))) return values;
  const Side s = p.to_move();
  for (Mask e = p.legal_moves(board()); e; e &= e - 1) {
    Position q = p;
    q.play(std::countr_zero(e), s);
    values[std::countr_zero(e)] = value(q);
  }
  return values;
}

Mask ExactSolution::optimal_moves(const Position& p) const {
  if (space_->terminal(index(p))) return 0;
  const int sign = p.to_move() == Side::X ? 1 : -1;
  const int target = sign * value(p);
  Mask best = 0;
  for (Mask e = p.legal_moves(board()); e; e &= e - 1) {
    Position q = p;
    q.play(std::countr_zero(e), p.to_move());
    if (sign * value(q) == target) best |= e & -e;
  }
  return best;
}

bool ExactSolution::is_optimal(const Position& p, int move) const {
  const Mask optimal = optimal_moves(p);
  if (optimal == 0) return move < 0;  // finished: an unfinished position has an optimal move
  return move >= 0 && move < board().cells() && ((optimal >> move) & 1);
}

int ExactSolution::best_move(const Position& p) const {
  const Mask optimal = optimal_moves(p);
  const bool winning = (p.to_move() == Side::X ? 1 : -1) * value(p) > 0;
  int pick = -1, pick_distance = 0;
  for (Mask e = optimal; e; e &= e - 1) {
    Position q = p;
    q.play(std::countr_zero(e), p.to_move());
    const int d = distance(q);
    if (pick < 0 || (winning ? d < pick_distance : d > pick_distance)) {
      pick = std::countr_zero(e);
      pick_distance = d;
    }
  }
  return pick;
}

}  // namespace tictac
