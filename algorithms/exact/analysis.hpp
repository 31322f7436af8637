// State-space analysis of a board: the figures `tictac analyze` reports.
// The same code serves gravity boards: moves come from Position::legal_moves
// and the group from SymmetryGroup ({identity, mirror_lr} with gravity).
//
// Game-tree figures (nodes, games) are computed by counting paths through
// the position DAG, not by walking the tree, so 4x4 boards take seconds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/exact/solution.hpp"
#include "algorithms/exact/state_space.hpp"
#include "algorithms/game/symmetry.hpp"

namespace tictac {

struct ResultCounts {
  std::uint64_t x_wins = 0, o_wins = 0, draws = 0;
  std::uint64_t total() const { return x_wins + o_wins + draws; }
  void add(Result r, std::uint64_t n);
};

struct Analysis {
  // Reachable positions (the empty board included), total and by ply.
  std::uint64_t reachable_states = 0;
  std::vector<std::uint64_t> states_by_ply;
  std::uint64_t nonterminal_states = 0;
  ResultCounts terminal_states;

  // Burnside's lemma over the reachable positions: the fixed points of each
  // symmetry (in the group's order), the orbit count they give, and the
  // number of distinct canonical forms found by enumeration.  The two orbit
  // counts must agree.
  std::vector<std::pair<std::string, std::uint64_t>> burnside_fixed_points;
  std::uint64_t orbits_burnside = 0;
  std::uint64_t orbits_enumerated = 0;
  // The enumerated orbits split by whether their positions are finished (a
  // symmetry maps finished positions to finished ones).
  std::uint64_t orbits_terminal = 0;
  std::uint64_t orbits_nonterminal = 0;

  // Burnside's lemma over every filling of the board, legal or not (3^cells
  // ways to put X, O or nothing on each cell): g fixes 3^(cycles of g)
  // fillings, one choice per cycle of its cell permutation.
  std::uint64_t fillings = 0;
  std::vector<std::pair<std::string, std::uint64_t>> filling_fixed_points;
  std::uint64_t filling_orbits = 0;

  // The board: its winning lines (k-windows) and its symmetries.
  std::uint64_t lines = 0;
  std::uint64_t symmetries = 0;

  // The game tree from the empty board: nodes (the root included) total and
  // by ply, and complete games by result and by length.
  std::uint64_t game_tree_nodes = 0;
  std::vector<std::uint64_t> nodes_by_ply;
  ResultCounts games;
  std::vector<ResultCounts> games_by_length;
  int shortest_game = 0, longest_game = 0;  // plies of the shortest and longest complete games

  // Games up to symmetry, under the two conventions:
  //  - position by position: paths through the symmetry-quotient DAG, whose
  //    nodes are canonical forms and whose edges join a canonical form to
  //    each distinct canonical form of its children;
  //  - whole-game orbits: games (move sequences) counted up to applying one
  //    symmetry to the whole game, by Burnside's lemma over games.
  std::uint64_t games_position_by_position = 0;
  std::uint64_t games_whole_game_orbits = 0;

  // +1 X wins, 0 draw, -1 O wins, with perfect play, and the game's length
  // in plies under perfect play (the winner wins as fast as it can, the
  // loser holds out; a draw fills the board): ExactSolution's distance of
  // the empty board.
  int value = 0;
  int length = 0;
};

// Throws std::logic_error when the two orbit counts disagree.
Analysis analyze(const ExactSolution& solution, const SymmetryGroup& group);

}  // namespace tictac
