#include "harness/formats/stat_fields.hpp"

#include <algorithm>
#include <iterator>

#include <fmt/core.h>

namespace tictac {

namespace {

#define TICTAC_COLUMN_COUNT(name, aggregate, description) {#name, Aggregate::aggregate, description},
#define TICTAC_COLUMN_NONE(...)
#define TICTAC_COLUMN_RATE(name, numerator, denominator, description) {#name, Aggregate::rate, description},
constexpr StatColumn kColumns[] = {
    TICTAC_SEARCH_STATISTICS(TICTAC_COLUMN_COUNT, TICTAC_COLUMN_NONE, TICTAC_COLUMN_RATE)};
#undef TICTAC_COLUMN_COUNT
#undef TICTAC_COLUMN_NONE
#undef TICTAC_COLUMN_RATE

}  // namespace

std::span<const StatColumn> stat_columns() { return kColumns; }

std::string StatField::text() const { return is_rate ? fmt::format("{:.6f}", rate) : std::to_string(count); }

std::vector<StatField> stat_fields(const SearchStats& s) {
  std::vector<StatField> fields;
  fields.reserve(std::size(kColumns));
#define TICTAC_FIELD_COUNT(name, ...) fields.push_back({#name, false, s.name, 0.0});
#define TICTAC_FIELD_NONE(...)
#define TICTAC_FIELD_RATE(name, ...) fields.push_back({#name, true, 0, s.name()});
  TICTAC_SEARCH_STATISTICS(TICTAC_FIELD_COUNT, TICTAC_FIELD_NONE, TICTAC_FIELD_RATE)
#undef TICTAC_FIELD_COUNT
#undef TICTAC_FIELD_NONE
#undef TICTAC_FIELD_RATE
  return fields;
}

void add_to_total(SearchStats& total, const SearchStats& s) {
  constexpr auto combine = [](Aggregate a, std::uint64_t t, std::uint64_t v) {
    return a == Aggregate::max ? std::max(t, v) : t + v;
  };
#define TICTAC_ADD_COUNT(name, aggregate, ...) total.name = combine(Aggregate::aggregate, total.name, s.name);
#define TICTAC_ADD_INTERNAL(name, ...) total.name += s.name;
#define TICTAC_ADD_RATE(...)
  TICTAC_SEARCH_STATISTICS(TICTAC_ADD_COUNT, TICTAC_ADD_INTERNAL, TICTAC_ADD_RATE)
#undef TICTAC_ADD_COUNT
#undef TICTAC_ADD_INTERNAL
#undef TICTAC_ADD_RATE
  for (std::size_t i = 0; i < s.nodes_by_ply.size(); ++i) total.nodes_by_ply[i] += s.nodes_by_ply[i];
}

void stats_to_json(const SearchStats& s, nlohmann::ordered_json& j) {
  for (const StatField& f : stat_fields(s)) {
    if (f.is_rate)
      j[f.name] = f.rate;
    else
      j[f.name] = f.count;
  }
  std::size_t last = 0;
  for (std::size_t p = 0; p < s.nodes_by_ply.size(); ++p)
    if (s.nodes_by_ply[p]) last = p + 1;
  j["nodes_by_ply"] = std::vector<std::uint64_t>(s.nodes_by_ply.begin(), s.nodes_by_ply.begin() + last);
  // Proof-number searches only: [nodes, pn, dn] of the root at 2^i nodes.
  if (s.root_proof_samples) {
    auto samples = nlohmann::ordered_json::array();
    for (int i = 0; i < s.root_proof_samples; ++i) {
      const auto& p = s.root_proof_numbers[i];
      samples.push_back({p.nodes, p.pn, p.dn});
    }
    j["root_proof_numbers"] = samples;
  }
}

void print_stats_table(const SearchStats& s) {
  for (const StatField& f : stat_fields(s)) fmt::print("  {:<24} {}\n", f.name, f.text());
  std::string by_ply;
  for (std::size_t p = 0; p < s.nodes_by_ply.size(); ++p)
    if (s.nodes_by_ply[p]) by_ply += fmt::format("{}{}:{}", by_ply.empty() ? "" : " ", p, s.nodes_by_ply[p]);
  fmt::print("  {:<24} {}\n", "nodes_by_ply", by_ply);
  if (s.root_proof_samples) {
    std::string samples;
    for (int i = 0; i < s.root_proof_samples; ++i) {
      const auto& p = s.root_proof_numbers[i];
      samples += fmt::format("{}{}:{}/{}", samples.empty() ? "" : " ", p.nodes, p.pn, p.dn);
    }
    fmt::print("  {:<24} {}\n", "root_proof_numbers", samples);
  }
}

}  // namespace tictac
