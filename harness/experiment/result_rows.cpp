#include "harness/experiment/result_rows.hpp"

#include <stdexcept>

#include "harness/experiment/runner.hpp"
#include "harness/formats/stat_fields.hpp"

namespace tictac {

namespace {

using Json = nlohmann::ordered_json;

std::vector<std::string> column_names() {
  std::vector<std::string> names;
  for (const auto& col : result_columns()) names.push_back(col.name);
  return names;
}

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

void SetTotal::add(const PositionMeasurement& m) {
  status = positions == 0 ? m.status() : combine(status, m.status());
  ++positions;
  add_to_total(stats, m.counted.stats);
  if (times.size() < m.times.size()) times.resize(m.times.size(), 0);
  for (std::size_t r = 0; r < m.times.size(); ++r) times[r] += m.times[r];
}

void SetTotal::add(const SetTotal& share) {
  if (share.positions == 0) return;
  status = positions == 0 ? share.status : combine(status, share.status);
  positions += share.positions;
  add_to_total(stats, share.stats);
  if (times.size() < share.times.size()) times.resize(share.times.size(), 0);
  for (std::size_t r = 0; r < share.times.size(); ++r) times[r] += share.times[r];
}

Json to_json(const RowLabel& l) {
  return {{"experiment", l.experiment}, {"board", l.board_size}, {"k", l.k}, {"gravity", l.gravity},
          {"strategy", l.strategy}, {"strategy_name", l.strategy_name}, {"ordering", l.ordering},
          {"position_set", l.position_set}};
}

RowLabel label_from_json(const Json& j) {
  return {field<std::string>(j, "experiment"), field<std::string>(j, "board"), field<int>(j, "k"),
          field<bool>(j, "gravity"), field<std::string>(j, "strategy"), field<std::string>(j, "strategy_name"),
          field<std::string>(j, "ordering"), field<std::string>(j, "position_set")};
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
  return {{"positions", t.positions}, {"status", to_string(t.status)}, {"time_ns", t.times}, {"counters", counters}};
}

SetTotal set_total_from_json(const Json& j) {
  SetTotal t;
  t.positions = field<std::size_t>(j, "positions");
  const std::string status = field<std::string>(j, "status");
  if (status == "agrees") t.status = MeasurementStatus::agrees;
  else if (status == "disagrees") t.status = MeasurementStatus::disagrees;
  else if (status == "unknown") t.status = MeasurementStatus::unknown;
  else throw std::invalid_argument("key 'status': '" + status + "' is not agrees, disagrees or unknown");
  t.times = field<std::vector<std::int64_t>>(j, "time_ns");
  if (!j.contains("counters")) throw std::invalid_argument("key 'counters': missing");
  const Json& counters = j["counters"];
#define TICTAC_COUNTER_FROM_JSON(name, ...) t.stats.name = field<std::uint64_t>(counters, #name);
  TICTAC_SEARCH_STATISTICS(TICTAC_COUNTER_FROM_JSON, TICTAC_COUNTER_FROM_JSON, TICTAC_NO_RATE)
#undef TICTAC_COUNTER_FROM_JSON
#undef TICTAC_NO_RATE
  return t;
}

ResultsCsv::ResultsCsv(std::ostream& out) : csv_(out, column_names()) {}

void ResultsCsv::position(const RowLabel& cell, const PositionEntry& e, const std::string& text, const PositionMeasurement& m) {
  for (std::size_t r = 0; r < m.times.size(); ++r) {
    prefix(cell);
    csv_.field("position").field(text).field(e.ply).field(1).field(static_cast<int>(r));
    if (m.proved) csv_.field(m.counted.value); else csv_.empty();
    csv_.field(e.value);
    if (e.distance < 0) csv_.empty(); else csv_.field(e.distance);
    if (m.counted.best_move < 0) csv_.empty(); else csv_.field(m.counted.best_move);
    csv_.field(to_string(m.status())).field(m.matches);
    end(m.counted.stats, m.times[r]);
  }
}

void ResultsCsv::total(const RowLabel& cell, const SetTotal& t) {
  for (std::size_t r = 0; r < t.times.size(); ++r) {
    prefix(cell);
    csv_.field("set_total").empty().empty().field(static_cast<std::uint64_t>(t.positions)).field(static_cast<int>(r));
    csv_.empty().empty().empty().empty().field(to_string(t.status)).field(t.status == MeasurementStatus::agrees);
    end(t.stats, t.times[r]);
  }
}

void ResultsCsv::prefix(const RowLabel& c) {
  csv_.field(c.experiment).field(c.board_size).field(c.k).field(c.gravity);
  csv_.field(c.strategy).field(c.strategy_name).field(c.ordering).field(c.position_set);
}

void ResultsCsv::end(const SearchStats& stats, std::int64_t time_ns) {
  for (const StatField& f : stat_fields(stats)) f.is_rate ? csv_.field(f.rate) : csv_.field(f.count);
  csv_.field(time_ns);
  csv_.end_row();
  ++rows_;
}

}  // namespace tictac
