// The player table: specs parse through the options' declarations, bad
// specs and boards are refused with the reason, players are not strategies,
// and a player behind the interface plays as the algorithm does.
#include <catch2/catch.hpp>

#include <nlohmann/json.hpp>

#include <string>
#include <vector>

#include "algorithms/players/mcts.hpp"
#include "harness/registry/players.hpp"
#include "harness/registry/strategy.hpp"
#include "tests/cli_support.hpp"

using namespace tictac;
using tictac::test::run_tictac;

TEST_CASE("player specs parse into their normal form with every option", "[players]") {
  const Board b;
  CHECK(make_player(b, "mcts:playouts=1000,c=1.40,solver=on,seed=3")->spec() ==
        "mcts:playouts=1000,c=1.4,playout=random,solver=on,seed=3");
  CHECK(make_player(b, "ab:depth=4,eval=lines")->spec() == "ab:depth=4,nodes=0,eval=lines,tt_bits=16");
  CHECK(make_player(b, "mcts:select=puct,prior=threats,solver=bounds")->spec() ==
        "mcts:playouts=1000,c=1.4,select=puct,prior=threats,playout=random,solver=bounds,seed=1");
  CHECK(make_player(b, "ab:time_ms=50")->spec() == "ab:depth=4,nodes=0,eval=lines,tt_bits=16,time_ms=50");
  CHECK(make_player(b, "random:seed=1")->spec() == "random:seed=1");
  CHECK(make_player(b, "perfect")->spec() == "perfect:choose=fastest,seed=1");
  std::vector<std::string> names;
  for (const auto& p : player_catalog()) names.push_back(p.name);
  CHECK(names == std::vector<std::string>{"ab", "mcts", "random", "perfect"});
}

TEST_CASE("bad player specs and boards are refused with the reason", "[players]") {
  const Board b;
  CHECK_THROWS_WITH(make_player(b, "mcts:c=fast"), Catch::Contains("c=fast is not valid"));
  CHECK_THROWS_WITH(make_player(b, "mcts:c=101"), Catch::Contains("a number from 0 to 100"));
  CHECK_THROWS_WITH(make_player(b, "ab:eval=magic"), Catch::Contains("choices: flat, lines, threats, parity"));
  CHECK_THROWS_WITH(make_player(b, "ab:width=3"), Catch::Contains("has no option 'width'"));
  CHECK_THROWS_WITH(make_player(b, "chess"), Catch::Contains("unknown player 'chess' (players: ab, mcts, random, perfect)"));
  CHECK_THROWS_WITH(make_player(b, "ab:eval=parity"), Catch::Contains("needs a board where a stone opens the cell above it"));
  CHECK_THROWS_WITH(make_player(b, "mcts:select=puct,prior=parity"), Catch::Contains("needs a board where a stone opens the cell above it"));
  CHECK_THROWS_WITH(make_player(b, "mcts:prior=threats"), Catch::Contains("prior=threats needs select=puct"));
  CHECK_THROWS_WITH(make_player(b, "mcts:temperature=2"), Catch::Contains("temperature needs select=puct"));
  CHECK_THROWS_WITH(make_player(b, "mcts:solver=yes"), Catch::Contains("choices: off, on, bounds"));
  CHECK_NOTHROW(make_player(Board(6, 7, 4, true), "ab:eval=parity"));
  CHECK_THROWS_WITH(make_player(Board(5, 5, 4), "perfect"), Catch::Contains("at most 16 cells"));
}

TEST_CASE("a player is not a strategy: solve and run refuse it by name", "[players]") {
  CHECK_THROWS_WITH(make_strategy(Board(), "mcts:playouts=10"), Catch::Contains("'mcts' is a player, not a strategy"));
  CHECK(is_player("perfect"));
  CHECK_FALSE(is_player("alphabeta"));
}

