// docs/extending.md's worked example, "A strategy", built and run here so that
// it cannot rot: the strategy file (tests/registry/example_strategy.hpp), its
// line in the strategy table (registered in this test binary only), a check
// against the exact solver, and its config (tests/registry/example.toml).
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include "harness/experiment/config.hpp"
#include "harness/experiment/runner.hpp"
#include "harness/registry/erased_strategy.hpp"
#include "harness/registry/exact_cache.hpp"
#include "tests/cli_support.hpp"
#include "tests/registry/example_strategy.hpp"

using namespace tictac;

namespace {

// docs/extending.md's line of the strategy table, verbatim (a test below finds it there).
void register_example() {
  static const bool registered = [] {
    register_strategy({{"example", "negamax alpha-beta in cell order, flat scores, no table", {}}, erased<ExampleAlphaBeta>()});
    return true;
  }();
  (void)registered;
}

// results.csv's set_total rows: nodes by (strategy_name, position_set).
std::map<std::pair<std::string, std::string>, std::string> set_total_nodes(const std::string& csv) {
  std::istringstream in(csv);
  std::string line;
  auto split = [](const std::string& l) {  // no quotes inside the fields read here
    std::vector<std::string> f(1);
    bool quoted = false;
    for (char c : l) {
      if (c == '"')
        quoted = !quoted;
      else if (c == ',' && !quoted)
        f.emplace_back();
      else
        f.back() += c;
    }
    return f;
  };
  std::getline(in, line);
  const auto header = split(line);
  auto column = [&](const char* name) {
    return static_cast<std::size_t>(std::find(header.begin(), header.end(), name) - header.begin());
  };
  std::map<std::pair<std::string, std::string>, std::string> nodes;
  while (std::getline(in, line)) {
    const auto f = split(line);
    if (f[column("row_kind")] == "set_total") nodes[{f[column("strategy_name")], f[column("position_set")]}] = f[column("nodes")];
  }
  return nodes;
}

}  // namespace

namespace {
// Searches every non-terminal position of b with the example and with
// alphabeta:order=index; returns how many.
int check_every_position(const Board& b) {
  register_example();
  const auto exact = exact_solution(b);
  const StateSpace& space = exact->space();
  auto example = make_strategy(b, "example");
  auto alphabeta = make_strategy(b, "alphabeta:order=index");
  CHECK(example->spec() == "example");
  CHECK(example->ordering() == "none");
  int searched = 0;
  for (StateSpace::Index i = 0; i < space.size(); ++i) {
    if (space.terminal(i)) continue;
    const Position p = space.position(i);
    const SearchResult r = example->search(p), ab = alphabeta->search(p);
    INFO(b.name() << " " << p.x << " " << p.o);
    REQUIRE(r.value == exact->value(i));
    REQUIRE(exact->is_optimal(p, r.best_move));
    REQUIRE(r.stats.nodes == ab.stats.nodes);
    REQUIRE(r.stats.cutoffs == ab.stats.cutoffs);
    ++searched;
  }
  return searched;
}
}  // namespace

TEST_CASE("the example strategy is exact on every 3x3 position and visits the nodes of the alpha-beta it reimplements",
          "[example_strategy]") {
  CHECK(check_every_position(Board()) == 4520);  // ground-truth.md: the non-terminal positions of 3x3
}

TEST_CASE("the example strategy is exact on every position of 3x4 with gravity, with the alpha-beta's nodes",
          "[example_strategy]") {
  // Its moves are the legal drops, as alphabeta's (MoveOrder) are.
  CHECK(check_every_position(Board(3, 4, 3, true)) > 0);
}

TEST_CASE("the example's config runs with every row matching the exact solver", "[example_strategy]") {
  register_example();
  test::TempDir t;
  const ExperimentConfig config = load_config(TICTAC_SOURCE_DIR "/tests/registry/example.toml");
  RunOptions options;
  options.out = t.path / "example";
  const RunSummary summary = run_experiment(config, options);
  CHECK(summary.disagreements.empty());
  CHECK(summary.cells == 4);
  const auto nodes = set_total_nodes(test::read_file(t.path / "example/results.csv"));
  REQUIRE(nodes.size() == 4);
  CHECK(nodes.at({"example", "all"}) == nodes.at({"alphabeta", "all"}));
  CHECK(nodes.at({"example", "empty"}) == nodes.at({"alphabeta", "empty"}));
}

TEST_CASE("docs/extending.md shows the example's file, its table line and its config as they are", "[example_strategy]") {
  const std::string page = test::read_file(TICTAC_SOURCE_DIR "/docs/extending.md");
  // The table line: what register_strategy gets above.
  const std::string self = test::read_file(TICTAC_SOURCE_DIR "/tests/registry/test_example_strategy.cpp");
  const auto from = self.find("register_strategy({{\"example\"") + std::string("register_strategy(").size();
  const std::string line = self.substr(from, self.find(");\n", from) - from);
  CHECK_THAT(page, Catch::Contains(line + ","));
  // Every line of the strategy and of the config but comments and blanks.
  for (const char* file : {"/tests/registry/example_strategy.hpp", "/tests/registry/example.toml"}) {
    std::istringstream in(test::read_file(std::string(TICTAC_SOURCE_DIR) + file));
    int quoted = 0;
    for (std::string l; std::getline(in, l);) {
      const std::string trimmed = l.substr(std::min(l.size(), l.find_first_not_of(' ')));
      if (trimmed.empty() || trimmed.rfind("//", 0) == 0 || trimmed.rfind("#", 0) == 0) continue;
      INFO(file << ": " << l);
      CHECK_THAT(page, Catch::Contains(l));
      ++quoted;
    }
    CHECK(quoted > 5);
  }
}

TEST_CASE("a strategy name is registered once", "[example_strategy]") {
  register_example();
  CHECK_THROWS_WITH(register_strategy({{"example", "again", {}}, erased<ExampleAlphaBeta>()}),
                    Catch::Contains("already registered"));
  CHECK_THROWS_WITH(register_strategy({{"negamax", "again", {}}, erased<ExampleAlphaBeta>()}),
                    Catch::Contains("already registered"));
}
