#include <catch2/catch.hpp>

#include <chrono>
#include <csignal>
#include <cstdio>
#include <fcntl.h>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <thread>
#include <unistd.h>

#include "tests/cli_support.hpp"
#include "harness/experiment/config.hpp"
#include "harness/experiment/runner.hpp"
#include "harness/formats/metadata.hpp"

using tictac::test::read_file;
using tictac::test::run_tictac;
using tictac::test::write_file;
using tictac::test::TempDir;
using json = nlohmann::json;

namespace {

// The stdout of a shell command ("" when it fails).
std::string run_shell(const std::string& command) {
  std::string out;
  if (FILE* pipe = popen(command.c_str(), "r")) {
    char buf[256];
    while (std::size_t n = std::fread(buf, 1, sizeof buf, pipe)) out.append(buf, n);
    if (pclose(pipe) != 0) out.clear();
  }
  return out;
}

// The rows of a CSV as maps from column to field (no quoted commas in the
// fields read here).
std::vector<std::map<std::string, std::string>> rows_of(const std::string& csv) {
  std::istringstream in(csv);
  std::string line;
  std::getline(in, line);
  const auto split = tictac::csv_fields;
  const auto header = split(line);
  std::vector<std::map<std::string, std::string>> rows;
  while (std::getline(in, line)) {
    const auto f = split(line);
    REQUIRE(f.size() == header.size());
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < f.size(); ++i) row[header[i]] = f[i];
    rows.push_back(row);
  }
  return rows;
}

const char* kSeedConfig = R"(
[experiment]
name = "seeds"
question = "Do plain negamax and the canonical memo reproduce seed 000?"
boards = ["3x3k3"]
repetitions = 3

[[strategy]]
name = "negamax"

[[strategy]]
name = "memo"
keys = "canonical"

[[position_set]]
name = "empty"
kind = "empty"

[[position_set]]
name = "opening"
kind = "plies"
plies = [1]
)";
}  // namespace

TEST_CASE("tictac run reproduces seed 000's node counts and memo entries, checked against the exact solver", "[run]") {
  TempDir t;
  write_file(t.path / "exp.toml", kSeedConfig);
  const auto r = run_tictac("run exp.toml", t.path);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(r.err.empty());  // stderr is not a terminal: no progress
  const auto rows = rows_of(read_file(t.path / "results/seeds/results.csv"));
  // Each cell: a row per position and repetition, then a set_total row per repetition.
  // negamax and memo x (empty: 1 position, opening: 9) x 3 repetitions.
  CHECK(rows.size() == 2 * ((1 + 1) * 3 + (9 + 1) * 3));
  int seen = 0;
  for (const auto& row : rows) {
    CHECK(row.at("matches_exact") == "true");
    CHECK(row.at("experiment") == "seeds");
    CHECK(std::stoll(row.at("time_ns")) > 0);
    if (row.at("position_set") != "empty" || row.at("row_kind") != "position") continue;
    ++seen;
    CHECK(row.at("position") == ".../.../...");
    CHECK(row.at("value") == "0");
    CHECK(row.at("exact_value") == "0");
    if (row.at("strategy_name") == "negamax") CHECK(row.at("nodes") == "549946");  // ground truth
    if (row.at("strategy_name") == "memo") {
      CHECK(row.at("nodes") == "2271");  // seed 000, under its convention
      CHECK(row.at("memo_entries") == "627");
    }
  }
  CHECK(seen == 6);
}

TEST_CASE("the set_total rows sum the positions' node counts and times", "[run]") {
  TempDir t;
  write_file(t.path / "exp.toml", kSeedConfig);
  REQUIRE(run_tictac("run exp.toml --out out", t.path).exit_code == 0);
  const auto rows = rows_of(read_file(t.path / "out/results.csv"));
  std::map<std::string, long long> nodes, time;
  std::map<std::string, std::string> total_nodes, total_time;
  for (const auto& row : rows) {
    if (row.at("position_set") != "opening" || row.at("repetition") != "1") continue;
    const std::string key = row.at("strategy");
    if (row.at("row_kind") == "position") {
      nodes[key] += std::stoll(row.at("nodes"));
      time[key] += std::stoll(row.at("time_ns"));
    } else {
      total_nodes[key] = row.at("nodes");
      total_time[key] = row.at("time_ns");
      CHECK(row.at("positions") == "9");
    }
  }
  REQUIRE(nodes.size() == 2);
  for (const auto& [key, n] : nodes) {
    CHECK(total_nodes[key] == std::to_string(n));
    CHECK(total_time[key] == std::to_string(time[key]));
  }
  // Plain negamax from the nine openings: every game-tree node below the root,
  // 549,946 - 1 (ground truth).
  CHECK(nodes["negamax"] == 549945);
}

