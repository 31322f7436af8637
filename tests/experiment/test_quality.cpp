// Move quality: players' moves graded against the exact solution.  The
// figures checked come from outside the measurement: the perfect player
// must keep every value; the random player's optimal-move rate must agree
// with its exact expectation, computed here from the players' tests' own
// negamax (plain_solver.hpp), which shares nothing with algorithms/exact.
#include <catch2/catch.hpp>

#include <algorithm>
#include <bit>
#include <filesystem>
#include <map>
#include <stdexcept>
#include <string>

#include "harness/experiment/position_set_spec.hpp"
#include "harness/experiment/quality.hpp"
#include "harness/experiment/set_generator.hpp"
#include "tests/cli_support.hpp"
#include "tests/players/plain_solver.hpp"

using namespace tictac;

namespace {

GeneratedSet quality_set(const Board& b, const char* kind, const std::vector<std::string_view>& keys = {},
                         void (*fill)(PositionSetSpec&) = nullptr) {
  PositionSetSpec spec;
  spec.kind = find_set_kind(kind, keys);
  if (fill) fill(spec);
  return generate_set(b, spec);
}

QualityResult graded(const Board& b, const GeneratedSet& set, std::vector<std::string> players, int repeat = 1,
                     std::uint64_t seed = 1, bool seeds_chosen = false, int resamples = 2000) {
  QualityOptions o;
  o.players = std::move(players);
  o.repeat = repeat;
  o.seed = seed;
  o.seeds_chosen = seeds_chosen;
  o.resamples = resamples;
  return measure_quality(b, set, o);
}

const QualityTotal& overall(const QualityResult& r, std::size_t player) {
  for (const QualityTotal& t : r.totals)
    if (t.player == player && t.breakdown == "all") return t;
  throw std::logic_error("no total over the set");
}

}  // namespace

TEST_CASE("the perfect player keeps the value on all 4,520 unfinished 3x3 positions, and its fastest choice the distance too",
          "[quality]") {
  const Board b;
  const QualityResult r = graded(b, quality_set(b, "all"), {"perfect", "perfect:choose=uniform,seed=5"});
  REQUIRE(r.positions.size() == 4520);  // every unfinished position, not one per symmetry class
  for (std::size_t p : {0, 1}) {
    const QualityTotal& t = overall(r, p);
    CHECK(t.positions == 4520);
    CHECK(t.moves == 4520);
    CHECK(t.optimal_rate == 1.0);
    CHECK(t.mean_value_loss == 0.0);
    CHECK(t.value_loss_2_rate == 0.0);
    CHECK(t.rate_interval == "wilson");
    CHECK(t.optimal_interval.high == 1.0);
    CHECK(t.value_loss_interval == Interval{0.0, 0.0});
  }
  CHECK(overall(r, 0).best_distance_rate == 1.0);  // choose=fastest: the fastest win, the slowest loss
  CHECK(overall(r, 1).best_distance_rate < 1.0);   // choose=uniform: any optimal move
  CHECK(std::all_of(r.moves.begin(), r.moves.end(), [](const GradedMove& m) { return m.grade.optimal; }));
}

TEST_CASE("the perfect player keeps the value and the best distance on every unfinished 3x4 k=3 position",
          "[quality]") {
  // 3x4 with k=3, a first player's win, not 4x4: solving 4x4 with k=3 takes
  // seconds, ten times as long under the sanitizers, and the perfect player
  // is checked on every one of its million unfinished positions against the
  // tests' own negamax by tests/players/test_perfect_player.cpp.  What is
  // tested here is the measurement: every position graded, distances kept.
  const Board b(3, 4, 3);
  const tictac::players_test::PlainSolver truth(b);
  const QualityResult r = graded(b, quality_set(b, "all"), {"perfect"}, 1, 1, false, 200);
  REQUIRE(r.positions.size() == truth.unfinished().size());
  const QualityTotal& t = overall(r, 0);
  CHECK(t.positions == r.positions.size());
  CHECK(t.optimal_rate == 1.0);
  CHECK(t.best_distance_rate == 1.0);
  CHECK(t.mean_value_loss == 0.0);
  CHECK(t.value_loss_2_rate == 0.0);
}

