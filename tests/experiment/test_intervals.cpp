// The intervals of the measurements: Wilson's score interval against the
// worked examples of the literature, and the bootstrap over positions
// against the normal interval of a large sample, computed here.
#include <catch2/catch.hpp>

#include <cmath>
#include <stdexcept>
#include <vector>

#include "harness/experiment/intervals.hpp"

using namespace tictac;

TEST_CASE("Wilson's interval reproduces Newcombe's worked examples", "[intervals]") {
  // Newcombe, "Two-sided confidence intervals for the single proportion:
  // comparison of seven methods", Statistics in Medicine 17 (1998) 857-872,
  // Table II, method 3 (Wilson's score interval without continuity
  // correction), 95%: 81/263 -> 0.2553-0.3662, 15/148 -> 0.0624-0.1605,
  // 0/20 -> 0.0000-0.1611, 1/29 -> 0.0061-0.1718 (four decimals).
  struct Example {
    std::uint64_t successes, trials;
    double low, high;
  };
  for (const Example& e : {Example{81, 263, 0.2553, 0.3662}, Example{15, 148, 0.0624, 0.1605}, Example{0, 20, 0.0, 0.1611},
                           Example{1, 29, 0.0061, 0.1718}}) {
    const Interval i = wilson_interval(e.successes, e.trials);
    CHECK(i.low == Approx(e.low).margin(5e-5));
    CHECK(i.high == Approx(e.high).margin(5e-5));
  }
}

TEST_CASE("Wilson's interval at the ends of the scale and with no trials", "[intervals]") {
  // 0 of n: the lower end is 0 and the upper z^2 / (n + z^2) (Wilson 1927's
  // limit at an observed 0); n of n mirrors it.
  const double z2 = kZ95 * kZ95;
  CHECK(wilson_interval(0, 20).low == 0.0);
  CHECK(wilson_interval(0, 20).high == Approx(z2 / (20 + z2)).epsilon(1e-12));
  CHECK(wilson_interval(20, 20).high == 1.0);
  CHECK(wilson_interval(20, 20).low == Approx(20 / (20 + z2)).epsilon(1e-12));
  CHECK(wilson_interval(0, 0) == Interval{0.0, 1.0});
  CHECK_THROWS_AS(wilson_interval(3, 2), std::invalid_argument);
}

TEST_CASE("the bootstrap over positions is seeded and agrees with the normal interval of a large sample", "[intervals]") {
  // 3000 positions whose values are 0, 1 or 2 in a fixed pattern.
  std::vector<double> values;
  for (int i = 0; i < 3000; ++i) values.push_back((i * 7) % 3 == 0 ? 2.0 : (i % 5 == 0 ? 1.0 : 0.0));
  double mean = 0;
  for (double v : values) mean += v;
  mean /= static_cast<double>(values.size());
  double var = 0;
  for (double v : values) var += (v - mean) * (v - mean);
  var /= static_cast<double>(values.size());
  const double half = kZ95 * std::sqrt(var / static_cast<double>(values.size()));

  const Interval a = bootstrap_mean_interval(values, 1, 2000);
  CHECK(a == bootstrap_mean_interval(values, 1, 2000));  // the same seed, the same interval
  CHECK(a != bootstrap_mean_interval(values, 2, 2000));
  CHECK(a.low < mean);
  CHECK(a.high > mean);
  // The percentile bootstrap of a mean of 3000 values is close to the normal
  // interval: each end within a tenth of its half-width (Monte-Carlo error of
  // 2000 resamples is about 3% of it).
  CHECK(std::abs(a.low - (mean - half)) < 0.1 * half);
  CHECK(std::abs(a.high - (mean + half)) < 0.1 * half);
}

TEST_CASE("the bootstrap of equal values is that value, and of none is empty", "[intervals]") {
  const std::vector<double> ones(50, 1.0);
  CHECK(bootstrap_mean_interval(ones, 3) == Interval{1.0, 1.0});
  CHECK(bootstrap_mean_interval(std::vector<double>{0.25}, 3) == Interval{0.25, 0.25});
  CHECK(bootstrap_mean_interval(std::vector<double>{}, 3) == Interval{0.0, 0.0});
  CHECK_THROWS_AS(bootstrap_mean_interval(std::vector<double>{0.0, 1.0}, 3, 0), std::invalid_argument);
}