TEST_CASE("a player behind the interface plays as its algorithm, the same move for the same seed", "[players]") {
  const Board b(4, 4, 3, true);
  const Position p{};
  auto player = make_player(b, "mcts:playouts=300,c=0.7,seed=5");
  const PlayerMove m = player->choose(p);
  Mcts<PlayerCountingStats, PlayoutPolicy::random, MctsSolver::off> direct(b, {300, 0.7, 5});
  PlayerCountingStats stats;
  const PlayerMove d = direct.choose(p, stats);
  CHECK(m.move == d.move);
  CHECK(m.stats.search.nodes == d.stats.search.nodes);
  CHECK(m.stats.playouts == 300);
  CHECK(player->choose_fast(p) == m.move);
  CHECK(make_player(b, "mcts:playouts=300,c=0.7,seed=5")->choose(p).move == m.move);
  for (const char* spec : {"ab:depth=3,eval=parity", "ab:eval=threats,nodes=200", "random:seed=4", "perfect:choose=uniform,seed=2",
                           "mcts:solver=on,playout=tactical,playouts=200"}) {
    INFO(spec);
    auto a = make_player(b, spec);
    const int move = a->choose(p).move;
    CHECK((p.legal_moves(b) >> move & 1) == 1);
    CHECK(a->choose_fast(p) == move);
  }
}

TEST_CASE("tictac strategies lists the players after the strategies, and solve refuses a player", "[players]") {
  const auto table = run_tictac("strategies");
  REQUIRE(table.exit_code == 0);
  const auto players = table.out.find("\nPlayers, chosen by a spec");
  REQUIRE(players != std::string::npos);
  for (const char* name : {"\nab\n", "\nmcts\n", "\nrandom\n", "\nperfect\n"}) CHECK(table.out.find(name, players) != std::string::npos);
  CHECK(table.out.find("threats", players) != std::string::npos);
  const auto json = run_tictac("strategies --format json");
  // The JSON (docs/strategies.md) lists the players after the strategies, each with its kind.
  const nlohmann::json catalogue = nlohmann::json::parse(json.out);
  std::vector<std::string> players_listed;
  bool after_strategies = true, seen_player = false;
  for (const auto& e : catalogue) {
    if (e["kind"] == "player") {
      players_listed.push_back(e["name"].get<std::string>());
      seen_player = true;
    } else if (seen_player) {
      after_strategies = false;
    }
  }
  CHECK(after_strategies);
  CHECK(players_listed == std::vector<std::string>{"ab", "mcts", "random", "perfect"});
  const auto solve = run_tictac("solve --strategy mcts");
  CHECK(solve.exit_code != 0);
  CHECK_THAT(solve.err, Catch::Contains("is a player, not a strategy"));
}

TEST_CASE("a time budget gives a legal move and marks the player non-deterministic", "[players]") {
  const Board b(4, 4, 3);
  const Position p{};
  for (const char* spec : {"mcts:playouts=20000,time_ms=5", "mcts:playouts=20000,time_ms=5,solver=bounds,select=puct",
                           "ab:depth=16,time_ms=5,eval=threats"}) {
    INFO(spec);
    auto player = make_player(b, spec);
    CHECK_FALSE(player->deterministic());
    const PlayerMove m = player->choose(p);
    CHECK((p.legal_moves(b) >> m.move & 1) == 1);
    CHECK((p.legal_moves(b) >> player->choose_fast(p) & 1) == 1);
  }
  CHECK(make_player(b, "mcts:playouts=100")->deterministic());
}

TEST_CASE("tictac play takes a player as an engine", "[players]") {
  // X's centre, then the engines: score-bounded MCTS, which plays every 3x3
  // position optimally at 3,000 playouts (test_mcts.cpp), and the perfect
  // player draw.
  const auto r = run_tictac("play --moves 4 --x mcts:playouts=3000,solver=bounds --o perfect --format json");
  REQUIRE(r.exit_code == 0);
  const nlohmann::json j = nlohmann::json::parse(r.out);
  CHECK(j["x"] == "mcts:playouts=3000,c=1.4,playout=random,solver=bounds,seed=1");
  CHECK(j["result"] == "draw");
  CHECK(j["moves"].size() == 9);
}
