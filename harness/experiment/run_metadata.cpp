#include "harness/experiment/run_metadata.hpp"

#include <algorithm>

#include <fmt/core.h>

#include "harness/formats/results_schema.hpp"
#include "harness/formats/version.hpp"

namespace tictac {

namespace {

// The strategy weights of the catalogue, heaviest first, the strategies of
// one weight in catalogue order: "minimax, negamax 100; alphabeta 10; others 1".
std::string cost_weights_text() {
  const auto catalog = strategy_catalog();
  std::vector<double> weights;
  for (const auto& s : catalog)
    if (s.cost_weight != 1.0 && std::find(weights.begin(), weights.end(), s.cost_weight) == weights.end())
      weights.push_back(s.cost_weight);
  std::sort(weights.rbegin(), weights.rend());
  std::string text;
  for (double w : weights) {
    std::string names;
    for (const auto& s : catalog)
      if (s.cost_weight == w) names += (names.empty() ? "" : ", ") + s.name;
    text += names + " " + fmt::format("{:g}", w) + "; ";
  }
  return text + "others 1";
}

void describe_origin(Json& m, const RunDescription& run) {
  const ExperimentConfig& c = run.config;
  m["tictac_version"] = TICTAC_VERSION;
  m["experiment"] = c.name;
  m["question"] = c.question;
  m["description"] = c.description;
  m["config_path"] = c.source;
  m["config_fnv1a64"] = fnv1a64_hex(c.text);
  // The commit of the tictac binary that ran, compiled in (not of the
  // config's folder, which may be outside any checkout: config_git).
  const auto build = build_info();
  const Json commit = build.commit.empty() ? Json(nullptr) : Json(build.commit);
  const Json dirty = build.commit.empty() ? Json(nullptr) : Json(build.dirty);
  m["git"] = {{"commit", commit}, {"dirty", dirty}};
  m["tictac_build"] = {{"commit", commit}, {"dirty", dirty}, {"system", build.system}, {"build_type", build.type},
                       {"compiler", build.compiler}};
  m["config_git"] = {{"commit", run.git.known ? Json(run.git.commit) : Json(nullptr)},
                     {"dirty", run.git.known ? Json(run.git.dirty) : Json(nullptr)}};
  const auto host = host_info();
  m["build"] = {{"system", build.system}, {"type", build.type}, {"compiler", build.compiler}, {"flags", build.flags}};
  m["host"] = {{"name", host.name}, {"cpu_model", host.cpu_model}, {"hardware_threads", host.cpus}};
  m["date_utc"] = run.started_utc;
  m["duration_s"] = 0.0;  // set_totals
  m["command"] = run.command_line;
}

void describe_experiment(Json& m, const RunDescription& run) {
  const ExperimentConfig& c = run.config;
  m["repetitions"] = c.repetitions;
  m["seeds"] = c.seeds;
  Json boards = Json::array();
  for (const auto& b : c.boards) boards.push_back(b.board.name());
  m["boards"] = boards;
  Json strategies = Json::array();  // each in normal form, from the first board it runs on
  for (std::size_t s = 0; s < c.strategies.size(); ++s)
    for (const auto& pb : run.boards)
      if (pb.strategies[s]) {
        strategies.push_back(pb.strategies[s]->spec());
        break;
      }
  m["strategies"] = strategies;
  // What the user set of each strategy (the rest are defaults): a report
  // labels a strategy by these, never by a default nobody chose.
  Json set = Json::object();
  for (std::size_t s = 0; s < c.strategies.size(); ++s)
    for (const auto& pb : run.boards)
      if (pb.strategies[s]) {
        Json given = Json::object();
        for (const auto& [key, value] : c.strategies[s].options) given[key] = value;
        set[pb.strategies[s]->spec()] = given;
        break;
      }
  m["strategy_options_set"] = set;
  const std::string baseline = baseline_spec(c, run.boards);
  m["baseline"] = baseline.empty() ? Json(nullptr) : Json(baseline);
  Json sets = Json::object();
  for (std::size_t s = 0; s < c.position_sets.size(); ++s) {
    const PositionSetConfig& ps = c.position_sets[s];
    Json sizes = Json::object();
    for (const auto& pb : run.boards)
      if (applies(ps.boards, pb.board)) sizes[pb.board.name()] = pb.sets[s].size();
    sets[ps.name] = {{"kind", std::string(ps.spec.kind->name)},
                     {"positions", sizes},
                     {"rows", ps.position_rows ? "positions" : "totals"}};
  }
  m["position_sets"] = sets;
  m["position_set_files"] = run.set_files;
}

void describe_cells(Json& m, const RunDescription& run) {
  m["cells"] = 0;  // set_totals
  m["parallelism"] = threads_parallelism(run.threads);
  if (run.shard.sharded()) {
    Json cells = Json::array(), positions = Json::array(), shares = Json::array(), labels = Json::array();
    for (std::size_t i = 0; i < run.plan.mine.size(); ++i) {
      const PlannedCell& pc = run.plan.mine[i];
      const Cell cell = run.plan.all_cells[pc.id];
      const PreparedBoard& pb = run.boards[cell.board];
      const Strategy& s = *pb.strategies[cell.strategy];
      cells.push_back(pc.id);
      positions.push_back(pc.positions);
      shares.push_back(to_json(run.shares[i]));
      labels.push_back(to_json(row_label(run.config.name, pb.board, s, run.config.position_sets[cell.set].name)));
    }
    m["shard"] = {{"index", run.shard.index},
                  {"count", run.shard.count},
                  {"cells_total", run.plan.all_cells.size()},
                  {"positions_total", run.plan.positions_total},
                  {"set_sizes", run.plan.set_sizes},
                  {"cells", cells},
                  {"cell_rows", run.cell_rows},
                  {"cell_positions", positions},
                  {"cell_labels", labels},
                  {"cell_set_totals", shares},
                  {"estimated_cost_share", run.plan.cost_share()},
                  {"balancing", "the positions of every cell dealt out greedily, most expensive first, each to the "
                                "least loaded shard; a position costs its cell's cost over its positions, and a cell "
                                "costs positions x strategy weight (" + cost_weights_text() + ") x 2^board cells"}};
  }
  m["result_rows"] = 0;  // set_totals
  // Which reference each board had (reference.hpp): in words, and as its
  // kind (exact, two_families), the families' specs and budgets.
  Json against = Json::object(), reference = Json::object();
  for (const auto& pb : run.boards) {
    against[pb.board.name()] = pb.ref->description();
    reference[pb.board.name()] = {{"kind", to_string(pb.ref->kind())},
                                  {"families", pb.ref->family_specs()},
                                  {"budget", pb.ref->budget_text()},
                                  {"moves", pb.ref->move_rule()}};
  }
  m["exactness"] = {{"checked_against", against}, {"reference", reference}, {"disagreements", 0}, {"unknown", 0}};
}

void describe_columns(Json& m, const RunDescription& run) {
  m["max_rss_kib"] = max_rss_kib();
  const TimingPolicy& t = run.config.timing;
  m["timing"] = {{"method", timing_method_text(t)},
                 {"min_total_ms", std::chrono::duration<double, std::milli>(t.min_total).count()},
                 {"max_runs", t.max_runs},
                 {"cancellable_from_ms", kCancellableFrom.count()},
                 {"not_timed", "the counting search (node counts, statistics), the cold run, building the exact "
                               "solution and certifying rows"}};
  const auto options = option_columns(run.config);
  Json option_names = Json::array();
  for (const OptionColumn& o : options) option_names.push_back(o.name());
  m["option_columns"] = option_names;
  Json cols = Json::object();
  for (const auto& col : result_columns(options)) cols[col.name] = {{"description", col.description}, {"source", col.source}};
  m["columns"] = cols;
  m["config_text"] = run.config.text;
}

}  // namespace

Json run_metadata(const RunDescription& run) {
  Json m;
  describe_origin(m, run);
  describe_experiment(m, run);
  describe_cells(m, run);
  describe_columns(m, run);
  set_totals(m, run.totals);
  return m;
}

void set_totals(Json& m, const RunTotals& t) {
  m["duration_s"] = t.duration_s;
  m["cells"] = t.cells;
  m["result_rows"] = t.rows;
  if (m.contains("exactness")) {
    m["exactness"]["disagreements"] = t.disagreements;
    m["exactness"]["unknown"] = t.unknown;
  }
}

Json threads_parallelism(unsigned threads) {
  if (threads <= 1) return {{"kind", "none"}, {"threads", 1}, {"note", "every search on one thread"}};
  return {{"kind", "threads"},
          {"threads", threads},
          {"note", "counting searches (nodes, statistics) on threads, one cell per thread at a time; every timed "
                   "search (time_ns) afterwards on one thread, alone"}};
}

Json shards_parallelism(std::size_t shards, const Json& within_each_shard) {
  return {{"kind", "shards"},
          {"shards", shards},
          {"within_each_shard", within_each_shard},
          {"note", "positions split across separate processes (tictac run --shard), merged by tictac merge; "
                   "duration_s is the sum of the shards' durations, host and date_utc are shard 0's"}};
}

void write_metadata(std::ostream& out, const Json& m) { out << m.dump(2) << "\n"; }

}  // namespace tictac
