#include "harness/dag/dag.hpp"

#include <bit>
#include <boost/range/iterator_range.hpp>
#include <map>
#include <vector>

namespace tictac {

namespace {

using Index = StateSpace::Index;

// Walks the DAG that `spec` describes, ply by ply from its root.  Calls
// on_node(index) once per node, when it is first found, and on_edge(parent,
// child, cell) once per move (so a quotient child reached by several
// symmetric moves is reported once per move).
template <class OnNode, class OnEdge>
void walk(const ExactSolution& solution, const SymmetryGroup& group, const DagSpec& spec, OnNode on_node,
          OnEdge on_edge) {
  const StateSpace& space = solution.space();
  const Board& b = space.board();
  auto node_of = [&](const Position& p) {
    const Index i = space.find(spec.canonical ? group.canonical(p).position : p);
    if (i == StateSpace::npos) throw std::invalid_argument("the position is not reachable on " + b.name());
    return i;
  };
  const Index root = node_of(spec.root);
  on_node(root);
  auto within_depth = [&](int steps) { return spec.depth < 0 || steps < spec.depth; };

  if (spec.principal_variation) {
    // ExactSolution::best_move, as `tictac solve` follows it: the winner
    // takes its fastest win, the loser its slowest loss, the lowest cell
    // breaks ties.
    Index i = root;
    for (int steps = 0; within_depth(steps) && !space.terminal(i); ++steps) {
      const Position p = space.position(i);
      const int pick = solution.best_move(p);
      Position q = p;
      q.play(pick, p.to_move());
      const Index j = node_of(q);
      on_node(j);
      on_edge(i, j, pick);
      i = j;
    }
    return;
  }

  std::vector<bool> seen(space.size(), false);
  seen[root] = true;
  std::vector<Index> frontier{root}, next;
  for (int steps = 0; within_depth(steps) && !frontier.empty(); ++steps) {
    next.clear();
    for (const Index i : frontier) {
      if (space.terminal(i)) continue;
      const Position p = space.position(i);
      const Side s = p.to_move();
      for (Mask e = p.legal_moves(b); e; e &= e - 1) {
        Position q = p;
        q.play(std::countr_zero(e), s);
        const Index j = node_of(q);
        if (!seen[j]) {
          seen[j] = true;
          on_node(j);
          next.push_back(j);
        }
        on_edge(i, j, std::countr_zero(e));
      }
    }
    frontier.swap(next);
  }
}

}  // namespace

DagTooLarge::DagTooLarge(std::uint64_t n, std::uint64_t l)
    : std::runtime_error("the DAG has " + std::to_string(n) + " nodes, over the limit of " + std::to_string(l)),
      nodes(n),
      limit(l) {}

std::uint64_t count_dag_nodes(const ExactSolution& solution, const SymmetryGroup& group, const DagSpec& spec) {
  std::uint64_t n = 0;
  walk(solution, group, spec, [&](Index) { ++n; }, [](Index, Index, int) {});
  return n;
}

Dag build_dag(const ExactSolution& solution, const SymmetryGroup& group, const DagSpec& spec) {
  if (spec.node_limit != 0) {
    const std::uint64_t n = count_dag_nodes(solution, group, spec);
    if (n > spec.node_limit) throw DagTooLarge(n, spec.node_limit);
  }
  const StateSpace& space = solution.space();
  Dag dag{space.board(), spec, {}};
  DagGraph& g = dag.graph;
  std::map<Index, DagGraph::vertex_descriptor> vertex_of;
  walk(
      solution, group, spec,
      [&](Index i) {
        const auto v = boost::add_vertex(g);
        vertex_of.emplace(i, v);
        DagNode& node = g[v];
        node.position = space.position(i);
        node.ply = node.position.ply();
        node.value = solution.value(i);
        node.distance = solution.distance(i);
        node.result = space.result(i);
      },
      [&](Index i, Index j, int cell) {
        const auto u = vertex_of.at(i), v = vertex_of.at(j);
        auto [e, found] = boost::edge(u, v, g);
        if (!found) {
          e = boost::add_edge(u, v, g).first;
          // A move is optimal exactly when it keeps the parent's value.
          g[e].optimal = solution.value(j) == solution.value(i);
        }
        g[e].moves |= Mask{1} << cell;
      });
  return dag;
}

OverlaySummary apply_trace(Dag& dag, const SymmetryGroup& group, const SearchTrace& trace) {
  DagGraph& g = dag.graph;
  auto canon = [&](const Position& p) { return dag.spec.canonical ? group.canonical(p).position : p; };
  std::map<Position, DagGraph::vertex_descriptor> vertex_of;
  for (const auto v : boost::make_iterator_range(boost::vertices(g))) {
    g[v].visits = 0;
    g[v].table_hit = false;
    vertex_of.emplace(g[v].position, v);
  }
  for (const auto e : boost::make_iterator_range(boost::edges(g))) g[e].pruned = false;
  auto find = [&](const Position& p) {
    const auto it = vertex_of.find(canon(p));
    return it == vertex_of.end() ? boost::graph_traits<DagGraph>::null_vertex() : it->second;
  };
  const auto none = boost::graph_traits<DagGraph>::null_vertex();

  OverlaySummary s;
  for (const Position& p : trace.visited) {
    ++s.visits;
    if (const auto v = find(p); v != none) {
      ++s.visits_in_dag;
      s.nodes_visited += g[v].visits == 0;
      ++g[v].visits;
    }
  }
  for (const Position& p : trace.table_hits) {
    ++s.table_hits;
    if (const auto v = find(p); v != none) g[v].table_hit = true;
  }
  for (const auto& [parent, moves] : trace.pruned) {
    const auto u = find(parent);
    for (Mask m = moves; m; m &= m - 1) {
      ++s.pruned_moves;
      Position child = parent;
      child.play(std::countr_zero(m), parent.to_move());
      const auto v = find(child);
      if (u == none || v == none) continue;
      if (const auto [e, found] = boost::edge(u, v, g); found) g[e].pruned = true;
    }
  }
  for (const auto e : boost::make_iterator_range(boost::edges(g))) s.pruned_edges += g[e].pruned;
  return s;
}

}  // namespace tictac
