// Merging the shards of one sharded run (`tictac run CONFIG --shard I/N`)
// into DIR/results.csv and DIR/metadata.json (`tictac merge`).
//
// The rows come out in the order of the unsharded run, so the merge equals
// an unsharded run's results.csv apart from time_ns (and metadata.json apart
// from host, date, duration and command).  Refused, with nothing written: a
// folder that is not a shard, shards of different configs, commits or shard
// counts, a shard given twice, and a missing shard.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

namespace tictac {

// The shards do not make one run (or the output folder cannot be made).
struct MergeRefused : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

struct MergeSummary {
  std::size_t shards = 0, cells = 0, rows = 0;
};

// Throws MergeRefused, or std::runtime_error when the output cannot be
// written (then a folder the merge created is removed again).  `command` is
// recorded in metadata.json.
MergeSummary merge_shards(const std::vector<std::filesystem::path>& shard_dirs, const std::filesystem::path& out,
                          const std::string& command);

}  // namespace tictac
