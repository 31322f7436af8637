// One search of a position by a strategy, checked against the exact solution:
// what `tictac solve` prints and `tictac.solve` returns.
//
// The value and the move are the strategy's; node counts and every other
// statistic come from one counting search (Strategy::search); time_ns is the
// wall time of the statistics-free search (Strategy::search_fast), timed by
// the one timing method of tictac (harness/registry/timed_search.hpp: an
// untimed cold run that builds the tables, then the median of warm runs
// until they add up to 50 ms or number 5), as `tictac run` times a row
// (none without timing: `--no-timing`).  Every optimal move and a principal variation come
// from the exact solution on boards of up to 12 cells, or up to 16 with
// all_optimal, and are not counted; above 16 cells with all_optimal, from one
// search of each move by the same strategy.
//
// A cancellable report (a cancel flag given) runs the cancellable searches;
// the timed runs are cancellable when the cold run took a quarter of a
// second or more (timed_search.hpp), else the plain search_fast, whose
// countdown-free runs a cancel waits for.  `timing` says which was timed.
#pragma once

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/search/search_result.hpp"
#include "harness/registry/timed_search.hpp"

namespace tictac {

// Every optimal move of the root and a principal variation, and where they
// come from (none of it counted in the statistics).
struct OptimalPlay {
  bool listed = false;  // whether moves and pv were computed
  std::vector<int> moves, pv;
  std::string source = "not computed (more than 12 cells: use --all-optimal)";
  std::optional<int> pons_score;  // gravity boards: from the exact solution, or 0 for a draw
};

struct SolveReport {
  Board board;
  Position position;
  std::string strategy;  // the spec in normal form
  SearchResult result;   // of the counting search
  std::optional<std::int64_t> time_ns;  // none without timing
  std::string timing;    // "search_fast", "search_fast_cancellable", or "none"
  OptimalPlay optimal;
  std::optional<Timing> timed;  // the runs behind time_ns; none without timing
};

// Throws std::invalid_argument for an unknown strategy or a bad option (the
// message lists the choices), and std::runtime_error when the strategy
// disagrees with the exact solution (a bound, SearchResult::bound, when the
// exact value lies outside it).  With `cancel`, the searches are the
// cancellable ones (Strategy::search_cancellable): setting *cancel from
// another thread ends the call with SearchCancelled.  An empty spec is the
// board's default strategy.  With `distance`, the strategy runs in its
// distance mode (distance_strategy(): an empty spec is the distance mode of
// the board's default; a strategy without one is refused with
// std::invalid_argument), result.distance is the exact distance, checked
// with the move against the exact solution up to 16 cells, and on gravity
// boards Pons's score comes from it at every size.
SolveReport solve_report(const Board& board, const Position& position, std::string_view spec, bool all_optimal,
                         bool timing, const std::atomic<bool>* cancel = nullptr, bool distance = false);

// The report of a search stopped before it ended (solve --time-limit): the
// strategy that solve_report would have run (its spec in normal form), the
// value unknown (result.proved false, no move, no statistics, no time).
SolveReport unknown_report(const Board& board, const Position& position, std::string_view spec, bool distance);

// The object `tictac solve --format json` prints: board, k, position,
// strategy, value (null unless exact), value_text, proved, lower and upper
// (bounds on the value, X's point of view: value..value when proved, a
// one-sided question's bound, -1..1 when nothing is known), best_move, best_moves, best_moves_source,
// principal_variation, score, distance (null when not computed), every statistic (stat_fields.hpp), nodes_by_ply
// and time_ns (null without timing).
nlohmann::ordered_json solve_json(const SolveReport& r);

}  // namespace tictac
