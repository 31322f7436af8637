// The exact solution of a board by retrograde analysis: backward induction
// over the DAG of reachable positions, from the last ply to the first.
//
// Every reachable position gets its game value and its distance to the end
// under perfect play.  This is the ground truth that every search strategy is
// checked against, and what the oracle and worst orderings read.
//
// Conventions:
//   value     +1 when X wins with perfect play, 0 for a draw, -1 when O wins
//             (from X's point of view, whoever is to move).
//   distance  plies until the game ends when the winner wins as fast as it
//             can and the loser holds out as long as it can; in a drawn
//             position, the number of empty cells (a draw ends on a full
//             board).  0 for a finished position.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "algorithms/exact/state_space.hpp"

namespace tictac {

class ExactSolution {
 public:
  // Throws Cancelled (cancel_poll.hpp) once `cancel` is set: 4x4 takes seconds.
  explicit ExactSolution(const StateSpace& space, const std::atomic<bool>* cancel = nullptr);

  // Labels the state space again (after StateSpace::enumerate), into the
  // storage already held: no allocation.  Throws Cancelled once `cancel` is
  // set (the labels are then half written).
  void label(const std::atomic<bool>* cancel = nullptr);

  // The labels, as a cache keeps them (harness/registry/exact_cache.cpp),
  // and the solution of `space` from labels kept earlier.  The constructor
  // checks the sizes, that a finished position has its result's value and
  // distance 0, and that every value is -1, 0 or +1 and every distance at
  // most the empty cells; it throws std::invalid_argument naming the fault.
  struct Labels {
    std::vector<std::int8_t> value;
    std::vector<std::uint8_t> distance;
  };
  ExactSolution(const StateSpace& space, Labels labels);
  const Labels& labels() const { return labels_; }

  const StateSpace& space() const { return *space_; }
  const Board& board() const { return space_->board(); }

  int value(StateSpace::Index i) const { return labels_.value[i]; }
  int distance(StateSpace::Index i) const { return labels_.distance[i]; }

  // The same for a position; throws std::invalid_argument when it is not
  // reachable on this board.
  int value(const Position& p) const { return labels_.value[index(p)]; }
  int distance(const Position& p) const { return labels_.distance[index(p)]; }

  // Every move from p whose value is best for the side to move (none when p
  // is finished).
  Mask optimal_moves(const Position& p) const;
  // Whether `move` is one of optimal_moves(p); for a finished p, whether
  // move is -1 (no move).  A cell off the board or occupied is not optimal.
  bool is_optimal(const Position& p, int move) const;
  // The value (X's view) after each legal move from p; cells that are not
  // legal moves get 0 and are absent from p.legal_moves().
  std::vector<int> move_values(const Position& p) const;
  // The optimal move that wins fastest or loses slowest (draws: any), the
  // lowest cell among equals; -1 when p is finished.  Following it from
  // both sides gives the principal variation.
  int best_move(const Position& p) const;
  // Bytes of the labels (not the state space's).
  std::size_t bytes() const { return labels_.value.size() + labels_.distance.size(); }

 private:
  StateSpace::Index index(const Position& p) const;

  const StateSpace* space_;
  Labels labels_;
};

}  // namespace tictac
