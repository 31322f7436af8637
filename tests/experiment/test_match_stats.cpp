// The statistics of a match (harness/experiment/match_stats.hpp) against
// worked values from outside the code:
//   - the logistic Elo formula at known scores (Elo's logistic curve:
//     a score of 3/4 is 400 log10 3 = +190.85, 9/10 is 400 log10 9 = +381.70,
//     and +100 Elo expects 0.64, the figure of FIDE's rating table);
//   - fastchess's worked examples (Disservin/fastchess, app/tests/elo_test.cpp:
//     "EloWDL 2" and "EloPentanomial 1" to "3"), whose Elo and error (half the
//     width of the Elo interval) follow the Fishtest estimates of Michel Van
//     den Bergh ("Normalized Elo", hardy.uhasselt.be/Toga/normalized_elo.pdf,
//     section 4: the pentanomial model);
//   - the rule of three (Hanley and Lippman-Hand, JAMA 1983): with no failure
//     in n trials the exact one-sided 95% bound of the failure rate is
//     1 - 0.05^(1/n), about 3/n; for n = 10 it is 25.89%, the Clopper-Pearson
//     bound of the binomial tables.
#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>

#include "harness/experiment/match_stats.hpp"

using namespace tictac;

namespace {

// Half the width of the Elo interval: fastchess's "error".
double elo_error(const ScoreInterval& s) {
  const EloInterval e = elo_interval(s);
  REQUIRE(e.low);
  REQUIRE(e.high);
  return (*e.high - *e.low) / 2;
}

// fastchess's Stats(ll, ld, wl, dd, wd, ww) as our pairs by half points:
// [0] LL, [1] LD, [2] WL + DD, [3] WD, [4] WW.
PairCounts fastchess_pairs(std::uint64_t ll, std::uint64_t ld, std::uint64_t wl, std::uint64_t dd, std::uint64_t wd,
                           std::uint64_t ww) {
  return {ll, ld, wl + dd, wd, ww};
}

}  // namespace

TEST_CASE("the logistic Elo difference of known scores", "[match_stats]") {
  CHECK(logistic_elo(0.75) == Approx(190.85).margin(0.005));
  CHECK(logistic_elo(0.25) == Approx(-190.85).margin(0.005));
  CHECK(logistic_elo(0.9) == Approx(381.70).margin(0.005));
  CHECK(logistic_elo(0.5) == Approx(0).margin(1e-12));
  CHECK(elo_score(100) == Approx(0.64).margin(0.0005));
  CHECK(elo_score(logistic_elo(0.3)) == Approx(0.3).margin(1e-12));
  CHECK_THROWS_AS(logistic_elo(1.0), std::invalid_argument);
  CHECK_THROWS_AS(logistic_elo(0.0), std::invalid_argument);
}

TEST_CASE("the per-game interval gives fastchess's EloWDL worked example", "[match_stats]") {
  // Stats(wins 136, losses 96, draws 111): Elo 40.70, error 30.43.
  const ScoreInterval s = per_game_interval({136, 111, 96});
  CHECK(s.kind == ScoreInterval::Kind::two_sided);
  CHECK(s.samples == 343);
  const EloInterval e = elo_interval(s);
  REQUIRE(e.elo);
  CHECK(*e.elo == Approx(40.70).margin(0.006));
  CHECK(elo_error(s) == Approx(30.43).margin(0.006));
}

TEST_CASE("the pentanomial interval gives fastchess's EloPentanomial worked examples", "[match_stats]") {
  struct Example {
    PairCounts pairs;
    double elo, error;
  };
  const Example examples[] = {
      {fastchess_pairs(34, 54, 31, 32, 64, 75), 55.58, 27.65},
      {fastchess_pairs(332, 433, 457, 41, 333, 334), -8.64, 10.33},
      {fastchess_pairs(7895, 8757, 5485, 200, 568, 9999), -21.04, 2.95},
  };
  for (const Example& x : examples) {
    const ScoreInterval s = pentanomial_interval(x.pairs);
    const EloInterval e = elo_interval(s);
    REQUIRE(e.elo);
    CHECK(*e.elo == Approx(x.elo).margin(0.006));
    CHECK(elo_error(s) == Approx(x.error).margin(0.006));
  }
}

TEST_CASE("colour pairs that split every pair have no pentanomial variance, unlike the per-game one", "[match_stats]") {
  // 40 pairs, each a win and a loss (the side with X wins): 40 wins, 40
  // losses.  Per game: score 1/2, variance 1/4, half-width 1.96 x 0.5 / sqrt(80).
  const ScoreInterval per_game = per_game_interval({40, 0, 40});
  CHECK(per_game.score == 0.5);
  CHECK(per_game.variance == Approx(0.25));
  CHECK(per_game.high - per_game.low == Approx(2 * kZ95 * 0.5 / std::sqrt(80.0)));
  const ScoreInterval pairs = pentanomial_interval({0, 0, 40, 0, 0});
  CHECK(pairs.score == 0.5);
  CHECK(pairs.variance == 0);
  CHECK(pairs.low == 0.5);
  CHECK(pairs.high == 0.5);
}

TEST_CASE("a score of 1 or 0 gives a one-sided bound, never an infinite Elo", "[match_stats]") {
  CHECK(all_won_bound(10) == Approx(1 - 0.2589).margin(0.00005));  // the rule of three's exact bound, n = 10
  CHECK(1 - all_won_bound(300) == Approx(3.0 / 300).epsilon(0.01));  // about 3/n
  const ScoreInterval won = pentanomial_interval({0, 0, 0, 0, 10});
  CHECK(won.kind == ScoreInterval::Kind::lower_bound);
  CHECK(won.score == 1);
  CHECK(won.low == Approx(0.74113).margin(0.00001));
  CHECK(won.high == 1);
  const EloInterval e = elo_interval(won);
  CHECK_FALSE(e.elo);
  CHECK_FALSE(e.high);
  REQUIRE(e.low);
  CHECK(*e.low == Approx(182.73).margin(0.005));  // -400 log10(1 / 0.74113 - 1)
  CHECK(std::isfinite(*e.low));

  const ScoreInterval lost = per_game_interval({0, 0, 10});
  CHECK(lost.kind == ScoreInterval::Kind::upper_bound);
  CHECK(lost.low == 0);
  CHECK(lost.high == Approx(0.2589).margin(0.00005));
  const EloInterval l = elo_interval(lost);
  CHECK_FALSE(l.elo);
  CHECK_FALSE(l.low);
  REQUIRE(l.high);
  CHECK(*l.high == Approx(-182.73).margin(0.005));
}

TEST_CASE("an interval end at a score of 0 or 1 leaves that side of the Elo interval open", "[match_stats]") {
  // 9 wins and 1 loss: score 0.9, per-game half-width 1.96 x 0.3 / sqrt(10) = 0.186 > 0.1.
  const ScoreInterval s = per_game_interval({9, 0, 1});
  CHECK(s.kind == ScoreInterval::Kind::two_sided);
  CHECK(s.high == 1);
  const EloInterval e = elo_interval(s);
  REQUIRE(e.elo);
  CHECK(*e.elo == Approx(381.70).margin(0.005));
  CHECK_FALSE(e.high);
  REQUIRE(e.low);
  CHECK(*e.low == Approx(logistic_elo(0.9 - kZ95 * 0.3 / std::sqrt(10.0))));
}

TEST_CASE("no games has no interval", "[match_stats]") {
  CHECK_THROWS_AS(per_game_interval({}), std::invalid_argument);
  CHECK_THROWS_AS(pentanomial_interval({}), std::invalid_argument);
}
