// The first step of a run (runner.hpp): the plan.  Every board of a config
// with what the run needs there (its reference, its strategies, its position
// sets), the cells, their estimated costs, and the positions of each cell
// that this shard runs (shard.hpp deals out positions, not whole cells).
// Everything that can be wrong with a config is found here, before any file
// is written.
#pragma once

#include <atomic>
#include <memory>
#include <vector>

#include "algorithms/exact/position_set.hpp"
#include "harness/experiment/config.hpp"
#include "harness/experiment/reference.hpp"
#include "harness/experiment/set_generator.hpp"
#include "harness/experiment/shard.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac {

struct PreparedBoard {
  Board board;
  std::unique_ptr<Reference> ref;
  std::vector<std::unique_ptr<Strategy>> strategies;  // by config strategy (null where it does not apply)
  std::vector<std::vector<PositionEntry>> sets;       // by config position set (empty where it does not apply)
  // By set and position: true for a given position (empty, list, a file's
  // row without its value) on a board over 16 cells.  The reference values it once the plan
  // is known (value_planned_positions), so a shard certifies only its own.
  std::vector<std::vector<bool>> unvalued;
  // By set and position: its stratum in a stratified set (a Pons stratum
  // such as "begin-easy", a group of the exact solution's stratified set,
  // "ply 4 distance 7", or a file's stratum column); empty for other sets
  // (set_generator.hpp).
  std::vector<std::vector<std::string>> strata;
  // By set: how the generator made it (set_generator.hpp), for stderr and
  // the set's file when the run writes it back.
  std::vector<std::vector<std::string>> notes;
};

// The config's baseline (its `baseline` key) in normal form, or "" without
// one; throws ConfigError at the key's line when it is none of the
// config's strategies.
std::string baseline_spec(const ExperimentConfig& config, const std::vector<PreparedBoard>& boards);

// Whether a strategy or a position set with this `boards` key applies to b.
bool applies(const std::vector<std::string>& boards, const Board& b);
// Whether strategy s runs on the position set named `set` (its `sets` key;
// none: every set).
bool runs_on_set(const StrategyConfig& s, const std::string& set);

// Throws ConfigError naming the line: a strategy or an option that does not
// fit a board, a position set that needs the exact solver where there is
// none, a position that is not legal, an empty set.  Throws Cancelled
// (algorithms/exact/cancel_poll.hpp) within milliseconds once `interrupt` is
// set: between boards, strategies and sets, and inside the exact solution
// and the scans of its position sets, which take seconds on 4x4.
// `progress`, when given, is told each step as it starts ("board 5x5k4:
// position set 'strata'"), and the set generator's own progress within it.
std::vector<PreparedBoard> prepare_boards(const ExperimentConfig& config,
                                          const std::atomic<bool>* interrupt = nullptr,
                                          const SetProgress& progress = {});

// A (board, strategy, position set) of the config, by index.
struct Cell {
  std::size_t board, strategy, set;
};

// A cell with the positions of its set that this shard runs.
struct PlannedCell {
  std::size_t id = 0;                   // the index of the cell in RunPlan::all_cells
  std::vector<std::size_t> positions;   // indices into the cell's set, ascending (unsharded: all of them)
};

struct RunPlan {
  std::vector<Cell> all_cells;     // every cell of the config, in the unsharded order
  std::vector<double> costs;       // the estimated cost of each (shard.hpp)
  std::vector<std::size_t> set_sizes;  // the positions of each cell's set
  std::size_t positions_total = 0;     // positions in every cell of the config
  std::vector<PlannedCell> mine;   // the cells with a position in this shard, ascending
  double positions = 0;            // positions in this shard (for progress)

  Cell cell(std::size_t i) const { return all_cells[mine[i].id]; }
  // This shard's share of the estimated cost of the whole config.
  double cost_share() const;
};

// The positions of every cell are dealt out over the shards, each position
// with its cell's cost per position, by shard_cells (shard.hpp): so one big
// position set spreads over every shard.
RunPlan plan_run(const ExperimentConfig& config, const std::vector<PreparedBoard>& boards, ShardSpec shard);

// The reference's value of every unvalued position (PreparedBoard::unvalued)
// that the plan runs.  Throws what Reference::value throws, naming the set,
// and Cancelled between positions once `interrupt` is set.
// `progress`, when given, is told each position as it is valued.
void value_planned_positions(const ExperimentConfig& config, std::vector<PreparedBoard>& boards, const RunPlan& plan,
                             const std::atomic<bool>* interrupt = nullptr, const SetProgress& progress = {});

}  // namespace tictac
