#include <catch2/catch.hpp>

#include <algorithm>
#include <map>
#include <set>

#include "harness/experiment/config.hpp"
#include "harness/experiment/run_plan.hpp"

using namespace tictac;

namespace {
const char* kMinimal = R"(
[experiment]
name = "t"
question = "q"
boards = ["3x3k3"]

[[strategy]]
name = "negamax"

[[position_set]]
name = "empty"
kind = "empty"
)";

std::string error_of(const std::string& text) {
  try {
    parse_config(text, "exp.toml");
  } catch (const ConfigError& e) {
    return e.what();
  }
  return "no error";
}

// The minimal config with `what` replaced by `with`.
std::string edited(const std::string& what, const std::string& with) {
  std::string s = kMinimal;
  const auto at = s.find(what);
  REQUIRE(at != std::string::npos);
  return s.replace(at, what.size(), with);
}
}  // namespace

TEST_CASE("a minimal config reads with its defaults", "[config]") {
  const ExperimentConfig c = parse_config(kMinimal, "exp.toml");
  CHECK(c.name == "t");
  CHECK(c.question == "q");
  REQUIRE(c.boards.size() == 1);
  CHECK(c.boards[0].board == Board(3, 3, 3));
  CHECK(c.boards[0].line == 5);
  CHECK(c.repetitions == 1);
  CHECK(c.position_rows);
  REQUIRE(c.strategies.size() == 1);
  CHECK(c.strategies[0].spec() == "negamax");
  REQUIRE(c.position_sets.size() == 1);
  CHECK(c.position_sets[0].spec.kind->name == "empty");
}

TEST_CASE("lists of option values expand to their cross product, first option slowest", "[config]") {
  const auto c = parse_config(edited("name = \"negamax\"", R"(name = "alphabeta"
order = ["index", "history", "oracle"]
tt = ["none", "zobrist"])"),
                              "exp.toml");
  REQUIRE(c.strategies.size() == 6);
  CHECK(c.strategies[0].spec() == "alphabeta:order=index,tt=none");
  CHECK(c.strategies[1].spec() == "alphabeta:order=index,tt=zobrist");
  CHECK(c.strategies[5].spec() == "alphabeta:order=oracle,tt=zobrist");
}

TEST_CASE("random orderings without a seed run once per experiment seed", "[config]") {
  std::string text = edited("name = \"negamax\"", R"(name = "alphabeta"
order = ["index", "random"])");
  text = text.replace(text.find("boards"), 0, "seeds = [4, 5, 6]\n");
  const auto c = parse_config(text, "exp.toml");
  REQUIRE(c.strategies.size() == 4);
  CHECK(c.strategies[0].spec() == "alphabeta:order=index");
  CHECK(c.strategies[1].spec() == "alphabeta:order=random,seed=4");
  CHECK(c.strategies[3].spec() == "alphabeta:order=random,seed=6");
}

TEST_CASE("seeding follows the ordering table: seeded orderings behind prefixes too, and no other option", "[config]") {
  std::string text = edited("name = \"negamax\"", R"(name = "pvs"
order = ["killer+random-fixed", "history", "tt+killer+random"]
tt = "zobrist"

[[strategy]]
name = "best"
order = ["index", "eval"])");
  text = text.replace(text.find("boards"), 0, "seeds = [7, 8]\n");
  const auto c = parse_config(text, "exp.toml");
  std::vector<std::string> specs;
  for (const auto& s : c.strategies) specs.push_back(s.spec());
  CHECK(specs == std::vector<std::string>{
                     "pvs:order=killer+random-fixed,tt=zobrist,seed=7", "pvs:order=killer+random-fixed,tt=zobrist,seed=8",
                     "pvs:order=history,tt=zobrist", "pvs:order=tt+killer+random,tt=zobrist,seed=7",
                     "pvs:order=tt+killer+random,tt=zobrist,seed=8", "best:order=index", "best:order=eval"});
  // The added seed is reported at the line of the order that asked for it.
  CHECK(c.strategies[0].option_lines.back() == c.strategies[0].option_lines.front());
}

TEST_CASE("position sets of every kind read with their keys", "[config]") {
  const auto c = parse_config(std::string(kMinimal) + R"(
[[position_set]]
name = "early"
kind = "plies"
plies = [1, 2]

[[position_set]]
name = "pons"
kind = "stratified"
plies = [3]
per_group = 4
seed = 9

[[position_set]]
name = "mine"
kind = "list"
positions = ["X../.../...", "XO./.../..."]

[[position_set]]
name = "shared"
kind = "file"
file = "sets/a.csv"
)",
                              "experiments/exp.toml");
  REQUIRE(c.position_sets.size() == 5);
  CHECK(c.position_sets[1].spec.plies == std::vector<int>{1, 2});
  CHECK(c.position_sets[2].spec.kind == find_set_kind("stratified", {}));
  CHECK(c.position_sets[2].spec.per_group == 4);
  CHECK(c.position_sets[2].spec.seed == 9);
  CHECK(c.position_sets[3].spec.positions.size() == 2);
  CHECK(c.position_sets[3].position_lines[1] == 29);
  CHECK(c.position_sets[4].spec.kind->name == "file");
  CHECK(c.position_sets[4].spec.file == std::filesystem::path("experiments/sets/a.csv"));
}

