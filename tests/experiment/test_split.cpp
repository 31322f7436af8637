// A proof split end to end: tictac prove --split, tictac run over shards,
// tictac merge --split, on boards the exact solver holds (so every row and
// the root's value are checked against it).
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>
#include <sstream>

#include "harness/formats/notation.hpp"
#include "harness/registry/exact_cache.hpp"
#include "tests/cli_support.hpp"

using tictac::test::read_file;
using tictac::test::run_tictac;
using tictac::test::TempDir;
using tictac::test::write_file;
using json = nlohmann::json;

namespace {

// A config proving the split file split.csv with `strategy`.
std::string split_config(const std::string& board, const std::string& strategy) {
  return "[experiment]\nname = \"split\"\nquestion = \"What is the root's value?\"\nboards = [\"" + board +
         "\"]\n\n[[strategy]]\nname = \"" + strategy + "\"\n\n[[position_set]]\nname = \"split\"\nkind = \"file\"\nfile = \"split.csv\"\n";
}

// Runs N shards of exp.toml into s0.. s(N-1); returns the shard folders as merge arguments.
std::string run_shards(const std::filesystem::path& dir, int n) {
  std::string dirs;
  for (int i = 0; i < n; ++i) {
    std::ostringstream cmd;
    cmd << "run exp.toml --shard " << i << '/' << n << " --out s" << i;
    const auto r = run_tictac(cmd.str(), dir);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
    dirs += " s" + std::to_string(i);
  }
  return dirs;
}

}  // namespace

TEST_CASE("a split proved over shards and merged gives the exact value of the root", "[split]") {
  struct Case {
    const char* board;
    int rows, cols, k;
    const char* root;  // empty: the empty board
    int plies, shards;
    bool against_unsharded;  // also run it unsharded and compare (4x4 costs seconds a run: its exact solution)
  };
  for (const Case& c : {Case{"3x3k3", 3, 3, 3, "", 2, 3, true}, Case{"3x3k3", 3, 3, 3, "X../.O./...", 2, 3, true},
                        Case{"3x4k3", 3, 4, 3, "", 3, 4, true}, Case{"4x4k4", 4, 4, 4, "", 2, 2, false}}) {
    INFO(c.board << " root '" << c.root << "' at " << c.plies << " plies");
    TempDir t;
    const std::string board_args = "--board " + std::to_string(c.rows) + "x" + std::to_string(c.cols) + " --k " + std::to_string(c.k);
    const auto prove = run_tictac("prove " + board_args + (*c.root ? std::string(" --position '") + c.root + "'" : "") +
                                      " --split " + std::to_string(c.plies) + " --out split.csv",
                                  t.path);
    INFO(prove.err);
    REQUIRE(prove.exit_code == 0);
    write_file(t.path / "exp.toml", split_config(c.board, "best"));
    const std::string shards = run_shards(t.path, c.shards);
    const auto merge = run_tictac("merge" + shards + " --out merged --split split.csv", t.path);
    INFO(merge.err);
    REQUIRE(merge.exit_code == 0);
    const tictac::Board b(c.rows, c.cols, c.k);
    const tictac::Position root = *c.root ? tictac::parse_position(b, c.root) : tictac::Position{};
    const int exact = tictac::exact_solution(b)->value(root);
    const json m = json::parse(read_file(t.path / "merged/metadata.json"));
    CHECK(m["split"]["value"] == exact);
    CHECK(m["split"]["plies"] == c.plies);
    CHECK(m["split"]["root"] == tictac::format_position(b, root));
    CHECK(merge.out.find("has the value " + std::to_string(exact)) != std::string::npos);
    if (!c.against_unsharded) continue;
    // The merge is the unsharded run (rows and set totals) apart from time.
    REQUIRE(run_tictac("run exp.toml --out whole", t.path).exit_code == 0);
    CHECK(run_tictac("compare whole/results.csv merged/results.csv", t.path).exit_code == 0);
  }
}

