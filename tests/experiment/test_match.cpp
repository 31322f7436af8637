// Matches (harness/experiment/match.hpp): the perfect player against itself
// and against random play on 3x3, MCTS against itself, the schedule, seeds
// that replay, and `tictac match`'s files.  Game values come from the
// players' tests' own negamax (tests/players/plain_solver.hpp), not from the
// exact solution the perfect player and the grading read.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "algorithms/game/rules.hpp"
#include "harness/experiment/match.hpp"
#include "harness/experiment/match_files.hpp"
#include "harness/experiment/set_generator.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/players.hpp"
#include "tests/cli_support.hpp"
#include "tests/players/plain_solver.hpp"

using namespace tictac;
using tictac::players_test::PlainSolver;

namespace {

MatchSpec match_of(std::vector<std::string> players, std::size_t repeat = 1, std::uint64_t seed = 1) {
  MatchSpec m;
  m.players = std::move(players);
  m.repeat = repeat;
  m.seed = seed;
  return m;
}

PositionSetSpec plies_set(int ply) {
  PositionSetSpec s;
  s.kind = find_set_kind("plies", {"plies"});
  s.plies = {ply};
  return s;
}

// X's view of a game's result.
int x_score(Result r) { return r == Result::x_wins ? 1 : r == Result::o_wins ? -1 : 0; }

std::string games_text(const MatchResult& r) {
  std::ostringstream games, moves;
  write_match_games(games, r);
  write_match_moves(moves, r);
  return games.str() + moves.str();
}

}  // namespace

TEST_CASE("perfect against perfect draws every 3x3 game from the empty board", "[match]") {
  const MatchResult r = run_match(match_of({"perfect", "perfect:choose=uniform"}, 5));
  REQUIRE(r.games.size() == 10);
  for (const MatchGame& g : r.games) CHECK(g.result == Result::draw);
  const PairingSummary& s = r.summaries.at(0);
  CHECK(s.counts.draws == 10);
  CHECK(s.pentanomial.score == 0.5);
  REQUIRE(s.elo.elo);
  CHECK(*s.elo.elo == 0);
  CHECK(s.first_moves.optimal == s.first_moves.moves);
  CHECK(s.second_moves.optimal == s.second_moves.moves);
}

TEST_CASE("perfect against perfect gives every ply-2 opening of 3x3 its exact value", "[match]") {
  // From each of the 72 unfinished positions with two stones, both colours:
  // every game ends in the opening's value (a draw from a drawn opening, X's
  // win from a won one), and every move keeps the value.
  const Board b;
  const PlainSolver truth(b);
  MatchSpec m = match_of({"perfect:choose=uniform", "perfect:choose=uniform,seed=9"});
  m.openings = plies_set(2);
  const MatchResult r = run_match(m);
  REQUIRE(r.openings.size() == 72);  // 9 x 8 placements of one X and one O
  REQUIRE(r.games.size() == 144);
  std::size_t drawn = 0;
  for (const MatchGame& g : r.games) {
    const Position& opening = r.openings[g.opening];
    CHECK(x_score(g.result) == truth.value(opening));  // X to move at ply 2: the value is X's
    drawn += g.result == Result::draw;
    CHECK_FALSE(g.first_value_loss_ply);
  }
  CHECK(drawn > 0);
  CHECK(drawn < r.games.size());
  for (const MatchMove& mv : r.moves) {
    REQUIRE(mv.grade);
    CHECK(mv.grade->optimal);
    CHECK(mv.value_to_move == truth.value(mv.before));
  }
}

