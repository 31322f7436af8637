// Confidence intervals of the measurements: the Wilson score interval of a
// proportion, and a seeded percentile bootstrap of a mean over positions.
//
// Move quality (quality.hpp) counts positions, not repetitions: when every
// position is graded once, its rates are proportions of independent trials
// and take the Wilson interval; when a position is graded several times
// (repetitions over seeds), those grades are not independent trials, so
// each position contributes its own mean and the interval comes from
// resampling positions (the bootstrap below).
#pragma once

#include <cstdint>
#include <span>

namespace tictac {

// The two-sided 95% normal quantile, Phi^-1(0.975).
inline constexpr double kZ95 = 1.959963984540054;

struct Interval {
  double low = 0;
  double high = 0;
  friend bool operator==(const Interval&, const Interval&) = default;
};

// The Wilson score interval (Wilson 1927; Newcombe 1998's method 3, without
// a continuity correction) of `successes` out of `trials`, at the normal
// quantile z:
//   (p + z^2/2n -+ z sqrt(p(1-p)/n + z^2/4n^2)) / (1 + z^2/n),  p = successes/n.
// Within [0, 1] by construction (clamped against rounding); [0, 1] for 0
// trials.  Throws std::invalid_argument when successes > trials.
Interval wilson_interval(std::uint64_t successes, std::uint64_t trials, double z = kZ95);

// The percentile bootstrap of the mean of `values` (one value per position):
// `resamples` resamples of the positions drawn with replacement from a
// SplitMix64 stream seeded by `seed` (algorithms/game/random.hpp), the mean
// of each, and the (1 - level)/2 and (1 + level)/2 quantiles of those means
// (linear interpolation between order statistics, numpy's default).  The same
// values, seed and resamples give the same interval on every machine.  An
// empty `values` gives [0, 0]; values all equal to v give [v, v].
Interval bootstrap_mean_interval(std::span<const double> values, std::uint64_t seed, int resamples = 2000,
                                 double level = 0.95);

}  // namespace tictac
