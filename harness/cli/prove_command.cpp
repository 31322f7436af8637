// `tictac prove --split PLIES [--board RxC --k K] [--position P] --out FILE`:
// the canonical positions PLIES deep below a root as a split file
// (harness/formats/split_file.hpp), for `tictac run` to prove position by
// position over shards and `tictac merge --split FILE` to join by minimax
// (algorithms/exact/proof_split.hpp).  Exit 2 for a bad board, root or
// depth, or a split too large; nothing is written then.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <memory>
#include <stdexcept>

#include "algorithms/exact/proof_split.hpp"
#include "harness/cli/board_options.hpp"
#include "harness/cli/commands.hpp"
#include "harness/formats/atomic_file.hpp"
#include "harness/formats/notation.hpp"
#include "harness/formats/split_file.hpp"

namespace tictac::cli {

namespace {

struct ProveCli {
  BoardOptions board;
  int split = 0;
  std::string out;
  std::size_t max_positions = 1'000'000;
};

void prove(const ProveCli& o) {
  Board b;
  Position root;
  ProofSplit split;
  try {
    b = o.board.parse_board();
    root = o.board.parse_position(b);
    split = split_proof(b, root, o.split, o.max_positions);
  } catch (const std::invalid_argument& e) {
    fmt::print(stderr, "tictac prove: {}; nothing was written\n", e.what());
    throw ExitCode{kExitUsage};
  }
  if (split.positions.empty()) {
    fmt::print(stderr, "tictac prove: every line from {} ends within {} plies: there is no position to prove (tictac "
                       "solve gives the value); nothing was written\n", format_position(b, root), o.split);
    throw ExitCode{kExitUsage};
  }
  try {
    AtomicFile file(o.out);
    write_split_file(file.stream(), b, split);
    file.commit();
  } catch (const std::exception& e) {
    fmt::print(stderr, "tictac prove: {}; nothing was written\n", e.what());
    throw ExitCode{kExitFailure};
  }
  fmt::print("wrote {}: the {} canonical positions {} plies below {} on {} ({} finished positions above them are leaves)\n",
             o.out, split.positions.size(), split.plies, format_position(b, root), b.name(), split.finished_leaves);
  fmt::print("prove them with a config whose [[position_set]] has kind = \"file\", file = \"{}\"; tictac run CONFIG "
             "--shard I/N (or scripts/slurm-submit CONFIG --split {}); then tictac merge SHARD_DIR... --out DIR --split {}\n",
             o.out, o.out, o.out);
}

}  // namespace

void add_prove(CLI::App& app) {
  auto o = std::make_shared<ProveCli>();
  CLI::App* cmd = app.add_subcommand(
      "prove", "Split a proof: write the canonical positions PLIES deep below the root (--split) as a position file, "
               "for tictac run to prove over shards and tictac merge --split to join by minimax");
  add_board_options(*cmd, o->board);
  add_position_options(*cmd, o->board, "the root");
  cmd->add_option("--split", o->split, "plies below the root: the depth of the split positions")
      ->required()
      ->check(CLI::Range(1, 64));
  cmd->add_option("--out", o->out, "the split file to write (CSV, a position-set file with the root on every row)")->required();
  cmd->add_option("--max-positions", o->max_positions, "refuse a split with more canonical positions at a depth (default 1000000)");
  cmd->callback([o] { prove(*o); });
}

}  // namespace tictac::cli
