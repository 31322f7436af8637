// `tictac compare A.csv B.csv`: the regression check between two runs.
//
// Rows are matched by (board, k, strategy, position set, row kind, position).
// Every node count that differs is listed, exactly.  Times are compared on
// the set_total rows: the ratio of the medians over repetitions, with each
// side's spread ((max - min) / median) as its noise; a ratio inside the two
// spreads added together is called noise.  Exit status: 0 when every node
// count is the same and both files have the same rows, 1 otherwise, 2 for a
// file that cannot be read or lacks a column.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <limits>
#include <map>
#include <vector>

#include "harness/cli/commands.hpp"
#include "harness/formats/results_file.hpp"

namespace tictac::cli {

namespace {

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}
double spread(const std::vector<double>& v) {
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  const double m = median(v);
  return m > 0 ? (*hi - *lo) / m : 0.0;
}

struct CompareCli {
  std::string a, b;
};

using Results = ResultRows;  // results_file.hpp

// The node counts: what is in one file only, what changed, what varies.
struct NodeComparison {
  std::size_t both = 0, changed = 0, only_a = 0, only_b = 0, varying = 0;
  std::vector<std::string> node_lines, missing_lines;
  bool same() const { return !changed && !varying && !only_a && !only_b; }
};

NodeComparison compare_nodes(const Results& a, const Results& b) {
  NodeComparison c;
  for (const auto& [key, ra] : a) {
    const auto it = b.find(key);
    if (it == b.end()) {
      ++c.only_a;
      c.missing_lines.push_back("only in A: " + key.text());
      continue;
    }
    ++c.both;
    const ResultObservations& rb = it->second;
    if (ra.nodes_vary || rb.nodes_vary) {
      ++c.varying;
      c.node_lines.push_back("nodes differ between repetitions of one file: " + key.text());
    }
    if (ra.nodes != rb.nodes) {
      ++c.changed;
      const double pct = ra.nodes ? 100.0 * (double(rb.nodes) - double(ra.nodes)) / double(ra.nodes) : 0.0;
      c.node_lines.push_back(fmt::format("{}: nodes {} -> {} ({:+d}, {:+.2f}%)", key.text(), ra.nodes, rb.nodes,
                                         static_cast<long long>(rb.nodes) - static_cast<long long>(ra.nodes), pct));
    }
  }
  for (const auto& [key, rb] : b)
    if (!a.count(key)) {
      ++c.only_b;
      c.missing_lines.push_back("only in B: " + key.text());
    }
  return c;
}

void print_nodes(const NodeComparison& c) {
  fmt::print("rows matched: {} (only in A: {}, only in B: {})\n", c.both, c.only_a, c.only_b);
  for (const auto& l : c.missing_lines) fmt::print("  {}\n", l);
  if (c.changed == 0 && c.varying == 0)
    fmt::print("node counts: all {} matched rows identical\n", c.both);
  else
    fmt::print("node counts: {} of {} matched rows differ\n", c.changed, c.both);
  for (const auto& l : c.node_lines) fmt::print("  {}\n", l);
}

// The set totals' times, B against A, each with its verdict.
void print_times(const Results& a, const Results& b) {
  fmt::print("time (set totals; ratio B/A of the medians over repetitions; noise = (max-min)/median of each side):\n");
  std::size_t timed = 0, faster = 0, slower = 0;
  for (const auto& [key, ra] : a) {
    if (key.kind != "set_total") continue;
    const auto it = b.find(key);
    if (it == b.end()) continue;
    const ResultObservations& rb = it->second;
    const double ma = median(ra.times), mb = median(rb.times);
    if (ma <= 0) continue;
    ++timed;
    const double ratio = mb / ma, na = spread(ra.times), nb = spread(rb.times);
    const bool single = ra.times.size() < 2 || rb.times.size() < 2;
    std::string verdict;
    if (single)
      verdict = "noise unknown (one repetition)";
    else if (std::abs(ratio - 1) <= na + nb)
      verdict = "within noise";
    else {
      verdict = ratio < 1 ? "faster" : "slower";
      (ratio < 1 ? faster : slower)++;
    }
    fmt::print("  {}: {:.0f} ns -> {:.0f} ns, ratio {:.3f} (noise A {:.1f}% over {}, B {:.1f}% over {}): {}\n",
               key.text(), ma, mb, ratio, 100 * na, ra.times.size(), 100 * nb, rb.times.size(), verdict);
  }
  fmt::print("time: {} set totals compared, {} faster and {} slower beyond noise\n", timed, faster, slower);
}

void compare(const CompareCli& opts) {
  const auto a = read_results(opts.a);
  const auto b = read_results(opts.b);
  const NodeComparison nodes = compare_nodes(a, b);
  fmt::print("A: {}\nB: {}\n", opts.a, opts.b);
  print_nodes(nodes);
  print_times(a, b);
  if (!nodes.same()) {
    fmt::print("verdict: node counts CHANGED\n");
    throw ExitCode{kExitFailure};
  }
  fmt::print("verdict: node counts unchanged\n");
}

}  // namespace

void add_compare(CLI::App& app) {
  auto opts = std::make_shared<CompareCli>();
  CLI::App* cmd = app.add_subcommand(
      "compare", "Compare two results.csv files: every node count that changed, and time ratios with their noise; "
                 "exits 1 when any node count changed");
  cmd->add_option("a", opts->a, "the reference results.csv")->required()->check(CLI::ExistingFile);
  cmd->add_option("b", opts->b, "the results.csv to check against it")->required()->check(CLI::ExistingFile);
  cmd->callback([opts] { compare(*opts); });
}

}  // namespace tictac::cli
