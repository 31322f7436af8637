#include <catch2/catch.hpp>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "algorithms/exact/solution.hpp"
#include "harness/experiment/position_set_spec.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/exact_cache.hpp"
#include "tests/cli_support.hpp"

using tictac::test::run_tictac;
using json = nlohmann::json;

TEST_CASE("tictac analyze --format json reports the ground-truth figures of 3x3", "[cli]") {
  const auto r = run_tictac("analyze --format json");
  REQUIRE(r.exit_code == 0);
  const json j = json::parse(r.out);
  CHECK(j["reachable_states"] == 5478);
  CHECK(j["orbits"] == 765);
  CHECK(j["burnside_fixed_points"]["rot90"] == 6);
  CHECK(j["burnside_fixed_points"]["diagonal"] == 158);
  CHECK(j["burnside_fixed_points"].size() == 8);
  CHECK(j["game_tree_nodes"] == 549946);
  CHECK(j["games"]["total"] == 255168);
  CHECK(j["games"]["x_wins"] == 131184);
  CHECK(j["terminal_states"]["total"] == 958);
  CHECK(j["terminal_states"]["draws"] == 16);
  CHECK(j["value"] == 0);
}

TEST_CASE("tictac analyze on a rectangular board reports only its four symmetries", "[cli]") {
  const auto r = run_tictac("analyze --board 3x4 --k 3 --format json");
  REQUIRE(r.exit_code == 0);
  const json j = json::parse(r.out);
  CHECK(j["burnside_fixed_points"].size() == 4);
  CHECK(j["burnside_fixed_points"].contains("mirror_lr"));
  CHECK(j["orbits_burnside"] == j["orbits_enumerated"]);
}

TEST_CASE("tictac analyze prints a table and CSV", "[cli]") {
  const auto table = run_tictac("analyze");
  REQUIRE(table.exit_code == 0);
  CHECK_THAT(table.out, Catch::Contains("5478") && Catch::Contains("765 orbits"));
  const auto csv = run_tictac("analyze --format csv");
  REQUIRE(csv.exit_code == 0);
  CHECK_THAT(csv.out, Catch::StartsWith("board,k,gravity,figure,index,value\n") &&
                          Catch::Contains("3x3,3,false,game_tree_nodes,,549946"));
}

TEST_CASE("bad boards and positions exit 2 with the reason", "[cli]") {
  auto r = run_tictac("analyze --board 3x3 --k 4");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("k must be between 1 and max(rows, cols)"));
  r = run_tictac("analyze --board 5x5 --k 4");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("at most 16 cells"));
  r = run_tictac("solve --position 'XXX/OOO/X..'");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("both sides have a line"));
  r = run_tictac("solve --position 'X.Q/.../...'");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("unknown character 'Q'"));
  r = run_tictac("analyze --format yaml");
  CHECK(r.exit_code == 2);
  r = run_tictac("frobnicate");
  CHECK(r.exit_code == 2);
}

TEST_CASE("tictac solve finds that 3x3 is a draw and every first move draws", "[cli]") {
  const auto r = run_tictac("solve --format json");
  REQUIRE(r.exit_code == 0);
  const json j = json::parse(r.out);
  CHECK(j["value"] == 0);
  CHECK(j["best_moves"].size() == 9);
  CHECK(j["principal_variation"].size() == 9);
}

