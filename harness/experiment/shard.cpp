#include "harness/experiment/shard.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <numeric>
#include <stdexcept>

namespace tictac {

ShardSpec parse_shard(std::string_view text) {
  const auto bad = [&] {
    return std::invalid_argument("--shard '" + std::string(text) + "': expected I/N with 0 <= I < N <= 10000 (I counts from 0)");
  };
  const auto slash = text.find('/');
  if (slash == std::string_view::npos) throw bad();
  ShardSpec s;
  const auto parse = [&](std::string_view part, int& v) {
    if (part.empty()) throw bad();
    const auto [p, ec] = std::from_chars(part.data(), part.data() + part.size(), v);
    if (ec != std::errc() || p != part.data() + part.size()) throw bad();
  };
  parse(text.substr(0, slash), s.index);
  parse(text.substr(slash + 1), s.count);
  if (s.count < 1 || s.count > 10000 || s.index < 0 || s.index >= s.count) throw bad();
  return s;
}

double estimated_cell_cost(double strategy_weight, int board_cells, std::size_t positions) {
  return static_cast<double>(positions) * strategy_weight * std::pow(2.0, board_cells);
}

std::vector<std::size_t> shard_cells(const std::vector<double>& costs, ShardSpec spec) {
  if (!spec.sharded()) {
    std::vector<std::size_t> all(costs.size());
    std::iota(all.begin(), all.end(), std::size_t{0});
    return all;
  }
  std::vector<std::size_t> order(costs.size());
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return costs[a] > costs[b]; });
  std::vector<double> load(static_cast<std::size_t>(spec.count), 0.0);
  std::vector<std::size_t> mine;
  for (std::size_t cell : order) {
    const auto least = static_cast<std::size_t>(std::min_element(load.begin(), load.end()) - load.begin());
    load[least] += costs[cell];
    if (least == static_cast<std::size_t>(spec.index)) mine.push_back(cell);
  }
  std::sort(mine.begin(), mine.end());
  return mine;
}

}  // namespace tictac