TEST_CASE("metadata.json records the build, the host, the config hash and where each column comes from", "[run]") {
  TempDir t;
  write_file(t.path / "exp.toml", kSeedConfig);
  REQUIRE(run_tictac("run exp.toml --out out", t.path).exit_code == 0);
  const json m = json::parse(read_file(t.path / "out/metadata.json"));
  CHECK(m["experiment"] == "seeds");
  CHECK(m["tictac_version"].is_string());
  CHECK((m["build"]["system"] == "cmake" || m["build"]["system"] == "meson"));
  CHECK_FALSE(m["build"]["compiler"].get<std::string>().empty());
  CHECK(m["build"]["type"] != "unknown");
  CHECK(m["host"]["cpu_model"].is_string());
  CHECK(m["date_utc"].get<std::string>().size() == 20);
  CHECK(m["config_fnv1a64"] == tictac::fnv1a64_hex(kSeedConfig));
  CHECK(m["git"].contains("commit"));
  CHECK(m["git"].contains("dirty"));
  // The commit is the binary's, compiled in: a commit of the source tree's
  // history (HEAD when nothing was committed since the build), whatever
  // folder the config is in.
  if (!run_shell("git -C '" TICTAC_SOURCE_DIR "' rev-parse HEAD 2>/dev/null").empty()) {
    REQUIRE(m["tictac_build"]["commit"].is_string());
    const std::string commit = m["tictac_build"]["commit"];
    CHECK(commit.size() == 40);
    CHECK(std::system(("git -C '" TICTAC_SOURCE_DIR "' merge-base --is-ancestor " + commit + " HEAD").c_str()) == 0);
  }
  CHECK(m["tictac_build"]["commit"] == m["git"]["commit"]);
  CHECK(m["config_git"]["commit"].is_null());  // the config is in a temporary folder, outside any checkout
  CHECK_THAT(m["timing"]["method"].get<std::string>(), Catch::Contains("cold run"));
  CHECK(m["timing"]["max_runs"] == 5);
  CHECK_THAT(m["columns"]["nodes"]["source"].get<std::string>(), Catch::Contains("counting"));
  CHECK_THAT(m["columns"]["time_ns"]["source"].get<std::string>(), Catch::Contains("search_fast"));
  CHECK(m["exactness"]["disagreements"] == 0);
}

TEST_CASE("a run refuses a folder that holds another run unless forced, and then leaves no file of the old run", "[run]") {
  TempDir t;
  write_file(t.path / "a.toml", R"(
[experiment]
name = "a"
question = "q"
boards = ["3x3k3"]
[[strategy]]
name = "negamax"
[[position_set]]
name = "pons"
kind = "stratified"
plies = [2]
per_group = 1
seed = 1
)");
  write_file(t.path / "b.toml", R"(
[experiment]
name = "b"
question = "q"
boards = ["3x3k3"]
[[strategy]]
name = "alphabeta"
order = ["index", "history"]
[[position_set]]
name = "start"
kind = "empty"
)");
  REQUIRE(run_tictac("run a.toml --out out", t.path).exit_code == 0);
  REQUIRE(std::filesystem::exists(t.path / "out/positions-pons-3x3k3.csv"));
  std::filesystem::create_directories(t.path / "out/plots");
  write_file(t.path / "out/plots/old.png", "a plot of run a");
  write_file(t.path / "out/report.md", "# run a");
  const std::string before = read_file(t.path / "out/results.csv");
  const auto refused = run_tictac("run b.toml --out out", t.path);
  CHECK(refused.exit_code == 2);
  CHECK_THAT(refused.err, Catch::Contains("holds another run's results") && Catch::Contains("--force"));
  CHECK(read_file(t.path / "out/results.csv") == before);  // nothing changed
  const auto forced = run_tictac("run b.toml --out out --force", t.path);
  INFO(forced.err);
  REQUIRE(forced.exit_code == 0);
  CHECK(json::parse(read_file(t.path / "out/metadata.json"))["experiment"] == "b");
  CHECK_FALSE(std::filesystem::exists(t.path / "out/positions-pons-3x3k3.csv"));
  CHECK_FALSE(std::filesystem::exists(t.path / "out/plots"));
  CHECK_FALSE(std::filesystem::exists(t.path / "out/report.md"));
  // The option columns: every option of alphabeta, as the strategy sets it.
  const auto rows = rows_of(read_file(t.path / "out/results.csv"));
  REQUIRE(!rows.empty());
  for (const auto& row : rows) {
    CHECK(row.at("alphabeta.order") == row.at("ordering"));
    CHECK(row.at("alphabeta.tt") == "none");
    CHECK(row.at("stratum").empty());
  }
  const json m = json::parse(read_file(t.path / "out/metadata.json"));
  CHECK(m["strategy_options_set"].size() == 2);
  for (const auto& [spec, set] : m["strategy_options_set"].items()) CHECK(set.size() == 1);  // order alone
}

