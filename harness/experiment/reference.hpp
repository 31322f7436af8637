// What the runner checks every row against: the game value of a position,
// its distance to the end, and whether a move is optimal.
//
//   boards of at most 16 cells: the exact solver (retrograde analysis of
//     every reachable position, exact_cache.hpp);
//   larger boards: a reference search, kReferenceSearch, a full-depth
//     alpha-beta with a transposition table (algorithms/search/alphabeta.hpp, code
//     independent of the `best` solver that the larger boards exist to
//     measure).  A move is optimal when the reference search gives the
//     position after it the position's own value.  The distance to the end
//     is not known.  The value of the empty board is also checked against
//     the published values (published_values.hpp): a reference search that
//     disagrees with one is a bug and stops the run.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/exact/solution.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac {

inline constexpr const char* kReferenceSearch = "alphabeta:order=tt+history,tt=zobrist,keys=canonical";

class Reference {
 public:
  // search_only: the reference search even on a board the exact solver
  // handles (so tests can check the one against the other).
  explicit Reference(const Board& board, bool search_only = false);

  const Board& board() const { return board_; }
  // The exact solution, or nullptr on a board over 16 cells.
  const std::shared_ptr<const ExactSolution>& exact() const { return exact_; }
  // What the checks come from, for metadata.json.
  std::string description() const;

  // The game value of p, X's point of view.  Throws std::runtime_error when
  // the reference search contradicts a published value.
  int value(const Position& p);
  // Plies to the end under perfect play, when known.
  std::optional<int> distance(const Position& p) const;
  // Whether `move` is an optimal move in p (p finished: whether move < 0).
  bool optimal(const Position& p, int move);
  // Every optimal move of p (for messages; on a large board one reference
  // search per legal move).
  Mask optimal_moves(const Position& p);

 private:
  Board board_;
  std::shared_ptr<const ExactSolution> exact_;
  std::unique_ptr<Strategy> search_;       // boards over 16 cells
  std::map<std::pair<Mask, Mask>, int> values_;  // the reference search's answers
};

}  // namespace tictac
