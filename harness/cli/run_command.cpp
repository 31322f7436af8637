// `tictac run CONFIG [--out DIR]`: an experiment config to results.csv and
// metadata.json (harness/experiment/runner.hpp says what the rows are).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <thread>
#include <unistd.h>

#include "harness/cli/commands.hpp"
#include "harness/cli/interrupt.hpp"
#include "harness/experiment/config.hpp"
#include "harness/experiment/disagreements.hpp"
#include "harness/experiment/runner.hpp"
#include "harness/experiment/shard.hpp"

namespace tictac::cli {

namespace {

struct RunCli {
  std::string config;
  std::string out;
  std::string shard;
  unsigned jobs = 0;
  bool force = false;
  bool quiet = false;
  bool example = false;
};

[[noreturn]] void fail(const std::string& what, int code) {
  fmt::print(stderr, "tictac run: {}\n", what);
  throw ExitCode{code};
}

ExperimentConfig load(const RunCli& opts) {
  try {
    return load_config(opts.config);
  } catch (const ConfigError& e) {
    fail(e.what(), kExitUsage);
  }
}

// The runner's options from the command line (and the config's output).
RunOptions run_options(const RunCli& opts, const ExperimentConfig& config) {
  RunOptions ro;
  if (!opts.shard.empty()) {
    try {
      ro.shard = parse_shard(opts.shard);
    } catch (const std::invalid_argument& e) {
      fail(e.what(), kExitUsage);
    }
  }
  ro.jobs = opts.jobs > 0 ? opts.jobs : std::max(1u, std::thread::hardware_concurrency());
  ro.out = opts.out;
  if (ro.out.empty() && !opts.shard.empty())
    ro.out = (!config.output.empty() ? config.output : std::filesystem::path("results") / config.name) /
             fmt::format("shard-{}-of-{}", ro.shard.index, ro.shard.count);
  ro.progress = !opts.quiet && isatty(STDERR_FILENO);
  ro.progress_lines = !opts.quiet && !ro.progress;  // a log (nohup, a batch job) gets a line every 10 s
  ro.force = opts.force;
  // Every counting search reads the interrupt flag (the same counts), so
  // that Ctrl-C stops a long one too.
  ro.cancellable_searches = true;
  ro.command_line = "tictac run " + opts.config + (opts.shard.empty() ? "" : " --shard " + opts.shard) +
                    (opts.jobs == 0 ? "" : " --jobs " + std::to_string(opts.jobs)) +
                    (opts.out.empty() ? "" : " --out " + opts.out) + (opts.force ? " --force" : "");
  ro.interrupt = &interrupt_flag();
  return ro;
}

// The run, each kind of failure with its exit code.
RunSummary run(const ExperimentConfig& config, const RunOptions& ro) {
  try {
    InterruptGuard guard;
    return run_experiment(config, ro);
  } catch (const ConfigError& e) {
    fail(e.what(), kExitUsage);
  } catch (const Interrupted&) {
    fail("interrupted; nothing was written", kExitInterrupted);
  } catch (const std::invalid_argument& e) {
    fail(std::string(e.what()) + "; nothing was written", kExitUsage);
  } catch (const std::exception& e) {
    fail(std::string(e.what()) + "; nothing was written", kExitFailure);
  }
}

void report(const RunSummary& s, const RunOptions& ro) {
  fmt::print("wrote {} ({} rows, {} cells{}) and {}\n", (s.out / "results.csv").string(), s.rows, s.cells,
             ro.shard.sharded() ? fmt::format(", shard {}/{}", ro.shard.index, ro.shard.count) : std::string(),
             (s.out / "metadata.json").string());
  // Unknown rows (a search beyond its budget) are counted apart: they are a
  // result of the experiment, not a failure.
  if (!s.unknown.empty()) {
    fmt::print("{} position(s) unknown within the strategy's budget (status = unknown, value empty):\n",
               s.unknown.size());
    const std::size_t shown = std::min<std::size_t>(s.unknown.size(), 10);
    for (std::size_t i = 0; i < shown; ++i) fmt::print("  {}\n", s.unknown[i]);
    if (shown < s.unknown.size()) fmt::print("  ... and {} more\n", s.unknown.size() - shown);
  }
  if (s.disagreements.empty()) return;
  fail(disagreement_message(s.disagreements), kExitFailure);
}

}  // namespace

void add_run(CLI::App& app) {
  auto opts = std::make_shared<RunCli>();
  CLI::App* cmd = app.add_subcommand(
      "run", "Run an experiment config: every (board, strategy, position set) cell, checked against the exact solver "
             "(boards over 16 cells: two independent families that agree), to DIR/results.csv and DIR/metadata.json");
  cmd->add_option("config", opts->config, "the experiment config (TOML; see docs/experiments.md)")->required();
  cmd->add_option("--out", opts->out, "output folder (default: the config's output, else results/<experiment name>)");
  cmd->add_option("--shard", opts->shard,
                  "run only shard I of N (I from 0): a deterministic slice of the positions of every cell, balanced by "
                  "estimated cost; join the shards with tictac merge (default output: <output>/shard-I-of-N)");
  cmd->add_option("--jobs,-j", opts->jobs,
                  "threads for the counting searches (0, the default: every hardware thread); timed searches always "
                  "run afterwards on one thread, alone")
      ->check(CLI::Range(0u, 1024u));
  cmd->add_flag("--force", opts->force,
                "run into a folder that holds another run's results: once the new run is complete, the earlier "
                "run's files there (results.csv, metadata.json, position sets, plots/, report.md, verdicts.csv) are "
                "replaced or removed.  Without it such a folder is refused and left as it is");
  cmd->add_flag("--quiet,-q", opts->quiet,
                "no progress on stderr (without it: on a terminal a line redrawn in place; otherwise, as under nohup "
                "or a batch job, a plain line every 10 s saying what the run is doing)");
  cmd->footer(
      "What is timed: time_ns is the statistics-free search, warm, as `tictac solve` times it: an untimed cold run "
      "first builds its tables and touches their pages, then timed runs are repeated until they add up to the "
      "config's timing_min_ms (default 50) or number timing_max_runs (default 5), and their median is the row's "
      "time (timed_runs, time_spread and time_cold_ns say the rest).  Node counts and statistics come from a "
      "separate counting search.  Not timed: the counting search, the cold run, building the exact solution and "
      "certifying rows.  A complete example config, every key commented: experiments/example.toml (docs/experiments.md "
      "documents the schema).");
  cmd->callback([opts] {
    const ExperimentConfig config = load(*opts);
    const RunOptions ro = run_options(*opts, config);
    report(run(config, ro), ro);
  });
}

}  // namespace tictac::cli