TEST_CASE("a baseline that is none of the config's strategies is refused at its line", "[run]") {
  TempDir t;
  write_file(t.path / "exp.toml", R"([experiment]
name = "x"
question = "q"
boards = ["3x3k3"]
baseline = "alphabeta:order=killer"
[[strategy]]
name = "alphabeta"
order = ["index", "history"]
[[position_set]]
name = "start"
kind = "empty"
)");
  const auto r = run_tictac("run exp.toml --out out", t.path);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("exp.toml:5: key 'baseline'") && Catch::Contains("none of the config's strategies"));
  CHECK_FALSE(std::filesystem::exists(t.path / "out"));
  std::string text = read_file(t.path / "exp.toml");
  text.replace(text.find("killer"), 6, "history");
  write_file(t.path / "exp.toml", text);
  REQUIRE(run_tictac("run exp.toml --out out", t.path).exit_code == 0);
  CHECK(json::parse(read_file(t.path / "out/metadata.json"))["baseline"] ==
        "alphabeta:order=history,window=full,fail=soft,score=flat,tt=none,keys=exact,tt_bits=0,replace=always,seed=1,"
        "iterative=false");
}

TEST_CASE("the example config of experiments/ runs, and run --help names it", "[run]") {
  TempDir t;
  const auto r = run_tictac("run '" TICTAC_SOURCE_DIR "/experiments/example.toml' --out out", t.path);
  INFO(r.err);
  CHECK(r.exit_code == 0);
  CHECK_THAT(run_tictac("run --help").out, Catch::Contains("experiments/example.toml") && Catch::Contains("What is timed"));
}

TEST_CASE("FNV-1a 64 matches its published test vectors", "[run]") {
  CHECK(tictac::fnv1a64_hex("") == "cbf29ce484222325");
  CHECK(tictac::fnv1a64_hex("a") == "af63dc4c8601ec8c");
  CHECK(tictac::fnv1a64_hex("foobar") == "85944171f73967e8");
}