TEST_CASE("the random player's optimal-move rate on 3x3 agrees with its exact expectation", "[quality]") {
  const Board b;
  // The expectation, from the tests' own negamax: the mean over the 4,520
  // unfinished positions of (optimal moves / legal moves).
  const tictac::players_test::PlainSolver truth(b);
  REQUIRE(truth.unfinished().size() == 4520);
  double expected = 0;
  for (const Position& p : truth.unfinished()) {
    const Mask legal = p.legal_moves(b);
    int optimal = 0;
    for (Mask m = legal; m; m &= m - 1) optimal += truth.optimal(p, std::countr_zero(m));
    expected += static_cast<double>(optimal) / std::popcount(legal);
  }
  expected /= 4520;
  const GeneratedSet set = quality_set(b, "all");

  // Each position graded once: Wilson's interval.
  const QualityTotal once = overall(graded(b, set, {"random"}, 1, 11, true), 0);
  CHECK(once.rate_interval == "wilson");
  CHECK(once.optimal_interval.low <= expected);
  CHECK(expected <= once.optimal_interval.high);
  CHECK(once.optimal_interval.high - once.optimal_interval.low < 0.04);  // not vacuous: 4,520 positions

  // Four seeds: the bootstrap over positions.
  const QualityTotal four = overall(graded(b, set, {"random"}, 4, 21, true, 500), 0);
  CHECK(four.rate_interval == "bootstrap");
  CHECK(four.positions == 4520);
  CHECK(four.moves == 4 * 4520);
  CHECK(four.optimal_interval.low <= expected);
  CHECK(expected <= four.optimal_interval.high);
}

TEST_CASE("the same seeds give the same moves and grades, other seeds other moves", "[quality]") {
  const Board b;
  const GeneratedSet set = quality_set(b, "random", {"plies", "per_ply"}, [](PositionSetSpec& s) {
    s.plies = {1, 3, 5};
    s.per_ply = 12;
    s.seed = 4;
  });
  const std::vector<std::string> players = {"random", "mcts:playouts=40", "ab:depth=2"};
  const QualityResult a = graded(b, set, players, 2, 7, true, 200), again = graded(b, set, players, 2, 7, true, 200);
  const QualityResult other = graded(b, set, players, 2, 8, true, 200);
  REQUIRE(a.moves.size() == again.moves.size());
  std::size_t same = 0, random_changed = 0;
  for (std::size_t i = 0; i < a.moves.size(); ++i) {
    const GradedMove &x = a.moves[i], &y = again.moves[i];
    same += x.move == y.move && x.grade == y.grade && x.nodes == y.nodes && x.playouts == y.playouts;
    if (x.player == 0) random_changed += x.move != other.moves[i].move;
  }
  CHECK(same == a.moves.size());
  CHECK(random_changed > 0);
  for (std::size_t i = 0; i < a.totals.size(); ++i) {
    CHECK(a.totals[i].optimal_interval == again.totals[i].optimal_interval);
    CHECK(a.totals[i].value_loss_interval == again.totals[i].value_loss_interval);
  }
}

TEST_CASE("seeded players play each repetition with its seed, unseeded ones once", "[quality]") {
  const Board b;
  const GeneratedSet set = quality_set(b, "plies", {"plies"}, [](PositionSetSpec& s) { s.plies = {2}; });
  const QualityResult r = graded(b, set, {"random", "ab:depth=1", "mcts:playouts=20,c=2"}, 3, 10, true, 100);
  REQUIRE(r.players.size() == 3);
  CHECK(r.players[0].label == "random");
  CHECK(r.players[0].seeds == std::vector<std::uint64_t>{10, 11, 12});
  CHECK(!r.players[1].seeded);
  CHECK(r.players[1].repetitions() == 1);
  CHECK(r.players[1].label.rfind("ab:depth=1,", 0) == 0);  // the normal form: every option
  CHECK(r.players[2].label.find("seed") == std::string::npos);
  CHECK(r.players[2].seeds.size() == 3);
  CHECK(overall(r, 0).rate_interval == "bootstrap");
  CHECK(overall(r, 1).rate_interval == "wilson");
  CHECK(r.moves.size() == (3 + 1 + 3) * r.positions.size());

  // A spec with its own seed plays once with it, unless the run chooses seeds too.
  const QualityResult own = graded(b, set, {"random:seed=42"}, 1, 1, false);
  CHECK(own.players[0].seeds == std::vector<std::uint64_t>{42});
  CHECK_THROWS_WITH(graded(b, set, {"random:seed=42"}, 2, 1, true), Catch::Contains("its own seed"));
  CHECK_THROWS_WITH(graded(b, set, {"alphabeta"}), Catch::Contains("unknown player"));
}

