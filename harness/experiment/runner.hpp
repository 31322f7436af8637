// The experiment runner: every (board, strategy, position set) cell of a
// config, searched, timed, checked against a reference (reference.hpp: the
// exact solver, or two independent families that agree on boards over 16 cells), and written as
// tidy CSV with its metadata (`tictac run`).  A run is four steps:
//
//   plan      the boards, strategies and position sets of the config, the
//             cells, their estimated costs and this shard's cells (run_plan.hpp);
//   measure   for each position the counting search, the timed repetitions
//             and the check against the reference (measurement.hpp);
//   report    the CSV rows (result_rows.hpp; their columns: results_schema.hpp);
//   describe  metadata.json (run_metadata.hpp, which `tictac merge` shares).
//
// A position whose search ran out of its budget (a proof-number search with
// a budget) has an empty value and the status `unknown`; it is counted apart
// from the disagreements (RunSummary::unknown, metadata.json's
// exactness.unknown), and a set_total row over it is unknown unless a
// position of the set disagrees.
//
// Rows: for each cell, one row per position and repetition (row_kind
// "position"), then one per repetition for the whole set (row_kind
// "set_total": counts summed over the positions, sizes their maximum, rates
// recomputed from the sums (stat_fields.hpp), time the sum of the positions'
// times in that repetition).  With rows = "totals" only the set rows are
// written.  A shard (RunOptions::shard) runs some positions of a cell and
// writes their rows but no set_total rows: its share of each set total goes
// to metadata.json, and `tictac merge` writes the set_total rows of all.
//
// Node counts and every statistic come from Strategy::search (the counting
// instantiation), run once per position since they are deterministic; time_ns
// comes from Strategy::search_fast (statistics compiled out), run once per
// repetition.  metadata.json says so column by column, and says in
// "parallelism" how the run was spread over threads (RunOptions::jobs).
//
// Output appears whole or not at all: files are written beside their targets
// and renamed at the end; on an error or an interrupt nothing is left behind
// (and a folder the run created is removed).
#pragma once

#include <atomic>
#include <chrono>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/experiment/config.hpp"
#include "harness/experiment/result_rows.hpp"
#include "harness/experiment/shard.hpp"

namespace tictac {

struct RunOptions {
  std::filesystem::path out;      // empty: the config's output, else results/<name>
  bool progress = false;          // cells done, rate and time left on stderr, a terminal
  bool progress_lines = false;    // the same as a plain line every 10 s (stderr is a log)
  std::chrono::milliseconds progress_period{10000};  // the period of those lines (a test shortens it)
  std::string command_line;       // recorded in metadata.json
  const std::atomic<bool>* interrupt = nullptr;  // set by a signal handler
  // The counting searches read `interrupt` every 2^16 nodes (64 for the provers) too
  // (Strategy::search_cancellable: the same counts), so an interrupt stops
  // a long search and not only the run between searches; so do the timed
  // runs of a search whose cold run took a quarter of a second or more
  // (timed_search.hpp).  The shorter timed searches run to their end.
  bool cancellable_searches = false;
  // Run into a folder that holds another run's results (results.csv or
  // metadata.json): their files (results, metadata, position sets, plots,
  // report, verdicts) are removed first.  Without it, such a folder is
  // refused and nothing is changed.
  bool force = false;
  // Run only this shard's positions (harness/experiment/shard.hpp, which
  // deals out the positions of every cell); metadata.json then has a
  // "shard" object that `tictac merge` reads: the shard, the number of
  // cells and positions in all, and for each cell with positions here its
  // global index, those positions, its row count and its share of the set
  // total (the counters themselves, so the merge recomputes the rates).
  ShardSpec shard;
  // Threads for the counting searches (node counts and statistics): cells
  // run on up to `jobs` threads at once, each with its own Strategy.  The
  // timed searches run afterwards on the calling thread alone, so a timing
  // never shares a core with another cell.  1: everything in one thread.
  unsigned jobs = 1;
};

struct RunSummary {
  std::filesystem::path out;
  std::size_t cells = 0, rows = 0;  // cells and rows written (this shard's, when sharded)
  std::vector<std::string> disagreements;  // rows that disagree with the reference
  // Positions whose search ran out of its budget (status unknown): no value
  // to check, so not disagreements.
  std::vector<std::string> unknown;
};

// Throws ConfigError when a strategy or a position does not fit a board
// (before anything is written), Interrupted, or std::runtime_error when the
// output cannot be written.
RunSummary run_experiment(const ExperimentConfig& config, const RunOptions& options);

}  // namespace tictac
