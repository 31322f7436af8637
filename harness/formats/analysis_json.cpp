#include "harness/formats/analysis_json.hpp"

#include "harness/formats/board_fields.hpp"
#include "harness/formats/notation.hpp"

namespace tictac {

namespace {

nlohmann::ordered_json counts_json(const ResultCounts& c) {
  return {{"total", c.total()}, {"x_wins", c.x_wins}, {"o_wins", c.o_wins}, {"draws", c.draws}};
}

}  // namespace

nlohmann::ordered_json analysis_json(const Board& b, const Analysis& a) {
  nlohmann::ordered_json j = board_json(b, BoardJson::with_dimensions);
  j["reachable_states"] = a.reachable_states;
  j["states_by_ply"] = a.states_by_ply;
  j["nonterminal_states"] = a.nonterminal_states;
  j["terminal_states"] = counts_json(a.terminal_states);
  nlohmann::ordered_json fp = nlohmann::ordered_json::object();
  for (const auto& [name, n] : a.burnside_fixed_points) fp[name] = n;
  j["burnside_fixed_points"] = fp;
  j["orbits"] = a.orbits_enumerated;
  j["orbits_burnside"] = a.orbits_burnside;
  j["orbits_enumerated"] = a.orbits_enumerated;
  j["orbits_terminal"] = a.orbits_terminal;
  j["orbits_nonterminal"] = a.orbits_nonterminal;
  j["fillings"] = a.fillings;
  nlohmann::ordered_json ffp = nlohmann::ordered_json::object();
  for (const auto& [name, n] : a.filling_fixed_points) ffp[name] = n;
  j["filling_fixed_points"] = ffp;
  j["filling_orbits"] = a.filling_orbits;
  j["lines"] = a.lines;
  j["symmetries"] = a.symmetries;
  j["game_tree_nodes"] = a.game_tree_nodes;
  j["game_tree_nodes_by_ply"] = a.nodes_by_ply;
  j["games"] = counts_json(a.games);
  nlohmann::ordered_json by_length = nlohmann::ordered_json::array();
  for (std::size_t len = 0; len < a.games_by_length.size(); ++len) {
    if (a.games_by_length[len].total() == 0) continue;
    auto row = counts_json(a.games_by_length[len]);
    row["length"] = len;
    by_length.push_back(row);
  }
  j["games_by_length"] = by_length;
  j["shortest_game"] = a.shortest_game;
  j["longest_game"] = a.longest_game;
  j["games_up_to_symmetry"] = {{"position_by_position", a.games_position_by_position},
                               {"whole_game_orbits", a.games_whole_game_orbits}};
  j["value"] = a.value;
  j["value_text"] = value_text(a.value);
  j["length"] = a.length;
  return j;
}

}  // namespace tictac