TEST_CASE("a stratified set is written to a file that another experiment reads back", "[run]") {
  TempDir t;
  write_file(t.path / "gen.toml", R"(
[experiment]
name = "gen"
question = "q"
boards = ["3x3k3"]
[[strategy]]
name = "alphabeta"
[[position_set]]
name = "pons"
kind = "stratified"
plies = [3, 5]
per_group = 2
seed = 11
)");
  REQUIRE(run_tictac("run gen.toml --out gen", t.path).exit_code == 0);
  const std::string set_file = read_file(t.path / "gen/positions-pons-3x3k3.csv");
  // The set keeps its strata: the groups of ply and distance.
  CHECK_THAT(set_file, Catch::StartsWith("board,k,gravity,position,ply,value,value_to_move,distance,stratum\n"));
  write_file(t.path / "use.toml", R"(
[experiment]
name = "use"
question = "q"
boards = ["3x3k3"]
[[strategy]]
name = "alphabeta"
[[position_set]]
name = "pons"
kind = "file"
file = "gen/positions-pons-3x3k3.csv"
)");
  REQUIRE(run_tictac("run use.toml --out use", t.path).exit_code == 0);
  auto positions = [](const std::string& csv) {
    std::vector<std::string> p;
    for (const auto& row : rows_of(csv))
      if (row.at("row_kind") == "position")
        p.push_back(row.at("position") + " " + row.at("distance") + " " + row.at("stratum"));
    return p;
  };
  // Each row names its group, read back from the file as the set wrote it.
  for (const auto& row : rows_of(read_file(t.path / "gen/results.csv")))
    if (row.at("row_kind") == "position")
      CHECK(row.at("stratum") == "ply " + row.at("ply") + " distance " + row.at("distance"));
  const auto a = positions(read_file(t.path / "gen/results.csv"));
  CHECK(a.size() == rows_of(set_file).size());
  CHECK(a == positions(read_file(t.path / "use/results.csv")));

  // `first = 2`: the file's first two positions, in file order.
  REQUIRE(a.size() > 2);
  write_file(t.path / "first.toml", read_file(t.path / "use.toml") + "first = 2\n");
  REQUIRE(run_tictac("run first.toml --out first", t.path).exit_code == 0);
  CHECK(positions(read_file(t.path / "first/results.csv")) == std::vector<std::string>(a.begin(), a.begin() + 2));
}

TEST_CASE("a file set with {board} in its name reads each board's own file", "[run]") {
  TempDir t;
  write_file(t.path / "gen.toml", R"(
[experiment]
name = "gen"
question = "q"
boards = ["3x3k3", "3x4k3"]
[[strategy]]
name = "alphabeta"
[[position_set]]
name = "pons"
kind = "stratified"
plies = [3, 5]
per_group = 2
seed = 11
)");
  REQUIRE(run_tictac("run gen.toml --out gen", t.path).exit_code == 0);
  write_file(t.path / "use.toml", R"(
[experiment]
name = "use"
question = "q"
boards = ["3x3k3", "3x4k3"]
[[strategy]]
name = "alphabeta"
[[position_set]]
name = "pons"
kind = "file"
file = "gen/positions-pons-{board}.csv"
)");
  REQUIRE(run_tictac("run use.toml --out use", t.path).exit_code == 0);
  // Each board's rows are its own file's positions, in the file's order.
  auto positions = [](const std::string& csv, const std::string& board) {
    std::vector<std::string> p;
    for (const auto& row : rows_of(csv))
      if (row.at("row_kind") == "position" && row.at("board") == board) p.push_back(row.at("position"));
    return p;
  };
  const std::string used = read_file(t.path / "use/results.csv");
  for (const std::string board : {"3x3k3", "3x4k3"}) {
    std::vector<std::string> in_file;
    for (const auto& row : rows_of(read_file(t.path / ("gen/positions-pons-" + board + ".csv")))) in_file.push_back(row.at("position"));
    CHECK(!in_file.empty());
    CHECK(positions(used, board.substr(0, 3)) == in_file);
  }
}

TEST_CASE("a bad config exits 2 naming the file, line and key, and writes nothing", "[run]") {
  TempDir t;
  std::string bad = kSeedConfig;
  bad.replace(bad.find("keys = \"canonical\""), 18, "keys = \"sideways\"");
  write_file(t.path / "bad.toml", bad);
  auto r = run_tictac("run bad.toml", t.path);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("bad.toml:13: key 'keys': strategy memo: keys=sideways is not valid (choices: exact, canonical)"));
  CHECK_FALSE(std::filesystem::exists(t.path / "results"));

  bad = kSeedConfig;
  bad.replace(bad.find("name = \"memo\""), 13, "name = \"memo\"\ncolour = \"red\"");
  write_file(t.path / "bad.toml", bad);
  r = run_tictac("run bad.toml", t.path);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("bad.toml:13: key 'colour': strategy memo has no option 'colour' (its options: keys)"));

  r = run_tictac("run missing.toml", t.path);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("cannot read config 'missing.toml'"));
  CHECK_FALSE(std::filesystem::exists(t.path / "results"));

  write_file(t.path / "exp.toml", kSeedConfig);
  r = run_tictac("run exp.toml --out /proc/tictac-cannot-be-here", t.path);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("output folder"));
}

