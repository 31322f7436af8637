#include "harness/experiment/result_rows.hpp"

#include <algorithm>
#include <stdexcept>

#include "harness/formats/board_fields.hpp"
#include "harness/formats/stat_fields.hpp"

namespace tictac {

namespace {

using Json = nlohmann::ordered_json;

MeasurementStatus combine(MeasurementStatus a, MeasurementStatus b) {
  if (a == MeasurementStatus::disagrees || b == MeasurementStatus::disagrees) return MeasurementStatus::disagrees;
  if (a == MeasurementStatus::unknown || b == MeasurementStatus::unknown) return MeasurementStatus::unknown;
  return MeasurementStatus::agrees;
}

template <class T>
T field(const Json& j, const char* key) {
  try {
    return j.at(key).get<T>();
  } catch (const Json::exception& e) {
    throw std::invalid_argument(std::string("key '") + key + "': " + e.what());
  }
}

}  // namespace

std::vector<OptionColumn> option_columns(const std::vector<std::string>& strategy_names) {
  std::vector<OptionColumn> cols;
  for (const StrategyInfo& info : strategy_catalog())
    if (std::find(strategy_names.begin(), strategy_names.end(), info.name) != strategy_names.end())
      for (const StrategyOption& o : info.options) cols.push_back({info.name, o.key});
  return cols;
}

std::vector<OptionColumn> option_columns(const ExperimentConfig& config) {
  std::vector<std::string> names;
  for (const StrategyConfig& s : config.strategies) names.push_back(s.name);
  return option_columns(names);
}

RowLabel row_label(const std::string& experiment, const Board& b, const Strategy& s, const std::string& position_set) {
  return {experiment, b.size_name(), b.k(), b.gravity(), s.spec(), s.name(), s.ordering(), position_set, s.identity().options};
}

void TimeTotal::add(const Timing& t, bool first_repetition) {
  median_ns += t.median_ns();
  if (first_repetition) cold_ns += t.cold_ns;
  runs += t.runs_ns.size();
  spreads.push_back(t.spread());
}

void TimeTotal::add(const TimeTotal& o) {
  median_ns += o.median_ns;
  cold_ns += o.cold_ns;
  runs += o.runs;
  spreads.insert(spreads.end(), o.spreads.begin(), o.spreads.end());
}

double TimeTotal::spread() const {
  if (spreads.empty()) return 0.0;
  std::vector<double> sorted = spreads;
  const auto mid = sorted.begin() + static_cast<std::ptrdiff_t>(sorted.size() / 2);
  std::nth_element(sorted.begin(), mid, sorted.end());
  return *mid;  // of an even count, the upper middle one, as Timing::median_ns
}

void SetTotal::add(const PositionMeasurement& m) {
  status = positions == 0 ? m.status() : combine(status, m.status());
  ++positions;
  add_to_total(stats, m.counted.stats);
  if (times.size() < m.timings.size()) times.resize(m.timings.size());
  for (std::size_t r = 0; r < m.timings.size(); ++r) times[r].add(m.timings[r], r == 0);
}

void SetTotal::add(const SetTotal& share) {
  if (share.positions == 0) return;
  status = positions == 0 ? share.status : combine(status, share.status);
  positions += share.positions;
  add_to_total(stats, share.stats);
  if (times.size() < share.times.size()) times.resize(share.times.size());
  for (std::size_t r = 0; r < share.times.size(); ++r) times[r].add(share.times[r]);
}

Json to_json(const RowLabel& l) {
  Json options = Json::object();
  for (const auto& [key, value] : l.options) options[key] = value;
  return {{"experiment", l.experiment}, {"board", l.board_size}, {"k", l.k}, {"gravity", l.gravity},
          {"strategy", l.strategy}, {"strategy_name", l.strategy_name}, {"ordering", l.ordering},
          {"position_set", l.position_set}, {"options", options}};
}

RowLabel label_from_json(const Json& j) {
  RowLabel l{field<std::string>(j, "experiment"), field<std::string>(j, "board"), field<int>(j, "k"),
             field<bool>(j, "gravity"), field<std::string>(j, "strategy"), field<std::string>(j, "strategy_name"),
             field<std::string>(j, "ordering"), field<std::string>(j, "position_set")};
  const Json options = field<Json>(j, "options");
  for (const auto& [key, value] : options.items()) l.options.emplace_back(key, value.get<std::string>());
  return l;
}

// The counters of the one list (algorithms/search/statistics.hpp), counts and
// internal ones alike: the rates of a merged set_total are recomputed from
// them.  nodes_by_ply and the root's proof numbers are no column, so not here.
Json to_json(const SetTotal& t) {
  Json counters = Json::object();
#define TICTAC_COUNTER_TO_JSON(name, ...) counters[#name] = t.stats.name;
#define TICTAC_NO_RATE(...)
  TICTAC_SEARCH_STATISTICS(TICTAC_COUNTER_TO_JSON, TICTAC_COUNTER_TO_JSON, TICTAC_NO_RATE)
#undef TICTAC_COUNTER_TO_JSON
  Json times = Json::array();
  for (const TimeTotal& r : t.times)
    times.push_back({{"median_ns", r.median_ns}, {"cold_ns", r.cold_ns}, {"runs", r.runs}, {"spreads", r.spreads}});
  return {{"positions", t.positions}, {"status", to_string(t.status)}, {"times", times}, {"counters", counters}};
}

SetTotal set_total_from_json(const Json& j) {
  SetTotal t;
  t.positions = field<std::size_t>(j, "positions");
  const std::string status = field<std::string>(j, "status");
  if (status == "agrees") t.status = MeasurementStatus::agrees;
  else if (status == "disagrees") t.status = MeasurementStatus::disagrees;
  else if (status == "unknown") t.status = MeasurementStatus::unknown;
  else throw std::invalid_argument("key 'status': '" + status + "' is not agrees, disagrees or unknown");
  const Json times = field<Json>(j, "times");
  for (const Json& r : times)
    t.times.push_back({field<std::int64_t>(r, "median_ns"), field<std::int64_t>(r, "cold_ns"),
                       field<std::uint64_t>(r, "runs"), field<std::vector<double>>(r, "spreads")});
  if (!j.contains("counters")) throw std::invalid_argument("key 'counters': missing");
  const Json& counters = j["counters"];
#define TICTAC_COUNTER_FROM_JSON(name, ...) t.stats.name = field<std::uint64_t>(counters, #name);
  TICTAC_SEARCH_STATISTICS(TICTAC_COUNTER_FROM_JSON, TICTAC_COUNTER_FROM_JSON, TICTAC_NO_RATE)
#undef TICTAC_COUNTER_FROM_JSON
#undef TICTAC_NO_RATE
  return t;
}

ResultsCsv::ResultsCsv(std::ostream& out, std::vector<OptionColumn> options)
    : schema_(std::move(options)), csv_(out, schema_.names()) {}

void ResultsCsv::position(const RowLabel& cell, const PositionEntry& e, const std::string& text,
                          const std::string& stratum, const PositionMeasurement& m) {
  using C = ResultColumn;
  for (std::size_t r = 0; r < m.timings.size(); ++r) {
    ResultRow row = labelled(cell);
    row.set(C::row_kind, "position").set(C::position, text).set(C::ply, e.ply).set(C::positions, 1);
    row.set(C::repetition, static_cast<int>(r));
    if (m.proved) row.set(C::value, m.counted.value); else row.none(C::value);
    row.set(C::exact_value, e.value);
    if (e.distance < 0) row.none(C::distance); else row.set(C::distance, e.distance);
    if (m.counted.best_move < 0) row.none(C::best_move); else row.set(C::best_move, m.counted.best_move);
    row.set(C::status, to_string(m.status())).set(C::matches_exact, m.matches);
    TimeTotal time;
    time.add(m.timings[r], true);
    time.cold_ns = m.timings.front().cold_ns;  // the position's cold run, on each repetition's row
    row.set(C::lower, m.bounds.lower).set(C::upper, m.bounds.upper);
    end(row, m.counted.stats, time, stratum);
  }
}

void ResultsCsv::total(const RowLabel& cell, const SetTotal& t) {
  using C = ResultColumn;
  for (std::size_t r = 0; r < t.times.size(); ++r) {
    ResultRow row = labelled(cell);
    row.set(C::row_kind, "set_total").none(C::position).none(C::ply);
    row.set(C::positions, static_cast<std::uint64_t>(t.positions)).set(C::repetition, static_cast<int>(r));
    row.none(C::value).none(C::exact_value).none(C::distance).none(C::best_move);
    row.set(C::status, to_string(t.status)).set(C::matches_exact, t.status == MeasurementStatus::agrees);
    row.none(C::lower).none(C::upper);
    TimeTotal time = t.times[r];
    time.cold_ns = t.times.front().cold_ns;
    end(row, t.stats, time, "");
  }
}

ResultRow ResultsCsv::labelled(const RowLabel& c) const {
  using C = ResultColumn;
  ResultRow row(schema_);
  const BoardFields board = board_fields(c.board_size, c.k, c.gravity);
  row.set(C::experiment, c.experiment).set(C::board, board.board).set(C::k, board.k).set(C::gravity, board.gravity);
  row.set(C::strategy, c.strategy).set(C::strategy_name, c.strategy_name).set(C::ordering, c.ordering);
  row.set(C::position_set, c.position_set);
  row.options(c.strategy_name, c.options);
  return row;
}

void ResultsCsv::end(ResultRow& row, const SearchStats& stats, const TimeTotal& time, const std::string& stratum) {
  using C = ResultColumn;
  row.statistics(stats);
  row.set(C::time_ns, time.median_ns).set(C::timed_runs, time.runs).set(C::time_spread, time.spread());
  row.set(C::time_cold_ns, time.cold_ns).set(C::stratum, stratum);
  row.write(csv_);
  ++rows_;
}

}  // namespace tictac
