// `tictac analyze`: the state space of a board, counted exactly.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include "algorithms/exact/analysis.hpp"
#include "harness/cli/board_options.hpp"
#include "harness/cli/commands.hpp"
#include "harness/formats/analysis_json.hpp"
#include "harness/formats/board_fields.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/exact_cache.hpp"

namespace tictac::cli {

namespace {

struct AnalyzeOptions {
  BoardOptions where;
  std::string format = "table";
};

void print_csv(const Board& b, const Analysis& a) {
  // Tidy: one figure per row.  `index` is the ply, game length or symmetry.
  // The board is named as in results.csv: its size, k, and gravity.
  std::string header;
  for (const std::string& column : board_header({"figure", "index", "value"})) header += (header.empty() ? "" : ",") + column;
  fmt::print("{}\n", header);
  const std::string board = board_csv_prefix(b);
  auto row = [&](const std::string& figure, const std::string& index, std::uint64_t v) {
    fmt::print("{},{},{},{}\n", board, figure, index, v);
  };
  row("reachable_states", "", a.reachable_states);
  for (std::size_t p = 0; p < a.states_by_ply.size(); ++p) row("states_by_ply", std::to_string(p), a.states_by_ply[p]);
  row("terminal_states_x_wins", "", a.terminal_states.x_wins);
  row("terminal_states_o_wins", "", a.terminal_states.o_wins);
  row("terminal_states_draws", "", a.terminal_states.draws);
  for (const auto& [name, n] : a.burnside_fixed_points) row("burnside_fixed_points", name, n);
  row("orbits_burnside", "", a.orbits_burnside);
  row("orbits_enumerated", "", a.orbits_enumerated);
  row("orbits_terminal", "", a.orbits_terminal);
  row("orbits_nonterminal", "", a.orbits_nonterminal);
  row("fillings", "", a.fillings);
  for (const auto& [name, n] : a.filling_fixed_points) row("filling_fixed_points", name, n);
  row("filling_orbits", "", a.filling_orbits);
  row("lines", "", a.lines);
  row("symmetries", "", a.symmetries);
  row("game_tree_nodes", "", a.game_tree_nodes);
  for (std::size_t p = 0; p < a.nodes_by_ply.size(); ++p) row("game_tree_nodes_by_ply", std::to_string(p), a.nodes_by_ply[p]);
  row("games_x_wins", "", a.games.x_wins);
  row("games_o_wins", "", a.games.o_wins);
  row("games_draws", "", a.games.draws);
  for (std::size_t len = 0; len < a.games_by_length.size(); ++len)
    if (a.games_by_length[len].total()) row("games_by_length", std::to_string(len), a.games_by_length[len].total());
  row("shortest_game", "", static_cast<std::uint64_t>(a.shortest_game));
  row("longest_game", "", static_cast<std::uint64_t>(a.longest_game));
  row("games_position_by_position", "", a.games_position_by_position);
  row("games_whole_game_orbits", "", a.games_whole_game_orbits);
  fmt::print("{},value,,{}\n", board, a.value);
  row("length", "", static_cast<std::uint64_t>(a.length));
}

void print_table(const Board& b, const Analysis& a) {
  auto counts = [](const ResultCounts& c) {
    return fmt::format("{} (X wins {}, O wins {}, draws {})", c.total(), c.x_wins, c.o_wins, c.draws);
  };
  fmt::print("State space of {} ({} with k={}{})\n\n", b.name(), b.size_name(), b.k(),
             b.move_is_a_column() ? ", gravity: a move drops into a column" : "");
  fmt::print("reachable positions        {} ({} not terminal)\n", a.reachable_states, a.nonterminal_states);
  fmt::print("terminal positions         {}\n", counts(a.terminal_states));
  fmt::print("\n{:>4} {:>14} {:>20}\n", "ply", "positions", "game-tree nodes");
  for (std::size_t p = 0; p < a.states_by_ply.size(); ++p)
    fmt::print("{:>4} {:>14} {:>20}\n", p, a.states_by_ply[p], a.nodes_by_ply[p]);
  fmt::print("{:>4} {:>14} {:>20}\n", "all", a.reachable_states, a.game_tree_nodes);
  fmt::print("\nBurnside's lemma over the {} symmetries\n", a.burnside_fixed_points.size());
  std::uint64_t sum = 0;
  for (const auto& [name, n] : a.burnside_fixed_points) {
    fmt::print("  {:<14} {:>12} fixed points\n", name, n);
    sum += n;
  }
  fmt::print("  {:<14} {:>12} / {} = {} orbits\n", "sum", sum, a.burnside_fixed_points.size(), a.orbits_burnside);
  fmt::print("  canonical forms enumerated: {} (agrees): {} finished, {} not\n", a.orbits_enumerated, a.orbits_terminal,
             a.orbits_nonterminal);
  fmt::print("\nBurnside's lemma over all {} fillings (3^{}, legal or not)\n", a.fillings, b.cells());
  std::uint64_t fsum = 0;
  for (const auto& [name, n] : a.filling_fixed_points) {
    fmt::print("  {:<14} {:>12} fixed fillings\n", name, n);
    fsum += n;
  }
  fmt::print("  {:<14} {:>12} / {} = {} orbits\n", "sum", fsum, a.filling_fixed_points.size(), a.filling_orbits);
  fmt::print("\nwinning lines              {}\nsymmetries                 {}\n", a.lines, a.symmetries);
  fmt::print("\ncomplete games             {}\n", counts(a.games));
  for (std::size_t len = 0; len < a.games_by_length.size(); ++len)
    if (a.games_by_length[len].total()) fmt::print("  of length {:>2}              {}\n", len, counts(a.games_by_length[len]));
  fmt::print("  shortest {} plies, longest {}\n", a.shortest_game, a.longest_game);
  fmt::print("games up to symmetry\n");
  fmt::print("  position by position      {} (paths through the symmetry-quotient DAG)\n", a.games_position_by_position);
  fmt::print("  whole-game orbits         {} (Burnside's lemma over whole games)\n", a.games_whole_game_orbits);
  fmt::print("\ngame value                 {:+d} ({} with perfect play)\n", a.value, value_text(a.value));
  fmt::print("game length                {} plies under perfect play (the winner wins as fast as it can, the loser "
             "holds out; a draw fills the board)\n", a.length);
}

}  // namespace

void add_analyze(CLI::App& app) {
  auto opts = std::make_shared<AnalyzeOptions>();
  CLI::App* cmd = app.add_subcommand(
      "analyze", "Count the state space of a board exactly: positions, symmetry classes (Burnside), "
                 "game-tree nodes, games, the game value and its length under perfect play (boards of at most 16 "
                 "cells, with or without gravity)");
  add_board_options(*cmd, opts->where);
  cmd->add_option("--format", opts->format, "output format")
      ->check(CLI::IsMember({"table", "json", "csv"}))
      ->capture_default_str();
  cmd->footer(
      "Limits: boards of at most 16 cells (the exact state space), with or without gravity. With --gravity a move "
      "drops into a column, and the symmetries are the identity and the left-right mirror, so Burnside's lemma "
      "counts orbits under those two.");
  cmd->callback([opts] {
    const Board b = opts->where.parse_board();
    const auto exact = exact_solution(b);
    const ExactSolution& solution = *exact;
    const SymmetryGroup group(b);
    const Analysis a = analyze(solution, group);
    if (opts->format == "json")
      fmt::print("{}\n", analysis_json(b, a).dump(2));
    else if (opts->format == "csv")
      print_csv(b, a);
    else
      print_table(b, a);
  });
}

}  // namespace tictac::cli
