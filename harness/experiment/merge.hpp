// Merging the shards of one sharded run (`tictac run CONFIG --shard I/N`)
// into DIR/results.csv and DIR/metadata.json (`tictac merge`).
//
// The rows come out in the order of the unsharded run, so the merge equals
// an unsharded run's results.csv apart from time_ns (and metadata.json apart
// from host, date, duration and command): each cell's position rows, by
// position, whichever shard ran them, then its set_total rows, written from
// the sum of the shards' shares of the set total (their counters, in each
// shard's metadata.json; the rates recomputed from the sums).  Refused, with
// nothing written: a folder that is not a shard, shards of different
// configs, commits or shard counts, a shard given twice, and a missing shard.
//
// With a split file (`tictac prove --split`, harness/formats/split_file.hpp),
// the merge also gives the root's value by minimax over the split
// (algorithms/exact/proof_split.hpp) and records it in metadata.json's
// "split".  Refused, with nothing written, when a split position has no row
// in the shards, a row of one disagrees with the reference, or one's value
// is unknown (a search beyond its budget).
#pragma once

#include <filesystem>
#include <optional>
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
  std::optional<int> split_value;  // with a split file: the root's value, X's point of view
  std::string split_root, split_board;
};

// Throws MergeRefused, or std::runtime_error when the output cannot be
// written (then a folder the merge created is removed again).  `command` is
// recorded in metadata.json.
MergeSummary merge_shards(const std::vector<std::filesystem::path>& shard_dirs, const std::filesystem::path& out,
                          const std::string& command, const std::filesystem::path& split_file = {});

}  // namespace tictac
