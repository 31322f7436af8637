#include <catch2/catch.hpp>

#include <fstream>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>

#include "tests/cli_support.hpp"
#include "harness/experiment/shard.hpp"

using tictac::test::read_file;
using tictac::test::run_tictac;
using tictac::test::write_file;
using tictac::test::TempDir;
using json = nlohmann::json;

namespace {

// A CSV's lines with the time_ns column dropped (no field here holds a
// quoted comma before time_ns, the last column).
// The CSV without its time columns (time_ns, timed_runs, time_spread,
// time_cold_ns: every column whose name holds "time"), as
// scripts/check-determinism compares files.
std::vector<std::string> without_time(const std::string& csv) {
  std::istringstream in(csv);
  std::vector<std::string> lines;
  std::vector<bool> keep;
  for (std::string line; std::getline(in, line);) {
    const auto f = tictac::csv_fields(line);
    if (keep.empty())
      for (const auto& name : f) keep.push_back(name.find("time") == std::string::npos);
    std::string kept;
    for (std::size_t i = 0; i < f.size() && i < keep.size(); ++i)
      if (keep[i]) kept += f[i] + ",";
    lines.push_back(kept);
  }
  return lines;
}

// Ten cells of different cost: full trees, pruned and memoised searches.
const char* kConfig = R"(
[experiment]
name = "sharded"
question = "Does a sharded run merge back into the unsharded one?"
boards = ["3x3k3"]
repetitions = 2

[[strategy]]
name = "negamax"

[[strategy]]
name = "memo"
keys = ["exact", "canonical"]

[[strategy]]
name = "alphabeta"
order = ["index", "oracle"]

[[position_set]]
name = "empty"
kind = "empty"

[[position_set]]
name = "opening"
kind = "plies"
plies = [1, 2]
)";

// "run exp.toml --shard I/N --out sI"
std::string shard_run(int i, int n) {
  std::ostringstream cmd;
  cmd << "run exp.toml --shard " << i << '/' << n << " --out s" << i;
  return cmd.str();
}

json metadata(const std::filesystem::path& dir) { return json::parse(read_file(dir / "metadata.json")); }
}  // namespace

TEST_CASE("every cell is in exactly one shard, and the split is balanced by cost", "[shard]") {
  const std::vector<double> costs = {100, 1, 1, 50, 50, 1, 1, 1, 30, 20};
  for (int n : {1, 2, 3, 4, 16}) {
    std::multiset<std::size_t> seen;
    std::vector<double> load;
    for (int i = 0; i < n; ++i) {
      const auto cells = tictac::shard_cells(costs, {i, n});
      REQUIRE(std::is_sorted(cells.begin(), cells.end()));
      REQUIRE(cells == tictac::shard_cells(costs, {i, n}));  // deterministic
      double l = 0;
      for (auto c : cells) seen.insert(c), l += costs[c];
      load.push_back(l);
    }
    REQUIRE(seen.size() == costs.size());
    for (std::size_t c = 0; c < costs.size(); ++c) REQUIRE(seen.count(c) == 1);
    if (n == 2) {  // 255 in all: 100+30 and 50+50+20+5x1, longest first, each to the lighter shard
      CHECK(load[0] == 130);
      CHECK(load[1] == 125);
    }
  }
}

TEST_CASE("the shard option takes I/N with I from 0 and refuses anything else", "[shard]") {
  CHECK(tictac::parse_shard("0/4").index == 0);
  CHECK(tictac::parse_shard("3/4").count == 4);
  for (const char* bad : {"4/4", "-1/4", "1", "a/b", "1/0", "1/4x", "/4"})
    CHECK_THROWS_AS(tictac::parse_shard(bad), std::invalid_argument);
  TempDir t;
  write_file(t.path / "exp.toml", kConfig);
  const auto r = run_tictac("run exp.toml --shard 4/4 --out out", t.path);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("--shard '4/4'") != std::string::npos);
  CHECK(!std::filesystem::exists(t.path / "out"));
}

