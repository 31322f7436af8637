// Sharding a run: which positions of a config shard I of N runs
// (`tictac run CONFIG --shard I/N`, merged again by `tictac merge`).
//
// Each cell gets an estimated cost (its positions times a per-strategy
// weight times a factor for the board's size), and each of its positions an
// equal share of it (run_plan.hpp).  The positions of every cell are dealt
// out greedily by shard_cells, most expensive first, each to the shard with
// the least cost so far (ties: the lower index, then the lower shard index),
// so one large position set spreads over every shard.  The split depends
// only on the config, so every shard computes the same partition: each
// position is in exactly one shard, and a shard runs its positions in the
// unsharded order.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace tictac {

struct ShardSpec {
  int index = 0;  // from 0
  int count = 0;  // 0: not sharded (every cell); a shard 0/1 is sharded, with every cell
  bool sharded() const { return count > 0; }
};

// "I/N" with 0 <= I < N <= 10000; throws std::invalid_argument otherwise.
ShardSpec parse_shard(std::string_view text);

// A relative cost for one cell, used only to balance shards: positions times
// the strategy's weight (StrategyInfo::cost_weight) times 2^cells.
double estimated_cell_cost(double strategy_weight, int board_cells, std::size_t positions);

// The items (indices into `costs`, ascending: the runner's items are the
// positions of every cell) that shard `spec` runs.
std::vector<std::size_t> shard_cells(const std::vector<double>& costs, ShardSpec spec);

}  // namespace tictac
