// The board options on every command (harness/cli/board_options.hpp):
// --gravity on analyze, solve, dag, play and strategies, and --moves in
// Pons's notation wherever --position is accepted.  The figures are checked
// against tests/gravity_walk.hpp, an independent model of the drops.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <nlohmann/json.hpp>
#include <string>
#include <unordered_map>
#include <unordered_set>

#include "tests/cli_support.hpp"
#include "tests/gravity_walk.hpp"

using tictac::test::GravityWalk;
using tictac::test::run_tictac;
using json = nlohmann::json;

namespace {

// The walk's position after the drops `moves` (columns from 1, one digit each).
GravityWalk::Pos after(const GravityWalk& w, const std::string& moves) {
  GravityWalk::Pos p;
  for (const char c : moves) p = w.child(p, w.drop(p, c - '1'));
  return p;
}

// The left-right mirror of a walk position, by coordinates.
GravityWalk::Pos mirror(const GravityWalk& w, const GravityWalk::Pos& p) {
  GravityWalk::Pos q;
  for (int r = 0; r < w.R; ++r)
    for (int c = 0; c < w.C; ++c) {
      const int from = r * w.C + c, to = r * w.C + (w.C - 1 - c);
      q.x |= (p.x >> from & 1) << to;
      q.o |= (p.o >> from & 1) << to;
    }
  return q;
}

}  // namespace

TEST_CASE("analyze --gravity counts the positions, mirror orbits, value and length of an independent walk", "[board_options]") {
  const auto r = run_tictac("analyze --board 3x4 --k 3 --gravity --format json");
  REQUIRE(r.exit_code == 0);
  const json j = json::parse(r.out);
  CHECK(j["name"] == "3x4k3g");
  CHECK(j["gravity"] == true);

  const GravityWalk w(3, 4, 3);
  std::size_t positions = 0;
  std::unordered_set<GravityWalk::Pos, GravityWalk::Hash> orbits;
  for (const auto& ply : w.reachable(12))
    for (const auto& p : ply) {
      ++positions;
      const GravityWalk::Pos m = mirror(w, p);
      orbits.insert(std::make_pair(m.x, m.o) < std::make_pair(p.x, p.o) ? m : p);
    }
  CHECK(j["reachable_states"] == positions);
  CHECK(j["orbits"] == orbits.size());
  CHECK(j["burnside_fixed_points"].size() == 2);  // the identity and the mirror

  // Pons's score of the empty board gives the value and, for a win, the ply
  // of the winning drop: (cells + 1 - stones before it) / 2, of X's parity.
  std::unordered_map<GravityWalk::Pos, int, GravityWalk::Hash> memo;
  const int pons = w.pons({}, memo);
  CHECK(j["value"] == (pons > 0) - (pons < 0));
  int length = 12;
  if (pons != 0) {
    // (12 + 2 - ply) / 2 = |pons|: the ply is 14 - 2|pons| or one less, the
    // odd one when X wins.
    length = 12 + 2 - 2 * std::abs(pons);
    if ((length % 2 == 1) != (pons > 0)) --length;
  }
  CHECK(j["length"] == length);
}

TEST_CASE("analyze --gravity finds the published draw of 4x4 and names the board 4x4k4g in CSV", "[board_options]") {
  const auto r = run_tictac("analyze --board 4x4 --k 4 --gravity --format csv");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::StartsWith("board,k,gravity,figure,index,value\n") &&
                        Catch::Contains("4x4,4,true,value,,0\n") && Catch::Contains("4x4,4,true,length,,16\n"));
}

TEST_CASE("solve --gravity --moves gives the value, Pons's score and a principal variation in columns", "[board_options]") {
  const GravityWalk w(3, 4, 3);
  std::unordered_map<GravityWalk::Pos, int, GravityWalk::Hash> memo;
  for (const std::string moves : {"", "1", "2233", "2323", "14", "3221"}) {
    INFO("moves '" << moves << "'");
    const auto r = run_tictac("solve --board 3x4 --k 3 --gravity --no-timing --format json" +
                              (moves.empty() ? std::string() : " --moves " + moves));
    REQUIRE(r.exit_code == 0);
    const json j = json::parse(r.out);
    CHECK(j["name"] == "3x4k3g");
    CHECK(j["gravity"] == true);
    const GravityWalk::Pos p = after(w, moves);
    const int pons = w.pons(p, memo);
    CHECK(j["pons_score"] == pons);
    // The value is X's; Pons's score the side to move's.
    const int mover = moves.size() % 2 == 0 ? 1 : -1;
    CHECK(j["value"] == mover * ((pons > 0) - (pons < 0)));
    // The principal variation, replayed by the walk from the position, ends the game.
    const std::string pv = j["principal_variation_pons"];
    CHECK(j["principal_variation"].size() == pv.size());
    CHECK(w.over(after(w, moves + pv)));
  }
}

TEST_CASE("a move sequence is refused, naming the move, into a full column, after the end, without gravity and beside "
          "--position (--moves)",
          "[board_options]") {
  for (const char* cmd : {"solve", "dag"}) {
    INFO(cmd);
    const std::string c = cmd;
    auto r = run_tictac(c + " --board 3x3 --gravity --moves 1111");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("move 4 of '1111': column 1 is full"));
    r = run_tictac(c + " --board 3x3 --gravity --moves 1212133");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("move 6 of '1212133'") && Catch::Contains("after the game ended with move 5"));
    r = run_tictac(c + " --board 3x3 --moves 12");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("no gravity"));
    r = run_tictac(c + " --board 3x3 --gravity --moves 12 --position .../.../X..");
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("give one of them"));
  }
  const auto r = run_tictac("play --board 3x3 --gravity --moves 1111");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("column 1 is full"));
}

TEST_CASE("dag --gravity draws the drops from a root given by --moves", "[board_options]") {
  const auto r = run_tictac("dag --board 3x3 --gravity --moves 22 --depth 1");
  REQUIRE(r.exit_code == 0);
  // From .../.O./.X. three drops are legal, each to a different position.
  CHECK_THAT(r.out, Catch::Contains("3x3k3g") && Catch::Contains("DAG from .../.O./.X., 1 ply deep (4 positions, 3 edges)"));
}

TEST_CASE("strategies --gravity says for every strategy what it does on gravity boards", "[board_options]") {
  const auto with = run_tictac("strategies --gravity --format json");
  REQUIRE(with.exit_code == 0);
  for (const auto& s : json::parse(with.out)) {
    INFO(s["name"]);
    CHECK_FALSE(s["gravity"].get<std::string>().empty());
  }
  const auto without = run_tictac("strategies --format json");
  REQUIRE(without.exit_code == 0);
  for (const auto& s : json::parse(without.out)) CHECK_FALSE(s.contains("gravity"));
}

TEST_CASE("play --gravity --moves plays the columns and lets the engines finish 4x4, a draw", "[board_options]") {
  const auto r = run_tictac("play --board 4x4 --k 4 --gravity --moves 1234 --x hard --o hard --format json");
  REQUIRE(r.exit_code == 0);
  const json j = json::parse(r.out);
  CHECK(j["name"] == "4x4k4g");
  const std::string game = j["moves_pons"];
  CHECK_THAT(game, Catch::StartsWith("1234"));
  // Replayed by the walk: the whole board filled and no line, the draw hard keeps.
  const GravityWalk w(4, 4, 4);
  const GravityWalk::Pos end = after(w, game);
  CHECK(w.stones(end) == 16);
  CHECK_FALSE(w.line(end.x));
  CHECK_FALSE(w.line(end.o));
  CHECK(j["result"] == "draw");
}