TEST_CASE("perfect never loses to random on 3x3, and the grades are the values' differences", "[match]") {
  const Board b;
  const PlainSolver truth(b);
  const MatchResult r = run_match(match_of({"perfect", "random"}, 30, 7));
  REQUIRE(r.games.size() == 60);
  const PairingSummary& s = r.summaries.at(0);
  CHECK(s.counts.losses == 0);
  CHECK(s.counts.wins > 0);  // random play loses some games
  CHECK(s.first_moves.value_lost == 0);
  CHECK(s.second_moves.value_lost > 0);
  for (const MatchMove& mv : r.moves) {
    REQUIRE(mv.grade);
    Position after = mv.before;
    after.play(mv.move, mv.side);
    const int loss = truth.value(mv.before) + truth.value(after);  // the mover's value before minus after
    CHECK(mv.grade->value_loss == loss);
    CHECK(mv.grade->optimal == (loss == 0));
    // Distances (grade_move's): a distance loss exactly for a kept win or a
    // kept loss, and none for the perfect player's fastest choice.
    CHECK(mv.grade->distance_loss.has_value() == (loss == 0 && truth.value(mv.before) != 0));
    if (mv.player == 0) CHECK(mv.grade->best_distance);
  }
  // Each game's first value loss is its first move with a loss.
  for (const MatchGame& g : r.games) {
    std::optional<int> first;
    for (std::size_t i = g.first_move; i < g.first_move + g.moves.size(); ++i)
      if (!first && r.moves[i].grade->value_loss > 0) first = r.moves[i].ply;
    CHECK(g.first_value_loss_ply == first);
  }
}

TEST_CASE("MCTS against itself with other seeds, colour-paired, scores 1/2 within its interval", "[match]") {
  // A weak MCTS (8 playouts a move) so that games differ; 72 ply-2 openings,
  // each once with each side.
  MatchSpec m = match_of({"mcts:playouts=8", "mcts:playouts=8"}, 1, 3);
  m.openings = plies_set(2);
  const MatchResult r = run_match(m);
  const PairingSummary& s = r.summaries.at(0);
  REQUIRE(s.counts.games() == 144);
  CHECK(s.counts.wins + s.counts.losses > 0);  // not all draws: the interval has a width
  CHECK(s.pentanomial.low < s.pentanomial.high);
  CHECK(s.pentanomial.low <= 0.5);
  CHECK(s.pentanomial.high >= 0.5);
  CHECK(s.per_game.low <= 0.5);
  CHECK(s.per_game.high >= 0.5);
  // The two copies of one spec play with different seeds in every game.
  for (const MatchGame& g : r.games) {
    REQUIRE(g.x_seed);
    REQUIRE(g.o_seed);
    CHECK(*g.x_seed != *g.o_seed);
  }
}

TEST_CASE("the same seed gives the same games, another seed others, and a game replays from its seed", "[match]") {
  const MatchResult a = run_match(match_of({"random", "mcts:playouts=20"}, 10, 11));
  const MatchResult b = run_match(match_of({"random", "mcts:playouts=20"}, 10, 11));
  const MatchResult c = run_match(match_of({"random", "mcts:playouts=20"}, 10, 12));
  CHECK(games_text(a) == games_text(b));
  CHECK(games_text(a) != games_text(c));
  // Repetitions of the empty board differ (each game has its own seeds).
  std::set<std::vector<int>> distinct;
  for (const MatchGame& g : a.games) distinct.insert(g.moves);
  CHECK(distinct.size() > 5);
  // Game 5 again, alone, from the specs and the seeds games.csv records.
  const Board board;
  const MatchGame& g = a.games.at(5);
  const auto replay = [&](std::size_t player, std::uint64_t seed) {
    return make_player(board, (player == 0 ? "random:seed=" : "mcts:playouts=20,seed=") + std::to_string(seed));
  };
  auto x = replay(g.x_player, *g.x_seed);
  auto o = replay(g.o_player, *g.o_seed);
  Position p;
  std::vector<int> moves;
  while (result(board, p) == Result::ongoing) {
    const int m = (p.to_move() == Side::X ? *x : *o).choose(p).move;
    moves.push_back(m);
    p.play(m, p.to_move());
  }
  CHECK(moves == g.moves);
}

