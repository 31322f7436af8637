// docs/extending.md quotes real code as its examples: the history ordering,
// best's pairing option, the tt_collisions statistic, the random kind of
// position set and the rule connect needs (the strategy's worked example has
// its own test, tests/registry/test_example_strategy.cpp).  Each quote is
// checked here line by line against the file it comes from, so that the page
// cannot drift from the code it teaches.  Two worked examples live here: a
// position-set kind, built and run below, and the refusal of a strategy on a
// board that lacks a rule it needs (run by tests/search/test_strategies.cpp).
#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "algorithms/exact/position_set.hpp"
#include "algorithms/game/board.hpp"
#include "harness/experiment/position_set_spec.hpp"
#include "harness/experiment/set_generator.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/strategy.hpp"
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

TEST_CASE("docs/extending.md quotes best's pairing option where it is declared and held", "[extending]") {
  CHECK(check_quoted_span("harness/registry/families/best.cpp", ".on_off(\"pairing\"", ".hidden_at_default()") == 4);
  CHECK(check_quoted_span("algorithms/search/best/best_search.hpp", "bool pairing = false;", "bool pairing") == 1);
}

TEST_CASE("docs/extending.md quotes the tt_collisions statistic, its hooks and a call as they are", "[extending]") {
  CHECK(check_quoted_span("algorithms/search/statistics.hpp", "COUNT(tt_collisions,", "COUNT(tt_collisions,") == 1);
  CHECK(check_quoted_span("algorithms/search/statistics.hpp", "void tt_collision() {}", "void tt_collision()") == 1);
  CHECK(check_quoted_span("algorithms/search/statistics.hpp", "void tt_collision() { ++s", "void tt_collision()") == 1);
  CHECK(check_quoted_span("algorithms/tables/tt.hpp", "stats.tt_collision();", "stats.tt_collision();") == 1);
}

TEST_CASE("docs/extending.md quotes the random kind's table line and its generator as they are", "[extending]") {
  CHECK(check_quoted_span("harness/experiment/set_generator.cpp", "{\"random\", \"\", \"random\"", "random_set},") == 1);
  CHECK(check_quoted_span("harness/experiment/set_generator.cpp", "GeneratedSet random_set(", "return out;") == 5);
}

// The worked example of docs/extending.md, "A position-set kind": a kind of
// this test's own, its table line and its generator (the page quotes both;
// the test below checks the quote).  The table of kinds has no run-time
// extension point, so the example hands its kind to generate_set directly,
// as a config, `tictac sets` and tictac.positions() do with an entry of
// position_set_kinds().
namespace tictac::extending_example {

GeneratedSet decided_set(SetContext& c, const PositionSetSpec& s) {
  GeneratedSet out;
  for (const PositionEntry& e : unfinished_positions(*c.exact, s.plies, false, c.options.cancel))
    if (e.value != 0) out.entries.push_back(e);
  return out;
}

const PositionSetKind decided{"decided", "", "decided", {"plies"}, {"plies"}, true, false, false, decided_set};

}  // namespace tictac::extending_example

TEST_CASE("docs/extending.md's example kind of position set is built, run and quoted as it is", "[extending]") {
  using namespace tictac;
  CHECK(check_quoted_span("tests/docs/test_extending.cpp", "GeneratedSet decided_set(", "const PositionSetKind decided{") == 7);
  PositionSetSpec spec;
  spec.kind = &extending_example::decided;
  spec.plies = {4};
  const Board board;  // 3x3, k=3
  const GeneratedSet set = generate_set(board, spec);
  // Every unfinished position of ply 4 that is not a draw, valued by the exact solution.
  std::size_t decided = 0;
  for (const PositionEntry& e : unfinished_positions(*exact_solution(board), {4}, false)) decided += e.value != 0;
  CHECK(decided > 0);
  CHECK(set.entries.size() == decided);
  for (const PositionEntry& e : set.entries) CHECK((e.ply == 4 && e.value != 0));
  // Beyond 16 cells the table's flag refuses it before the generator runs.
  CHECK_THROWS_WITH(generate_set(Board(5, 5, 4, false), spec), Catch::Contains("kind 'decided' needs the exact solver"));
}

TEST_CASE("docs/extending.md quotes a rule of the board, the strategy that needs it and the example's refusal", "[extending]") {
  CHECK(check_quoted_span("algorithms/game/board.hpp", "bool stone_opens_cell_above() const", "bool stone_opens_cell_above()") == 1);
  CHECK(check_quoted_span("harness/registry/strategy.hpp", "struct RulesNeeded {", "bool any() const") >= 9);
  CHECK(check_quoted_span("harness/registry/families/connect.cpp", "RulesNeeded{.stone_opens_cell_above", "RulesNeeded{") == 1);
  CHECK(check_quoted_span("tests/search/test_strategies.cpp", "register_strategy({{\"no-gravity\"", "erased<Negamax>()});") == 4);
  CHECK(check_quoted_span("tests/search/test_strategies.cpp", "CHECK_THROWS_WITH(make_strategy(Board(3, 3, 3, true), \"no-gravity\")",
                          "assumes every empty cell is playable\"));") == 3);
  // connect, which needs stones to open the cell above, is refused without gravity, naming the rule.
  CHECK_THROWS_WITH(tictac::make_strategy(tictac::Board(), "connect"),
                    Catch::Contains("strategy connect needs a board where a stone opens the cell above it"));
}