TEST_CASE("an interrupted run exits 130 and leaves nothing behind, not even its folder", "[run]") {
  TempDir t;
  write_file(t.path / "long.toml", R"(
[experiment]
name = "long"
question = "q"
boards = ["3x3k3"]
repetitions = 200
[[strategy]]
name = "minimax"
[[position_set]]
name = "all"
kind = "all"
)");
  const std::string cmd = "cd '" + t.path.string() + "' && ('" TICTAC_EXE "' run long.toml --out out/deeper > /dev/null 2> err & pid=$!; sleep 1; kill -INT $pid; wait $pid; echo $? > code)";
  REQUIRE(std::system(cmd.c_str()) == 0);
  CHECK(read_file(t.path / "code") == "130\n");
  CHECK_THAT(read_file(t.path / "err"), Catch::Contains("interrupted; nothing was written"));
  CHECK_FALSE(std::filesystem::exists(t.path / "out"));
}

TEST_CASE("a run interrupted before its preparation throws Interrupted and writes nothing", "[run]") {
  // 4x4 k=4, whose exact solution takes seconds: the flag is read before it
  // (and inside it, tests/exact/test_solution.cpp).
  TempDir t;
  write_file(t.path / "exp.toml", R"(
[experiment]
name = "prep"
question = "q"
boards = ["4x4k4"]
[[strategy]]
name = "alphabeta"
[[position_set]]
name = "start"
kind = "empty"
)");
  const tictac::ExperimentConfig c = tictac::load_config(t.path / "exp.toml");
  const std::atomic<bool> interrupt{true};
  tictac::RunOptions o;
  o.out = t.path / "out";
  o.interrupt = &interrupt;
  CHECK_THROWS_AS(tictac::run_experiment(c, o), tictac::Interrupted);
  CHECK_FALSE(std::filesystem::exists(t.path / "out"));
}

