// One search of a position by a strategy, checked against the exact solution:
// what `tictac solve` prints and `tictac.solve` returns.
//
// The value and the move are the strategy's; node counts and every other
// statistic come from one counting search (Strategy::search); time_ns is the
// wall time of the statistics-free search (Strategy::search_fast), one run,
// or the median of five when one run takes under 50 ms.  Every optimal move
// and a principal variation come from the exact solution where it is built
// (boards of up to 12 cells, or up to 16 with all_optimal) and are not
// counted; above 16 cells with all_optimal, from one search of each move by
// the same strategy.
//
// A cancellable report (a cancel flag given) runs the cancellable searches,
// except the timed ones when the counting search took under a second: those
// stay the plain search_fast, the CLI's measure, and a cancel waits for them
// (about as long as the counting search took, at most).  A longer search is
// timed by search_fast_cancellable, so a cancel stops it too; its countdown
// costs up to about 18% on the cheapest searches (negamax and minimax on 3x3,
// measured with callgrind and in CPU time), a few percent on the others.
// `timing` says which search was timed.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/search/search_result.hpp"

namespace tictac {

struct SolveReport {
  Board board;
  Position position;
  std::string strategy;  // the spec in normal form
  SearchResult result;   // of the counting search
  std::int64_t time_ns = 0;
  std::string timing;    // "search_fast", or "search_fast_cancellable"
  bool listed = false;   // whether best_moves and principal_variation were computed
  std::vector<int> best_moves;           // every optimal move (when listed)
  std::vector<int> principal_variation;  // (when listed)
  std::string best_moves_source;         // where best_moves came from, in words
};

// Throws std::invalid_argument for an unknown strategy or a bad option (the
// message lists the choices), and std::runtime_error when the strategy
// disagrees with the exact solution.  With `cancel`, every search is the
// cancellable one (Strategy::search_cancellable): setting *cancel from another
// thread ends the call with SearchCancelled.  An empty spec is the board's
// default strategy.
SolveReport solve_report(const Board& board, const Position& position, std::string_view spec, bool all_optimal,
                         const std::atomic<bool>* cancel = nullptr);

// The object `tictac solve --format json` prints: board, k, position,
// strategy, value, value_text, best_move, best_moves, best_moves_source,
// principal_variation, score, every statistic (stat_fields.hpp), nodes_by_ply
// and time_ns.
nlohmann::ordered_json solve_json(const SolveReport& r);

}  // namespace tictac