TEST_CASE("an unknown key is an error naming the file, the line and the key", "[config]") {
  CHECK(error_of(edited("question = \"q\"", "question = \"q\"\nrepetitons = 3")) ==
        "exp.toml:5: key 'repetitons': unknown key in [experiment] (known keys: name, question, description, output, "
        "repetitions, seeds, boards, rows, timing_min_ms, timing_max_runs, baseline)");
  CHECK_THAT(error_of(edited("kind = \"empty\"", "kind = \"empty\"\nplies = [1]")),
             Catch::StartsWith("exp.toml:13: key 'plies': does not apply to a position set of kind 'empty'"));
  CHECK_THAT(error_of(std::string(kMinimal) + "\n[extra]\n"), Catch::StartsWith("exp.toml:14: key 'extra': unknown key"));
}

TEST_CASE("a wrong type is an error naming the line, the key and the types", "[config]") {
  CHECK(error_of(edited("question = \"q\"", "question = \"q\"\nrepetitions = \"3\"")) ==
        "exp.toml:5: key 'repetitions': must be an integer, not a string");
  CHECK(error_of(edited("[\"3x3k3\"]", "\"3x3k3\"")) == "exp.toml:5: key 'boards': must be a list, not a string");
  CHECK_THAT(error_of(edited("name = \"negamax\"", "name = \"alphabeta\"\norder = 1.5")),
             Catch::StartsWith("exp.toml:9: key 'order': a strategy option must be a string, an integer or a boolean"));
}

TEST_CASE("bad values are errors naming the line and the key", "[config]") {
  CHECK_THAT(error_of(edited("[\"3x3k3\"]", "[\"3x3k4\"]")),
             Catch::StartsWith("exp.toml:5: key 'boards': ") && Catch::Contains("k must be between 1 and max(rows, cols)"));
  CHECK_THAT(error_of(edited("[\"3x3k3\"]", "[\"9x9k5\"]")), Catch::StartsWith("exp.toml:5: key 'boards': "));
  CHECK_THAT(error_of(edited("name = \"negamax\"", "name = \"negamax\"\nboards = [\"4x4k4\"]")),
             Catch::StartsWith("exp.toml:9: key 'boards': '4x4k4' is not one of the experiment's boards"));
  CHECK_THAT(error_of(edited("name = \"negamax\"", "name = \"negamax\"\nboards = []")),
             Catch::StartsWith("exp.toml:9: key 'boards': an empty list applies to no board"));
  CHECK_THAT(error_of(edited("[\"3x3k3\"]", "[\"3x3\"]")), Catch::Contains("not of the form RxCkK"));
  CHECK_THAT(error_of(edited("kind = \"empty\"", "kind = \"everything\"")),
             Catch::StartsWith("exp.toml:12: key 'kind': 'everything' is not one of empty, all"));
  CHECK_THAT(error_of(edited("question = \"q\"", "question = \"q\"\nrepetitions = 0")),
             Catch::StartsWith("exp.toml:5: key 'repetitions': 0 is outside 1..1000"));
  CHECK_THAT(error_of(edited("name = \"t\"", "name = \"a/b\"")), Catch::StartsWith("exp.toml:3: key 'name'"));
}

TEST_CASE("missing required keys and malformed TOML are errors with the line", "[config]") {
  CHECK(error_of(edited("question = \"q\"\n", "")) == "exp.toml:2: key 'question': missing (a string)");
  CHECK_THAT(error_of(edited("name = \"t\"", "name = ")), Catch::StartsWith("exp.toml:3:"));
  CHECK_THAT(error_of("[experiment]\nname = \"t\"\nquestion = \"q\"\nboards = [\"3x3k3\"]\n"),
             Catch::Contains("[[strategy]]"));
  CHECK_THROWS_AS(load_config("/nonexistent/exp.toml"), ConfigError);
}