TEST_CASE("tictac solve with a one-sided question prints the bound it learned, checked against the exact solution",
          "[cli]") {
  // 3x3 is a draw (ground-truth.md): "does X win?" no, "does X at least draw?" yes.
  auto r = run_tictac("solve --strategy best:question=notlose --no-timing");
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("X at least draws (bounds: 0..1)"));
  r = run_tictac("solve --strategy best:question=win --no-timing --format json");
  CHECK(r.exit_code == 0);
  json j = json::parse(r.out);
  CHECK(j["value"].is_null());
  CHECK(j["proved"] == false);
  CHECK(j["lower"] == -1);
  CHECK(j["upper"] == 0);
  CHECK(j["value_text"] == "O at least draws");
  CHECK(j["best_move"] == -1);
  CHECK(j["best_moves"].size() == 9);  // from the exact solution, which the bound agrees with
  // X a1, O b1, X b2, O to move: X wins (O must block c3, then X forks), and
  // "does O at least draw?" answers no, exactly.
  r = run_tictac("solve --position 'XO./.X./...' --strategy best:question=notlose --no-timing --format json");
  CHECK(r.exit_code == 0);
  j = json::parse(r.out);
  CHECK(j["value"] == 1);
  CHECK(j["lower"] == 1);
  CHECK(j["upper"] == 1);
  // An exact value from any other strategy is its own bounds.
  j = json::parse(run_tictac("solve --strategy negamax --no-timing --format json").out);
  CHECK(j["lower"] == 0);
  CHECK(j["upper"] == 0);
}

TEST_CASE("tictac solve --no-timing reports the same search without a time", "[cli]") {
  const auto timed = run_tictac("solve --strategy memo:keys=canonical --format json");
  const auto untimed = run_tictac("solve --strategy memo:keys=canonical --format json --no-timing");
  REQUIRE(timed.exit_code == 0);
  REQUIRE(untimed.exit_code == 0);
  json a = json::parse(timed.out), b = json::parse(untimed.out);
  CHECK(a["time_ns"].get<long long>() > 0);
  CHECK(b["time_ns"].is_null());
  CHECK(a["timed_search"]["timed_runs"].get<int>() >= 1);
  CHECK(b["timed_search"].is_null());
  a.erase("time_ns");
  b.erase("time_ns");
  a.erase("timed_search");
  b.erase("timed_search");
  CHECK(a == b);
  CHECK_THAT(run_tictac("solve --no-timing").out, Catch::Contains("not measured (--no-timing)"));
  CHECK_THAT(run_tictac("solve --help").out, Catch::Contains("three times") && Catch::Contains("--no-timing"));
}

TEST_CASE("tictac strategies lists every strategy with its options", "[cli]") {
  const auto r = run_tictac("strategies --format json");
  REQUIRE(r.exit_code == 0);
  const json j = json::parse(r.out);
  std::vector<std::string> names;
  for (const auto& s : j) names.push_back(s["name"]);
  for (const char* name : {"minimax", "minimax-depth", "negamax", "alphabeta", "pvs", "mtdf", "memo", "solve"})
    CHECK(std::find(names.begin(), names.end(), name) != names.end());
  const auto table = run_tictac("strategies");
  CHECK(table.exit_code == 0);
  CHECK_THAT(table.out, Catch::Contains("replace") && Catch::Contains("two-tier"));
}

TEST_CASE("tictac solve --strategy reports the statistics under their names", "[cli]") {
  auto r = run_tictac("solve --strategy memo:keys=canonical --format json");
  REQUIRE(r.exit_code == 0);
  json j = json::parse(r.out);
  CHECK(j["nodes"] == 2271);  // seed 000
  CHECK(j["memo_entries"] == 627);
  for (const char* key : {"value", "best_move", "best_moves", "time_ns", "tt_probes", "tt_hits", "tt_hit_rate",
                          "memo_hits", "cutoffs", "nodes_by_ply"})
    CHECK(j.contains(key));
  r = run_tictac("solve --strategy 'alphabeta:tt=zobrist,order=tt' --position 'XX./OO./...' --format json");
  REQUIRE(r.exit_code == 0);
  j = json::parse(r.out);
  CHECK(j["value"] == 1);
  CHECK(j["best_move"] == 2);
  r = run_tictac("solve --strategy nosuch");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("unknown strategy 'nosuch'"));
}

