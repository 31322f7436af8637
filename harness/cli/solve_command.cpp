// `tictac solve`: one search of a position by a strategy, with its
// statistics, checked against the exact solution.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <bit>
#include <chrono>
#include <nlohmann/json.hpp>
#include <optional>

#include "harness/cli/commands.hpp"
#include "harness/formats/notation.hpp"
#include "harness/formats/stat_fields.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac::cli {

namespace {

struct SolveOptions {
  std::string board = "3x3";
  int k = 3;
  std::string position;
  std::string strategy;
  std::string format = "table";
  bool all_optimal = false;
  bool no_timing = false;
};

// Up to this many cells the exact solution is built for every solve (3x4
// takes milliseconds); above, only with --all-optimal (4x4 takes seconds).
constexpr int kExactByDefault = 12;

// Wall time of the statistics-free search: one run, or the median of five
// when one run takes under 50 ms.
std::int64_t time_search(Strategy& s, const Position& p) {
  auto once = [&] {
    const auto t0 = std::chrono::steady_clock::now();
    const SearchResult r = s.search_fast(p);
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

// Every optimal move of the root and a principal variation, and where they
// come from (none of it counted in the statistics).
struct OptimalPlay {
  bool listed = false;
  std::vector<int> moves, pv;
  std::string source = "not computed (more than 12 cells: use --all-optimal)";
};

// From the exact solution, which the strategy's answer must agree with.
OptimalPlay from_exact(const Board& b, const Position& root, const Strategy& strategy, const SearchResult& r) {
  OptimalPlay o{true, {}, {}, "exact solution"};
  const auto exact = exact_solution(b);
  // A value proven without a move (a draw by strategy-stealing) is checked
  // on its value only.
  if (exact->value(root) != r.value || (r.move_proved && !exact->is_optimal(root, r.best_move)))
    throw std::runtime_error("strategy " + strategy.spec() + " disagrees with the exact solution on " +
                             format_position(b, root) + " (exact value " + std::to_string(exact->value(root)) +
                             ", strategy value " + std::to_string(r.value) + ", move " + std::to_string(r.best_move) + ")");
  for (Mask m = exact->optimal_moves(root); m; m &= m - 1) o.moves.push_back(std::countr_zero(m));
  for (Position p = root; exact->best_move(p) >= 0;) {
    o.pv.push_back(exact->best_move(p));
    p.play(o.pv.back(), p.to_move());
  }
  return o;
}

// Without an exact table: every child searched by the same strategy.
OptimalPlay by_search(const Board& b, const Position& root, Strategy& strategy, const SearchResult& r) {
  OptimalPlay o{true, {}, {}, "strategy search of each move"};
  const int sign = root.to_move() == Side::X ? 1 : -1;
  for (Mask e = root.empty(b); e && r.best_move >= 0; e &= e - 1) {
    Position q = root;
    q.play(std::countr_zero(e), root.to_move());
    if (sign * strategy.search_fast(q).value == sign * r.value) o.moves.push_back(std::countr_zero(e));
  }
  for (Position p = root;;) {
    const SearchResult step = strategy.search_fast(p);
    if (step.best_move < 0) break;
    o.pv.push_back(step.best_move);
    p.play(step.best_move, p.to_move());
  }
  return o;
}

void print_json(const Board& b, const Position& root, const Strategy& strategy, const SearchResult& r,
                const OptimalPlay& o, std::optional<std::int64_t> time_ns) {
  nlohmann::ordered_json j;
  j["board"] = b.size_name();
  j["k"] = b.k();
  j["position"] = format_position(b, root);
  j["strategy"] = strategy.spec();
  j["value"] = r.proved ? nlohmann::ordered_json(r.value) : nlohmann::ordered_json(nullptr);
  j["value_text"] = r.proved ? value_text(r.value) : std::string("unknown within the budget");
  j["proved"] = r.proved;
  j["best_move"] = r.best_move;
  j["move_proved"] = r.move_proved;
  j["best_moves"] = o.listed ? nlohmann::ordered_json(o.moves) : nlohmann::ordered_json(nullptr);
  j["best_moves_source"] = o.source;
  j["principal_variation"] = o.listed ? nlohmann::ordered_json(o.pv) : nlohmann::ordered_json(nullptr);
  j["score"] = r.score;
  stats_to_json(r.stats, j);
  j["time_ns"] = time_ns ? nlohmann::ordered_json(*time_ns) : nlohmann::ordered_json(nullptr);
  fmt::print("{}\n", j.dump(2));
}

void print_table(const Board& b, const Position& root, const Strategy& strategy, const SearchResult& r,
                 const OptimalPlay& o, std::optional<std::int64_t> time_ns) {
  fmt::print("position        {} ({} with k={})\n", format_position(b, root), b.size_name(), b.k());
  fmt::print("strategy        {}\n", strategy.spec());
  if (r.proved)
    fmt::print("value           {:+d} ({})\n", r.value, value_text(r.value));
  else
    fmt::print("value           unknown (not proved within the budget)\n");
  fmt::print("move chosen     {}\n",
             r.best_move >= 0 ? cell_name(b, r.best_move) + " (" + std::to_string(r.best_move) + ")"
             : !r.proved      ? std::string("none (no value)")
             : !r.move_proved ? std::string("none proven (the value comes from strategy-stealing, which proves no move)")
                              : std::string("none (the game is over)"));
  std::string names;
  for (int c : o.moves) names += (names.empty() ? "" : " ") + cell_name(b, c) + "(" + std::to_string(c) + ")";
  fmt::print("optimal moves   {}  [{}]\n", names.empty() ? (o.listed ? "none" : "-") : names, o.source);
  std::string line;
  for (int c : o.pv) line += (line.empty() ? "" : " ") + cell_name(b, c);
  fmt::print("principal var.  {}\n", line.empty() ? "-" : line);
  if (time_ns)
    fmt::print("time            {:.3f} ms (statistics-free search)\n", *time_ns / 1e6);
  else
    fmt::print("time            not measured (--no-timing)\n");
  fmt::print("statistics (one counting search):\n");
  print_stats_table(r.stats);
}

void solve(const SolveOptions& opts) {
  const Board b = parse_board(opts.board, opts.k);
  const Position root = opts.position.empty() ? Position{} : parse_position(b, opts.position);
  auto strategy = make_strategy(b, opts.strategy.empty() ? default_strategy(b) : opts.strategy);
  const SearchResult r = strategy->search(root);
  const auto time_ns = opts.no_timing ? std::nullopt : std::optional<std::int64_t>(time_search(*strategy, root));
  // A proof-number search can end without a value (its budget ran out):
  // then nothing is listed, and the command exits 3 after its output.
  const bool listed = r.proved && (b.cells() <= kExactByDefault || opts.all_optimal);
  const OptimalPlay o = !listed                                 ? OptimalPlay{}
                        : b.cells() <= StateSpace::kMaxCells ? from_exact(b, root, *strategy, r)
                                                             : by_search(b, root, *strategy, r);
  (opts.format == "json" ? print_json : print_table)(b, root, *strategy, r, o, time_ns);
  if (!r.proved) throw ExitCode{kExitUnknown};
}

}  // namespace

void add_solve(CLI::App& app) {
  auto opts = std::make_shared<SolveOptions>();
  CLI::App* cmd = app.add_subcommand(
      "solve",
      "Search a position with a strategy: its value, the strategy's move, every optimal move, the principal "
      "variation, every statistic and the search time.  It runs the search twice, once counting (the statistics) "
      "and once or more statistics-free (the time, the median of five when one run is under 50 ms), so the whole "
      "command takes at least twice as long as one search; --no-timing runs the counting search only");
  cmd->add_option("--board", opts->board, "board size as RxC")->capture_default_str();
  cmd->add_option("--k", opts->k, "stones in a row that win")->capture_default_str();
  cmd->add_option("--position", opts->position,
                  "the position: rows of X, O and . separated by / (default: the empty board)");
  cmd->add_option("--strategy", opts->strategy,
                  "strategy spec, name or name:key=value,... (see `tictac strategies`; default: the fastest exact "
                  "strategy for the board, by measurement: best when k <= 3, on gravity boards, and on 6x6 and 8x8 "
                  "with k=4; dfpn on every other board with k >= 4 -- the draws of 4xN, 5x5, 6x6 and 7x7 with "
                  "k=5, and the wins of 5x6, 6x7, 7x7 with k=4.  A draw that dfpn proves by strategy-stealing "
                  "proves no move)");
  cmd->add_option("--format", opts->format, "output format")->check(CLI::IsMember({"table", "json"}))->capture_default_str();
  cmd->add_flag("--all-optimal", opts->all_optimal,
                "also list every optimal move and a principal variation on boards of more than 12 cells (on "
                "smaller boards they are always listed): from the exact solution up to 16 cells, above that by "
                "searching every move with the same strategy; this can take far longer than the search itself");
  cmd->add_flag("--no-timing", opts->no_timing,
                "run only the counting search: no timed statistics-free search (time_ns is null in JSON)");
  cmd->callback([opts] { solve(*opts); });
}

}  // namespace tictac::cli
