#include <catch2/catch.hpp>

#include <boost/graph/adjacency_list.hpp>
#include <boost/graph/graphml.hpp>
#include <boost/graph/graphviz.hpp>
#include <filesystem>
#include <set>
#include <sstream>
#include <utility>
#include <vector>

#include "algorithms/exact/solution.hpp"
#include "algorithms/game/symmetry.hpp"
#include "tests/cli_support.hpp"
#include "harness/dag/dag.hpp"
#include "harness/dag/dag_format.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/exact_cache.hpp"

using namespace tictac;
using tictac::test::run_tictac;
using tictac::test::TempDir;

namespace {

// An independent count of a DAG, by a plain walk over (x, o) bit masks with
// its own win check, its own drops (with gravity, a cell is played only when
// it is on the bottom row or the cell below it is filled) and its own
// symmetries (by coordinates; with gravity only the mirror), sharing no code
// with harness/dag/dag.cpp or algorithms/.
struct Walk {
  int R, C, k;
  bool gravity;
  std::vector<std::uint64_t> windows;

  Walk(int rows, int cols, int k_, bool gravity_ = false) : R(rows), C(cols), k(k_), gravity(gravity_) {
    const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int r = 0; r < R; ++r)
      for (int c = 0; c < C; ++c)
        for (auto [dr, dc] : dirs) {
          std::uint64_t w = 0;
          bool inside = true;
          for (int i = 0; i < k; ++i) {
            const int rr = r + dr * i, cc = c + dc * i;
            if (rr < 0 || rr >= R || cc < 0 || cc >= C) inside = false;
            else w |= std::uint64_t{1} << (rr * C + cc);
          }
          if (inside) windows.push_back(w);
        }
  }
  using Pos = std::pair<std::uint64_t, std::uint64_t>;  // (x, o)
  bool line(std::uint64_t m) const {
    for (auto w : windows)
      if ((m & w) == w) return true;
    return false;
  }
  bool over(const Pos& p) const {
    return line(p.first) || line(p.second) || std::popcount(p.first | p.second) == R * C;
  }
  std::vector<Pos> children(const Pos& p) const {
    std::vector<Pos> out;
    if (over(p)) return out;
    const bool x_to_move = std::popcount(p.first) == std::popcount(p.second);
    for (int i = 0; i < R * C; ++i) {
      const std::uint64_t bit = std::uint64_t{1} << i;
      if ((p.first | p.second) & bit) continue;
      if (gravity && i + C < R * C && !(((p.first | p.second) >> (i + C)) & 1)) continue;
      out.push_back(x_to_move ? Pos{p.first | bit, p.second} : Pos{p.first, p.second | bit});
    }
    return out;
  }
  // The least image under the board's symmetries (8 on a square, 4 otherwise,
  // 2 with gravity: the identity and the mirror).
  Pos canonical(const Pos& p) const {
    Pos best = p;
    const int transforms = gravity ? 2 : R == C ? 8 : 4;
    for (int t = 1; t < transforms; ++t) {
      Pos img{0, 0};
      for (int r = 0; r < R; ++r)
        for (int c = 0; c < C; ++c) {
          int rr = r, cc = c;
          if (R == C && !gravity) {
            const int n = R;
            switch (t) {
              case 1: rr = c, cc = n - 1 - r; break;
              case 2: rr = n - 1 - r, cc = n - 1 - c; break;
              case 3: rr = n - 1 - c, cc = r; break;
              case 4: cc = n - 1 - c; break;
              case 5: rr = n - 1 - r; break;
              case 6: rr = c, cc = r; break;
              case 7: rr = n - 1 - c, cc = n - 1 - r; break;
            }
          } else {
            if (t & 1) cc = C - 1 - c;
            if (t & 2) rr = R - 1 - r;
          }
          const std::uint64_t from = std::uint64_t{1} << (r * C + c), to = std::uint64_t{1} << (rr * C + cc);
          if (p.first & from) img.first |= to;
          if (p.second & from) img.second |= to;
        }
      if (img < best) best = img;
    }
    return best;
  }
  struct Counts {
    std::size_t nodes = 0, edges = 0;
  };
  // Nodes and edges within `depth` plies of `root` (-1: all), optionally of
  // the quotient (one edge per distinct canonical child).
  Counts count(Pos root, int depth, bool quotient) const {
    auto rep = [&](const Pos& p) { return quotient ? canonical(p) : p; };
    std::set<Pos> seen{rep(root)};
    std::set<std::pair<Pos, Pos>> edges;
    std::vector<Pos> frontier{rep(root)};
    for (int d = 0; (depth < 0 || d < depth) && !frontier.empty(); ++d) {
      std::vector<Pos> next;
      for (const Pos& p : frontier)
        for (const Pos& q : children(p)) {
          edges.insert({p, rep(q)});
          if (seen.insert(rep(q)).second) next.push_back(rep(q));
        }
      frontier = next;
    }
    return {seen.size(), edges.size()};
  }
};

