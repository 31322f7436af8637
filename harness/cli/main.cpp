// tictac: a research harness for game-tree search on m,n,k-games.
#include <CLI/CLI.hpp>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>

#include "harness/cli/commands.hpp"
#include "harness/formats/version.hpp"

int main(int argc, char** argv) {
  CLI::App app{"tictac " TICTAC_VERSION
               ": exact game-tree search experiments on m,n,k-games (tic-tac-toe and family)"};
  app.require_subcommand(1);
  app.set_version_flag("--version", "tictac " TICTAC_VERSION);
  app.footer(
      "Exit codes: 0 success; 1 the command ran and found a problem (for example a strategy that "
      "disagrees with the exact solver); 2 bad arguments or input (nothing is written); "
      "3 a proof-number search ran out of its budget (the value is unknown); 130 interrupted.");
  tictac::cli::add_analyze(app);
  tictac::cli::add_compare(app);
  tictac::cli::add_dag(app);
  tictac::cli::add_match(app);
  tictac::cli::add_merge(app);
  tictac::cli::add_play(app);
  tictac::cli::add_prove(app);
  tictac::cli::add_quality(app);
  tictac::cli::add_run(app);
  tictac::cli::add_sets(app);
  tictac::cli::add_solve(app);
  tictac::cli::add_strategies(app);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return tictac::cli::kExitUsage;
  } catch (const std::invalid_argument& e) {
    std::cerr << "tictac: error: " << e.what() << "\n";
    return tictac::cli::kExitUsage;
  } catch (const tictac::cli::ExitCode& code) {
    return code.value;
  } catch (const std::exception& e) {
    std::cerr << "tictac: error: " << e.what() << "\n";
    return tictac::cli::kExitFailure;
  }
  // Output that could not be written (a full disk, a closed pipe) is a
  // failure, not a success with a truncated result.
  std::cout.flush();
  if (std::fflush(stdout) != 0 || std::ferror(stdout) || !std::cout) {
    std::cerr << "tictac: error: cannot write to standard output: " << std::strerror(errno) << "\n";
    return tictac::cli::kExitFailure;
  }
  return tictac::cli::kExitOk;
}
