// The columns of results.csv and the row filled by name
// (harness/formats/results_schema.hpp).
#include <catch2/catch.hpp>

#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/formats/csv_reader.hpp"
#include "harness/formats/results_schema.hpp"
#include "harness/formats/stat_fields.hpp"

using namespace tictac;

namespace {

// A row with every fixed column filled with its own name, in reverse order.
ResultRow filled(const ResultSchema& schema) {
  ResultRow row(schema);
#define TICTAC_FILL(name, ...) row.set(ResultColumn::name, #name);
  TICTAC_RESULT_COLUMNS(TICTAC_FILL, )
#undef TICTAC_FILL
  return row;
}

}  // namespace

TEST_CASE("the header is the fixed columns, the statistics after matches_exact, time_ns onwards, then the options", "[results_schema]") {
  const ResultSchema schema({{"alphabeta", "order"}, {"best", "tt"}});
  const std::vector<std::string> names = schema.names();
  REQUIRE(names.size() == schema.size());
  const std::size_t stats = stat_columns().size();
  CHECK(names.front() == "experiment");
  CHECK(names[schema.index(ResultColumn::matches_exact)] == "matches_exact");
  CHECK(names[schema.statistic_index(0)] == "nodes");
  CHECK(schema.index(ResultColumn::time_ns) == schema.index(ResultColumn::matches_exact) + 1 + stats);
  CHECK(names[schema.index(ResultColumn::stratum)] == "stratum");
  CHECK(names[names.size() - 2] == "alphabeta.order");
  CHECK(names.back() == "best.tt");
  CHECK(schema.option_index("best", "tt") == names.size() - 1);
  CHECK_FALSE(schema.option_index("best", "order"));
}

TEST_CASE("a row filled in any order is written in the header's order, other strategies' options empty", "[results_schema]") {
  const ResultSchema schema({{"alphabeta", "order"}, {"best", "tt"}});
  ResultRow row = filled(schema);
  row.statistics(SearchStats{}).options("best", {{"tt", "canonical"}, {"unknown", "x"}});
  std::ostringstream out;
  CsvWriter csv(out, schema.names());
  row.write(csv);
  const std::string text = out.str();
  const std::vector<std::string> f = csv_fields(text.substr(text.find('\n') + 1, text.size() - text.find('\n') - 2));
  const std::vector<std::string> names = schema.names();
  REQUIRE(f.size() == names.size());
#define TICTAC_CHECK_PLACE(name, ...) CHECK(f[schema.index(ResultColumn::name)] == #name);
  TICTAC_RESULT_COLUMNS(TICTAC_CHECK_PLACE, )
#undef TICTAC_CHECK_PLACE
  CHECK(f[schema.statistic_index(0)] == "0");
  CHECK(f[names.size() - 2].empty());
  CHECK(f.back() == "canonical");
}

TEST_CASE("a row with a fixed column or a statistic left unset is refused, naming the column", "[results_schema]") {
  const ResultSchema schema({});
  std::ostringstream out;
  CsvWriter csv(out, schema.names());
  ResultRow no_stats = filled(schema);
  CHECK_THROWS_WITH(no_stats.write(csv), "results.csv row: column 'nodes' was not filled");
  ResultRow row(schema);
  row.statistics(SearchStats{}).set(ResultColumn::experiment, "e");
  CHECK_THROWS_WITH(row.write(csv), "results.csv row: column 'board' was not filled");
}
