// The columns of results.csv, written once, beside the row that fills them.
//
// A file's columns are, in this order: the fixed columns of
// TICTAC_RESULT_COLUMNS up to matches_exact, the statistics
// (stat_fields.hpp: one column each, nodes first), the rest of the fixed
// columns (time_ns to upper: after the statistics, each added at the end of
// them, so that every older column keeps its place), then one column per
// option of each strategy of
// the run (OptionColumn).  A ResultRow is filled by column, in any order, and
// ResultRow::write emits it in the file's order, refusing a row with a fixed
// column or a statistic left unset: a forgotten or reordered field cannot
// shift the columns after it.  metadata.json's "columns" describes the same list
// (result_columns).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "algorithms/search/statistics.hpp"
#include "harness/formats/csv_writer.hpp"

namespace tictac {

// Where a column's figures come from (metadata.json: columns.NAME.source).
namespace result_source {
inline constexpr const char* config = "config";
inline constexpr const char* counting = "search (counting instantiation, run once per position)";
inline constexpr const char* exact =
    "reference: the exact solver (retrograde analysis) on boards of at most 16 cells, two independent families that "
    "agree above (metadata.json: exactness)";
inline constexpr const char* fast = "search_fast (statistics compiled out, run once per repetition)";
}  // namespace result_source

// The fixed columns in file order: X(name, description, source), the source
// one of result_source's.  STATISTICS
// stands where the statistics' columns go.
#define TICTAC_RESULT_COLUMNS(X, STATISTICS)                                                                            \
  X(experiment, "the experiment's name", config)                                                           \
  X(board, "board size, rows x columns", config)                                                           \
  X(k, "stones in a row that win", config)                                                                 \
  X(gravity,                                                                                                           \
    "true when stones fall (a move is a column: Connect-Four and its family; the board is named RxCkKg), false "       \
    "otherwise",                                                                                                       \
    config)                                                                                                \
  X(strategy, "the strategy spec in normal form (every option, catalogue order)", config)                  \
  X(strategy_name, "the strategy without its options", config)                                             \
  X(ordering, "the strategy's move ordering (its order option; none when it has no such option)", config)  \
  X(position_set, "the position set's name", config)                                                       \
  X(row_kind, "position: one position searched; set_total: the whole set (counts summed over its positions)",          \
    config)                                                                                                \
  X(position, "the position searched (rows of X, O and . separated by /); empty on set_total rows",                    \
    config)                                                                                                \
  X(ply, "stones on the board; empty on set_total rows", config)                                           \
  X(positions, "positions the row covers (1, or the size of the set)", config)                             \
  X(repetition, "which timing repetition, from 0", config)                                                 \
  X(value,                                                                                                             \
    "the strategy's game value, X's point of view (+1, 0, -1), when exact (lower = upper); empty when its search ran " \
    "out of its budget (status unknown) or gave a bound only (a one-sided question: lower < upper)",                   \
    counting)                                                                                              \
  X(exact_value, "the exact game value, X's point of view", exact)                                         \
  X(distance,                                                                                                          \
    "plies to the end under perfect play (empty where the reference does not know it: boards over 16 cells)",         \
    exact)                                                                                                 \
  X(best_move,                                                                                                         \
    "the strategy's chosen move as a cell index (row by row from 0); empty for a finished position",                   \
    counting)                                                                                              \
  X(status,                                                                                                            \
    "agrees, disagrees (value or best_move differ from the reference, or exact_value lies outside a bound), or "       \
    "unknown (the search ran out of its budget: no value to check, not a disagreement); a bound (lower < upper, a "    \
    "one-sided question) agrees when exact_value lies within lower..upper; set_total: disagrees if a position does, "  \
    "else unknown if one is, else agrees",                                                                             \
    exact)                                                                                                 \
  X(matches_exact,                                                                                                     \
    "true when value equals exact_value (a bound: when exact_value lies within lower..upper) and best_move is an "     \
    "optimal move or none is claimed (a value proven by strategy-stealing, and a bound, prove no move); false for "    \
    "status disagrees or unknown (set_total: every position agrees)",                                                  \
    exact)                                                                                                 \
  STATISTICS                                                                                                           \
  X(time_ns,                                                                                                           \
    "wall time of one search in nanoseconds, warm: the median of the repetition's timed runs (set_total: the sum of "  \
    "the positions' medians in that repetition); metadata.json: timing",                                               \
    fast)                                                                                                  \
  X(timed_runs, "how many timed runs time_ns is the median of (set_total: summed over the positions)",                 \
    fast)                                                                                                  \
  X(time_spread,                                                                                                       \
    "(slowest - fastest) / median of the timed runs (set_total: the median of the positions' spreads)",                \
    fast)                                                                                                  \
  X(time_cold_ns,                                                                                                      \
    "wall time of the untimed cold run before the position's first timed run: it builds the search's tables and "     \
    "touches their pages (the same on each repetition's row; set_total: summed)",                                      \
    fast)                                                                                                  \
  X(stratum,                                                                                                           \
    "the position's stratum in a stratified set (a Pons stratum such as begin-easy, or a group such as \"ply 4 "       \
    "distance 7\"); empty for other sets and on set_total rows",                                                       \
    config)                                                                                                \
  X(lower,                                                                                                             \
    "a lower bound on the strategy's game value, X's point of view (-1, 0, +1): value when it is exact; a one-sided "  \
    "question (best:question=win|notlose) may give a bound only; -1 when nothing is known (status unknown); empty on " \
    "set_total rows.  Files from before this column have none: their value is exact where it is given",              \
    counting)                                                                                              \
  X(upper,                                                                                                             \
    "an upper bound on the strategy's game value, X's point of view: value when it is exact (the value is exact only " \
    "when lower = upper); +1 when nothing is known; empty on set_total rows",                                          \
    counting)

// A fixed column of results.csv (the statistics and the options are columns
// too, named by StatColumn and OptionColumn).
enum class ResultColumn : std::uint8_t {
#define TICTAC_RESULT_COLUMN_ID(name, ...) name,
  TICTAC_RESULT_COLUMNS(TICTAC_RESULT_COLUMN_ID, )
#undef TICTAC_RESULT_COLUMN_ID
};

// A column of results.csv per option of each strategy of the run, named
// `<strategy>.<key>` (alphabeta.order, best.tt): prefixed, so that it cannot
// collide with a statistic (`nodes` is both) or with an option of the same
// name in another family.
struct OptionColumn {
  std::string strategy, key;
  std::string name() const { return strategy + "." + key; }
};

// The columns back from their names (metadata.json's option_columns); throws
// std::invalid_argument for a name that is not strategy.key.
std::vector<OptionColumn> option_columns_from_names(const std::vector<std::string>& names);

// A column of results.csv with what it means and where it comes from.
struct ColumnInfo {
  std::string name, description, source;
};

// Every column of a results.csv with these option columns, in file order.
std::vector<ColumnInfo> result_columns(const std::vector<OptionColumn>& options);

class ResultRow;

// The columns of one results.csv: the fixed ones, the statistics and the
// run's option columns.
class ResultSchema {
 public:
  explicit ResultSchema(std::vector<OptionColumn> options);

