#include "harness/dag/dag_format.hpp"

#include <bit>
#include <boost/property_map/function_property_map.hpp>
#include <boost/range/iterator_range.hpp>
#include <map>
#include <vector>

// GCC 12 at -O2/-O3 reports a -Wmaybe-uninitialized false positive inside
// write_graphviz (a boost::optional edge iterator); see the build notes.
// meson has no per-file flags, so it is silenced here, for Boost only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#endif
#include <boost/graph/graphml.hpp>
#include <boost/graph/graphviz.hpp>
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif

#include "harness/formats/notation.hpp"

namespace tictac {

namespace {

using Vertex = DagGraph::vertex_descriptor;
using Edge = DagGraph::edge_descriptor;

// A DOT string: quoted, with quotes and backslashes escaped and each line
// break written as DOT's \n.
std::string dot_string(std::string_view text) {
  std::string s = "\"";
  for (const char c : text) {
    if (c == '\n') {
      s += "\\n";
      continue;
    }
    if (c == '"' || c == '\\') s += '\\';
    s += c;
  }
  return s + "\"";
}

// The board drawn as rows of X, O and '.', one DOT line (\n) per row.
std::string picture(const Board& b, const Position& p) {
  std::string s = "\"";
  for (int r = 0; r < b.rows(); ++r) {
    if (r) s += "\\n";
    for (int c = 0; c < b.cols(); ++c) {
      const Mask bit = Mask{1} << b.cell(r, c);
      s += (p.x & bit) ? 'X' : (p.o & bit) ? 'O' : '.';
    }
  }
  return s + "\"";
}

std::string moves_text(const Board& b, Mask moves) {
  std::string s;
  // Appended in two steps: `" " + cell_name(...)` (a const char* before a
  // string temporary) draws g++ 12's false -Wrestrict warning when inlined.
  for (Mask m = moves; m; m &= m - 1) {
    if (!s.empty()) s += ' ';
    s += cell_name(b, std::countr_zero(m));
  }
  return s;
}

const char* fill_colour(int value) { return value > 0 ? "#f4b6b6" : value < 0 ? "#b6cdf4" : "#dddddd"; }

}  // namespace

void write_dot(std::ostream& out, const Dag& dag, const DotStyle& style) {
  const DagGraph& g = dag.graph;
  const Board& b = dag.board;

  auto graph_writer = [&](std::ostream& os) {
    os << "graph [rankdir=TB, ranksep=0.6, nodesep=0.15, labelloc=t, fontname=\"Helvetica\", label="
       << dot_string(style.title) << "];\n";
    os << "node [fontname=\"Courier\", fontsize=12, margin=\"0.06,0.03\"];\n";
    os << "edge [fontname=\"Helvetica\", fontsize=9, arrowsize=0.5];\n";
    // One rank per ply, so each row of the picture is one ply.  Named
    // subgraphs: Boost's read_graphviz does not accept a bare "{...}".
    std::map<int, std::string> ranks;
    for (const Vertex v : boost::make_iterator_range(boost::vertices(g)))
      ranks[g[v].ply].append(" ").append(std::to_string(v)).append(";");  // not " " + string: see moves_text
    for (const auto& [ply, ids] : ranks) os << "subgraph ply" << ply << " {rank=same;" << ids << "}\n";
  };

  auto vertex_writer = [&](std::ostream& os, Vertex v) {
    const DagNode& n = g[v];
    std::string node_style = "filled";
    if (!n.terminal()) node_style += ",rounded";
    os << "[label=" << picture(b, n.position) << ", shape=" << (n.terminal() ? "octagon" : "box")
       << ", fillcolor=\"" << fill_colour(n.value) << "\"";
    if (style.overlay) {
      if (n.visits > 0) {
        os << ", penwidth=3, color=black";
      } else {
        node_style += ",dashed";
        os << ", color=gray60, fontcolor=gray50";
      }
      if (n.table_hit) os << ", peripheries=2";
    }
    os << ", style=" << dot_string(node_style) << ", position=" << dot_string(format_position(b, n.position))
       << ", ply=" << n.ply << ", value=" << n.value << ", result=" << dot_string(to_string(n.result))
       << ", distance=" << n.distance;
    if (style.overlay) os << ", visits=" << n.visits << ", table_hit=" << (n.table_hit ? 1 : 0);
    os << "]";
  };

  auto edge_writer = [&](std::ostream& os, Edge e) {
    const DagEdge& d = g[e];
    const std::string moves = moves_text(b, d.moves);
    os << "[label=" << dot_string(moves) << ", moves=" << dot_string(moves) << ", optimal=" << (d.optimal ? 1 : 0);
    std::string edge_style = d.optimal ? "bold" : "solid";
    std::string colour = d.optimal ? "black" : "gray55";
    if (style.overlay) {
      os << ", pruned=" << (d.pruned ? 1 : 0);
      if (d.pruned) {
        edge_style += ",dashed";
        colour = "#a00000";
      }
    }
    os << ", style=" << dot_string(edge_style) << ", color=" << dot_string(colour) << "]";
  };

  boost::write_graphviz(out, g, vertex_writer, edge_writer, graph_writer, boost::get(boost::vertex_index, g));
}

void write_graphml(std::ostream& out, const Dag& dag, bool overlay) {
  const DagGraph& g = dag.graph;
  const Board& b = dag.board;
  // Read-only maps: the graph is const, and a writer never puts.
  auto on_nodes = [&](auto f) { return boost::make_function_property_map<Vertex>([&g, f](Vertex v) { return f(g[v]); }); };
  auto on_edges = [&](auto f) { return boost::make_function_property_map<Edge>([&g, f](Edge e) { return f(g[e]); }); };
  boost::dynamic_properties dp;
  dp.property("position", on_nodes([&b](const DagNode& n) { return format_position(b, n.position); }));
  dp.property("ply", on_nodes([](const DagNode& n) { return n.ply; }));
  dp.property("value", on_nodes([](const DagNode& n) { return n.value; }));
  dp.property("result", on_nodes([](const DagNode& n) { return std::string(to_string(n.result)); }));
  dp.property("distance", on_nodes([](const DagNode& n) { return n.distance; }));
  dp.property("moves", on_edges([&b](const DagEdge& d) { return moves_text(b, d.moves); }));
  dp.property("optimal", on_edges([](const DagEdge& d) { return d.optimal; }));
  if (overlay) {
    dp.property("visits", on_nodes([](const DagNode& n) { return n.visits; }));
    dp.property("table_hit", on_nodes([](const DagNode& n) { return n.table_hit; }));
    dp.property("pruned", on_edges([](const DagEdge& d) { return d.pruned; }));
  }
  boost::write_graphml(out, g, boost::get(boost::vertex_index, g), dp, true);
}

}  // namespace tictac
