// `tictac solve`: one search of a position by a strategy, with its
// statistics, checked against the exact solution.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "harness/cli/commands.hpp"
#include "harness/experiment/solve_report.hpp"
#include "harness/formats/notation.hpp"
#include "harness/formats/stat_fields.hpp"

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

void print_json(const SolveReport& rep) { fmt::print("{}\n", solve_json(rep).dump(2)); }

void print_table(const SolveReport& rep) {
  const Board& b = rep.board;
  const Position& root = rep.position;
  const SearchResult& r = rep.result;
  const OptimalPlay& o = rep.optimal;
  fmt::print("position        {} ({} with k={})\n", format_position(b, root), b.size_name(), b.k());
  fmt::print("strategy        {}\n", rep.strategy);
  fmt::print("value           {:+d} ({})\n", r.value, value_text(r.value));
  fmt::print("move chosen     {}\n", r.best_move < 0 ? "none (the game is over)" : cell_name(b, r.best_move) + " (" + std::to_string(r.best_move) + ")");
  std::string names;
  for (int c : o.moves) names += (names.empty() ? "" : " ") + cell_name(b, c) + "(" + std::to_string(c) + ")";
  fmt::print("optimal moves   {}  [{}]\n", names.empty() ? (o.listed ? "none" : "-") : names, o.source);
  std::string line;
  for (int c : o.pv) line += (line.empty() ? "" : " ") + cell_name(b, c);
  fmt::print("principal var.  {}\n", line.empty() ? "-" : line);
  if (rep.time_ns)
    fmt::print("time            {:.3f} ms (statistics-free search)\n", *rep.time_ns / 1e6);
  else
    fmt::print("time            not measured (--no-timing)\n");
  fmt::print("statistics (one counting search):\n");
  print_stats_table(r.stats);
}

void solve(const SolveOptions& opts) {
  const Board b = parse_board(opts.board, opts.k);
  const Position root = opts.position.empty() ? Position{} : parse_position(b, opts.position);
  const SolveReport rep = solve_report(b, root, opts.strategy, opts.all_optimal, !opts.no_timing);
  (opts.format == "json" ? print_json : print_table)(rep);
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
                  "strategy for the board)");
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
