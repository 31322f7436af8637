// docs/extending.md quotes real code as its examples: the history ordering,
// best's pairing option and the tt_collisions statistic (the strategy's
// worked example has its own test, tests/registry/test_example_strategy.cpp).
// Each quote is checked here line by line against the file it comes from, so
// that the page cannot drift from the code it teaches.
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "tests/cli_support.hpp"

namespace extending_doc {

// A line as the page quotes it: without its indentation, and without the
// trailing spaces and backslash of a macro's continuation.
std::string as_quoted(const std::string& line) {
  const auto first = line.find_first_not_of(' ');
  if (first == std::string::npos) return "";
  auto last = line.find_last_not_of(" \\");
  return line.substr(first, last + 1 - first);
}

const std::string& page() {
  static const std::string p = tictac::test::read_file(TICTAC_SOURCE_DIR "/docs/extending.md");
  return p;
}

// Checks that the page quotes the lines of `file` from the first line that
// contains `from` through the first line, from there, that contains `to`.
int check_quoted_span(const char* file, const std::string& from, const std::string& to) {
  std::istringstream in(tictac::test::read_file(std::string(TICTAC_SOURCE_DIR "/") + file));
  int quoted_lines = 0;
  bool inside = false;
  for (std::string l; std::getline(in, l);) {
    if (!inside && l.find(from) == std::string::npos) continue;
    inside = true;
    const std::string q = as_quoted(l);
    if (!q.empty() && q.rfind("//", 0) != 0) {
      INFO(file << ": " << l);
      CHECK_THAT(page(), Catch::Contains(q));
      ++quoted_lines;
    }
    if (l.find(to) != std::string::npos) break;
  }
  return quoted_lines;
}

}  // namespace extending_doc

using extending_doc::check_quoted_span;

TEST_CASE("docs/extending.md quotes the history ordering's file and its table line as they are", "[extending]") {
  CHECK(check_quoted_span("algorithms/search/order/history.hpp", "#pragma once", "}  // namespace tictac") > 5);
  CHECK(check_quoted_span("harness/registry/orderings.cpp", "base(\"history\"", "),") == 3);
}

TEST_CASE("docs/extending.md quotes best's pairing option where it is declared, converted and held", "[extending]") {
  CHECK(check_quoted_span("harness/registry/families/best.cpp", "{\"pairing\", \"off\"", "false, false},") == 2);
  CHECK(check_quoted_span("harness/registry/families/best.cpp", "b.pairing =", "b.pairing =") == 1);
  CHECK(check_quoted_span("algorithms/search/best/best_search.hpp", "bool pairing = false;", "bool pairing") == 1);
}

TEST_CASE("docs/extending.md quotes the tt_collisions statistic, its hooks and a call as they are", "[extending]") {
  CHECK(check_quoted_span("algorithms/search/statistics.hpp", "COUNT(tt_collisions,", "COUNT(tt_collisions,") == 1);
  CHECK(check_quoted_span("algorithms/search/statistics.hpp", "void tt_collision() {}", "void tt_collision()") == 1);
  CHECK(check_quoted_span("algorithms/search/statistics.hpp", "void tt_collision() { ++s", "void tt_collision()") == 1);
  CHECK(check_quoted_span("algorithms/tables/tt.hpp", "stats.tt_collision();", "stats.tt_collision();") == 1);
}
