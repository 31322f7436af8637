// The statistics as named fields (harness/formats/stat_fields.hpp), generated
// from the one list in algorithms/search/statistics.hpp: the columns, the JSON
// keys, the set totals and the descriptions that metadata.json gives them.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "harness/experiment/runner.hpp"
#include "harness/formats/stat_fields.hpp"

using namespace tictac;

namespace {

std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> fields(1);
  for (char c : line) {
    if (c == ',')
      fields.emplace_back();
    else
      fields.back().push_back(c);
  }
  return fields;
}

// The statistics columns of a committed results.csv: those after
// matches_exact and before time_ns.
std::vector<std::string> committed_stat_columns() {
  std::ifstream in(TICTAC_SOURCE_DIR "/results/reproduce-seeds/results.csv");
  std::string header;
  REQUIRE(std::getline(in, header));
  const auto all = split(header);
  const auto first = std::find(all.begin(), all.end(), "matches_exact");
  const auto last = std::find(all.begin(), all.end(), "time_ns");
  REQUIRE(first != all.end());
  REQUIRE(last != all.end());
  return {first + 1, last};
}

}  // namespace

TEST_CASE("the statistics columns are the committed results' columns, in their order", "[stat_fields]") {
  std::vector<std::string> names;
  for (const StatColumn& c : stat_columns()) names.push_back(c.name);
  CHECK(names == committed_stat_columns());
  std::vector<std::string> field_names;
  for (const StatField& f : stat_fields(SearchStats{})) field_names.push_back(f.name);
  CHECK(field_names == names);
}

TEST_CASE("solve's JSON has a key for every statistics column, then nodes_by_ply", "[stat_fields]") {
  SearchStats s;
  s.nodes_by_ply[0] = 1;
  s.nodes_by_ply[2] = 5;
  nlohmann::ordered_json j;
  stats_to_json(s, j);
  std::vector<std::string> keys;
  for (const auto& [key, value] : j.items()) keys.push_back(key);
  std::vector<std::string> expected = committed_stat_columns();
  expected.push_back("nodes_by_ply");
  CHECK(keys == expected);
  CHECK(j["nodes_by_ply"] == nlohmann::ordered_json({1, 0, 5}));
}

TEST_CASE("a set total sums the counters, keeps the largest table and recomputes rates from the sums", "[stat_fields]") {
  SearchStats a, b;
  a.nodes = 5, b.nodes = 7;
  a.nodes_by_ply[1] = 5, b.nodes_by_ply[1] = 3, b.nodes_by_ply[2] = 4;
  a.cutoffs = 4, b.cutoffs = 6;
  a.first_move_cutoffs = 3, b.first_move_cutoffs = 1;
  a.cutoff_move_index_sum = 2, b.cutoff_move_index_sum = 10;
  a.tt_probes = 10, b.tt_probes = 30;
  a.tt_hits = 9, b.tt_hits = 3;
  a.tt_capacity = 8, b.tt_capacity = 16;
  a.table_bytes = 100, b.table_bytes = 50;
  a.memo_entries = 2, b.memo_entries = 3;
  SearchStats total;
  add_to_total(total, a);
  add_to_total(total, b);
  CHECK(total.nodes == 12);
  CHECK(total.nodes_by_ply[1] == 8);
  CHECK(total.nodes_by_ply[2] == 4);
  CHECK(total.cutoffs == 10);
  CHECK(total.cutoff_move_index_sum == 12);
  CHECK(total.memo_entries == 5);
  CHECK(total.tt_capacity == 16);
  CHECK(total.table_bytes == 100);
  // 4 of 10 cutoffs by the first move, not the mean of 3/4 and 1/6.
  CHECK(total.first_move_cutoff_rate() == Approx(0.4));
  CHECK(total.mean_cutoff_move_index() == Approx(1.2));
  CHECK(total.tt_hit_rate() == Approx(0.3));
}

TEST_CASE("metadata.json describes each statistic's set total the way it is computed", "[stat_fields]") {
  std::map<std::string, std::string> description;
  for (const ColumnInfo& c : result_columns({})) description[c.name] = c.description;
  for (const char* size : {"tt_capacity", "table_bytes"}) {
    INFO(size);
    CHECK_THAT(description[size], Catch::Contains("maximum") && !Catch::Contains("summed"));
  }
  for (const char* count : {"nodes", "tt_hits", "memo_entries"}) {
    INFO(count);
    CHECK_THAT(description[count], Catch::Contains("summed"));
  }
  for (const char* rate : {"tt_hit_rate", "first_move_cutoff_rate", "mean_cutoff_move_index"}) {
    INFO(rate);
    CHECK_THAT(description[rate], Catch::Contains("recomputed from the summed counts"));
  }
}