namespace {
// What `run` writes to stderr (fd 2), through a temporary file.
template <class F>
std::string stderr_of(const std::filesystem::path& file, F run) {
  std::fflush(stderr);
  const int saved = dup(2);
  const int fd = open(file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  dup2(fd, 2);
  close(fd);
  run();
  std::fflush(stderr);
  dup2(saved, 2);
  close(saved);
  return read_file(file);
}
}  // namespace

TEST_CASE("a run whose stderr is a log prints a plain progress line every period", "[run]") {
  // 5x5 k=4: the random set's positions are solved by the strong solver
  // during the preparation (a fraction of a second), which the runner's
  // steps do not otherwise report; a period of 20 ms makes lines there.
  TempDir t;
  write_file(t.path / "exp.toml", R"(
[experiment]
name = "beat"
question = "q"
boards = ["5x5k4"]
repetitions = 1
[[strategy]]
name = "best"
[[position_set]]
name = "opening"
kind = "random"
plies = [1]
per_ply = 2
)");
  const tictac::ExperimentConfig c = tictac::load_config(t.path / "exp.toml");
  tictac::RunOptions o;
  o.out = t.path / "out";
  o.progress_lines = true;
  o.progress_period = std::chrono::milliseconds(20);
  const std::string err = stderr_of(t.path / "err", [&] { (void)tictac::run_experiment(c, o); });
  INFO(err);
  CHECK(err.find('\r') == std::string::npos);     // plain lines, not a terminal's redraws
  CHECK(err.find('\033') == std::string::npos);
  // Which phases get a line depends on the machine's speed (an idle one prepares this set in
  // milliseconds, a loaded one under the sanitizers also values positions for a period or two),
  // so only the lines' form is checked: each starts with one of the run's steps (runner.cpp's
  // progress.phase() calls, described in docs/cli.md).
  const auto a_step = [](const std::string& line) {
    for (const char* step : {"preparing", "valuing the positions", "counting searches", "cells "})
      if (line.rfind(step, 0) == 0) return true;
    return false;
  };
  std::istringstream lines(err);
  int seen = 0;
  for (std::string line; std::getline(lines, line); ++seen) {
    INFO(line);
    CHECK(a_step(line));
    CHECK(line.back() != ' ');
  }
  CHECK(seen >= 2);
  CHECK(std::filesystem::exists(t.path / "out/results.csv"));
}

TEST_CASE("on a terminal a run redraws its progress line, and --quiet silences it", "[run]") {
  // script(1) gives the run a terminal; its typescript holds what the run printed.
  TempDir t;
  write_file(t.path / "exp.toml", R"(
[experiment]
name = "quiet"
question = "q"
boards = ["3x3k3"]
[[strategy]]
name = "alphabeta"
[[position_set]]
name = "start"
kind = "empty"
)");
  auto on_terminal = [&](const std::string& flags) {
    const std::string cmd = "cd '" + t.path.string() + "' && script -qec \"'" TICTAC_EXE "' run exp.toml --force --out out" +
                            flags + "\" typescript > /dev/null 2>&1";
    REQUIRE(std::system(cmd.c_str()) == 0);
    return read_file(t.path / "typescript");
  };
  CHECK_THAT(on_terminal(""), Catch::Contains("\r\033[Kpreparing"));
  const std::string quiet = on_terminal(" --quiet");
  CHECK_THAT(quiet, !Catch::Contains("preparing") && !Catch::Contains("cells "));
  CHECK_THAT(quiet, Catch::Contains("wrote "));
}

TEST_CASE("on a board over 16 cells rows are checked against two families that agree, and sets that need the exact solver are refused", "[run]") {
  TempDir t;
  write_file(t.path / "exp.toml", R"([experiment]
name = "big"
question = "q"
boards = ["3x3k3", "3x6k3"]
repetitions = 1

[[strategy]]
name = "best"

[[strategy]]
name = "memo"
keys = "canonical"
boards = ["3x3k3"]

[[position_set]]
name = "empty"
kind = "empty"

[[position_set]]
name = "some"
kind = "list"
positions = ["....../....../X.....", "X...../.O..../......"]
boards = ["3x6k3"]
)");
  const auto r = run_tictac("run exp.toml --out out", t.path);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const auto rows = rows_of(read_file(t.path / "out/results.csv"));
  // 3x3: best and memo on the empty board; 3x6: best on the empty board and the two listed positions.
  std::set<std::string> cells;
  for (const auto& row : rows) {
    CHECK(row.at("matches_exact") == "true");
    cells.insert(row.at("board") + " " + row.at("strategy_name") + " " + row.at("position_set"));
    if (row.at("board") == "3x6" && row.at("row_kind") == "position") {
      CHECK(row.at("distance").empty());  // unknown without the exact solver
      CHECK(row.at("exact_value") == row.at("value"));
    }
    if (row.at("board") == "3x6" && row.at("position") == "....../....../......")
      CHECK(row.at("exact_value") == "1");  // 3 in a row on 3x6: X wins (the two families' verdict)
  }
  CHECK(cells == std::set<std::string>{"3x3 best empty", "3x3 memo empty", "3x6 best empty", "3x6 best some"});
  const json m = json::parse(read_file(t.path / "out/metadata.json"));
  CHECK_THAT(m["exactness"]["checked_against"]["3x3k3"].get<std::string>(), Catch::Contains("exact solver"));
  CHECK_THAT(m["exactness"]["checked_against"]["3x6k3"].get<std::string>(), Catch::Contains("two independent families"));
  CHECK(m["exactness"]["reference"]["3x3k3"]["kind"] == "exact");
  CHECK(m["exactness"]["reference"]["3x6k3"]["kind"] == "two_families");
  CHECK(m["exactness"]["reference"]["3x6k3"]["families"].size() == 2);
  CHECK(m["max_rss_kib"].get<long>() > 0);
  CHECK(m["strategies"].size() == 2);

  // A set that needs the exact solver, on the large board: refused at its line, nothing written.
  std::string text = read_file(t.path / "exp.toml");
  text.replace(text.find("kind = \"list\""), std::string("kind = \"list\"").size(), "kind = \"all\"");
  text.replace(text.find("positions = "), text.find("\nboards", text.find("positions = ")) - text.find("positions = "), "");
  write_file(t.path / "bad.toml", text);
  const auto bad = run_tictac("run bad.toml --out bad", t.path);
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("bad.toml:19:") && Catch::Contains("needs the exact solver") &&
                          Catch::Contains("3x6k3"));
  CHECK_FALSE(std::filesystem::exists(t.path / "bad"));
}

