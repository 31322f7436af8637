// The last step of a run (runner.hpp): describing it in metadata.json.  The
// one writer of that file, for `tictac run` and for `tictac merge` (merge.hpp),
// which recomputes the totals of its shards and says how the run was spread.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "harness/experiment/config.hpp"
#include "harness/experiment/result_rows.hpp"
#include "harness/experiment/run_plan.hpp"
#include "harness/formats/metadata.hpp"

namespace tictac {

using Json = nlohmann::ordered_json;

// What a run or a merge adds up to.
struct RunTotals {
  double duration_s = 0;
  std::size_t cells = 0;
  std::size_t rows = 0;
  std::size_t disagreements = 0;
  std::size_t unknown = 0;  // positions without a value (a search beyond its budget), apart from disagreements
};

// Everything a run knows about itself at its end.
struct RunDescription {
  const ExperimentConfig& config;
  const std::vector<PreparedBoard>& boards;
  const RunPlan& plan;
  ShardSpec shard;
  std::string command_line;
  GitInfo git;                       // the tree as the run started
  std::string started_utc;
  std::vector<std::string> set_files;       // the position-set files written beside results.csv
  std::vector<std::size_t> cell_rows;       // rows of each cell run, in plan order
  std::vector<SetTotal> shares;             // a shard's share of each cell's set total, in plan order
  unsigned threads = 1;                     // threads of the counting searches
  RunTotals totals;
};

// metadata.json of a run.
Json run_metadata(const RunDescription& run);

// Sets the totals in m, where a run put them.
void set_totals(Json& m, const RunTotals& totals);

// The "parallelism" object: the counting searches of one process on threads
// (1: none), or shards of separate processes, each with its own.
Json threads_parallelism(unsigned threads);
Json shards_parallelism(std::size_t shards, const Json& within_each_shard);

// Writes m as metadata.json's text.
void write_metadata(std::ostream& out, const Json& m);

}  // namespace tictac