TEST_CASE("three shards merged equal the unsharded run apart from time", "[shard]") {
  TempDir t;
  write_file(t.path / "exp.toml", kConfig);
  const auto whole = run_tictac("run exp.toml --out whole", t.path);
  INFO(whole.err);
  REQUIRE(whole.exit_code == 0);
  std::size_t positions = 0;
  for (int i = 0; i < 3; ++i) {
    const auto r = run_tictac(shard_run(i, 3), t.path);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    const json m = metadata(t.path / shard_run(i, 3).substr(shard_run(i, 3).rfind(' ') + 1));
    CHECK(m["shard"]["index"] == i);
    CHECK(m["shard"]["count"] == 3);
    CHECK(m["shard"]["cells_total"] == 10);
    CHECK(m["config_fnv1a64"] == metadata(t.path / "whole")["config_fnv1a64"]);
    CHECK(m.contains("git"));
    CHECK(m["cells"].get<std::size_t>() > 0);  // every shard has work
    CHECK(m["shard"]["positions_total"] == 5 * (1 + 9 + 72));  // 5 strategies x (empty + plies 1, 2)
    for (const auto& p : m["shard"]["cell_positions"]) positions += p.size();
  }
  CHECK(positions == 5 * (1 + 9 + 72));  // every position in exactly one shard
  // The shards in any order give the same merge.
  const auto r = run_tictac("merge s2 s0 s1 --out merged", t.path);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const std::string merged = read_file(t.path / "merged/results.csv");
  const std::string unsharded = read_file(t.path / "whole/results.csv");
  REQUIRE(merged.substr(0, merged.find('\n')).find(",time_ns,timed_runs,time_spread,time_cold_ns,stratum,") !=
          std::string::npos);
  CHECK(without_time(merged) == without_time(unsharded));
  const json m = metadata(t.path / "merged");
  CHECK(!m.contains("shard"));
  CHECK(m["cells"] == 10);
  CHECK(m["result_rows"] == metadata(t.path / "whole")["result_rows"]);
  CHECK(m["parallelism"]["shards"] == 3);
  CHECK(m["merged_from"].size() == 3);
  CHECK(run_tictac("compare whole/results.csv merged/results.csv", t.path).exit_code == 0);
}

TEST_CASE("shards written before the lower and upper columns merge, their rows bounded by their values", "[shard]") {
  TempDir t;
  write_file(t.path / "exp.toml", kConfig);
  REQUIRE(run_tictac("run exp.toml --out whole", t.path).exit_code == 0);
  for (int i = 0; i < 2; ++i) {
    REQUIRE(run_tictac(shard_run(i, 2), t.path).exit_code == 0);
    // The shard as a tictac from before the two columns wrote it.
    const auto csv = t.path / ("s" + std::to_string(i)) / "results.csv";
    write_file(csv, tictac::test::without_columns(read_file(csv), {"lower", "upper"}));
  }
  const auto r = run_tictac("merge s0 s1 --out merged", t.path);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  // The merge writes today's columns, lower = upper = value on position
  // rows (every row here has a value) and empty on set totals: the
  // unsharded run's rows, apart from time.
  const std::string merged = read_file(t.path / "merged/results.csv");
  CHECK(merged.substr(0, merged.find('\n')).find(",stratum,lower,upper,") != std::string::npos);
  CHECK(without_time(merged) == without_time(read_file(t.path / "whole/results.csv")));
  // A damaged old row (a field short) is refused, naming the file.
  const auto csv = t.path / "s1/results.csv";
  std::string text = read_file(csv);
  const std::size_t second_line = text.find('\n') + 1;
  text.erase(text.find(',', second_line), 1);
  write_file(csv, text);
  const auto bad = run_tictac("merge s0 s1 --out merged2", t.path);
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("s1"));
  CHECK(!std::filesystem::exists(t.path / "merged2"));
}

