// `tictac dag`: the position DAG as GraphViz DOT or GraphML.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

#include "algorithms/exact/solution.hpp"
#include "algorithms/game/symmetry.hpp"
#include "harness/formats/atomic_file.hpp"
#include "harness/cli/commands.hpp"
#include "harness/dag/dag.hpp"
#include "harness/dag/dag_format.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac::cli {

namespace {

struct DagOptions {
  std::string board = "3x3";
  int k = 3;
  std::string position;
  int depth = -1;
  bool canonical = false;
  bool principal_variation = false;
  std::string strategy;
  std::string format = "dot";
  std::string output;
  std::uint64_t max_nodes = 2000;
  bool force = false;
};

// Writes `text` to `path` whole or not at all (atomic_file.hpp).
void write_atomically(const std::filesystem::path& path, const std::string& text) {
  AtomicFile file(path);
  file.stream() << text;
  file.commit();
}

std::string describe(const Board& b, const DagSpec& spec, const Dag& dag) {
  std::string what = spec.principal_variation ? "principal variation"
                     : spec.canonical         ? "symmetry-quotient DAG"
                                              : "DAG";
  if (spec.principal_variation && spec.canonical) what += " (canonical forms)";
  std::string s = fmt::format("{} with k={}: {} from {}", b.size_name(), b.k(), what,
                              spec.root == Position{} ? "the empty board" : format_position(b, spec.root));
  if (spec.depth >= 0) s += fmt::format(", {} {} deep", spec.depth, spec.depth == 1 ? "ply" : "plies");
  s += fmt::format(" ({} positions, {} edges)\nfill: red X wins, grey draw, blue O wins; octagon: game over; "
                   "bold edge: optimal move",
                   boost::num_vertices(dag.graph), boost::num_edges(dag.graph));
  return s;
}

// The DAG that the options ask for, or an error that says how to draw fewer nodes.
Dag build(const ExactSolution& solution, const SymmetryGroup& group, const DagSpec& spec) {
  try {
    return build_dag(solution, group, spec);
  } catch (const DagTooLarge& e) {
    throw std::invalid_argument(fmt::format(
        "the DAG has {} nodes, more than --max-nodes {}, too many for dot to draw readably; nothing was "
        "written. Draw fewer with --depth N or --canonical (or --pv), or write it anyway with --force",
        e.nodes, e.limit));
  }
}

// Marks what the strategy's search visited, answered from a table and
// pruned; exits 1 when its value is not the exact value.
void overlay(Dag& dag, DotStyle& style, Strategy& strategy, const ExactSolution& solution, const SymmetryGroup& group,
             const DagSpec& spec) {
  const Board& b = solution.board();
  SearchTrace trace;
  const Position root = spec.canonical ? group.canonical(spec.root).position : spec.root;
  const SearchResult r = strategy.search_traced(root, trace);
  if (r.value != solution.value(root)) {
    std::cerr << fmt::format("tictac: error: strategy {} says {:+d} for {}, the exact value is {:+d}\n",
                             strategy.spec(), r.value, format_position(b, root), solution.value(root));
    throw ExitCode{kExitFailure};
  }
  const OverlaySummary s = apply_trace(dag, group, trace);
  style.overlay = true;
  style.title += fmt::format(
      "\nstrategy {}: {} nodes ({} on {} positions drawn), {} table hits, {} pruned moves ({} edges drawn)"
      "\nthick border: visited; double border: answered from a table or memo; dashed: never entered; "
      "dashed red edge: pruned",
      strategy.spec(), s.visits, s.visits_in_dag, s.nodes_visited, s.table_hits, s.pruned_moves, s.pruned_edges);
}

void write_dag(const DagOptions& opts) {
  const Board b = parse_board(opts.board, opts.k);
  DagSpec spec;
  spec.root = opts.position.empty() ? Position{} : parse_position(b, opts.position);
  spec.depth = opts.depth;
  spec.canonical = opts.canonical;
  spec.principal_variation = opts.principal_variation;
  spec.node_limit = opts.force ? 0 : opts.max_nodes;
  // Parse the strategy before the long work, so a bad spec fails fast.
  std::unique_ptr<Strategy> strategy;
  if (!opts.strategy.empty()) strategy = make_strategy(b, opts.strategy);

  const auto exact = exact_solution(b);
  const SymmetryGroup group(b);
  Dag dag = build(*exact, group, spec);
  DotStyle style{describe(b, spec, dag), false};
  if (strategy) overlay(dag, style, *strategy, *exact, group, spec);
  std::ostringstream text;
  if (opts.format == "graphml")
    write_graphml(text, dag, style.overlay);
  else
    write_dot(text, dag, style);
  if (opts.output.empty())
    std::cout << text.str() << std::flush;
  else
    write_atomically(opts.output, text.str());
}

}  // namespace

void add_dag(CLI::App& app) {
  auto opts = std::make_shared<DagOptions>();
  CLI::App* cmd = app.add_subcommand(
      "dag", "Write the position DAG (every position once, every move an edge) as GraphViz DOT or GraphML");
  cmd->add_option("--board", opts->board, "board size as RxC")->capture_default_str();
  cmd->add_option("--k", opts->k, "stones in a row that win")->capture_default_str();
  cmd->add_option("--position", opts->position,
                  "the root, rows of X, O and . separated by / (default: the empty board)");
  cmd->add_option("--depth", opts->depth, "plies below the root to draw (default: to the end of the game)")
      ->check(CLI::NonNegativeNumber);
  cmd->add_flag("--canonical", opts->canonical,
                "draw the symmetry quotient: one node per canonical form, one edge per distinct canonical child");
  cmd->add_flag("--pv,--principal-variation", opts->principal_variation,
                "draw only the principal variation (fastest win, slowest loss, lowest cell)");
  cmd->add_option("--strategy", opts->strategy,
                  "overlay what this search did from the root: visited nodes (thick border), nodes answered "
                  "from a table or memo (double border), pruned moves (dashed red edges)");
  cmd->add_option("--format", opts->format, "output format")
      ->check(CLI::IsMember({"dot", "graphml"}))
      ->capture_default_str();
  cmd->add_option("-o,--output", opts->output, "file to write (default: standard output); written whole or not at all");
  cmd->add_option("--max-nodes", opts->max_nodes, "refuse a DAG with more nodes than this")->capture_default_str();
  cmd->add_flag("--force", opts->force, "write the DAG whatever its size");
  cmd->footer(
      "Nodes are coloured by exact value, finished positions are octagons, ranks are plies and optimal "
      "moves are bold. The full 3x3 DAG has 5,478 nodes, too many for dot to lay out readably: use "
      "--depth, --canonical (765 nodes) or --force. scripts/render-dag turns the .dot into SVG.");
  cmd->callback([opts] { write_dag(*opts); });
}

}  // namespace tictac::cli
