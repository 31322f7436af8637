// The statistics of a search as named fields: the one list that the CLI's
// JSON and tables and the runner's CSV columns all read, so a statistic has
// the same name everywhere.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "algorithms/search/statistics.hpp"

namespace tictac {

struct StatField {
  const char* name;
  bool is_rate;         // a ratio in [0, 1] or a mean, else a count
  std::uint64_t count;  // when !is_rate
  double rate;          // when is_rate
  std::string text() const;  // counts exactly; rates with 6 decimals
};

// Every statistic except nodes_by_ply, nodes first.
std::vector<StatField> stat_fields(const SearchStats& s);

// Adds every field, and nodes_by_ply (up to the last non-zero ply), to j.
void stats_to_json(const SearchStats& s, nlohmann::ordered_json& j);

// Prints the fields as an aligned two-column table on stdout.
void print_stats_table(const SearchStats& s);

}  // namespace tictac
