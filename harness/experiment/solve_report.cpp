#include "harness/experiment/solve_report.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <stdexcept>

#include "algorithms/exact/pons_score.hpp"
#include "harness/formats/board_fields.hpp"
#include "harness/formats/notation.hpp"
#include "harness/formats/stat_fields.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/default_policy.hpp"
#include "harness/registry/strategy.hpp"
#include "harness/registry/timed_search.hpp"

namespace tictac {

namespace {

// Up to this many cells the exact solution is built for every solve (3x4
// takes milliseconds); above, only with all_optimal (4x4 takes seconds),
// except on gravity boards, whose exact solution (up to 16 cells, under a
// second on 4x4) gives Pons's score.
constexpr int kExactByDefault = 12;

bool exact_listed(const Board& b, bool all_optimal) {
  return b.cells() <= kExactByDefault || all_optimal || (b.stone_opens_cell_above() && b.cells() <= StateSpace::kMaxCells);
}

// The searches of one report, cancellable or not.
struct Searcher {
  Strategy& s;
  const std::atomic<bool>* cancel;
  SearchResult counting(const Position& p) const { return cancel ? s.search_cancellable(p, *cancel) : s.search(p); }
  SearchResult fast(const Position& p) const { return cancel ? s.search_fast_cancellable(p, *cancel) : s.search_fast(p); }
};

// From the exact solution, which the strategy's answer must agree with.
OptimalPlay from_exact(const Board& b, const Position& root, const std::string& spec, const SearchResult& r) {
  OptimalPlay o{true, {}, {}, "exact solution", std::nullopt};
  const auto exact = exact_solution(b);
  // A value proven without a move (a draw by strategy-stealing) is checked
  // on its value only; a bound (a one-sided question) must hold the value.
  const ValueBounds bounds = value_bounds(r);
  if (!bounds.contains(exact->value(root)) || (r.move_proved && !exact->is_optimal(root, r.best_move)))
    throw std::runtime_error("strategy " + spec + " disagrees with the exact solution on " + format_position(b, root) +
                             " (exact value " + std::to_string(exact->value(root)) + ", strategy " +
                             (bounds.exact() ? "value " + std::to_string(r.value)
                                             : "bounds " + std::to_string(bounds.lower) + ".." + std::to_string(bounds.upper)) +
                             ", move " + std::to_string(r.best_move) + ")");
  // A distance: the exact one, and a move that reaches it (the position
  // after it one ply nearer the end).
  if (r.distance >= 0) {
    bool move_ok = r.best_move < 0;
    if (r.best_move >= 0) {
      Position q = root;
      q.play(r.best_move, root.to_move());
      move_ok = exact->distance(q) + 1 == exact->distance(root);
    }
    if (exact->distance(root) != r.distance || !move_ok)
      throw std::runtime_error("strategy " + spec + " disagrees with the exact solution on the distance of " +
                               format_position(b, root) + " (exact distance " + std::to_string(exact->distance(root)) +
                               ", strategy distance " + std::to_string(r.distance) + ", move " +
                               std::to_string(r.best_move) + ")");
  }
  for (Mask m = exact->optimal_moves(root); m; m &= m - 1) o.moves.push_back(std::countr_zero(m));
  // The variation starts with the strategy's own move (optimal: checked
  // above), then the exact solution's best moves.
  for (Position p = root; exact->best_move(p) >= 0;) {
    o.pv.push_back(o.pv.empty() && r.best_move >= 0 && r.move_proved ? r.best_move : exact->best_move(p));
    p.play(o.pv.back(), p.to_move());
  }
  if (b.gravity()) o.pons_score = pons_score(b.cells(), root.ply(), exact->value(root), exact->distance(root));
  return o;
}

// Without an exact table: every child searched by the same strategy.
OptimalPlay by_search(const Board& b, const Position& root, const Searcher& s, const SearchResult& r) {
  OptimalPlay o{true, {}, {}, "strategy search of each move", std::nullopt};
  const int sign = root.to_move() == Side::X ? 1 : -1;
  for (Mask e = root.legal_moves(b); e && r.best_move >= 0; e &= e - 1) {
    Position q = root;
    q.play(std::countr_zero(e), root.to_move());
    if (sign * s.fast(q).value == sign * r.value) o.moves.push_back(std::countr_zero(e));
  }
  for (Position p = root;;) {
    const SearchResult step = s.fast(p);
    if (step.best_move < 0) break;
    o.pv.push_back(step.best_move);
    p.play(step.best_move, p.to_move());
  }
  return o;
}

// The strategy a report runs: spec in its distance mode with `distance`; an
// empty spec is the board's default.
std::unique_ptr<Strategy> report_strategy(const Board& b, std::string_view spec, bool distance) {
  if (distance) return make_strategy(b, distance_strategy(b, spec));
  if (spec.empty()) return make_strategy(b, default_strategy(b));
  return make_strategy(b, spec);
}

}  // namespace

SolveReport unknown_report(const Board& b, const Position& root, std::string_view spec, bool distance) {
  SearchResult unknown;
  unknown.proved = false;
  unknown.best_move = -1;
  unknown.move_proved = false;
  return SolveReport{b, root, report_strategy(b, spec, distance)->spec(), unknown, std::nullopt, "none", {}, std::nullopt};
}

SolveReport solve_report(const Board& b, const Position& root, std::string_view spec, bool all_optimal, bool timing,
                         const std::atomic<bool>* cancel, bool distance) {
  auto strategy = report_strategy(b, spec, distance);
  const Searcher searcher{*strategy, cancel};
  SolveReport rep{b, root, strategy->spec(), searcher.counting(root), std::nullopt, "none", {}, std::nullopt};
  if (timing) {
    // The one timing method (timed_search.hpp), as `tictac run` times a row.
    rep.timed = time_search(*strategy, root, TimingPolicy{}, cancel);
    rep.time_ns = rep.timed->median_ns();
    rep.timing = rep.timed->cancellable ? "search_fast_cancellable" : "search_fast";
  }
  // A search that ended without a value (a budget ran out) lists nothing;
  // one that gave a bound is checked, and lists the exact solution's moves,
  // up to 16 cells.
  if (rep.result.proved && exact_listed(b, all_optimal))
    rep.optimal = b.cells() <= StateSpace::kMaxCells ? from_exact(b, root, rep.strategy, rep.result)
                                                     : by_search(b, root, searcher, rep.result);
  else if (rep.result.bound && exact_listed(b, all_optimal) && b.cells() <= StateSpace::kMaxCells)
    rep.optimal = from_exact(b, root, rep.strategy, rep.result);
  // A draw scores 0 whatever its length, so it needs no distance.
  if (b.gravity() && rep.result.proved && !rep.optimal.pons_score && rep.result.value == 0) rep.optimal.pons_score = 0;
  // Beyond the exact solution, from the strategy's exact distance.
  if (b.gravity() && rep.result.proved && !rep.optimal.pons_score && rep.result.distance >= 0)
    rep.optimal.pons_score = pons_score(b.cells(), root.ply(), rep.result.value, rep.result.distance);
  return rep;
}

nlohmann::ordered_json solve_json(const SolveReport& rep) {
  const SearchResult& r = rep.result;
  const OptimalPlay& o = rep.optimal;
  const Board& b = rep.board;
  nlohmann::ordered_json j = board_json(b);
  j["position"] = format_position(rep.board, rep.position);
  j["strategy"] = rep.strategy;
  const ValueBounds bounds = value_bounds(r);
  j["value"] = r.proved ? nlohmann::ordered_json(r.value) : nlohmann::ordered_json(nullptr);
  j["value_text"] = r.proved ? value_text(r.value) : r.bound ? bounds_text(bounds) : std::string("unknown within the budget");
  j["proved"] = r.proved;
  j["lower"] = bounds.lower;
  j["upper"] = bounds.upper;
  j["best_move"] = r.best_move;
  j["move_proved"] = r.move_proved;
  j["best_moves"] = o.listed ? nlohmann::ordered_json(o.moves) : nlohmann::ordered_json(nullptr);
  j["best_moves_source"] = o.source;
  j["principal_variation"] = o.listed ? nlohmann::ordered_json(o.pv) : nlohmann::ordered_json(nullptr);
  if (b.gravity()) {
    // The same moves in Pons's notation, and Pons's score (null for a win
    // or a loss where no exact distance is known: boards over 16 cells
    // without --distance).
    j["principal_variation_pons"] = o.listed ? nlohmann::ordered_json(format_moves(b, o.pv)) : nlohmann::ordered_json(nullptr);
    j["pons_score"] = o.pons_score ? nlohmann::ordered_json(*o.pons_score) : nlohmann::ordered_json(nullptr);
  }
  j["score"] = r.score;
  j["distance"] = r.distance >= 0 ? nlohmann::ordered_json(r.distance) : nlohmann::ordered_json(nullptr);
  stats_to_json(r.stats, j);
  j["time_ns"] = rep.time_ns ? nlohmann::ordered_json(*rep.time_ns) : nlohmann::ordered_json(nullptr);
  // How time_ns was measured (timed_search.hpp): its runs, their spread, the
  // untimed cold run before them; null without timing.
  if (rep.timed)
    j["timed_search"] = {{"search", rep.timing},
                   {"timed_runs", rep.timed->runs_ns.size()},
                   {"runs_ns", rep.timed->runs_ns},
                   {"time_spread", rep.timed->spread()},
                   {"time_cold_ns", rep.timed->cold_ns}};
  else
    j["timed_search"] = nullptr;
  return j;
}

}  // namespace tictac