TEST_CASE("strategy names, option keys and values are checked through the registry, at their lines", "[config]") {
  auto check = [&](const std::string& text) -> std::string {
    try {
      check_strategies(parse_config(text, "exp.toml"));
    } catch (const ConfigError& e) {
      return e.what();
    }
    return "no error";
  };
  CHECK(check(kMinimal) == "no error");
  CHECK_THAT(check(edited("name = \"negamax\"", "name = \"negamx\"")),
             Catch::StartsWith("exp.toml:8: key 'name': unknown strategy 'negamx' (strategies: minimax, minimax-depth, "
                               "negamax, alphabeta"));
  CHECK_THAT(check(edited("name = \"negamax\"", "name = \"alphabeta\"\nordr = \"index\"")),
             Catch::StartsWith("exp.toml:9: key 'ordr': strategy alphabeta has no option 'ordr' (its options: order, "
                               "window, fail"));
  CHECK(check(edited("name = \"negamax\"", "name = \"alphabeta\"\norder = \"index\"\nfail = \"medium\"")) ==
        "exp.toml:10: key 'fail': strategy alphabeta: fail=medium is not valid (choices: soft, hard)");
  CHECK(check(edited("name = \"negamax\"", "name = \"best\"\ntt_bits = 40")) ==
        "exp.toml:9: key 'tt_bits': strategy best: tt_bits=40 is not valid (at most 28: table size as a power of two, 1 "
        "to 28 (0: sized to the board))");
}

TEST_CASE("a position set may be limited to some boards and choose its own rows", "[config]") {
  std::string text = edited("[\"3x3k3\"]", "[\"3x3k3\", \"3x4k3\"]");
  text = edited("kind = \"empty\"", "kind = \"empty\"\nboards = [\"3x4k3\"]\nrows = \"totals\"");
  text.replace(text.find("[\"3x3k3\"]"), 9, "[\"3x3k3\", \"3x4k3\"]");
  const auto c = parse_config(text, "exp.toml");
  REQUIRE(c.position_sets.size() == 1);
  CHECK(c.position_sets[0].boards == std::vector<std::string>{"3x4k3"});
  CHECK_FALSE(c.position_sets[0].position_rows);
  CHECK(c.position_rows);
  CHECK(error_of(edited("kind = \"empty\"", "kind = \"empty\"\nboards = [\"4x4k4\"]")) ==
        "exp.toml:13: key 'boards': '4x4k4' is not one of the experiment's boards");
}

TEST_CASE("claims of every source read, and a wrong one is an error naming its line and key", "[config]") {
  const std::string claims = std::string(kMinimal) + R"(
[[claim]]
id = "a"
seed = "000"
text = "t"
strategy = "negamax"
count = "below_root"
expected = 549945

[[claim]]
id = "b"
seed = "000"
text = "t"
source = "arithmetic"
expression = "19683 + 27"
expected = 19710

[[claim]]
id = "c"
seed = "004"
text = "t"
source = "arithmetic"
expression = "3 < 5"
expected = true

[[claim]]
id = "d"
seed = "004"
text = "t"
source = "none"
reason = "another game"

[[claim]]
id = "e"
seed = "004"
text = "t"
source = "analyze"
figure = "reachable_states"
relation = "between"
expected = 1000
expected_max = 10000
)";
  CHECK(parse_config(claims, "exp.toml").claims == 5);
  // A missing key is reported at its [[claim]] line, a bad value at its own.
  auto with = [&](const std::string& what, const std::string& by) {
    std::string s = claims;
    s.replace(s.find(what), what.size(), by);
    return error_of(s);
  };
  CHECK(with("reason = \"another game\"", "") == "exp.toml:38: key 'reason': missing (why the claim cannot be measured here)");
  CHECK(with("expression = \"3 < 5\"", "") == "exp.toml:30: key 'expression': missing (the arithmetic that checks the claim)");
  CHECK(with("relation = \"between\"", "relation = \"about\"").find("exp.toml:51: key 'relation': 'about' is not one of") == 0);
  CHECK(with("expected_max = 10000", "") == "exp.toml:45: key 'expected_max': missing (the upper end of a 'between' claim)");
  CHECK(with("count = \"below_root\"", "count = \"root\"") == "exp.toml:19: key 'count': 'root' is not one of all, below_root");
  CHECK(with("source = \"none\"", "source = \"guess\"") == "exp.toml:42: key 'source': 'guess' is not one of run, analyze, arithmetic, none");
}

TEST_CASE("a board name with a g suffix is a gravity board", "[config]") {
  const auto c = parse_config(edited("[\"3x3k3\"]", "[\"6x7k4g\", \"6x7k4\"]"), "exp.toml");
  REQUIRE(c.boards.size() == 2);
  CHECK(c.boards[0].board == Board(6, 7, 4, true));
  CHECK(c.boards[0].board.name() == "6x7k4g");
  CHECK(c.boards[1].board == Board(6, 7, 4));
  CHECK_THAT(error_of(edited("[\"3x3k3\"]", "[\"6x7g\"]")), Catch::Contains("not of the form RxCkK"));
  CHECK_THAT(error_of(edited("[\"3x3k3\"]", "[\"6x7k4gg\"]")), Catch::Contains("not of the form RxCkK"));
}

