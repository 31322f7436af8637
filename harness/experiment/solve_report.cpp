#include "harness/experiment/solve_report.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <stdexcept>

#include "harness/formats/notation.hpp"
#include "harness/formats/stat_fields.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac {

namespace {

// Up to this many cells the exact solution is built for every solve (3x4
// takes milliseconds); above, only with all_optimal (4x4 takes seconds).
constexpr int kExactByDefault = 12;

// A cancellable report times the plain search_fast after a counting search
// shorter than this (solve_report.hpp).
constexpr auto kPlainTimingLimit = std::chrono::seconds(1);

// The searches of one report, cancellable or not.
struct Searcher {
  Strategy& s;
  const std::atomic<bool>* cancel;
  SearchResult counting(const Position& p) const { return cancel ? s.search_cancellable(p, *cancel) : s.search(p); }
  SearchResult fast(const Position& p) const { return cancel ? s.search_fast_cancellable(p, *cancel) : s.search_fast(p); }
};

// Wall time of the statistics-free search: one run, or the median of five
// when one run takes under 50 ms.
std::int64_t time_search(const Searcher& s, const Position& p) {
  auto once = [&] {
    const auto t0 = std::chrono::steady_clock::now();
    const SearchResult r = s.fast(p);
    const auto t1 = std::chrono::steady_clock::now();
    (void)r;
    return std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count();
  };
  std::vector<std::int64_t> times{once()};
  if (times[0] < 50'000'000)
    while (times.size() < 5) times.push_back(once());
  std::sort(times.begin(), times.end());
  return times[times.size() / 2];
}

}  // namespace

SolveReport solve_report(const Board& b, const Position& root, std::string_view spec, bool all_optimal,
                         const std::atomic<bool>* cancel) {
  auto strategy = make_strategy(b, spec.empty() ? default_strategy(b) : std::string(spec));
  const Searcher searcher{*strategy, cancel};
  const auto t0 = std::chrono::steady_clock::now();
  SolveReport rep{b, root, strategy->spec(), searcher.counting(root), 0, "search_fast", false, {}, {}, {}};
  const bool long_search = std::chrono::steady_clock::now() - t0 >= kPlainTimingLimit;
  const SearchResult& r = rep.result;
  if (cancel && long_search) rep.timing = "search_fast_cancellable";
  rep.time_ns = time_search(cancel && long_search ? searcher : Searcher{*strategy, nullptr}, root);

  // All optimal moves and the principal variation come from the exact
  // solution where there is one, and are not counted in the statistics;
  // the strategy's answer is checked against it.
  rep.listed = b.cells() <= kExactByDefault || all_optimal;
  const bool exact_known = rep.listed && b.cells() <= StateSpace::kMaxCells;
  rep.best_moves_source = "not computed (more than 12 cells: use --all-optimal)";
  if (exact_known) {
    rep.best_moves_source = "exact solution";
    const auto exact = exact_solution(b);
    if (exact->value(root) != r.value || (r.best_move >= 0 && !(exact->optimal_moves(root) >> r.best_move & 1)))
      throw std::runtime_error("strategy " + rep.strategy + " disagrees with the exact solution on " +
                               format_position(b, root) + " (exact value " + std::to_string(exact->value(root)) +
                               ", strategy value " + std::to_string(r.value) + ", move " +
                               std::to_string(r.best_move) + ")");
    for (Mask m = exact->optimal_moves(root); m; m &= m - 1) rep.best_moves.push_back(std::countr_zero(m));
    for (Position p = root; exact->best_move(p) >= 0;) {
      rep.principal_variation.push_back(exact->best_move(p));
      p.play(rep.principal_variation.back(), p.to_move());
    }
  } else if (rep.listed) {
    // No exact table: every child is searched by the same strategy (not counted).
    rep.best_moves_source = "strategy search of each move";
    const int sign = root.to_move() == Side::X ? 1 : -1;
    for (Mask e = root.empty(b); e && r.best_move >= 0; e &= e - 1) {
      Position q = root;
      q.play(std::countr_zero(e), root.to_move());
      if (sign * searcher.fast(q).value == sign * r.value) rep.best_moves.push_back(std::countr_zero(e));
    }
    for (Position p = root;;) {
      const SearchResult step = searcher.fast(p);
      if (step.best_move < 0) break;
      rep.principal_variation.push_back(step.best_move);
      p.play(step.best_move, p.to_move());
    }
  }
  return rep;
}

nlohmann::ordered_json solve_json(const SolveReport& rep) {
  const SearchResult& r = rep.result;
  nlohmann::ordered_json j;
  j["board"] = rep.board.size_name();
  j["k"] = rep.board.k();
  j["position"] = format_position(rep.board, rep.position);
  j["strategy"] = rep.strategy;
  j["value"] = r.value;
  j["value_text"] = value_text(r.value);
  j["best_move"] = r.best_move;
  j["best_moves"] = rep.listed ? nlohmann::ordered_json(rep.best_moves) : nlohmann::ordered_json(nullptr);
  j["best_moves_source"] = rep.best_moves_source;
  j["principal_variation"] =
      rep.listed ? nlohmann::ordered_json(rep.principal_variation) : nlohmann::ordered_json(nullptr);
  j["score"] = r.score;
  stats_to_json(r.stats, j);
  j["time_ns"] = rep.time_ns;
  return j;
}

}  // namespace tictac