// The DAG as read back from DOT or GraphML by Boost's readers.
struct ReadNode {
  std::string id, position, style;
  int value = 9, ply = -1, visits = -1;
};
struct ReadEdge {
  int optimal = -1, pruned = -1;
  std::string style;
};
using ReadGraph = boost::adjacency_list<boost::vecS, boost::vecS, boost::directedS, ReadNode, ReadEdge>;

boost::dynamic_properties read_properties(ReadGraph& g) {
  boost::dynamic_properties dp(boost::ignore_other_properties);
  dp.property("node_id", boost::get(&ReadNode::id, g));
  dp.property("position", boost::get(&ReadNode::position, g));
  dp.property("value", boost::get(&ReadNode::value, g));
  dp.property("ply", boost::get(&ReadNode::ply, g));
  dp.property("style", boost::get(&ReadNode::style, g));
  dp.property("visits", boost::get(&ReadNode::visits, g));
  dp.property("optimal", boost::get(&ReadEdge::optimal, g));
  dp.property("pruned", boost::get(&ReadEdge::pruned, g));
  dp.property("style", boost::get(&ReadEdge::style, g));
  return dp;
}

ReadGraph read_dot(const std::string& text) {
  ReadGraph g;
  auto dp = read_properties(g);
  REQUIRE(boost::read_graphviz(text, g, dp, "node_id"));
  return g;
}

std::string dot_of(const Dag& dag, bool overlay = false) {
  std::ostringstream out;
  write_dot(out, dag, {"test", overlay});
  return out.str();
}

// Every node's value attribute is the exact solver's value of its position,
// and every edge joins a position to one with one more stone.
void check_against_solver(const ReadGraph& g, const ExactSolution& solution, const SymmetryGroup* group) {
  const Board& b = solution.board();
  std::size_t checked = 0;
  for (auto v : boost::make_iterator_range(boost::vertices(g))) {
    const Position p = parse_position(b, g[v].position);
    if (group) REQUIRE(group->canonical(p).position == p);
    REQUIRE(g[v].value == solution.value(p));
    REQUIRE(g[v].ply == p.ply());
    ++checked;
  }
  CHECK(checked == boost::num_vertices(g));
  for (auto e : boost::make_iterator_range(boost::edges(g))) {
    const auto& from = g[boost::source(e, g)];
    const auto& to = g[boost::target(e, g)];
    REQUIRE(to.ply == from.ply + 1);
    // A move is optimal exactly when it keeps the parent's value, and
    // optimal moves are drawn bold.
    REQUIRE(g[e].optimal == (to.value == from.value ? 1 : 0));
    REQUIRE((g[e].style.find("bold") != std::string::npos) == (g[e].optimal == 1));
  }
}

void check_round_trip(int rows, int cols, int k, bool canonical, int depth = -1, bool gravity = false) {
  const Board b(rows, cols, k, gravity);
  const auto exact = exact_solution(b);
  const ExactSolution& solution = *exact;
  const SymmetryGroup group(b);
  DagSpec spec;
  spec.canonical = canonical;
  spec.depth = depth;
  const Dag dag = build_dag(solution, group, spec);
  const ReadGraph g = read_dot(dot_of(dag));
  const auto expected = Walk(rows, cols, k, gravity).count({0, 0}, depth, canonical);
  CHECK(boost::num_vertices(g) == expected.nodes);
  CHECK(boost::num_edges(g) == expected.edges);
  check_against_solver(g, solution, canonical ? &group : nullptr);
}

}  // namespace