TEST_CASE("a config on gravity boards runs checked rows with a gravity column, and its sets are read only with gravity",
          "[run]") {
  TempDir t;
  write_file(t.path / "g.toml", R"(
[experiment]
name = "g"
question = "q"
boards = ["3x4k3g", "3x3k3"]
[[strategy]]
name = "alphabeta"
order = "static"
[[strategy]]
name = "best"
[[position_set]]
name = "pons"
kind = "stratified"
plies = [2, 4]
per_group = 2
seed = 5
)");
  REQUIRE(run_tictac("run g.toml --out g", t.path).exit_code == 0);
  std::size_t gravity_rows = 0;
  for (const auto& row : rows_of(read_file(t.path / "g/results.csv"))) {
    CHECK(row.at("gravity") == (row.at("board") == "3x4" ? "true" : "false"));
    CHECK(row.at("matches_exact") == "true");
    gravity_rows += row.at("gravity") == "true";
  }
  CHECK(gravity_rows > 0);
  const json meta = json::parse(read_file(t.path / "g/metadata.json"));
  CHECK(meta["boards"] == json::array({"3x4k3g", "3x3k3"}));
  CHECK(meta["exactness"]["disagreements"] == 0);
  // The set file is named and marked as the gravity board's.
  const std::string set_file = read_file(t.path / "g/positions-pons-3x4k3g.csv");
  CHECK_THAT(set_file, Catch::StartsWith("board,k,gravity,position,ply,value,value_to_move,distance,stratum\n3x4,3,true,"));

  // Read back on 3x4k3g it is the same set; on 3x4k3, a board of other rules, it is refused.
  for (const char* board : {"3x4k3g", "3x4k3"}) {
    write_file(t.path / "use.toml", std::string(R"(
[experiment]
name = "use"
question = "q"
boards = [")") + board + R"("]
[[strategy]]
name = "best"
[[position_set]]
name = "pons"
kind = "file"
file = "g/positions-pons-3x4k3g.csv"
)");
    const auto r = run_tictac(std::string("run use.toml --out use-") + board, t.path);
    if (std::string(board) == "3x4k3g") {
      CHECK(r.exit_code == 0);
    } else {
      CHECK(r.exit_code == 2);
      CHECK_THAT(r.err, Catch::Contains("are for a board with gravity"));
      CHECK_FALSE(std::filesystem::exists(t.path / "use-3x4k3"));
    }
  }
}

TEST_CASE("a best row beyond its node budget is unknown too, and the same row without the budget agrees", "[run]") {
  TempDir t;
  write_file(t.path / "exp.toml", R"([experiment]
name = "best-budget"
question = "q"
boards = ["4x5k4"]
repetitions = 1

[[strategy]]
name = "best"
nodes = 1

[[strategy]]
name = "best"

[[position_set]]
name = "empty"
kind = "empty"
)");
  const auto r = run_tictac("run exp.toml --out out", t.path);
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  int rows = 0;
  std::map<bool, std::map<std::string, std::string>> by_budget;
  for (const auto& row : rows_of(read_file(t.path / "out/results.csv"))) {
    if (row.at("row_kind") != "position") continue;
    ++rows;
    const bool budgeted = row.at("strategy").find("nodes=1") != std::string::npos;
    CHECK(row.at("status") == (budgeted ? "unknown" : "agrees"));
    if (budgeted) CHECK(row.at("nodes") == "1024");  // one poll of best's: the budget rounded up
    by_budget[budgeted] = row;
  }
  CHECK(rows == 2);
  // A search stopped by its budget reports its table as the finished one does.
  for (const char* column : {"tt_capacity", "table_bytes"}) {
    CHECK(by_budget[true].at(column) == by_budget[false].at(column));
    CHECK(by_budget[true].at(column) != "0");
  }
  CHECK(by_budget[true].at("tt_occupancy") != "0");
  CHECK(by_budget[true].at("best.nodes") == "1");
  CHECK(by_budget[false].at("best.nodes") == "0");
}

