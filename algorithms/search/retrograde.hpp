// The `solve` strategy: the exact solver as a strategy.  Each search builds
// the state space of the board and labels every reachable position by
// retrograde analysis (solution.hpp), then reads the position's value.  The
// first search allocates the tables; later ones enumerate and label again in
// the same storage (StateSpace::enumerate), so they allocate nothing.
//
// Conventions that decide the node count: a node is one position labelled,
// so a search counts every reachable position of the board once (5,478 on
// 3x3), whatever the position searched; a terminal node is a finished one.
// The best move wins fastest or loses slowest, lowest cell among equals.
// Boards of at most 16 cells.
#pragma once

#include <memory>

#include "algorithms/search/search_result.hpp"
#include "algorithms/exact/solution.hpp"

namespace tictac {

template <class Stats>
class Retrograde {
 public:
  // Throws std::invalid_argument for a board over 16 cells.
  explicit Retrograde(const Board& board) : board_(board) {
    if (board.cells() > StateSpace::kMaxCells)
      throw std::invalid_argument("the solve strategy (retrograde analysis) needs a board of at most 16 cells");
  }

  SearchResult search(const Position& root, Stats& stats) {
    if (!space_) {
      space_ = std::make_unique<StateSpace>(board_);
      solution_ = std::make_unique<ExactSolution>(*space_);
    } else {
      space_->enumerate();
      solution_->label();
    }
    const StateSpace& space = *space_;
    const ExactSolution& solution = *solution_;
    for (int ply = 0; ply <= space.max_ply(); ++ply)
      for (auto i = space.ply_begin(ply); i < space.ply_begin(ply + 1); ++i) {
        stats.node(ply, space.position(i));
        if (space.terminal(i)) stats.terminal();
      }
    if constexpr (Stats::enabled) stats.s.table_bytes = space.bytes() + solution.bytes();
    SearchResult r;
    r.value = solution.value(root);
    r.score = root.to_move() == Side::X ? r.value : -r.value;
    r.best_move = solution.best_move(root);
    return r;
  }

 private:
  const Board& board_;
  std::unique_ptr<StateSpace> space_;  // at stable addresses: the solution points to the space
  std::unique_ptr<ExactSolution> solution_;
};

}  // namespace tictac
