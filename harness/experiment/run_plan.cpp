#include "harness/experiment/run_plan.hpp"

#include <algorithm>
#include <iostream>

#include "algorithms/exact/cancel_poll.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/experiment/set_generator.hpp"

namespace tictac {

namespace {

void stop_if(const std::atomic<bool>* interrupt) {
  if (interrupt && interrupt->load()) throw Cancelled();
}

[[noreturn]] void config_fail(const ExperimentConfig& c, int line, const std::string& what) {
  throw ConfigError(c.source + ":" + std::to_string(line) + ": " + what);
}

// The strategy of `s` on board b.  Its name, keys and values were checked
// (check_strategies, at their own lines); what is left is what depends on
// the board or on options together, reported at the strategy's line.
std::unique_ptr<Strategy> prepare_strategy(const ExperimentConfig& c, const StrategyConfig& s, const Board& b) {
  try {
    return make_strategy(b, s.strategy());
  } catch (const std::invalid_argument& e) {
    config_fail(c, s.line, "strategy '" + s.spec() + "' on board " + b.name() + ": " + e.what());
  }
}

// The positions of `ps` on pb's board, from the set generator, whatever the
// kind (set_generator.hpp).  Given positions beyond 16 cells (empty, list,
// file rows without a value) are left unvalued: the reference values them
// once the plan is known (value_planned_positions), so a shard certifies
// only its own.  A position the strong solver leaves unknown within the
// set's budget makes the set refused: a row needs its value.
std::vector<PositionEntry> prepare_set(const ExperimentConfig& c, const PositionSetConfig& ps, PreparedBoard& pb,
                                      std::vector<bool>& unvalued, std::vector<std::string>& strata,
                                      std::vector<std::string>& notes, const std::atomic<bool>* interrupt,
                                      const SetProgress& progress) {
  for (std::size_t i = 0; i < ps.spec.positions.size(); ++i) {  // a position that does not parse, at its own line
    try {
      (void)parse_position(pb.board, ps.spec.positions[i]);
    } catch (const std::invalid_argument& e) {
      config_fail(c, ps.position_lines[i], "key 'positions': on board " + pb.board.name() + ": " + e.what());
    }
  }
  const std::string where = "position set '" + ps.name + "' on board " + pb.board.name();
  GeneratedSet g;
  try {
    SetProgress within;
    if (progress) {
      progress(where);
      within = [&](const std::string& what) { progress(where + ": " + what); };
    }
    g = generate_set(pb.board, ps.spec, SetOptions{within, /*defer_values=*/true, interrupt});
  } catch (const std::invalid_argument& e) {
    config_fail(c, ps.line, where + ": " + e.what());
  }
  for (const std::string& note : g.notes) std::cerr << c.source << ": " << where << ": " << note << "\n";
  if (!g.unknown.empty())
    config_fail(c, ps.line,
                where + ": " + std::to_string(g.unknown.size()) + " positions are unknown within the strong solver's budget of " +
                    std::to_string(ps.spec.budget_seconds) + " s (the first: " + format_position(pb.board, g.unknown.front()) +
                    "); raise key 'budget' or choose other plies");
  if (g.entries.empty()) config_fail(c, ps.line, "position set '" + ps.name + "' is empty on board " + pb.board.name());
  if (std::any_of(g.strata.begin(), g.strata.end(), [](const std::string& x) { return !x.empty(); })) strata = std::move(g.strata);
  unvalued = std::move(g.unvalued);
  notes = std::move(g.notes);
  return std::move(g.entries);
}

}  // namespace

bool applies(const std::vector<std::string>& boards, const Board& b) {
  return boards.empty() || std::find(boards.begin(), boards.end(), b.name()) != boards.end();
}

std::vector<PreparedBoard> prepare_boards(const ExperimentConfig& c, const std::atomic<bool>* interrupt,
                                          const SetProgress& progress) {
  check_strategies(c);
  std::vector<PreparedBoard> boards;
  for (const BoardConfig& bc : c.boards) {
    stop_if(interrupt);
    // The exact solution first, where the cancel flag reaches it: the
    // reference, the oracle orderings and the sets then share it (exact_cache.hpp).
    if (bc.board.cells() <= StateSpace::kMaxCells) {
      if (progress) progress("board " + bc.board.name() + ": the exact solution");
      (void)exact_solution(bc.board, interrupt);
    }
    PreparedBoard pb{bc.board, std::make_unique<Reference>(bc.board), {}, {}, {}, {}, {}};
    pb.ref->watch(interrupt);
    for (const StrategyConfig& s : c.strategies) {
      stop_if(interrupt);
      pb.strategies.push_back(applies(s.boards, bc.board) ? prepare_strategy(c, s, bc.board) : nullptr);
    }
    for (const PositionSetConfig& ps : c.position_sets) {
      stop_if(interrupt);
      pb.unvalued.emplace_back();
      pb.strata.emplace_back();
      pb.notes.emplace_back();
      pb.sets.push_back(applies(ps.boards, bc.board)
                            ? prepare_set(c, ps, pb, pb.unvalued.back(), pb.strata.back(), pb.notes.back(), interrupt,
                                          progress)
                            : std::vector<PositionEntry>{});
    }
    boards.push_back(std::move(pb));
  }
  (void)baseline_spec(c, boards);  // a baseline that is none of the strategies is refused at its line
  return boards;
}

std::string baseline_spec(const ExperimentConfig& c, const std::vector<PreparedBoard>& boards) {
  if (c.baseline.empty()) return {};
  for (const PreparedBoard& pb : boards) {
    std::unique_ptr<Strategy> s;
    try {
      s = make_strategy(pb.board, c.baseline);
    } catch (const std::invalid_argument& e) {
      config_fail(c, c.baseline_line, "key 'baseline': " + std::string(e.what()));
    }
    for (const auto& own : pb.strategies)
      if (own && own->spec() == s->spec()) return s->spec();
  }
  config_fail(c, c.baseline_line, "key 'baseline': '" + c.baseline + "' is none of the config's strategies");
}

bool runs_on_set(const StrategyConfig& s, const std::string& set) {
  return s.sets.empty() || std::find(s.sets.begin(), s.sets.end(), set) != s.sets.end();
}

double RunPlan::cost_share() const {
  double total = 0, here = 0;
  for (std::size_t id = 0; id < costs.size(); ++id) total += costs[id];
  for (const PlannedCell& pc : mine)
    here += costs[pc.id] * static_cast<double>(pc.positions.size()) / static_cast<double>(set_sizes[pc.id]);
  return total > 0 ? here / total : 0.0;
}

RunPlan plan_run(const ExperimentConfig& c, const std::vector<PreparedBoard>& boards, ShardSpec shard) {
  RunPlan plan;
  for (std::size_t b = 0; b < boards.size(); ++b)
    for (std::size_t s = 0; s < c.strategies.size(); ++s)
      for (std::size_t p = 0; p < c.position_sets.size(); ++p) {
        if (!applies(c.position_sets[p].boards, boards[b].board) || !boards[b].strategies[s] ||
            !runs_on_set(c.strategies[s], c.position_sets[p].name))
          continue;
        plan.all_cells.push_back({b, s, p});
        plan.costs.push_back(estimated_cell_cost(boards[b].strategies[s]->identity().cost_weight,
                                                 boards[b].board.cells(), boards[b].sets[p].size()));
        plan.set_sizes.push_back(boards[b].sets[p].size());
      }
  // The positions in the unsharded order, each with its share of its cell's cost.
  std::vector<double> unit_costs;
  std::vector<std::size_t> unit_cell, unit_position;
  for (std::size_t id = 0; id < plan.all_cells.size(); ++id)
    for (std::size_t i = 0; i < plan.set_sizes[id]; ++i) {
      unit_costs.push_back(plan.costs[id] / static_cast<double>(plan.set_sizes[id]));
      unit_cell.push_back(id);
      unit_position.push_back(i);
    }
  plan.positions_total = unit_costs.size();
  for (std::size_t u : shard_cells(unit_costs, shard)) {
    if (plan.mine.empty() || plan.mine.back().id != unit_cell[u]) plan.mine.push_back({unit_cell[u], {}});
    plan.mine.back().positions.push_back(unit_position[u]);
  }
  for (const PlannedCell& pc : plan.mine) plan.positions += static_cast<double>(pc.positions.size());
  return plan;
}

void value_planned_positions(const ExperimentConfig& c, std::vector<PreparedBoard>& boards, const RunPlan& plan,
                             const std::atomic<bool>* interrupt, const SetProgress& progress) {
  std::size_t valued = 0;
  for (const PlannedCell& pc : plan.mine) {
    const Cell cell = plan.all_cells[pc.id];
    PreparedBoard& pb = boards[cell.board];
    if (pb.unvalued.size() <= cell.set) continue;
    auto& pending = pb.unvalued[cell.set];
    for (std::size_t i : pc.positions) {
      if (i >= pending.size() || !pending[i]) continue;
      stop_if(interrupt);
      if (progress)
        progress("board " + pb.board.name() + ", position set '" + c.position_sets[cell.set].name + "', " +
                 std::to_string(valued) + " valued so far");
      ++valued;
      PositionEntry& e = pb.sets[cell.set][i];
      try {
        e.value = pb.ref->value(e.position);
      } catch (const ReferenceDisagreement& err) {
        throw ReferenceDisagreement("position set '" + c.position_sets[cell.set].name + "': " + err.what(), err.position);
      } catch (const ReferenceUnknown& err) {
        throw ReferenceUnknown("position set '" + c.position_sets[cell.set].name + "': " + err.what(), err.position);
      }
      e.distance = pb.ref->distance(e.position).value_or(-1);
      pending[i] = false;
    }
  }
}

}  // namespace tictac
