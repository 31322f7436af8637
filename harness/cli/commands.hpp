// The subcommands of `tictac`.  Each registers its options on the app and
// sets a callback that does the work; main() runs whichever was chosen.
#pragma once

namespace CLI {
class App;
}

namespace tictac::cli {

// Exit codes, the same for every command (docs/cli.md, "Exit codes"):
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1;    // the command ran and found a problem
inline constexpr int kExitUsage = 2;      // bad arguments or bad input; nothing was written
inline constexpr int kExitUnknown = 3;    // a search ran out of its budget: the value is unknown
inline constexpr int kExitInterrupted = 130;  // 128 + SIGINT

// Thrown by a command to end the program with this exit code.
struct ExitCode {
  int value;
};

void add_analyze(CLI::App& app);
void add_compare(CLI::App& app);
void add_dag(CLI::App& app);
void add_match(CLI::App& app);
void add_merge(CLI::App& app);
void add_play(CLI::App& app);
void add_prove(CLI::App& app);
void add_quality(CLI::App& app);
void add_run(CLI::App& app);
void add_sets(CLI::App& app);
void add_solve(CLI::App& app);
void add_strategies(CLI::App& app);

}  // namespace tictac::cli
