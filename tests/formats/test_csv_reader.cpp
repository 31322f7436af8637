// The one CSV reader of the set, split and merge files
// (harness/formats/csv_reader.hpp): quotes as csv_writer.hpp writes them,
// notes and blank lines skipped, and errors that name the file, the line and
// the column.
#include <catch2/catch.hpp>

#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "harness/formats/csv_reader.hpp"
#include "harness/formats/csv_writer.hpp"

using namespace tictac;

TEST_CASE("a line reads back the fields the writer wrote, quotes, commas and doubled quotes included", "[csv_reader]") {
  const std::vector<std::string> fields = {"3x3", "", "a,b", "say \"hi\"", "ply 4 distance 7"};
  std::ostringstream out;
  CsvWriter csv(out, {"a", "b", "c", "d", "e"});
  for (const auto& f : fields) csv.field(f);
  csv.end_row();
  const std::string text = out.str();
  const std::string row = text.substr(text.find('\n') + 1);
  CHECK(csv_fields(row.substr(0, row.size() - 1)) == fields);
  CHECK(csv_fields("x,y\r") == std::vector<std::string>{"x", "y"});
}

TEST_CASE("a quote left open is refused naming the line and the column", "[csv_reader]") {
  CHECK_THROWS_WITH(csv_fields("a,\"b"), "column 2: the quote that opens the field is not closed");
  const std::string text = "# a note\nboard,position\n3x3,\"X..\n";
  CsvReader r(CsvText{"set.csv", text});
  REQUIRE(r.read_header());
  std::vector<std::string> f;
  CHECK_THROWS_WITH(r.next(f), "set.csv:3: column 2 (position): the quote that opens the field is not closed");
}

TEST_CASE("notes and blank lines are skipped, and each row knows its line", "[csv_reader]") {
  const std::string text = "# tictac sets\n\nboard,k\n3x3,3\n\n# later\n4x4,3\n";
  CsvReader r(CsvText{"set.csv", text});
  REQUIRE(r.read_header());
  CHECK(r.header() == std::vector<std::string>{"board", "k"});
  CHECK(r.column("k") == 1u);
  CHECK_FALSE(r.column("gravity"));
  std::vector<std::string> f;
  REQUIRE(r.next(f));
  CHECK(r.line() == 4);
  REQUIRE(r.next(f));
  CHECK((r.line() == 7 && f[0] == "4x4"));
  CHECK_FALSE(r.next(f));
  CHECK_THROWS_WITH(r.fail("bad"), "set.csv:7: bad");
  r.whole_file();
  CHECK_THROWS_WITH(r.fail("bad"), "set.csv: bad");
}

TEST_CASE("results rows that start with '#' are rows, not notes, when the file has no notes", "[csv_reader]") {
  const std::string text = "experiment,k\n#1,3\n";
  CsvReader r(CsvText{"results.csv", text}, CsvNotes::none);
  REQUIRE(r.read_header());
  std::vector<std::string> f;
  REQUIRE(r.next(f));
  CHECK(f[0] == "#1");
}
