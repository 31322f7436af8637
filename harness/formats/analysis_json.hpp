// The state-space analysis as JSON: the object `tictac analyze --format json`
// prints and `tictac.analyze` returns, so both have the same keys.
#pragma once

#include <nlohmann/json.hpp>

#include "algorithms/exact/analysis.hpp"

namespace tictac {

// Keys in this order: board, rows, cols, k, reachable_states, states_by_ply,
// nonterminal_states, terminal_states, burnside_fixed_points, orbits,
// orbits_burnside, orbits_enumerated, orbits_terminal, orbits_nonterminal,
// fillings, filling_fixed_points, filling_orbits, lines, symmetries,
// game_tree_nodes, game_tree_nodes_by_ply, games, games_by_length,
// shortest_game, longest_game, games_up_to_symmetry, value, value_text.
nlohmann::ordered_json analysis_json(const Board& b, const Analysis& a);

}  // namespace tictac
