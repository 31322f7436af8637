// `tictac run CONFIG [--out DIR]`: an experiment config to results.csv and
// metadata.json (harness/runner.hpp says what the rows are).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <atomic>
#include <csignal>
#include <unistd.h>

#include "commands.hpp"
#include "config.hpp"
#include "runner.hpp"

namespace tictac::cli {

namespace {

std::atomic<bool> interrupted{false};
extern "C" void on_sigint(int) { interrupted.store(true); }

struct RunCli {
  std::string config;
  std::string out;
};

// SIGINT and SIGTERM set a flag that the runner reads between positions; the
// runner then removes its temporary files and the run exits 130.
struct InterruptGuard {
  struct sigaction old_int {}, old_term {};
  InterruptGuard() {
    struct sigaction sa {};
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old_int);
    sigaction(SIGTERM, &sa, &old_term);
  }
  ~InterruptGuard() {
    sigaction(SIGINT, &old_int, nullptr);
    sigaction(SIGTERM, &old_term, nullptr);
  }
};

}  // namespace

void add_run(CLI::App& app) {
  auto opts = std::make_shared<RunCli>();
  CLI::App* cmd = app.add_subcommand(
      "run", "Run an experiment config: every (board, strategy, position set) cell, checked against the exact solver, "
             "to DIR/results.csv and DIR/metadata.json");
  cmd->add_option("config", opts->config, "the experiment config (TOML; see experiments/README.md)")->required();
  cmd->add_option("--out", opts->out, "output folder (default: the config's output, else results/<experiment name>)");
  cmd->callback([opts, &app] {
    ExperimentConfig config;
    try {
      config = load_config(opts->config);
    } catch (const ConfigError& e) {
      fmt::print(stderr, "tictac run: {}\n", e.what());
      throw ExitCode{kExitUsage};
    }
    RunOptions ro;
    ro.out = opts->out;
    ro.progress = isatty(STDERR_FILENO);
    ro.command_line = "tictac run " + opts->config + (opts->out.empty() ? "" : " --out " + opts->out);
    ro.interrupt = &interrupted;
    (void)app;
    RunSummary s;
    try {
      InterruptGuard guard;
      s = run_experiment(config, ro);
    } catch (const ConfigError& e) {
      fmt::print(stderr, "tictac run: {}\n", e.what());
      throw ExitCode{kExitUsage};
    } catch (const Interrupted&) {
      fmt::print(stderr, "tictac run: interrupted; nothing was written\n");
      throw ExitCode{kExitInterrupted};
    } catch (const std::invalid_argument& e) {
      fmt::print(stderr, "tictac run: {}; nothing was written\n", e.what());
      throw ExitCode{kExitUsage};
    } catch (const std::exception& e) {
      fmt::print(stderr, "tictac run: {}; nothing was written\n", e.what());
      throw ExitCode{kExitFailure};
    }
    fmt::print("wrote {} ({} rows, {} cells) and {}\n", (s.out / "results.csv").string(), s.rows, s.cells,
               (s.out / "metadata.json").string());
    if (!s.disagreements.empty()) {
      fmt::print(stderr, "tictac run: {} position(s) disagree with the exact solver (matches_exact = false):\n",
                 s.disagreements.size());
      const std::size_t shown = std::min<std::size_t>(s.disagreements.size(), 50);
      for (std::size_t i = 0; i < shown; ++i) fmt::print(stderr, "  {}\n", s.disagreements[i]);
      if (shown < s.disagreements.size()) fmt::print(stderr, "  ... and {} more\n", s.disagreements.size() - shown);
      throw ExitCode{kExitFailure};
    }
  });
}

}  // namespace tictac::cli