TEST_CASE("the independent walk finds the ground-truth 5,478 positions and 765 orbits of 3x3", "[dag]") {
  const Walk w(3, 3, 3);
  CHECK(w.count({0, 0}, -1, false).nodes == 5478);
  CHECK(w.count({0, 0}, -1, true).nodes == 765);
}

TEST_CASE("the full 3x3 DAG read back from DOT has every position and move, each with its exact value", "[dag]") {
  check_round_trip(3, 3, 3, false);
}

TEST_CASE("the 3x3 symmetry quotient read back from DOT has one node per orbit and one edge per canonical child",
          "[dag]") {
  check_round_trip(3, 3, 3, true);
}

TEST_CASE("on a rectangular board (2x4, k=3) the full DAG and its quotient round-trip with exact values",
          "[dag]") {
  check_round_trip(2, 4, 3, false);
  check_round_trip(2, 4, 3, true);
}

TEST_CASE("on 3x4 with k=3 the quotient and a depth-limited full DAG round-trip with exact values", "[dag]") {
  check_round_trip(3, 4, 3, true);
  check_round_trip(3, 4, 3, false, 4);
}

TEST_CASE("on gravity boards (3x3 and 3x4, k=3) the full DAG and its mirror quotient round-trip with exact values",
          "[dag]") {
  check_round_trip(3, 3, 3, false, -1, true);
  check_round_trip(3, 3, 3, true, -1, true);
  check_round_trip(3, 4, 3, true, -1, true);
  check_round_trip(3, 4, 3, false, 6, true);
}

TEST_CASE("on a gravity board every DAG edge is a drop: its moves are legal moves of its parent", "[dag]") {
  const Board b(3, 4, 3, true);
  const StateSpace space(b);
  const ExactSolution solution(space);
  const SymmetryGroup group(b);
  DagSpec spec;
  spec.depth = 5;
  const Dag dag = build_dag(solution, group, spec);
  std::size_t edges = 0;
  for (auto e : boost::make_iterator_range(boost::edges(dag.graph))) {
    const Position& parent = dag.graph[boost::source(e, dag.graph)].position;
    const Mask moves = dag.graph[e].moves;
    REQUIRE(moves != 0);
    REQUIRE((moves & ~parent.legal_moves(b)) == 0);
    // Each drop fills the bottom row or lands on a stone.
    for (Mask m = moves; m; m &= m - 1) {
      const int cell = std::countr_zero(m);
      REQUIRE((b.row_of(cell) == b.rows() - 1 || (parent.occupied() >> (cell + b.cols()) & 1)));
    }
    ++edges;
  }
  CHECK(edges == Walk(3, 4, 3, true).count({0, 0}, 5, false).edges);
}

TEST_CASE("a subgraph from a position down to a depth holds exactly the positions within reach", "[dag]") {
  const Board b(3, 3, 3);
  const auto exact = exact_solution(b);
  const ExactSolution& solution = *exact;
  const SymmetryGroup group(b);
  // X . .
  // . O .
  // . . .
  DagSpec spec;
  spec.root = parse_position(b, "X../.O./...");
  spec.depth = 3;
  const Dag dag = build_dag(solution, group, spec);
  const ReadGraph g = read_dot(dot_of(dag));
  const auto expected = Walk(3, 3, 3).count({spec.root.x, spec.root.o}, 3, false);
  CHECK(boost::num_vertices(g) == expected.nodes);
  CHECK(boost::num_edges(g) == expected.edges);
  check_against_solver(g, solution, nullptr);
  for (auto v : boost::make_iterator_range(boost::vertices(g))) CHECK(g[v].ply <= 2 + 3);
}

TEST_CASE("the principal variation of 3x3 is a drawn line of nine optimal moves", "[dag]") {
  const Board b(3, 3, 3);
  const auto exact = exact_solution(b);
  const ExactSolution& solution = *exact;
  const SymmetryGroup group(b);
  DagSpec spec;
  spec.principal_variation = true;
  const ReadGraph g = read_dot(dot_of(build_dag(solution, group, spec)));
  CHECK(boost::num_vertices(g) == 10);
  CHECK(boost::num_edges(g) == 9);
  for (auto v : boost::make_iterator_range(boost::vertices(g))) CHECK(g[v].value == 0);
  for (auto e : boost::make_iterator_range(boost::edges(g))) CHECK(g[e].optimal == 1);
  check_against_solver(g, solution, nullptr);
}

