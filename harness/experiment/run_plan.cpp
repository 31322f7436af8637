#include "harness/experiment/run_plan.hpp"

#include <algorithm>

#include "harness/formats/notation.hpp"
#include "harness/formats/position_set_io.hpp"

namespace tictac {

namespace {

[[noreturn]] void config_fail(const ExperimentConfig& c, int line, const std::string& what) {
  throw ConfigError(c.source + ":" + std::to_string(line) + ": " + what);
}

// The strategy of `s` on board b; a bad value is reported at its own line when
// the option alone is refused, options that only clash together at the
// strategy's line.
std::unique_ptr<Strategy> prepare_strategy(const ExperimentConfig& c, const StrategyConfig& s, const Board& b) {
  try {
    return make_strategy(b, s.spec());
  } catch (const std::invalid_argument& e) {
    for (std::size_t i = 0; i < s.options.size(); ++i) {
      try {
        make_strategy(b, s.name + ":" + s.options[i].first + "=" + s.options[i].second);
      } catch (const std::invalid_argument& alone) {
        config_fail(c, s.option_lines[i], "key '" + s.options[i].first + "': " + alone.what());
      }
    }
    config_fail(c, s.line, "strategy '" + s.spec() + "' on board " + b.name() + ": " + e.what());
  }
}

void refuse_without_exact(const ExperimentConfig& c, const PositionSetConfig& ps, const Board& b) {
  config_fail(c, ps.line,
              "position set '" + ps.name + "' (kind " + (ps.from_file ? std::string("file") : std::string(to_string(ps.kind))) +
                  ") needs the exact solver, which handles boards of at most " + std::to_string(StateSpace::kMaxCells) +
                  " cells; on board " + b.name() + " (" + std::to_string(b.cells()) +
                  " cells) use kind 'empty' or 'list', or limit the set with boards = [...]");
}

// The positions of `ps` on pb's board: from a file, from the exact solution,
// or (on a board over 16 cells) the empty board or a list, valued by the
// reference search (distance -1: unknown).
std::vector<PositionEntry> positions_of(const ExperimentConfig& c, const PositionSetConfig& ps, PreparedBoard& pb) {
  const auto& exact = pb.ref->exact();
  if (!exact && ((ps.kind != PositionSetKind::empty && ps.kind != PositionSetKind::list) || ps.from_file))
    refuse_without_exact(c, ps, pb.board);
  if (ps.from_file) return read_position_set(ps.file, *exact);
  PositionSetSpec spec{ps.kind, ps.plies, ps.per_group, ps.seed, {}};
  for (std::size_t i = 0; i < ps.positions.size(); ++i) {
    try {
      spec.positions.push_back(parse_position(pb.board, ps.positions[i]));
    } catch (const std::invalid_argument& e) {
      config_fail(c, ps.position_lines[i], "key 'positions': on board " + pb.board.name() + ": " + e.what());
    }
  }
  if (exact) return generate_position_set(*exact, spec);
  if (spec.kind == PositionSetKind::empty) spec.positions = {Position{}};
  std::vector<PositionEntry> set;
  for (const Position& p : spec.positions) set.push_back({p, p.ply(), pb.ref->value(p), pb.ref->distance(p).value_or(-1)});
  return set;
}

std::vector<PositionEntry> prepare_set(const ExperimentConfig& c, const PositionSetConfig& ps, PreparedBoard& pb) {
  std::vector<PositionEntry> set;
  try {
    set = positions_of(c, ps, pb);
  } catch (const ConfigError&) {
    throw;
  } catch (const std::invalid_argument& e) {
    config_fail(c, ps.line, "position set '" + ps.name + "' on board " + pb.board.name() + ": " + e.what());
  }
  if (set.empty()) config_fail(c, ps.line, "position set '" + ps.name + "' is empty on board " + pb.board.name());
  return set;
}

}  // namespace

bool applies(const std::vector<std::string>& boards, const Board& b) {
  return boards.empty() || std::find(boards.begin(), boards.end(), b.name()) != boards.end();
}

std::vector<PreparedBoard> prepare_boards(const ExperimentConfig& c) {
  check_strategies(c, strategy_catalog());
  std::vector<PreparedBoard> boards;
  for (const BoardConfig& bc : c.boards) {
    PreparedBoard pb{bc.board, std::make_unique<Reference>(bc.board), {}, {}};
    for (const StrategyConfig& s : c.strategies)
      pb.strategies.push_back(applies(s.boards, bc.board) ? prepare_strategy(c, s, bc.board) : nullptr);
    for (const PositionSetConfig& ps : c.position_sets)
      pb.sets.push_back(applies(ps.boards, bc.board) ? prepare_set(c, ps, pb) : std::vector<PositionEntry>{});
    boards.push_back(std::move(pb));
  }
  return boards;
}

double RunPlan::cost_share() const {
  double total = 0, here = 0;
  for (double x : costs) total += x;
  for (std::size_t id : mine) here += costs[id];
  return total > 0 ? here / total : 0.0;
}

RunPlan plan_run(const ExperimentConfig& c, const std::vector<PreparedBoard>& boards, ShardSpec shard) {
  RunPlan plan;
  for (std::size_t b = 0; b < boards.size(); ++b)
    for (std::size_t s = 0; s < c.strategies.size(); ++s)
      for (std::size_t p = 0; p < c.position_sets.size(); ++p) {
        if (!applies(c.position_sets[p].boards, boards[b].board) || !boards[b].strategies[s]) continue;
        plan.all_cells.push_back({b, s, p});
        plan.costs.push_back(estimated_cell_cost(boards[b].strategies[s]->identity().cost_weight,
                                                 boards[b].board.cells(), boards[b].sets[p].size()));
      }
  plan.mine = shard_cells(plan.costs, shard);
  for (std::size_t id : plan.mine) {
    const Cell& cell = plan.all_cells[id];
    plan.positions += static_cast<double>(boards[cell.board].sets[cell.set].size());
  }
  return plan;
}

}  // namespace tictac
