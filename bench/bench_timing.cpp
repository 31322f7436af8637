// `tictac solve` and `tictac run` time one search the same way
// (harness/registry/timed_search.hpp): this benchmark measures the same spec
// on the same position through both paths, in one process, and reports
// both medians, their spreads and their ratio.  The two agree when the
// ratio is within the larger spread of the two (the counter `agree`: 1).
// A small table (the board's default) and a large one (2^24 entries,
// 256 MiB, whose allocation and first touch took 0.1 to 1.6 s inside the
// clock before the cold run existed) are both measured.
//
// The search of a benchmark iteration is the whole comparison (two solves
// and a run of a one-position config), so each runs once (Iterations(1));
// its figures are the counters, not the benchmark's own time.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <map>
#include <stdexcept>
#include <vector>
#include <string>
#include <unistd.h>

#include "bench/bench_main.hpp"
#include "harness/experiment/config.hpp"
#include "harness/experiment/runner.hpp"
#include "harness/experiment/solve_report.hpp"
#include "harness/formats/csv_reader.hpp"
#include "harness/formats/notation.hpp"

namespace {

using namespace tictac;


// The first position row of a results.csv, by column name.
std::map<std::string, std::string> position_row(const std::filesystem::path& csv) {
  std::ifstream in(csv);
  std::string line;
  std::getline(in, line);
  const auto header = csv_fields(line);
  while (std::getline(in, line)) {
    const auto f = csv_fields(line);
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < header.size() && i < f.size(); ++i) row[header[i]] = f[i];
    if (row["row_kind"] == "position") return row;
  }
  throw std::runtime_error("no position row in " + csv.string());
}

// The position of issue 30's report: 4x4, k=4, X to move.
constexpr const char* kPosition = "X.O./...O/X..O/X...";

void BM_SolveAgainstRun(benchmark::State& state, const std::string& spec) {
  const Board board(4, 4, 4);
  const Position p = parse_position(board, kPosition);
  const auto folder = std::filesystem::temp_directory_path() / ("tictac-bench-timing-" + std::to_string(getpid()));
  double solve_ns = 0, solve_spread = 0, run_ns = 0, run_spread = 0, cold_ns = 0;
  for (auto _ : state) {
    const SolveReport rep = solve_report(board, p, spec, false, true);
    solve_ns = static_cast<double>(*rep.time_ns);
    solve_spread = rep.timed->spread();
    cold_ns = static_cast<double>(rep.timed->cold_ns);
    const std::string config = "[experiment]\nname = \"timing\"\nquestion = \"q\"\nboards = [\"4x4k4\"]\n"
                               "[[strategy]]\nname = \"" + spec.substr(0, spec.find(':')) + "\"\n" +
                               [&] {
                                 std::string options;
                                 const auto colon = spec.find(':');
                                 if (colon == std::string::npos) return options;
                                 std::string rest = spec.substr(colon + 1);
                                 for (std::size_t at = 0; at <= rest.size();) {
                                   const auto comma = std::min(rest.find(',', at), rest.size());
                                   const std::string kv = rest.substr(at, comma - at);
                                   const auto eq = kv.find('=');
                                   options += kv.substr(0, eq) + " = \"" + kv.substr(eq + 1) + "\"\n";
                                   at = comma + 1;
                                 }
                                 return options;
                               }() +
                               "[[position_set]]\nname = \"p\"\nkind = \"list\"\npositions = [\"" + kPosition + "\"]\n";
    RunOptions ro;
    ro.out = folder;
    ro.force = true;
    run_experiment(parse_config(config, "bench_timing"), ro);
    const auto row = position_row(folder / "results.csv");
    run_ns = std::stod(row.at("time_ns"));
    run_spread = std::stod(row.at("time_spread"));
  }
  std::filesystem::remove_all(folder);
  const double ratio = run_ns / solve_ns;
  state.counters["solve_us"] = solve_ns / 1e3;
  state.counters["run_us"] = run_ns / 1e3;
  state.counters["run_over_solve"] = ratio;
  state.counters["spread"] = std::max(solve_spread, run_spread);
  state.counters["cold_ms"] = cold_ns / 1e6;
  state.counters["agree"] = std::abs(ratio - 1) <= std::max({solve_spread, run_spread, 0.1}) ? 1 : 0;
}

void register_all() {
  for (const std::string spec : {"alphabeta:order=history,tt=zobrist", "alphabeta:order=history,tt=zobrist,tt_bits=24",
                                 "alphabeta:order=history", "best"})
    benchmark::RegisterBenchmark(("solve_vs_run/4x4k4/" + spec).c_str(), BM_SolveAgainstRun, spec)
        ->Iterations(1)
        ->Unit(benchmark::kMillisecond);
}

}  // namespace

int main(int argc, char** argv) { return tictac::run_benchmarks(argc, argv, register_all); }