TEST_CASE("totals break down by ply and by stratum, each group adding up to the set", "[quality]") {
  const Board b;
  const GeneratedSet set = quality_set(b, "stratified", {"per_group"}, [](PositionSetSpec& s) {
    s.per_group = 3;
    s.seed = 2;
  });
  const QualityResult r = graded(b, set, {"random"}, 1, 1, false, 200);
  std::map<std::string, std::size_t> moves;
  std::vector<int> plies;
  for (const QualityTotal& t : r.totals) {
    moves[t.breakdown] += t.moves;
    if (t.breakdown == "ply") plies.push_back(std::stoi(t.group));
    CHECK(t.optimal_interval.low <= t.optimal_rate);
    CHECK(t.optimal_rate <= t.optimal_interval.high);
  }
  CHECK(moves["all"] == r.positions.size());
  CHECK(moves["ply"] == r.positions.size());
  CHECK(moves["stratum"] == r.positions.size());
  CHECK(std::is_sorted(plies.begin(), plies.end()));
  CHECK(plies.size() == 9);  // plies 0 to 8 hold unfinished positions
}

TEST_CASE("move quality refuses a board beyond the exact solution, naming the limit", "[quality]") {
  CHECK_THROWS_WITH(check_quality_board(Board(5, 5, 4)), Catch::Contains("at most 16 cells") && Catch::Contains("25 cells"));
  CHECK_NOTHROW(check_quality_board(Board(4, 4, 4)));
  const auto r = tictac::test::run_tictac("quality --board 5x5 --k 4 --player random");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("at most 16 cells"));
}

TEST_CASE("tictac quality writes moves, totals and metadata whole, and refuses to overwrite them", "[quality]") {
  tictac::test::TempDir t;
  const auto dir = t.path / "q" / "run";
  const std::string args = "quality --player perfect --player random --set plies --plies 7 -q --out '" + dir.string() + "'";
  const auto r = tictac::test::run_tictac(args);
  REQUIRE(r.exit_code == 0);
  const std::string moves = tictac::test::read_file(dir / "moves.csv");
  const std::string totals = tictac::test::read_file(dir / "totals.csv");
  CHECK(moves.rfind("board,k,gravity,player,seed,repetition,position,", 0) == 0);
  CHECK(totals.rfind("board,k,gravity,player,breakdown,group,positions,", 0) == 0);
  // The unfinished positions at ply 7 (the tests' own negamax counts them), each graded by two players.
  const tictac::players_test::PlainSolver truth{Board()};
  const auto at_ply_7 = std::count_if(truth.unfinished().begin(), truth.unfinished().end(),
                                      [](const Position& p) { return p.ply() == 7; });
  CHECK(at_ply_7 > 0);
  CHECK(std::count(moves.begin(), moves.end(), '\n') == 1 + 2 * at_ply_7);
  CHECK(tictac::test::read_file(dir / "metadata.json").find("\"graded_against\"") != std::string::npos);

  const auto again = tictac::test::run_tictac(args);
  CHECK(again.exit_code == 2);
  CHECK_THAT(again.err, Catch::Contains("--force"));
  CHECK(tictac::test::read_file(dir / "moves.csv") == moves);
  CHECK(tictac::test::run_tictac(args + " --force").exit_code == 0);

  // A folder that cannot be made: nothing is left behind.
  tictac::test::write_file(t.path / "file", "x");
  const auto bad = tictac::test::run_tictac("quality --player random -q --out '" + (t.path / "file" / "sub").string() + "'");
  CHECK(bad.exit_code == 2);
  CHECK(!std::filesystem::exists(t.path / "file" / "sub"));

  const auto unknown = tictac::test::run_tictac("quality --player random --set nonsense");
  CHECK(unknown.exit_code == 2);
  CHECK_THAT(unknown.err, Catch::Contains("neither a kind"));
}
