#include "harness/experiment/match_stats.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

namespace tictac {

namespace {

// The interval of a mean score from its samples' variance, one-sided at a
// score of 0 or 1.
ScoreInterval interval_of(double score, double variance, std::uint64_t n) {
  ScoreInterval r;
  r.score = score;
  r.variance = variance;
  r.samples = n;
  if (score >= 1) {
    r.kind = ScoreInterval::Kind::lower_bound;
    r.low = all_won_bound(n);
    r.high = 1;
  } else if (score <= 0) {
    r.kind = ScoreInterval::Kind::upper_bound;
    r.low = 0;
    r.high = 1 - all_won_bound(n);
  } else {
    const double half = kZ95 * std::sqrt(variance / static_cast<double>(n));
    r.low = std::max(0.0, score - half);
    r.high = std::min(1.0, score + half);
  }
  return r;
}

}  // namespace

double GameCounts::score() const {
  const std::uint64_t n = games();
  return n == 0 ? 0.0 : (static_cast<double>(wins) + 0.5 * static_cast<double>(draws)) / static_cast<double>(n);
}

ScoreInterval per_game_interval(const GameCounts& c) {
  const std::uint64_t n = c.games();
  if (n == 0) throw std::invalid_argument("a score interval needs at least one game");
  const double s = c.score();
  const double variance = (static_cast<double>(c.wins) * (1 - s) * (1 - s) + static_cast<double>(c.draws) * (0.5 - s) * (0.5 - s) +
                           static_cast<double>(c.losses) * s * s) /
                          static_cast<double>(n);
  return interval_of(s, variance, n);
}

ScoreInterval pentanomial_interval(const PairCounts& pairs) {
  std::uint64_t n = 0;
  double points = 0;  // the pairs' mean points, summed
  for (int i = 0; i < 5; ++i) {
    n += pairs[i];
    points += static_cast<double>(pairs[i]) * (i / 4.0);
  }
  if (n == 0) throw std::invalid_argument("a pentanomial score interval needs at least one game pair");
  const double s = points / static_cast<double>(n);
  double variance = 0;
  for (int i = 0; i < 5; ++i) variance += static_cast<double>(pairs[i]) * (i / 4.0 - s) * (i / 4.0 - s);
  variance /= static_cast<double>(n);
  return interval_of(s, variance, n);
}

double all_won_bound(std::uint64_t n) {
  if (n == 0) throw std::invalid_argument("a bound needs at least one sample");
  return std::pow(0.05, 1.0 / static_cast<double>(n));
}

double logistic_elo(double score) {
  if (!(score > 0 && score < 1))
    throw std::invalid_argument("the logistic Elo of a score of " + std::to_string(score) +
                                " is not finite (a score strictly between 0 and 1 has one)");
  return -400.0 * std::log10(1.0 / score - 1.0);
}

double elo_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloInterval elo_interval(const ScoreInterval& s) {
  EloInterval e;
  e.kind = s.kind;
  const auto finite = [](double score) -> std::optional<double> {
    if (score > 0 && score < 1) return logistic_elo(score);
    return std::nullopt;
  };
  if (s.kind == ScoreInterval::Kind::two_sided) e.elo = finite(s.score);
  e.low = finite(s.low);
  e.high = finite(s.high);
  return e;
}

const char* to_string(ScoreInterval::Kind k) {
  switch (k) {
    case ScoreInterval::Kind::two_sided: return "two_sided";
    case ScoreInterval::Kind::lower_bound: return "lower_bound";
    case ScoreInterval::Kind::upper_bound: return "upper_bound";
  }
  return "?";
}

}  // namespace tictac
