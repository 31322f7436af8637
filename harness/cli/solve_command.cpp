// `tictac solve`: one search of a position by a strategy, with its
// statistics, checked against the exact solution.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <chrono>
#include <optional>

#include "harness/cli/board_options.hpp"
#include "harness/cli/commands.hpp"
#include "harness/experiment/solve_report.hpp"
#include "harness/formats/notation.hpp"
#include "harness/formats/stat_fields.hpp"
#include "harness/registry/budgeted_search.hpp"

namespace tictac::cli {

namespace {

struct SolveOptions {
  BoardOptions where;
  std::string strategy;
  std::string format = "table";
  bool all_optimal = false;
  bool no_timing = false;
  bool distance = false;
  double time_limit = 0;
};

void print_json(const SolveReport& rep) { fmt::print("{}\n", solve_json(rep).dump(2)); }

void print_table(const SolveReport& rep) {
  const Board& b = rep.board;
  const Position& root = rep.position;
  const SearchResult& r = rep.result;
  const OptimalPlay& o = rep.optimal;
  fmt::print("position        {} ({}: {} with k={}{})\n", format_position(b, root), b.name(), b.size_name(), b.k(),
             b.gravity() ? ", gravity" : "");
  fmt::print("strategy        {}\n", rep.strategy);
  if (r.proved)
    fmt::print("value           {:+d} ({})\n", r.value, value_text(r.value));
  else if (r.bound)
    fmt::print("value           {} (bounds: {}..{})\n", bounds_text(*r.bound), r.bound->lower, r.bound->upper);
  else
    fmt::print("value           unknown (not proved within the budget)\n");
  // On a gravity board a move is named by its column first, as Pons's notation does.
  auto name = [&](int c) {
    return b.move_is_a_column() ? "column " + std::to_string(b.col_of(c) + 1) + " " + cell_name(b, c) : cell_name(b, c);
  };
  fmt::print("move chosen     {}\n",
             r.best_move >= 0 ? name(r.best_move) + " (" + std::to_string(r.best_move) + ")"
             : r.bound        ? std::string("none (a bound proves no move)")
             : !r.proved      ? std::string("none (no value)")
             : !r.move_proved ? std::string("none proven (the value comes from strategy-stealing, which proves no move)")
                              : std::string("none (the game is over)"));
  std::string names;
  for (int c : o.moves) names += (names.empty() ? "" : ", ") + name(c) + "(" + std::to_string(c) + ")";
  fmt::print("optimal moves   {}  [{}]\n", names.empty() ? (o.listed ? "none" : "-") : names, o.source);
  std::string line;
  if (b.move_is_a_column())
    line = format_moves(b, o.pv);  // Pons's notation: the columns
  else
    for (int c : o.pv) line += (line.empty() ? "" : " ") + cell_name(b, c);
  // It starts with the move chosen, where the strategy proved one (solve_report.hpp).
  fmt::print("principal var.  {}{}{}\n", line.empty() ? "-" : line, b.move_is_a_column() && !line.empty() ? " (columns)" : "",
             line.empty() || !r.move_proved || r.best_move < 0 ? "" : " (from the move chosen)");
  if (r.distance >= 0) fmt::print("distance        {} plies\n", r.distance);
  if (b.gravity())
    fmt::print("Pons's score    {}\n", o.pons_score ? fmt::format("{:+d}", *o.pons_score)
                                                    : std::string("unknown (a win or a loss needs the exact distance: "
                                                                  "boards of at most 16 cells, or --distance)"));
  if (rep.timed)
    fmt::print("time            {:.3f} ms (statistics-free search, warm: median of {} timed run{}, spread {:.0f}%; "
               "the untimed cold run before them, which builds the tables, took {:.3f} ms)\n",
               *rep.time_ns / 1e6, rep.timed->runs_ns.size(), rep.timed->runs_ns.size() == 1 ? "" : "s",
               100 * rep.timed->spread(), rep.timed->cold_ns / 1e6);
  else
    fmt::print("time            not measured (--no-timing)\n");
  fmt::print("statistics (one counting search):\n");
  print_stats_table(r.stats);
}

void solve(const SolveOptions& opts) {
  const Board b = opts.where.parse_board();
  const Position root = opts.where.parse_position(b);
  std::optional<SolveReport> report;
  const auto limit = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(opts.time_limit));
  const bool limited = opts.time_limit > 0;
  if (!run_within(limit, [&](const std::atomic<bool>& cancel) {
        report = solve_report(b, root, opts.strategy, opts.all_optimal, !opts.no_timing, limited ? &cancel : nullptr,
                              opts.distance);
      }))
    report = unknown_report(b, root, opts.strategy, opts.distance);
  const SolveReport& rep = *report;
  (opts.format == "json" ? print_json : print_table)(rep);
  // A proof-number search can end without a value (its budget ran out):
  // then nothing is listed, and the command exits 3 after its output.  A
  // bound (a one-sided question answered) is an answer: exit 0.
  if (!rep.result.proved && !rep.result.bound) throw ExitCode{kExitUnknown};
}

}  // namespace

