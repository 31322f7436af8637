// The position DAG of a board as a Boost.Graph, annotated with exact values.
//
// A node is one position and an edge is one move.  Four shapes of DAG can be
// built from a root position (the empty board by default):
//
//   full         every position reachable from the root, one edge per move;
//   canonical    the symmetry quotient: one node per canonical form (the
//                least image under the board's symmetry group) and one edge
//                per distinct canonical child of a node, carrying every move
//                that leads to that child;
//   depth        either of the above cut `depth` plies below the root (the
//                nodes at the cut keep their exact value but have no edges);
//   principal variation  only the line of play the solver prefers: the
//                winner's fastest win and the loser's slowest loss, the lowest
//                cell breaking ties (the rule of `tictac solve`).
//
// Building counts the nodes first, so a DAG over the node limit is refused
// (DagTooLarge) before any graph is allocated.
#pragma once

#include <boost/graph/adjacency_list.hpp>
#include <cstdint>
#include <stdexcept>
#include <string>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/exact/solution.hpp"
#include "algorithms/search/statistics.hpp"
#include "algorithms/game/symmetry.hpp"

namespace tictac {

struct DagNode {
  Position position;
  int ply = 0;          // stones on the board
  int value = 0;        // exact value, X's view: +1 X wins, 0 draw, -1 O wins
  int distance = 0;     // plies to the end under perfect play (ExactSolution)
  Result result = Result::ongoing;
  bool terminal() const { return result != Result::ongoing; }
  // The --strategy overlay (all zero without one).
  int visits = 0;          // trace entries for this node (repeats counted)
  bool table_hit = false;  // answered from a table or memo at least once
};

struct DagEdge {
  Mask moves = 0;        // the cells of the parent that lead to the child (one, except in a quotient)
  bool optimal = false;  // the move is best for the side to move
  bool pruned = false;   // overlay: a traced search skipped this move after a cutoff
};

using DagGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, DagNode, DagEdge>;

struct DagSpec {
  Position root{};
  int depth = -1;  // plies below the root; -1: to the end of the game
  bool canonical = false;
  bool principal_variation = false;
  // Refuse a DAG with more nodes than this (DagTooLarge); 0: no limit.
  std::uint64_t node_limit = 0;
};

// A DAG over the node limit.  `nodes` is its exact size.
struct DagTooLarge : std::runtime_error {
  DagTooLarge(std::uint64_t nodes, std::uint64_t limit);
  std::uint64_t nodes, limit;
};

struct Dag {
  Board board;
  DagSpec spec;
  DagGraph graph;
};

// Counts the nodes of the DAG described by `spec` without building it.
std::uint64_t count_dag_nodes(const ExactSolution& solution, const SymmetryGroup& group, const DagSpec& spec);

// Builds the DAG.  Throws std::invalid_argument when the root is not reachable
// on the solution's board, and DagTooLarge when it is over spec.node_limit.
// Vertices are numbered ply by ply, in the order a breadth-first walk from
// the root finds them (deterministic).
Dag build_dag(const ExactSolution& solution, const SymmetryGroup& group, const DagSpec& spec);

// What the overlay found in a trace, including what fell outside the DAG
// (below --depth, or off the principal variation).
struct OverlaySummary {
  std::uint64_t visits = 0;           // trace.visited entries
  std::uint64_t visits_in_dag = 0;    // ...whose node is in the DAG
  std::uint64_t nodes_visited = 0;    // DAG nodes visited at least once
  std::uint64_t table_hits = 0;       // trace.table_hits entries
  std::uint64_t pruned_moves = 0;     // moves in trace.pruned
  std::uint64_t pruned_edges = 0;     // DAG edges marked pruned
};

// Marks what a traced search of the DAG's root did: visits and table hits on
// nodes, pruned moves on edges.  In a quotient, positions are mapped to their
// canonical forms.  Resets any earlier overlay.
OverlaySummary apply_trace(Dag& dag, const SymmetryGroup& group, const SearchTrace& trace);

}  // namespace tictac