TEST_CASE("a prover row beyond its budget has an empty value and status unknown, counted apart from disagreements",
          "[run]") {
  TempDir t;
  write_file(t.path / "exp.toml", R"([experiment]
name = "budget"
question = "q"
boards = ["3x3k3"]
repetitions = 1

[[strategy]]
name = "pns"
nodes = "1"

[[strategy]]
name = "dfpn"

[[position_set]]
name = "empty"
kind = "empty"

[[position_set]]
name = "opening"
kind = "plies"
plies = [1]
)");
  const auto r = run_tictac("run exp.toml --out out", t.path);
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);  // unknown rows are a result, not a failure
  std::size_t unknown = 0, agree = 0;
  for (const auto& row : rows_of(read_file(t.path / "out/results.csv"))) {
    const std::string& status = row.at("status");
    CHECK(status != "disagrees");
    if (row.at("strategy_name") == "dfpn") CHECK(status == "agrees");  // no budget: every value proven
    if (status == "unknown") {
      CHECK(row.at("value").empty());
      CHECK(row.at("matches_exact") == "false");
      if (row.at("row_kind") == "position") {
        CHECK_FALSE(row.at("exact_value").empty());  // the reference still knows it
        ++unknown;
      }
    } else {
      CHECK(status == "agrees");
      CHECK(row.at("value") == row.at("exact_value"));
      CHECK(row.at("matches_exact") == "true");
      if (row.at("row_kind") == "position") ++agree;
    }
  }
  // One expansion proves no draw of 3x3 (the empty board and all 9 openings
  // are draws, and the first player's weak-game win leaves no certificate):
  // all 10 pns rows are unknown, the 10 dfpn rows agree.
  CHECK(unknown == 10);
  CHECK(agree == 10);
  const json m = json::parse(read_file(t.path / "out/metadata.json"));
  CHECK(m["exactness"]["disagreements"] == 0);
  CHECK(m["exactness"]["unknown"] == 10);
  CHECK_THAT(r.out, Catch::Contains("10 position(s) unknown"));
  CHECK(r.err.empty());
}

TEST_CASE("rows of best's one-sided questions carry bounds that hold the exact value, and agree", "[run]") {
  TempDir t;
  write_file(t.path / "exp.toml", R"([experiment]
name = "questions"
question = "q"
boards = ["3x3k3"]
repetitions = 1

[[strategy]]
name = "best"
question = ["value", "win", "notlose"]

[[position_set]]
name = "opening"
kind = "plies"
plies = [1, 2]
)");
  const auto r = run_tictac("run exp.toml --out out", t.path);
  INFO(r.out << r.err);
  REQUIRE(r.exit_code == 0);
  std::map<std::string, int> rows, bounds_only;
  for (const auto& row : rows_of(read_file(t.path / "out/results.csv"))) {
    if (row.at("row_kind") != "position") {
      CHECK(row.at("lower").empty());
      CHECK(row.at("upper").empty());
      CHECK(row.at("status") == "agrees");
      continue;
    }
    const std::string question = row.at("best.question");
    ++rows[question];
    INFO(question << " " << row.at("position"));
    const int lower = std::stoi(row.at("lower")), upper = std::stoi(row.at("upper"));
    const int exact = std::stoi(row.at("exact_value"));
    CHECK(row.at("status") == "agrees");
    CHECK(row.at("matches_exact") == "true");
    CHECK((lower <= exact && exact <= upper));
    // The value is given exactly when the bounds are one value.
    CHECK(row.at("value") == (lower == upper ? std::to_string(lower) : std::string()));
    if (lower != upper) {
      ++bounds_only[question];
      CHECK(row.at("best_move").empty());
    }
    // The question asked is decided, from the side to move's view (X after
    // an even ply): win, "is the value +1?"; notlose, "is it at least 0?".
    const int sign = std::stoi(row.at("ply")) % 2 == 0 ? 1 : -1;
    const int lo = sign > 0 ? lower : -upper, hi = sign > 0 ? upper : -lower;
    if (question == "value") CHECK(lower == upper);
    if (question == "win") CHECK((lo == 1 || hi <= 0));
    if (question == "notlose") CHECK((lo >= 0 || hi == -1));
  }
  CHECK(rows == std::map<std::string, int>{{"value", 81}, {"win", 81}, {"notlose", 81}});
  // Neither question settles every position of the opening exactly (most are draws).
  CHECK(bounds_only["value"] == 0);
  CHECK(bounds_only["win"] > 0);
  CHECK(bounds_only["notlose"] > 0);
}