TEST_CASE("a round robin plays every two players, a gauntlet the first against each", "[match]") {
  MatchSpec m = match_of({"perfect", "random", "ab:depth=1"});
  m.openings = plies_set(1);  // 9 openings
  const MatchResult r = run_match(m);
  REQUIRE(r.pairings.size() == 3);
  CHECK(r.games.size() == 3 * 9 * 2);
  m.gauntlet = true;
  const MatchResult gauntlet = run_match(m);
  REQUIRE(gauntlet.pairings.size() == 2);
  CHECK(gauntlet.pairings[0].first == 0);
  CHECK(gauntlet.pairings[1].first == 0);
  CHECK(gauntlet.pairings[1].second == 2);
  // A colour pair: the same opening, the sides swapped.
  for (std::size_t i = 0; i < gauntlet.games.size(); i += 2) {
    const MatchGame& first = gauntlet.games[i];
    const MatchGame& second = gauntlet.games[i + 1];
    CHECK(first.pair == second.pair);
    CHECK(first.opening == second.opening);
    CHECK(first.x_player == second.o_player);
    CHECK(first.o_player == second.x_player);
    CHECK(first.colour == 0);
    CHECK(second.colour == 1);
  }
}

TEST_CASE("a match refuses one player, a board a player cannot play on, and a finished opening", "[match]") {
  CHECK_THROWS_AS(run_match(match_of({"random"})), std::invalid_argument);
  MatchSpec big = match_of({"perfect", "random"});
  big.board = Board(5, 5, 4);
  CHECK_THROWS_WITH(run_match(big), Catch::Contains("at most 16"));
  MatchSpec finished = match_of({"random", "random"});
  finished.openings.kind = find_set_kind("list", {"positions"});
  finished.openings.positions = {"XXX/OO./..."};
  CHECK_THROWS_WITH(run_match(finished), Catch::Contains("finished"));
}

TEST_CASE("tictac match writes its four files, each CSV with the columns metadata.json describes", "[match]") {
  using tictac::test::read_file;
  using tictac::test::run_tictac;
  tictac::test::TempDir dir;
  const std::string out = (dir.path / "m").string();
  const auto r = run_tictac("match --player perfect --player random --repeat 3 --openings plies --plies 1 --seed 5 "
                            "--quiet --out '" + out + "'");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("perfect:choose=fastest,seed=1 vs random:seed=1: 54 games"));
  const std::string games = read_file(dir.path / "m" / "games.csv");
  CHECK_THAT(games, Catch::StartsWith("board,k,gravity,game,pairing,pair,colour,opening,"));
  CHECK(std::count(games.begin(), games.end(), '\n') == 1 + 54);
  const std::string moves = read_file(dir.path / "m" / "moves.csv");
  CHECK_THAT(moves, Catch::Contains(",value_to_move,optimal,value_loss,distance_loss,best_distance,"));
  const auto meta = nlohmann::json::parse(read_file(dir.path / "m" / "metadata.json"));
  CHECK(meta["games"] == 54);
  CHECK(meta["columns"]["summary.csv"].contains("elo_low"));
  CHECK(meta["columns"]["games.csv"].size() == match_game_columns().size());
  // Again into the same folder: refused without --force, files untouched.
  const auto again = run_tictac("match --player perfect --player random --quiet --out '" + out + "'");
  CHECK(again.exit_code == 2);
  CHECK_THAT(again.err, Catch::Contains("--force"));
  CHECK(read_file(dir.path / "m" / "games.csv") == games);
  // The same command with --force writes the same games.
  const auto forced = run_tictac("match --player perfect --player random --repeat 3 --openings plies --plies 1 "
                                 "--seed 5 --quiet --force --out '" + out + "'");
  REQUIRE(forced.exit_code == 0);
  CHECK(read_file(dir.path / "m" / "games.csv") == games);
  // A key that does not fit the opening kind is refused by its flag.
  const auto bad = run_tictac("match --player random --player random --openings empty --plies 2 --out '" + out + "x'");
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("--plies"));
}