void add_solve(CLI::App& app) {
  auto opts = std::make_shared<SolveOptions>();
  CLI::App* cmd = app.add_subcommand(
      "solve",
      "Search a position with a strategy: its value, the strategy's move, every optimal move, the principal "
      "variation (from the move chosen), every statistic and the search time.  It runs the search at least three "
      "times: once counting (the statistics), once untimed and cold (it builds the search's tables and touches "
      "their pages, so no allocation lands inside the clock), then statistics-free and warm, timed, until the timed "
      "runs add up to 50 ms or number 5 (the time is their median), as `tictac run` times a row; --no-timing runs "
      "the counting search only");
  add_board_options(*cmd, opts->where);
  add_position_options(*cmd, opts->where, "the position");
  cmd->add_option("--strategy", opts->strategy,
                  "strategy spec, name or name:key=value,... (see `tictac strategies`; default: the board's "
                  "default strategy, which `tictac strategies --board RxC --k K [--gravity]` names with its reason. "
                  "A draw that dfpn proves by strategy-stealing proves no move)");
  cmd->add_option("--format", opts->format, "output format")->check(CLI::IsMember({"table", "json"}))->capture_default_str();
  cmd->add_flag("--all-optimal", opts->all_optimal,
                "also list every optimal move and a principal variation on boards of more than 12 cells (on "
                "smaller boards, and on gravity boards of at most 16 cells, they are always listed): from the exact solution up to 16 cells, above that by "
                "searching every move with the same strategy; this can take far longer than the search itself");
  cmd->add_flag("--distance", opts->distance,
                "also the exact distance to the end under perfect play (the winner ends the game as soon as it can, "
                "the loser as late as it can; a draw's distance is the number of empty cells), printed on the "
                "line \"distance  N plies\" and as \"distance\" in JSON (null without --distance).  The strategy runs in its "
                "distance mode: without --strategy, connect:mode=distance on gravity boards connect holds, "
                "best:distance=on,pairing=on where the default is best:pairing=on, and best:distance=on otherwise; a given --strategy must have one (best, connect), else an error.  "
                "Costs more than the value alone on wins and losses (a bisection on the distance); a draw's is free");
  cmd->add_option("--time-limit", opts->time_limit,
                  "stop after SECONDS of wall time, counted over all of solve's searches (counting, timed and "
                  "--all-optimal): the value is then unknown, as when a prover's budget runs out (exit 3; JSON "
                  "value null and proved false; no statistics).  The limit is read every 2^16 nodes of the "
                  "search (every 1,024 of best, every 64 of pns and dfpn), so it can be overrun by that much.  Default: no limit")
      ->check(CLI::PositiveNumber);
  cmd->add_flag("--no-timing", opts->no_timing,
                "run only the counting search: no timed statistics-free search (time_ns is null in JSON)");
  cmd->footer(
      "Limits: every board has R*C <= 64 cells, with or without gravity. The exact solution (strategy solve, the "
      "check of every answer, the oracle and worst orderings, the optimal moves and Pons's score) needs a board of "
      "at most 16 cells; above, the answer is the strategy's alone. On gravity boards moves are columns: the "
      "principal variation is printed in Pons's notation, and the JSON has gravity, principal_variation_pons and "
      "pons_score (Pascal Pons's score for the side to move: the winner's unplayed stones plus one, negative for a "
      "loss, 0 for a draw), from the exact distance; on gravity boards of more than 16 cells pons_score is null "
      "for a win or a loss without --distance.");
  cmd->callback([opts] { solve(*opts); });
}

}  // namespace tictac::cli
