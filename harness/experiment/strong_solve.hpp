// The strong solution of one position on any board up to 64 cells: its game
// value and its distance to the end under perfect play (the convention of
// algorithms/exact/solution.hpp: the winner ends the game as soon as it can,
// the loser as late as it can, a draw's distance is the number of empty
// cells), within a time budget.
//
// Up to 16 cells it is the retrograde exact solution (exact_cache.hpp), with
// no budget.  Beyond, each search is stopped when the budget runs out, and
// the strategies are the registry's choices (strong_solver_spec):
//   - on the gravity boards the connect solver holds: connect:mode=distance
//     first; when it runs out (and value_fallback asks), connect for the
//     value alone, with the same budget.
//   - on every other board: the value first, by the board's fastest exact
//     strategy (default_strategy, the default of `tictac solve`: mostly
//     best:pairing=on beyond 16 cells; best or dfpn where they are faster)
//     raced on two threads against the other family (partner_strategy,
//     race_within): the first proof counts.  They prove most draws of 6x6
//     and 7x7 with k=5 in milliseconds.  A draw is then solved: its
//     distance is its number of empty cells.  A win or a loss gets a distance search
//     (distance_strategy: best:distance=on, with its pairing test where
//     that pays), with the same budget; when that
//     runs out, the value alone is known (value_only).  A position whose
//     value search runs out is unknown: the distance search, the slower of
//     the two, is not tried after it.
// A value counts only when its search says it is proved
// (SearchResult::proved).  The value of a distance search must equal the
// value search's; a disagreement throws std::logic_error naming the position
// and both strategies.  What no search finishes is unknown: never a guessed
// value.
//
// The budget is wall-clock time, so which positions are unknown depends on
// the machine and its load; the values and distances that are known do not.
#pragma once

#include <atomic>
#include <memory>
#include <string>

#include "algorithms/exact/solution.hpp"
#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac {

// The spec of the strategy that strong-solves (distance = true) or weakly
// solves positions of `board` beyond 16 cells: distance_strategy(board, "")
// and default_strategy(board) (harness/registry/strategy.hpp), the rules
// `tictac solve` follows.
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

  // p must be legal.  On a gravity board the connect solver holds, a
  // position whose distance search runs out of the budget gets a weak search
  // for its value with value_fallback (a draw's distance then follows);
  // without, it is unknown at once.  On the other boards beyond 16 cells the
  // value search comes first in any case and value_fallback changes nothing.
  StrongValue solve(const Position& p, bool value_fallback = true);

  const Board& board() const { return board_; }
  double budget_seconds() const { return budget_; }
  // A flag (a run's Ctrl-C) that stops the searches within 20 ms: solve()
  // then throws SearchCancelled.  Null: none.
  void watch(const std::atomic<bool>* interrupt) { interrupt_ = interrupt; }
  // What solves the positions: "the exact retrograde solution" or the specs,
  // in the order they run, and the budget.
  std::string description() const;
  // Which family certified which column, for a set's notes: "" up to 16
  // cells (the exact solution); beyond, the distances come from one family
  // (best's distance mode, or connect's on its gravity boards), and on the
  // value-first boards the value of every win and loss from two (the value
  // search and the distance search, which must agree).
  std::string certification() const;
  // True when the value is sought first (beyond 16 cells, off the connect
  // solver's gravity boards): then an unknown position is one whose value
  // search ran out, whatever value_fallback says.
  bool value_first() const { return value_first_; }

 private:
  void make();
  // The strategy's proved answer within the budget (search_within, or
  // race_within against `rival`: harness/registry/budgeted_search.hpp), or
  // false when it ran out.
  bool run(Strategy& s, const Position& p, SearchResult& out, Strategy* rival = nullptr);

  Board board_;
  double budget_;
  const std::atomic<bool>* interrupt_ = nullptr;
  bool value_first_ = false;
  std::shared_ptr<const ExactSolution> exact_;
  std::string distance_spec_, weak_spec_, partner_spec_;
  std::unique_ptr<Strategy> distance_, weak_, partner_;  // partner_: raced against weak_ (may be null)
};

const char* to_string(StrongValue::Status s);

}  // namespace tictac
