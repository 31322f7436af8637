// The strong solution of one position on any board up to 64 cells: its game
// value and its distance to the end under perfect play (the convention of
// algorithms/exact/solution.hpp: the winner ends the game as soon as it can,
// the loser as late as it can, a draw's distance is the number of empty
// cells), within a time budget.
//
// Up to 16 cells it is the retrograde exact solution (exact_cache.hpp), with
// no budget.  Beyond, it is a strategy run in a distance mode
// (strong_solver_spec: connect:mode=distance on the gravity boards the
// connect solver holds, best:distance=on elsewhere), stopped when the budget
// runs out.  Then the value alone is sought with the same budget (the
// strategy's weak mode); a draw's distance follows from its value, so a draw
// is always fully solved.  What neither finishes is unknown: never a guessed
// value.
//
// The budget is wall-clock time, so which positions are unknown depends on
// the machine and its load; the values and distances that are known do not.
#pragma once

#include <memory>
#include <string>

#include "algorithms/exact/solution.hpp"
#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac {

// The spec of the strategy that strong-solves (distance = true) or weakly
// solves positions of `board` beyond 16 cells.  The one place this choice is
// made.
std::string strong_solver_spec(const Board& board, bool distance);

struct StrongValue {
  enum class Status : std::uint8_t {
    solved,      // value and distance exact
    value_only,  // value exact, distance unknown (-1): a win or a loss whose distance search ran out of budget
    unknown,     // neither finished within the budget
  };
  Status status = Status::unknown;
  int value = 0;      // X's view (+1, 0, -1); meaningless when unknown
  int distance = -1;  // plies to the end; -1 unless solved
};

class StrongSolver {
 public:
  // budget_seconds <= 0: no budget.  solve() throws std::invalid_argument
  // when the board has no strong solver (a board over 16 cells whose
  // strategy refuses the spec; the message says which).
  StrongSolver(const Board& board, double budget_seconds);
  ~StrongSolver();

  // p must be legal.  With value_fallback, a position whose distance search
  // runs out of the budget gets a weak search for its value (a draw's
  // distance then follows); without, it is unknown at once.
  StrongValue solve(const Position& p, bool value_fallback = true);

  const Board& board() const { return board_; }
  double budget_seconds() const { return budget_; }
  // What solves the positions: "exact solution" or the specs.
  std::string description() const;

 private:
  void make();
  // The strategy's proved answer within the budget (search_within,
  // harness/registry/budgeted_search.hpp), or false when it ran out.
  bool run(Strategy& s, const Position& p, SearchResult& out);

  Board board_;
  double budget_;
  std::shared_ptr<const ExactSolution> exact_;
  std::string distance_spec_, weak_spec_;
  std::unique_ptr<Strategy> distance_, weak_;
};

const char* to_string(StrongValue::Status s);

}  // namespace tictac