TEST_CASE("a strategy may be limited to some position sets, named and checked with their line", "[config]") {
  std::string text = edited("name = \"negamax\"", "name = \"negamax\"\nsets = [\"opening\"]\n\n[[strategy]]\nname = \"alphabeta\"");
  text += "\n[[position_set]]\nname = \"opening\"\nkind = \"plies\"\nplies = [1]\n";
  const auto c = parse_config(text, "exp.toml");
  REQUIRE(c.strategies.size() == 2);
  CHECK(c.strategies[0].sets == std::vector<std::string>{"opening"});
  CHECK(c.strategies[0].set_lines == std::vector<int>{9});
  CHECK(c.strategies[1].sets.empty());
  // The plan: negamax on `opening` only, alphabeta on both sets.
  const auto boards = prepare_boards(c);
  const RunPlan plan = plan_run(c, boards, ShardSpec{});
  std::vector<std::pair<std::size_t, std::size_t>> cells;
  for (const Cell& cell : plan.all_cells) cells.emplace_back(cell.strategy, cell.set);
  CHECK(cells == std::vector<std::pair<std::size_t, std::size_t>>{{0, 1}, {1, 0}, {1, 1}});
  CHECK(plan.positions == 1 + 9 + 9);

  // A name that is no position set of the config, wherever the set is defined.
  CHECK(error_of(edited("name = \"negamax\"", "name = \"negamax\"\nsets = [\"empty\", \"end\"]")) ==
        "exp.toml:9: key 'sets': 'end' is not one of the experiment's position sets (empty)");
  CHECK(error_of(edited("name = \"negamax\"", "name = \"negamax\"\nsets = []")) ==
        "exp.toml:9: key 'sets': an empty list applies to no position set (leave the key out for every set)");
  CHECK_THAT(error_of(edited("name = \"negamax\"", "name = \"negamax\"\nsets = [3]")),
             Catch::StartsWith("exp.toml:9: key 'sets': each position set must be named by a string"));
  CHECK_THAT(error_of(edited("name = \"negamax\"", "name = \"negamax\"\nsets = \"empty\"")),
             Catch::StartsWith("exp.toml:9: key 'sets': must be a list"));
}

TEST_CASE("the keys that only tictac sets had are config keys of Pons's strata, refused elsewhere at their line", "[config]") {
  const std::string pons = std::string(kMinimal) + R"(
[[position_set]]
name = "pons"
kind = "stratified"
per_stratum = 5
builders = true
max_seconds = 30
value_fallback = true
)";
  const ExperimentConfig c = parse_config(pons, "exp.toml");
  const PositionSetSpec& s = c.position_sets[1].spec;
  CHECK(s.kind->chosen_by == "per_stratum");
  CHECK(s.builders);
  CHECK(s.max_seconds == 30);
  CHECK(s.value_fallback);
  const std::string random = std::string(kMinimal) + R"(
[[position_set]]
name = "sample"
kind = "random"
plies = [2]
per_ply = 3
builders = true
)";
  CHECK_THAT(error_of(random), Catch::StartsWith("exp.toml:19: key 'builders': does not apply to a position set of kind 'random'") &&
                                   Catch::Contains("builders applies to kind stratified with per_stratum"));
}

TEST_CASE("every key of the table of kinds is a config key of the kinds it applies to", "[config]") {
  // A value for each key (a key added to the table without one here fails below).
  const std::map<std::string_view, std::string> values = {
      {"plies", "[1]"},        {"per_group", "1"},     {"per_ply", "1"},       {"per_stratum", "1"},
      {"seed", "1"},           {"max_positions", "9"}, {"max_games", "9"},     {"budget", "1"},
      {"balance", "\"on\""},   {"max_seconds", "1"},   {"builders", "true"},   {"value_fallback", "true"},
      {"positions", "[\"X../.../...\"]"}, {"file", "\"a.csv\""}, {"first", "1"}};
  for (std::string_view key : position_set_keys()) {
    INFO(key);
    REQUIRE(values.count(key));
    for (const PositionSetKind& kind : position_set_kinds()) {
      if (std::find(kind.keys.begin(), kind.keys.end(), key) == kind.keys.end()) continue;
      std::string set = "\n[[position_set]]\nname = \"s\"\nkind = \"" + std::string(kind.name) + "\"\n";
      std::set<std::string_view> keys(kind.required.begin(), kind.required.end());
      keys.insert(key);
      if (!kind.chosen_by.empty()) keys.insert(kind.chosen_by);
      for (std::string_view k : keys) set += std::string(k) + " = " + values.at(k) + "\n";
      std::string text = kMinimal;
      text.replace(text.find("[[position_set]]"), std::string::npos, set);
      INFO(text);
      CHECK(parse_config(text, "exp.toml").position_sets.at(0).spec.kind == &kind);
    }
  }
}
