#include "harness/formats/stat_fields.hpp"

#include <fmt/core.h>

namespace tictac {

std::string StatField::text() const { return is_rate ? fmt::format("{:.6f}", rate) : std::to_string(count); }

std::vector<StatField> stat_fields(const SearchStats& s) {
  auto count = [](const char* name, std::uint64_t v) { return StatField{name, false, v, 0.0}; };
  auto rate = [](const char* name, double v) { return StatField{name, true, 0, v}; };
  return {
      count("nodes", s.nodes),
      count("terminal_nodes", s.terminal_nodes),
      count("cutoffs", s.cutoffs),
      count("first_move_cutoffs", s.first_move_cutoffs),
      rate("first_move_cutoff_rate", s.first_move_cutoff_rate()),
      rate("mean_cutoff_move_index", s.mean_cutoff_move_index()),
      count("tt_probes", s.tt_probes),
      count("tt_hits", s.tt_hits),
      rate("tt_hit_rate", s.tt_hit_rate()),
      count("tt_hits_exact", s.tt_hits_exact),
      count("tt_hits_lower", s.tt_hits_lower),
      count("tt_hits_upper", s.tt_hits_upper),
      count("tt_hit_cutoffs", s.tt_hit_cutoffs),
      count("tt_stores", s.tt_stores),
      count("tt_overwrites", s.tt_overwrites),
      count("tt_collisions", s.tt_collisions),
      count("tt_occupancy", s.tt_occupancy),
      count("tt_capacity", s.tt_capacity),
      count("memo_entries", s.memo_entries),
      count("memo_hits", s.memo_hits),
      count("table_bytes", s.table_bytes),
  };
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
