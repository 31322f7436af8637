#include "harness/experiment/intervals.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/game/random.hpp"

namespace tictac {

Interval wilson_interval(std::uint64_t successes, std::uint64_t trials, double z) {
  if (successes > trials)
    throw std::invalid_argument("wilson_interval: " + std::to_string(successes) + " successes out of " +
                                std::to_string(trials) + " trials");
  if (trials == 0) return {0.0, 1.0};
  const double n = static_cast<double>(trials);
  const double p = static_cast<double>(successes) / n;
  const double z2 = z * z;
  const double denominator = 1 + z2 / n;
  const double centre = (p + z2 / (2 * n)) / denominator;
  const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denominator;
  // At p = 0 (or 1) the lower (upper) limit is exactly 0 (1); rounding may miss it by an ulp.
  return {successes == 0 ? 0.0 : std::max(0.0, centre - half), successes == trials ? 1.0 : std::min(1.0, centre + half)};
}

namespace {

// The q-quantile of sorted values, interpolated linearly between order
// statistics (Hyndman and Fan's type 7, numpy's default).
double quantile(const std::vector<double>& sorted, double q) {
  const double h = q * static_cast<double>(sorted.size() - 1);
  const std::size_t lo = static_cast<std::size_t>(std::floor(h));
  const std::size_t hi = std::min(lo + 1, sorted.size() - 1);
  return sorted[lo] + (h - static_cast<double>(lo)) * (sorted[hi] - sorted[lo]);
}

}  // namespace

Interval bootstrap_mean_interval(std::span<const double> values, std::uint64_t seed, int resamples, double level) {
  if (values.empty()) return {0.0, 0.0};
  if (resamples < 1) throw std::invalid_argument("bootstrap_mean_interval: resamples must be at least 1");
  if (!(level > 0 && level < 1)) throw std::invalid_argument("bootstrap_mean_interval: level must be in (0, 1)");
  const std::size_t n = values.size();
  // Every resample of equal values has their mean: the interval is that value
  // (exactly, where summing the copies might round).
  if (std::all_of(values.begin(), values.end(), [&](double v) { return v == values[0]; })) return {values[0], values[0]};
  Rng rng(seed);
  std::vector<double> means(static_cast<std::size_t>(resamples));
  for (double& mean : means) {
    double sum = 0;
    for (std::size_t i = 0; i < n; ++i)
      sum += values[static_cast<std::size_t>((static_cast<unsigned __int128>(rng.next()) * n) >> 64)];
    mean = sum / static_cast<double>(n);
  }
  std::sort(means.begin(), means.end());
  return {quantile(means, (1 - level) / 2), quantile(means, (1 + level) / 2)};
}

}  // namespace tictac