TEST_CASE("tictac solve --distance prints the exact distance, checked against the retrograde solution", "[cli]") {
  struct Case {
    const char* args;
    tictac::Board board;
  };
  const Case cases[] = {{"--board 3x3", tictac::Board(3, 3, 3)},
                        {"--board 3x4", tictac::Board(3, 4, 3)},
                        {"--board 3x4 --position X.../.O../....", tictac::Board(3, 4, 3)},
                        {"--board 4x4 --k 3 --gravity", tictac::Board(4, 4, 3, true)},
                        {"--board 4x4 --k 3 --gravity --moves 21", tictac::Board(4, 4, 3, true)}};
  for (const auto& c : cases) {
    const auto r = run_tictac(std::string("solve --distance --no-timing --format json ") + c.args);
    INFO(c.args << ": " << r.err);
    REQUIRE(r.exit_code == 0);
    const json j = json::parse(r.out);
    const tictac::Position p = tictac::parse_position(c.board, j["position"].get<std::string>());
    CHECK(j["distance"] == tictac::exact_solution(c.board)->distance(p));
    const auto table = run_tictac(std::string("solve --distance --no-timing ") + c.args);
    CHECK_THAT(table.out, Catch::Contains("distance        " + std::to_string(j["distance"].get<int>()) + " plies"));
  }
  CHECK(json::parse(run_tictac("solve --no-timing --format json").out)["distance"].is_null());
  CHECK_THAT(run_tictac("solve --help").out, Catch::Contains("--distance"));
}

TEST_CASE("tictac solve --distance refuses a strategy without a distance mode, naming those with one", "[cli]") {
  auto r = run_tictac("solve --distance --strategy negamax");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("negamax") && Catch::Contains("best:distance=on") &&
                        Catch::Contains("connect:mode=distance"));
  r = run_tictac("solve --distance --strategy best:distance=off");
  CHECK(r.exit_code == 2);
  // A strategy with a distance mode gets it switched on.
  r = run_tictac("solve --distance --strategy best:history=off --format json --no-timing");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(json::parse(r.out)["strategy"].get<std::string>(), Catch::Contains("distance=on"));
}

TEST_CASE("tictac solve --time-limit: within it the answer, beyond it unknown with exit 3", "[cli]") {
  // Within the limit: the same answer as without one (3x3 is a draw of 9
  // plies: the seeds, ground-truth.md).
  auto r = run_tictac("solve --distance --time-limit 60 --format json --no-timing");
  REQUIRE(r.exit_code == 0);
  json j = json::parse(r.out);
  CHECK(j["value"] == 0);
  CHECK(j["distance"] == 9);
  // 8x8 k=5 took its first prover 17.4 hours (Hsu et al. 2020); best's
  // distance mode does not finish it in 50 ms.
  r = run_tictac("solve --board 8x8 --k 5 --distance --time-limit 0.05 --format json");
  CHECK(r.exit_code == 3);
  j = json::parse(r.out);
  CHECK(j["value"].is_null());
  CHECK(j["proved"] == false);
  CHECK(j["distance"].is_null());
  CHECK_THAT(j["strategy"].get<std::string>(), Catch::StartsWith("best:") && Catch::Contains("distance=on"));
  r = run_tictac("solve --board 8x8 --k 5 --distance --time-limit 0.05");
  CHECK(r.exit_code == 3);
  CHECK_THAT(r.out, Catch::Contains("unknown"));
  CHECK(run_tictac("solve --time-limit -1").exit_code == 2);
}

TEST_CASE("over 16 cells, connect's and best's distance modes agree, and give Pons's score", "[cli]") {
  // 4x5 with k=3 and gravity (20 cells: no exact solution): two independent
  // solvers, the connect solver's bitboards and best's.
  const auto a = run_tictac("solve --board 4x5 --k 3 --gravity --distance --no-timing --format json");
  const auto b = run_tictac("solve --board 4x5 --k 3 --gravity --distance --strategy best --no-timing --format json");
  REQUIRE(a.exit_code == 0);
  REQUIRE(b.exit_code == 0);
  const json ja = json::parse(a.out), jb = json::parse(b.out);
  CHECK_THAT(ja["strategy"].get<std::string>(), Catch::StartsWith("connect:mode=distance"));
  CHECK(ja["value"] == jb["value"]);
  CHECK(ja["distance"] == jb["distance"]);
  CHECK(ja["pons_score"].is_number());
  CHECK(ja["pons_score"] == jb["pons_score"]);
  CHECK(json::parse(run_tictac("solve --board 4x5 --k 3 --gravity --no-timing --format json").out)["pons_score"].is_null());
}

