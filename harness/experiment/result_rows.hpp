// The third step of a run (runner.hpp): the rows of results.csv.  The runner
// writes every row here; `tictac merge` (merge.hpp) writes the set_total rows
// of the cells whose positions were dealt out over shards, from the shards'
// partial totals, with the same code, so a merge is the unsharded file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "algorithms/exact/position_set.hpp"
#include "algorithms/search/statistics.hpp"
#include "harness/experiment/measurement.hpp"
#include "harness/formats/csv_writer.hpp"
#include "harness/formats/results_schema.hpp"

namespace tictac {

// The fields every row of a cell starts with, and its strategy's options
// (StrategyIdentity::options: the option columns).
struct RowLabel {
  std::string experiment, board_size;
  int k = 0;
  bool gravity = false;
  std::string strategy, strategy_name, ordering, position_set;
  std::vector<std::pair<std::string, std::string>> options{};
};

// The label of a cell's rows.
RowLabel row_label(const std::string& experiment, const Board& board, const Strategy& strategy,
                   const std::string& position_set);

// The option columns (results_schema.hpp: OptionColumn) of the strategies
// named, in catalogue order (every option of each); unknown names have none.
std::vector<OptionColumn> option_columns(const std::vector<std::string>& strategy_names);
// The option columns of a config's strategies: the same in every shard.
std::vector<OptionColumn> option_columns(const ExperimentConfig& config);

// The timing figures of one repetition (timed_search.hpp), summed over the
// positions on set_total rows: the median run, the cold run and the number
// of timed runs; and each position's spread.
struct TimeTotal {
  std::int64_t median_ns = 0, cold_ns = 0;
  std::uint64_t runs = 0;
  std::vector<double> spreads;  // (max - min) / median of each position's runs
  void add(const Timing& t, bool first_repetition);
  void add(const TimeTotal& o);
  // A position's spread; on set_total rows the median of its positions'
  // spreads.  Not (sum of maxima - sum of minima) / sum of medians: one
  // preempted run among thousands of microsecond searches would make that
  // figure a thousand percent while every median stands.
  double spread() const;
};

// A cell's set_total so far: every position of the cell, or a shard's share.
struct SetTotal {
  std::size_t positions = 0;
  MeasurementStatus status = MeasurementStatus::agrees;
  SearchStats stats;                 // add_to_total over the positions (stat_fields.hpp)
  std::vector<TimeTotal> times;      // by repetition: the sums over the positions

  // One more position (the set agrees when every position does; one
  // disagreement makes it disagree; else one unknown makes it unknown).
  void add(const PositionMeasurement& m);
  // Another share of the same cell.
  void add(const SetTotal& share);
};

// A label and a share of a set total as JSON (a position shard's
// metadata.json), exactly: the counters themselves, not the rates; and back
// (throws std::invalid_argument naming the missing or bad key).
nlohmann::ordered_json to_json(const RowLabel& label);
RowLabel label_from_json(const nlohmann::ordered_json& j);
nlohmann::ordered_json to_json(const SetTotal& total);
SetTotal set_total_from_json(const nlohmann::ordered_json& j);

class ResultsCsv {
 public:
  // Writes the header (results_schema.hpp: result_columns(options)).
  ResultsCsv(std::ostream& out, std::vector<OptionColumn> options);

  std::size_t rows() const { return rows_; }
  // The line the next row goes to (the header is line 1).
  std::size_t next_line() const { return rows_ + 2; }

  // A row per repetition for one position; `stratum` is its stratum in a
  // stratified set, else empty.
  void position(const RowLabel& cell, const PositionEntry& e, const std::string& text, const std::string& stratum,
                const PositionMeasurement& m);
  // A row per repetition for the whole set.
  void total(const RowLabel& cell, const SetTotal& total);
  // Lines written elsewhere in this file's format (a shard's rows), counted.
  void copied(std::size_t lines) { rows_ += lines; }

 private:
  // A row with the label's columns and its options' filled.
  ResultRow labelled(const RowLabel& c) const;
  // Fills the statistics, the time columns and the stratum, and writes the row.
  void end(ResultRow& row, const SearchStats& stats, const TimeTotal& time, const std::string& stratum);

  ResultSchema schema_;
  CsvWriter csv_;
  std::size_t rows_ = 0;
};

}  // namespace tictac