TEST_CASE("a DAG over the node limit is refused before it is built, with its exact size", "[dag]") {
  const Board b(3, 3, 3);
  const auto exact = exact_solution(b);
  const ExactSolution& solution = *exact;
  const SymmetryGroup group(b);
  DagSpec spec;
  spec.node_limit = 2000;
  try {
    build_dag(solution, group, spec);
    FAIL("a 5,478-node DAG was built under a limit of 2,000");
  } catch (const DagTooLarge& e) {
    CHECK(e.nodes == 5478);
    CHECK(e.limit == 2000);
  }
  spec.canonical = true;
  CHECK(boost::num_vertices(build_dag(solution, group, spec).graph) == 765);
}

TEST_CASE("the overlay marks visited nodes, table hits and pruned moves, mapped to canonical forms", "[dag]") {
  const Board b(3, 3, 3);
  const auto exact = exact_solution(b);
  const ExactSolution& solution = *exact;
  const SymmetryGroup group(b);
  DagSpec spec;
  spec.canonical = true;
  spec.depth = 2;
  Dag dag = build_dag(solution, group, spec);
  // A hand-written trace: the root, the corner a1 twice and the corner c3
  // (one canonical form), the centre answered from a table, and the move b1
  // (an edge cell) pruned at the root.
  const Position root{};
  auto after = [&](const char* text) { return parse_position(b, text); };
  SearchTrace trace;
  trace.visited = {root, after("X../.../..."), after("X../.../..."), after(".../.../..X"), after(".../.X./...")};
  trace.table_hits = {after(".../.X./...")};
  trace.pruned = {{root, Mask{1} << 1}};
  const OverlaySummary s = apply_trace(dag, group, trace);
  CHECK(s.visits == 5);
  CHECK(s.visits_in_dag == 5);
  CHECK(s.nodes_visited == 3);  // the root, the corner class, the centre
  CHECK(s.table_hits == 1);
  CHECK(s.pruned_moves == 1);
  CHECK(s.pruned_edges == 1);

  const ReadGraph g = read_dot(dot_of(dag, true));
  int visited = 0, dashed = 0, pruned = 0;
  for (auto v : boost::make_iterator_range(boost::vertices(g))) {
    const Position p = parse_position(b, g[v].position);
    const int expected = p == root ? 1 : p == group.canonical(after("X../.../...")).position ? 3
                                     : p == after(".../.X./...")                            ? 1
                                                                                            : 0;
    CHECK(g[v].visits == expected);
    visited += g[v].visits > 0;
    dashed += g[v].style.find("dashed") != std::string::npos;
  }
  CHECK(visited == 3);
  CHECK(dashed == static_cast<int>(boost::num_vertices(g)) - 3);
  for (auto e : boost::make_iterator_range(boost::edges(g))) {
    pruned += g[e].pruned;
    if (g[e].pruned) {
      CHECK(parse_position(b, g[boost::source(e, g)].position) == root);
      CHECK(parse_position(b, g[boost::target(e, g)].position) == group.canonical(after(".X./.../...")).position);
    }
  }
  CHECK(pruned == 1);
}

TEST_CASE("GraphML written through Boost reads back with the same nodes, edges and values", "[dag]") {
  const Board b(3, 3, 3);
  const auto exact = exact_solution(b);
  const ExactSolution& solution = *exact;
  const SymmetryGroup group(b);
  DagSpec spec;
  spec.canonical = true;
  const Dag dag = build_dag(solution, group, spec);
  std::ostringstream out;
  write_graphml(out, dag, false);
  ReadGraph g;
  boost::dynamic_properties dp(boost::ignore_other_properties);
  dp.property("position", boost::get(&ReadNode::position, g));
  dp.property("value", boost::get(&ReadNode::value, g));
  dp.property("ply", boost::get(&ReadNode::ply, g));
  std::istringstream in(out.str());
  boost::read_graphml(in, g, dp);
  const auto expected = Walk(3, 3, 3).count({0, 0}, -1, true);
  CHECK(boost::num_vertices(g) == expected.nodes);
  CHECK(boost::num_edges(g) == expected.edges);
  for (auto v : boost::make_iterator_range(boost::vertices(g)))
    REQUIRE(g[v].value == solution.value(parse_position(b, g[v].position)));
}

