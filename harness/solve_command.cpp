// `tictac solve`: the value of a position and its optimal moves.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <chrono>
#include <nlohmann/json.hpp>

#include "algorithms/solution.hpp"
#include "commands.hpp"
#include "notation.hpp"

namespace tictac::cli {

namespace {

struct SolveOptions {
  std::string board = "3x3";
  int k = 3;
  std::string position;
  std::string format = "table";
};

std::string value_text(int v) { return v > 0 ? "X wins" : v < 0 ? "O wins" : "draw"; }

}  // namespace

void add_solve(CLI::App& app) {
  auto opts = std::make_shared<SolveOptions>();
  CLI::App* cmd = app.add_subcommand("solve", "Solve a position exactly: its value, every optimal move and a principal variation");
  cmd->add_option("--board", opts->board, "board size as RxC")->capture_default_str();
  cmd->add_option("--k", opts->k, "stones in a row that win")->capture_default_str();
  cmd->add_option("--position", opts->position, "the position, rows of X, O and . separated by / (default: the empty board)");
  cmd->add_option("--format", opts->format, "output format")->check(CLI::IsMember({"table", "json"}))->capture_default_str();
  cmd->callback([opts] {
    const Board b = parse_board(opts->board, opts->k);
    const Position root = opts->position.empty() ? Position{} : parse_position(b, opts->position);
    const auto start = std::chrono::steady_clock::now();
    const StateSpace space(b);
    const ExactSolution solution(space);
    const int value = solution.value(root);
    const auto time_ns = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
    std::vector<int> best;
    for (Mask m = solution.optimal_moves(root); m; m &= m - 1) best.push_back(std::countr_zero(m));
    std::vector<int> pv;
    for (Position p = root;;) {
      const Mask m = solution.optimal_moves(p);
      if (!m) break;
      // Along the principal variation the winner takes its fastest win and
      // the loser its slowest loss; the lowest such cell breaks ties.
      int pick = -1, pick_distance = 0;
      const int sign = p.to_move() == Side::X ? 1 : -1;
      for (Mask e = m; e; e &= e - 1) {
        Position q = p;
        q.play(std::countr_zero(e), p.to_move());
        const int d = solution.distance(q);
        const bool winning = sign * solution.value(p) > 0;
        if (pick < 0 || (winning ? d < pick_distance : d > pick_distance)) {
          pick = std::countr_zero(e);
          pick_distance = d;
        }
      }
      pv.push_back(pick);
      p.play(pick, p.to_move());
    }
    if (opts->format == "json") {
      nlohmann::ordered_json j;
      j["board"] = b.size_name();
      j["k"] = b.k();
      j["position"] = format_position(b, root);
      j["strategy"] = "solve";
      j["value"] = value;
      j["value_text"] = value_text(value);
      j["best_move"] = best.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(pv.front());
      j["best_moves"] = best;
      j["principal_variation"] = pv;
      j["distance"] = solution.distance(root);
      j["positions"] = space.size();
      j["time_ns"] = time_ns;
      fmt::print("{}\n", j.dump(2));
      return;
    }
    fmt::print("position       {} ({} with k={})\n", format_position(b, root), b.size_name(), b.k());
    fmt::print("value          {:+d} ({})\n", value, value_text(value));
    std::string names;
    for (int c : best) names += (names.empty() ? "" : " ") + cell_name(b, c) + "(" + std::to_string(c) + ")";
    fmt::print("optimal moves  {}\n", names.empty() ? "none (the game is over)" : names);
    std::string line;
    for (int c : pv) line += (line.empty() ? "" : " ") + cell_name(b, c);
    fmt::print("principal var. {}\n", line.empty() ? "-" : line);
    fmt::print("plies to end   {}\n", solution.distance(root));
    fmt::print("strategy       solve (retrograde analysis of all {} reachable positions)\n", space.size());
    fmt::print("time           {:.3f} ms\n", time_ns / 1e6);
  });
}

}  // namespace tictac::cli
