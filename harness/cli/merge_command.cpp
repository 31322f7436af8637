// `tictac merge SHARD_DIR... --out DIR [--split FILE]`: the shards of one
// sharded run joined into DIR/results.csv and DIR/metadata.json, and with a
// split file the root's value (harness/experiment/merge.hpp).
// Exit 2 when the shards do not make one run, 1 when the output cannot be
// written; either way nothing is written.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <memory>
#include <vector>

#include "harness/cli/commands.hpp"
#include "harness/experiment/merge.hpp"

namespace tictac::cli {

void add_merge(CLI::App& app) {
  auto shards = std::make_shared<std::vector<std::string>>();
  auto out = std::make_shared<std::string>();
  auto split = std::make_shared<std::string>();
  CLI::App* cmd = app.add_subcommand(
      "merge", "Merge the shards of a sharded run (tictac run CONFIG --shard I/N) into DIR/results.csv and "
               "DIR/metadata.json, rows in the unsharded order; refuses mixed configs or commits, missing and "
               "duplicate shards; with --split, also the root's value by minimax over a split proof");
  cmd->add_option("shards", *shards, "the shard output folders, each with results.csv and metadata.json")->required();
  cmd->add_option("--out", *out, "the folder for the merged results.csv and metadata.json")->required();
  cmd->add_option("--split", *split,
                  "the split file of tictac prove --split that the shards proved: also give the root's value by "
                  "minimax over the split (metadata.json: split); refused when a split position has no proved value");
  cmd->callback([shards, out, split] {
    std::string command = "tictac merge";
    for (const auto& d : *shards) command += " " + d;
    command += " --out " + *out;
    if (!split->empty()) command += " --split " + *split;
    try {
      const MergeSummary m = merge_shards({shards->begin(), shards->end()}, *out, command, *split);
      const std::filesystem::path dir = *out;
      fmt::print("merged {} shards ({} cells, {} rows) into {} and {}\n", m.shards, m.cells, m.rows,
                 (dir / "results.csv").string(), (dir / "metadata.json").string());
      if (m.split_value)
        fmt::print("the root {} of {} has the value {} ({}), by minimax over the split {}\n", m.split_root, m.split_board,
                   *m.split_value, *m.split_value > 0 ? "X wins" : *m.split_value < 0 ? "O wins" : "a draw", *split);
    } catch (const MergeRefused& e) {
      fmt::print(stderr, "tictac merge: {}; nothing was written\n", e.what());
      throw ExitCode{kExitUsage};
    } catch (const std::exception& e) {
      fmt::print(stderr, "tictac merge: {}; nothing was written\n", e.what());
      throw ExitCode{kExitFailure};
    }
  });
}

}  // namespace tictac::cli
