// The third step of a run (runner.hpp): the rows of results.csv.  The runner
// writes every row here; `tictac merge` (merge.hpp) writes the set_total rows
// of the cells whose positions were dealt out over shards, from the shards'
// partial totals, with the same code, so a merge is the unsharded file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "algorithms/exact/position_set.hpp"
#include "algorithms/search/statistics.hpp"
#include "harness/experiment/measurement.hpp"
#include "harness/formats/csv_writer.hpp"

namespace tictac {

// The fields every row of a cell starts with.
struct RowLabel {
  std::string experiment, board_size;
  int k = 0;
  bool gravity = false;
  std::string strategy, strategy_name, ordering, position_set;
};

// A cell's set_total so far: every position of the cell, or a shard's share.
struct SetTotal {
  std::size_t positions = 0;
  MeasurementStatus status = MeasurementStatus::agrees;
  SearchStats stats;                 // add_to_total over the positions (stat_fields.hpp)
  std::vector<std::int64_t> times;   // by repetition: the sum of the positions' time_ns

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
  // Writes the header (runner.hpp's result_columns()).
  explicit ResultsCsv(std::ostream& out);

  std::size_t rows() const { return rows_; }
  // The line the next row goes to (the header is line 1).
  std::size_t next_line() const { return rows_ + 2; }

  // A row per repetition for one position.
  void position(const RowLabel& cell, const PositionEntry& e, const std::string& text, const PositionMeasurement& m);
  // A row per repetition for the whole set.
  void total(const RowLabel& cell, const SetTotal& total);
  // Lines written elsewhere in this file's format (a shard's rows), counted.
  void copied(std::size_t lines) { rows_ += lines; }

 private:
  void prefix(const RowLabel& c);
  void end(const SearchStats& stats, std::int64_t time_ns);

  CsvWriter csv_;
  std::size_t rows_ = 0;
};

}  // namespace tictac
