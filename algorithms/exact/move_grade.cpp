#include "algorithms/exact/move_grade.hpp"

#include <stdexcept>
#include <string>

#include "algorithms/game/rules.hpp"

namespace tictac {

MoveGrade grade_move(const ExactSolution& solution, const Position& position, int move) {
  const Board& board = solution.board();
  const StateSpace& space = solution.space();
  const StateSpace::Index i = space.find(position);
  if (i == StateSpace::npos) throw std::invalid_argument("grade_move: the position is not reachable on " + board.name());
  if (space.terminal(i)) throw std::invalid_argument("grade_move: the position is finished: it has no move to grade");
  if (move < 0 || move >= board.cells() || (position.legal_moves(board) & (Mask{1} << move)) == 0)
    throw std::invalid_argument("grade_move: cell " + std::to_string(move) + " is not a legal move of the position on " +
                                board.name());
  Position after = position;
  after.play(move, position.to_move());
  const StateSpace::Index j = space.find(after);  // reachable: a legal move from a reachable unfinished position
  const int sign = position.to_move() == Side::X ? 1 : -1;
  const int v = sign * solution.value(i), v_after = sign * solution.value(j);
  const int d = solution.distance(i), d_after = solution.distance(j);

  MoveGrade g;
  g.value_loss = v - v_after;
  g.optimal = g.value_loss == 0;
  if (g.optimal && v > 0) g.distance_loss = d_after + 1 - d;
  if (g.optimal && v < 0) g.distance_loss = d - (d_after + 1);
  g.best_distance = g.optimal && g.distance_loss.value_or(0) == 0;
  return g;
}

}  // namespace tictac