  const std::vector<OptionColumn>& options() const { return options_; }
  // The header's names, in file order.
  std::vector<std::string> names() const;
  std::size_t size() const { return fixed_ + statistics_ + options_.size(); }

  // Where a column is in the file, from 0.
  std::size_t index(ResultColumn c) const;
  std::size_t statistic_index(std::size_t i) const { return first_statistic_ + i; }
  // The option column of `strategy`'s option `key`; none when the run has no such column.
  std::optional<std::size_t> option_index(const std::string& strategy, const std::string& key) const;

  // Files from before the lower and upper columns: the header of such a file
  // with these option columns (this header without those two), and one of its
  // rows (its fields) as this schema's row: lower = upper = value on a
  // position row with a value (a value there is exact), -1 and +1 on one
  // without (status unknown), empty on a set_total row.  `tictac merge` reads
  // shards written before the columns so; `compare` reads by name.
  std::vector<std::string> names_before_bounds() const;
  std::vector<std::string> with_bounds(std::vector<std::string> old_fields) const;

 private:
  std::vector<OptionColumn> options_;
  std::size_t fixed_, statistics_, first_statistic_;
};

// One row of results.csv, filled by column in any order.  Every fixed column
// and statistic must be given, an empty one by none(); option columns left
// unset are empty (a row of another strategy).
class ResultRow {
 public:
  explicit ResultRow(const ResultSchema& schema) : schema_(&schema), fields_(schema.size()) {}

  template <class T>
  ResultRow& set(ResultColumn c, const T& v) {
    return put(schema_->index(c), text(v));
  }
  // An empty field.
  ResultRow& none(ResultColumn c) { return put(schema_->index(c), std::string()); }
  // Every statistic's column (stat_fields.hpp).
  ResultRow& statistics(const SearchStats& stats);
  // The option columns of one strategy's options; an option without a column
  // in this run's schema is left out.
  ResultRow& options(const std::string& strategy, const std::vector<std::pair<std::string, std::string>>& options);

  // Writes the fields in the file's order and ends the row; throws
  // std::logic_error naming the first fixed column or statistic left unset.
  void write(CsvWriter& csv) const;

 private:
  static std::string text(std::string_view v) { return std::string(v); }
  static std::string text(const std::string& v) { return v; }
  static std::string text(const char* v) { return v; }
  template <class T>
  static std::string text(const T& v) {
    return csv_text(v);
  }
  ResultRow& put(std::size_t i, std::string text);

  const ResultSchema* schema_;
  std::vector<std::optional<std::string>> fields_;
};

}  // namespace tictac