TEST_CASE("tictac sets writes a stratified set that --check reads back on the board its rows name", "[cli]") {
  tictac::test::TempDir dir;
  const std::string out = (dir.path / "s.csv").string();
  const auto made = run_tictac("sets --board 3x4 --k 3 --kind stratified --per-stratum 4 --seed 2 --builders --out '" + out + "'");
  REQUIRE(made.exit_code == 0);
  const std::string text = tictac::test::read_file(out);
  CHECK_THAT(text, Catch::Contains("--builders"));        // the command that makes the set again
  CHECK_THAT(text, Catch::Contains("builders' games"));  // and how many games were builders'
  // No --board: the board of the file's rows (3x4 k=3, where the exact solution checks every row).
  const auto checked = run_tictac("sets --check '" + out + "'");
  CHECK(checked.exit_code == 0);
  CHECK_THAT(checked.out, Catch::Contains("on 3x4k3") && Catch::Contains("equal to the exact solution's"));
  // Another board given: its rows are not in the file.
  CHECK(run_tictac("sets --check '" + out + "' --board 3x3").exit_code == 2);
  // A file of two boards needs one chosen.
  const std::string two = (dir.path / "two.csv").string();
  tictac::test::write_file(two, "board,k,position\n3x3,3,X../.../...\n3x4,3,X.../..../....\n");
  const auto both = run_tictac("sets --check '" + two + "'");
  CHECK(both.exit_code == 2);
  CHECK_THAT(both.err, Catch::Contains("3x3k3, 3x4k3") && Catch::Contains("--board"));
  CHECK(run_tictac("sets --check '" + two + "' --board 3x4").exit_code == 0);
  // --builders shapes the Pons strata's sampling only.
  const auto refused = run_tictac("sets --kind random --plies 2 --per-ply 3 --builders");
  CHECK(refused.exit_code == 2);
  CHECK_THAT(refused.err, Catch::Contains("--builders applies to --kind stratified"));
}

TEST_CASE("tictac sets makes per-group stratified sets beyond 16 cells, and a file set reads one back", "[cli]") {
  tictac::test::TempDir dir;
  const std::string out = (dir.path / "g.csv").string();
  const auto made = run_tictac("sets --board 5x5 --k 4 --kind stratified --per-group 1 --plies 1 --seed 2 --budget 0 --out '" + out + "'");
  REQUIRE(made.exit_code == 0);
  const std::string text = tictac::test::read_file(out);
  CHECK_THAT(text, Catch::Contains("--plies 1 --per-group 1"));  // the command that makes the set again
  CHECK_THAT(text, Catch::Contains("the distances come from one family, best's distance mode"));
  // Every row read back and checked (legal, reachable, value and distance consistent).
  CHECK(run_tictac("sets --check '" + out + "'").exit_code == 0);
  // As kind file, the rows come back as they are.
  const std::string again = (dir.path / "again.csv").string();
  REQUIRE(run_tictac("sets --board 5x5 --k 4 --kind file --file '" + out + "' --out '" + again + "'").exit_code == 0);
  const auto rows = [](const std::string& t) { return t.substr(t.find("board,k,gravity")); };
  CHECK(rows(tictac::test::read_file(again)) == rows(text));
  // A key of another kind is refused with the kinds it applies to.
  const auto refused = run_tictac("sets --board 5x5 --k 4 --kind file --file '" + out + "' --per-group 2");
  CHECK(refused.exit_code == 2);
  CHECK_THAT(refused.err, Catch::Contains("--per-group applies to --kind stratified"));
}

TEST_CASE("every key of the table of kinds is an option of tictac sets", "[cli]") {
  const std::string help = run_tictac("sets --help").out;
  for (std::string_view key : tictac::position_set_keys()) {
    std::string flag = key == "positions" ? "--position" : "--" + std::string(key);  // one position per --position
    std::replace(flag.begin(), flag.end(), '_', '-');
    INFO(flag);
    CHECK_THAT(help, Catch::Contains(flag + " "));
  }
}