TEST_CASE("tictac dag refuses the full 3x3 DAG, suggests --depth, --canonical or --force, and writes nothing",
          "[dag]") {
  TempDir t;
  const auto out = t.path / "full.dot";
  const auto r = run_tictac("dag -o '" + out.string() + "'");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("5478 nodes") && Catch::Contains("--depth") &&
                        Catch::Contains("--canonical") && Catch::Contains("--force"));
  CHECK_FALSE(std::filesystem::exists(out));
  CHECK(std::distance(std::filesystem::directory_iterator(t.path), std::filesystem::directory_iterator()) == 0);
}

TEST_CASE("tictac dag --canonical writes the 765-node quotient to a file that Boost reads back", "[dag]") {
  TempDir t;
  const auto out = t.path / "canonical.dot";
  const auto r = run_tictac("dag --canonical -o '" + out.string() + "'");
  REQUIRE(r.exit_code == 0);
  CHECK(r.out.empty());
  const ReadGraph g = read_dot(tictac::test::read_file(out));
  CHECK(boost::num_vertices(g) == 765);
  CHECK(boost::num_edges(g) == Walk(3, 3, 3).count({0, 0}, -1, true).edges);
}

TEST_CASE("tictac dag --force writes all 5,478 positions, and --depth, --pv and graphml work from the CLI",
          "[dag]") {
  auto r = run_tictac("dag --force");
  REQUIRE(r.exit_code == 0);
  CHECK(boost::num_vertices(read_dot(r.out)) == 5478);
  r = run_tictac("dag --board 3x4 --k 3 --depth 3");
  REQUIRE(r.exit_code == 0);
  const auto expected = Walk(3, 4, 3).count({0, 0}, 3, false);
  const ReadGraph g = read_dot(r.out);
  CHECK(boost::num_vertices(g) == expected.nodes);
  CHECK(boost::num_edges(g) == expected.edges);
  r = run_tictac("dag --pv --position 'X../.O./...'");
  REQUIRE(r.exit_code == 0);
  CHECK(boost::num_vertices(read_dot(r.out)) == 8);  // a draw from ply 2 runs to the full board
  r = run_tictac("dag --canonical --depth 2 --format graphml");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("<graphml") && Catch::Contains("attr.name=\"value\""));
}

TEST_CASE("tictac dag rejects bad input with exit code 2", "[dag]") {
  CHECK(run_tictac("dag --format png").exit_code == 2);
  CHECK(run_tictac("dag --depth -3").exit_code == 2);
  const auto r = run_tictac("dag --position 'XXX/OOO/X..'");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("both sides have a line"));
}

TEST_CASE("tictac dag --strategy negamax visits each of the first plies as often as the game tree reaches it",
          "[dag]") {
  const auto r = run_tictac("dag --depth 3 --strategy negamax");
  REQUIRE(r.exit_code == 0);
  const ReadGraph g = read_dot(r.out);
  long visits = 0;
  for (auto v : boost::make_iterator_range(boost::vertices(g))) {
    CHECK(g[v].visits > 0);
    visits += g[v].visits;
  }
  CHECK(visits == 1 + 9 + 72 + 504);  // game-tree nodes of plies 0 to 3 (ground truth)
  for (auto e : boost::make_iterator_range(boost::edges(g))) CHECK(g[e].pruned == 0);
}

TEST_CASE("tictac dag --strategy alphabeta shows pruned moves and positions never entered", "[dag]") {
  const auto r = run_tictac("dag --canonical --depth 3 --strategy alphabeta");
  REQUIRE(r.exit_code == 0);
  const ReadGraph g = read_dot(r.out);
  int pruned = 0, unvisited = 0;
  for (auto e : boost::make_iterator_range(boost::edges(g))) {
    CHECK(g[e].pruned >= 0);  // present on every edge
    pruned += g[e].pruned;
    if (g[e].pruned) CHECK_THAT(g[e].style, Catch::Contains("dashed"));
  }
  for (auto v : boost::make_iterator_range(boost::vertices(g))) {
    CHECK(g[v].visits >= 0);
    unvisited += g[v].visits == 0;
    if (g[v].ply == 0) CHECK(g[v].visits == 1);
  }
  CHECK(pruned > 0);
  CHECK(unvisited > 0);
  const auto bad = run_tictac("dag --canonical --strategy no-such-search");
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("unknown strategy"));
}
