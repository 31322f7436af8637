// The statistics of a match between two players (match.hpp): the score with
// a 95% interval and the logistic Elo difference with its interval.
//
// A game scores 1 for a win, 1/2 for a draw and 0 for a loss; the score is
// the mean over the games, from the first player's side.  Two intervals, both
// the normal approximation score +- 1.959964 standard errors:
//   per game     (the trinomial model) the games independent, each a win, a
//                draw or a loss: variance = sum over the three outcomes of
//                frequency x (points - score)^2, standard error
//                sqrt(variance / games);
//   pentanomial  the games in colour pairs (the same opening played once
//                with each side): a pair is the sample, its mean points
//                0, 1/4, 1/2, 3/4 or 1 (five outcomes), variance = sum of
//                frequency x (pair mean - score)^2, standard error
//                sqrt(variance / pairs).  A pairing correlates the two games
//                of a pair (an opening that favours one side favours it in
//                both colours), which the per-game variance ignores.
// These are the estimates of Fishtest (Michel Van den Bergh's notes,
// "Normalized Elo", section 4, the pentanomial model) and fastchess
// (EloWDL, EloPentanomial); tests/experiment/test_match_stats.cpp checks them
// against fastchess's worked values.
//
// The logistic Elo difference of a score s is -400 log10(1/s - 1) (s = 3/4:
// +190.85), and its interval the Elo of the score interval's ends.  A score
// of 1 (or 0) has no Elo: then the score interval is one-sided, the exact
// binomial bound of the rule of three (Clopper-Pearson with every sample a
// full win: P(all n won) = q^n = 0.05 gives q = 0.05^(1/n), a one-sided 95%
// bound; 1 - q is about 3/n), and the Elo is reported as the bound it gives,
// never as infinity.  An end of a score interval at 0 or 1 has no Elo either:
// that side of the Elo interval is left open (std::nullopt).
//
// With every sample the same result (all draws, say) the variance is 0 and
// the interval has no width: the normal approximation cannot say more.
#pragma once

#include <array>
#include <cstdint>
#include <optional>

#include "harness/experiment/intervals.hpp"  // kZ95

namespace tictac {

// The games of one player against another, from the first player's side.
struct GameCounts {
  std::uint64_t wins = 0, draws = 0, losses = 0;
  std::uint64_t games() const { return wins + draws + losses; }
  double score() const;  // (wins + draws / 2) / games; 0 for no games
};

// Colour pairs by the first player's points in the pair, in half points:
// [0] lost both, [1] a loss and a draw, [2] a win and a loss or two draws,
// [3] a win and a draw, [4] won both.
using PairCounts = std::array<std::uint64_t, 5>;

// A 95% interval of a score.
struct ScoreInterval {
  enum class Kind : std::uint8_t {
    two_sided,    // score +- kZ95 standard errors, clamped to [0, 1]
    lower_bound,  // a score of 1: [0.05^(1/n), 1], a one-sided 95% bound
    upper_bound,  // a score of 0: [0, 1 - 0.05^(1/n)]
  };
  double score = 0;
  double low = 0, high = 0;
  Kind kind = Kind::two_sided;
  double variance = 0;       // of one sample's mean points (a game's, or a pair's mean)
  std::uint64_t samples = 0; // games (per game) or pairs (pentanomial)
};

// Each throws std::invalid_argument for no games (no pairs).
ScoreInterval per_game_interval(const GameCounts& counts);
ScoreInterval pentanomial_interval(const PairCounts& pairs);

// The one-sided 95% lower bound of the score when all n samples are won:
// 0.05^(1/n).  n > 0.
double all_won_bound(std::uint64_t n);

// -400 log10(1/s - 1), for 0 < s < 1 (std::invalid_argument otherwise: a
// score of 0 or 1 has no finite Elo).
double logistic_elo(double score);
// The score of an Elo difference: 1 / (1 + 10^(-elo/400)).
double elo_score(double elo);

// The Elo difference and its 95% interval from a score interval.  `elo` is
// empty when the score is 0 or 1 (kind lower_bound / upper_bound: `low`, or
// `high`, is then the one bound); an end whose score is 0 or 1 is empty.
struct EloInterval {
  std::optional<double> elo, low, high;
  ScoreInterval::Kind kind = ScoreInterval::Kind::two_sided;
};
EloInterval elo_interval(const ScoreInterval& s);

// "two_sided", "lower_bound", "upper_bound" (the summary's elo_kind column).
const char* to_string(ScoreInterval::Kind k);

}  // namespace tictac