TEST_CASE("one split file spreads over every shard", "[split]") {
  TempDir t;
  REQUIRE(run_tictac("prove --board 3x4 --k 3 --split 2 --out split.csv", t.path).exit_code == 0);
  write_file(t.path / "exp.toml", split_config("3x4k3", "best"));
  run_shards(t.path, 4);
  std::size_t positions = 0;
  for (const char* shard : {"s0", "s1", "s2", "s3"}) {
    const json m = json::parse(read_file(t.path / shard / "metadata.json"));
    REQUIRE(m["shard"]["cells"].size() == 1);  // the one cell, in every shard
    const std::size_t here = m["shard"]["cell_positions"][0].size();
    CHECK(here > 0);
    positions += here;
  }
  // Every position of the split file (its data rows), each in one shard.
  std::istringstream in(read_file(t.path / "split.csv"));
  std::size_t rows = 0;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') ++rows;
  REQUIRE(rows > 1);
  CHECK(positions == rows - 1);
}

TEST_CASE("merge --split refuses a split position missing from the shards or without a value, and writes nothing", "[split]") {
  TempDir t;
  REQUIRE(run_tictac("prove --board 3x4 --k 3 --split 2 --out split.csv", t.path).exit_code == 0);
  // The shards prove another split (one ply deeper): the 2-ply positions have no rows.
  REQUIRE(run_tictac("prove --board 3x4 --k 3 --split 3 --out deeper.csv", t.path).exit_code == 0);
  std::string config = split_config("3x4k3", "best");
  config.replace(config.find("split.csv"), 9, "deeper.csv");
  write_file(t.path / "exp.toml", config);
  const std::string shards = run_shards(t.path, 2);
  const auto missing = run_tictac("merge" + shards + " --out merged --split split.csv", t.path);
  CHECK(missing.exit_code == 2);
  CHECK(missing.err.find("are in no shard's rows") != std::string::npos);
  CHECK(!std::filesystem::exists(t.path / "merged"));
  // The right split merges.
  CHECK(run_tictac("merge" + shards + " --out merged --split deeper.csv", t.path).exit_code == 0);

  // A prover with a budget of 3 nodes proves some 2-ply positions and not others: unknown values.
  TempDir u;
  REQUIRE(run_tictac("prove --board 3x4 --k 3 --split 2 --out split.csv", u.path).exit_code == 0);
  config = split_config("3x4k3", "dfpn");
  config.replace(config.find("name = \"dfpn\""), 13, "name = \"dfpn\"\nnodes = 3");
  write_file(u.path / "exp.toml", config);
  const std::string small = run_shards(u.path, 2);
  REQUIRE(read_file(u.path / "s0/results.csv").find(",unknown,") != std::string::npos);
  const auto unknown = run_tictac("merge" + small + " --out merged --split split.csv", u.path);
  CHECK(unknown.exit_code == 2);
  CHECK(unknown.err.find("have no proved value") != std::string::npos);
  CHECK(!std::filesystem::exists(u.path / "merged"));
}

TEST_CASE("prove --split refuses a finished root, a depth beyond the board and a damaged split file", "[split]") {
  TempDir t;
  const auto finished = run_tictac("prove --position 'XXX/OO./...' --split 1 --out split.csv", t.path);
  CHECK(finished.exit_code == 2);
  CHECK(finished.err.find("finished") != std::string::npos);
  CHECK(run_tictac("prove --split 10 --out split.csv", t.path).exit_code == 2);
  CHECK(!std::filesystem::exists(t.path / "split.csv"));
  // A split file with a position taken out is not the split it names.
  REQUIRE(run_tictac("prove --split 2 --out split.csv", t.path).exit_code == 0);
  std::string text = read_file(t.path / "split.csv");
  text.erase(text.rfind('\n', text.size() - 2) + 1);
  write_file(t.path / "cut.csv", text);
  write_file(t.path / "exp.toml", split_config("3x3k3", "negamax"));
  const std::string shards = run_shards(t.path, 1);
  const auto cut = run_tictac("merge" + shards + " --out merged --split cut.csv", t.path);
  CHECK(cut.exit_code == 2);
  CHECK(cut.err.find("are not the split of") != std::string::npos);
  CHECK(!std::filesystem::exists(t.path / "merged"));
}