TEST_CASE("merge refuses shards from different configs, and writes nothing", "[shard]") {
  TempDir t;
  write_file(t.path / "a.toml", kConfig);
  std::string other = kConfig;
  other.replace(other.find("repetitions = 2"), 15, "repetitions = 1");
  write_file(t.path / "b.toml", other);
  REQUIRE(run_tictac("run a.toml --shard 0/2 --out s0", t.path).exit_code == 0);
  REQUIRE(run_tictac("run b.toml --shard 1/2 --out s1", t.path).exit_code == 0);
  const auto r = run_tictac("merge s0 s1 --out merged", t.path);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("different configs") != std::string::npos);
  CHECK(!std::filesystem::exists(t.path / "merged"));
}

TEST_CASE("merge refuses shards from different commits, and writes nothing", "[shard]") {
  TempDir t;
  write_file(t.path / "exp.toml", kConfig);
  REQUIRE(run_tictac("run exp.toml --shard 0/2 --out s0", t.path).exit_code == 0);
  REQUIRE(run_tictac("run exp.toml --shard 1/2 --out s1", t.path).exit_code == 0);
  // As if shard 1 had been run from another checkout.
  json m = metadata(t.path / "s1");
  m["git"]["commit"] = "0123456789abcdef0123456789abcdef01234567";
  write_file(t.path / "s1/metadata.json", m.dump(2));
  const auto r = run_tictac("merge s0 s1 --out merged", t.path);
  CHECK(r.exit_code == 2);
  CHECK(r.err.find("different commits") != std::string::npos);
  CHECK(r.err.find("0123456789abcdef") != std::string::npos);
  CHECK(!std::filesystem::exists(t.path / "merged"));
}

TEST_CASE("merge refuses a missing shard and a duplicate shard, and writes nothing", "[shard]") {
  TempDir t;
  write_file(t.path / "exp.toml", kConfig);
  for (int i = 0; i < 3; ++i)
    REQUIRE(run_tictac(shard_run(i, 3), t.path).exit_code == 0);
  std::filesystem::copy(t.path / "s1", t.path / "s1-again");

  const auto missing = run_tictac("merge s0 s2 --out merged", t.path);
  CHECK(missing.exit_code == 2);
  CHECK(missing.err.find("missing shard 1/3") != std::string::npos);
  CHECK(!std::filesystem::exists(t.path / "merged"));

  const auto duplicate = run_tictac("merge s0 s1 s1-again s2 --out merged", t.path);
  CHECK(duplicate.exit_code == 2);
  CHECK(duplicate.err.find("duplicate shard 1/3") != std::string::npos);
  CHECK(!std::filesystem::exists(t.path / "merged"));

  // An unsharded run is not a shard.
  REQUIRE(run_tictac("run exp.toml --out whole", t.path).exit_code == 0);
  const auto unsharded = run_tictac("merge s0 s1 whole --out merged", t.path);
  CHECK(unsharded.exit_code == 2);
  CHECK(unsharded.err.find("is not a shard") != std::string::npos);
  CHECK(!std::filesystem::exists(t.path / "merged"));
}

TEST_CASE("counting searches on threads give the one-thread run's rows, and metadata says how it ran", "[shard]") {
  TempDir t;
  std::string config = kConfig;
  config.replace(config.find(R"(order = ["index", "oracle"])"), 27, R"(order = ["index", "random"])");
  write_file(t.path / "exp.toml", config);
  const auto one = run_tictac("run exp.toml --jobs 1 --out one", t.path);
  INFO(one.err);
  REQUIRE(one.exit_code == 0);
  const auto four = run_tictac("run exp.toml --jobs 4 --out four", t.path);
  INFO(four.err);
  REQUIRE(four.exit_code == 0);
  CHECK(without_time(read_file(t.path / "four/results.csv")) == without_time(read_file(t.path / "one/results.csv")));
  CHECK(metadata(t.path / "one")["parallelism"]["kind"] == "none");
  CHECK(metadata(t.path / "four")["parallelism"]["kind"] == "threads");
  CHECK(metadata(t.path / "four")["parallelism"]["threads"] == 4);
  CHECK(run_tictac("run exp.toml --jobs -1 --out bad", t.path).exit_code == 2);
  CHECK(!std::filesystem::exists(t.path / "bad"));
}
