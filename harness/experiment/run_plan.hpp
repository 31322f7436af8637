// The first step of a run (runner.hpp): the plan.  Every board of a config
// with what the run needs there (its reference, its strategies, its position
// sets), the cells, their estimated costs, and the cells this shard runs.
// Everything that can be wrong with a config is found here, before any file
// is written.
#pragma once

#include <memory>
#include <vector>

#include "algorithms/exact/position_set.hpp"
#include "harness/experiment/config.hpp"
#include "harness/experiment/reference.hpp"
#include "harness/experiment/shard.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac {

struct PreparedBoard {
  Board board;
  std::unique_ptr<Reference> ref;
  std::vector<std::unique_ptr<Strategy>> strategies;  // by config strategy (null where it does not apply)
  std::vector<std::vector<PositionEntry>> sets;       // by config position set (empty where it does not apply)
};

// Whether a strategy or a position set with this `boards` key applies to b.
bool applies(const std::vector<std::string>& boards, const Board& b);
// Whether strategy s runs on the position set named `set` (its `sets` key;
// none: every set).
bool runs_on_set(const StrategyConfig& s, const std::string& set);

// Throws ConfigError naming the line: a strategy or an option that does not
// fit a board, a position set that needs the exact solver where there is
// none, a position that is not legal, an empty set.
std::vector<PreparedBoard> prepare_boards(const ExperimentConfig& config);

// A (board, strategy, position set) of the config, by index.
struct Cell {
  std::size_t board, strategy, set;
};

struct RunPlan {
  std::vector<Cell> all_cells;     // every cell of the config, in the unsharded order
  std::vector<double> costs;       // the estimated cost of each (shard.hpp)
  std::vector<std::size_t> mine;   // the indices of the cells that this shard runs, ascending
  double positions = 0;            // positions in this shard's cells (for progress)

  Cell cell(std::size_t i) const { return all_cells[mine[i]]; }
  // This shard's share of the estimated cost of the whole config.
  double cost_share() const;
};

RunPlan plan_run(const ExperimentConfig& config, const std::vector<PreparedBoard>& boards, ShardSpec shard);

}  // namespace tictac
