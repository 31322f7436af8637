// The statistics of a search as named fields, generated from the one list in
// algorithms/search/statistics.hpp (TICTAC_SEARCH_STATISTICS): the CLI's JSON
// and tables, the runner's CSV columns and their descriptions, and the set
// totals all read it, so a statistic has the same name and the same
// aggregation everywhere.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "algorithms/search/statistics.hpp"

namespace tictac {

// How a set of positions combines a statistic (the set_total rows).
enum class Aggregate : std::uint8_t {
  sum,   // the sum over the positions
  max,   // the maximum over the positions (a table's size)
  rate,  // recomputed from the summed counters
};

struct StatColumn {
  const char* name;
  Aggregate aggregate;
  const char* description;
};

// Every statistic that is a column, in column order (nodes first); not
// nodes_by_ply.
std::span<const StatColumn> stat_columns();

struct StatField {
  const char* name;
  bool is_rate;         // a ratio in [0, 1] or a mean, else a count
  std::uint64_t count;  // when !is_rate
  double rate;          // when is_rate
  std::string text() const;  // counts exactly; rates with 6 decimals
};

// The values of stat_columns() for s, in the same order.
std::vector<StatField> stat_fields(const SearchStats& s);

// Adds the statistics of one more position of a set to `total`, each as its
// Aggregate says (nodes_by_ply summed).
void add_to_total(SearchStats& total, const SearchStats& s);

// Adds every field, and nodes_by_ply (up to the last non-zero ply), to j.
void stats_to_json(const SearchStats& s, nlohmann::ordered_json& j);

// Prints the fields as an aligned two-column table on stdout.
void print_stats_table(const SearchStats& s);

}  // namespace tictac
