#include "algorithms/exact/analysis.hpp"

#include <algorithm>
#include <stdexcept>

namespace tictac {

void ResultCounts::add(Result r, std::uint64_t n) {
  switch (r) {
    case Result::x_wins: x_wins += n; break;
    case Result::o_wins: o_wins += n; break;
    case Result::draw: draws += n; break;
    case Result::ongoing: break;
  }
}

namespace {

using Index = StateSpace::Index;

// One pass over every reachable position, in ply order: the counts by ply
// and of terminal positions and games in `a`; and for the symmetries, how
// many positions each element fixes, which ones (every element but the
// identity), and the canonical positions (the least of their orbits).
struct Census {
  std::vector<std::uint64_t> fixed;
  std::vector<std::vector<Index>> fixed_positions;
  std::vector<Index> canonical_positions;
};
Census count_positions(const StateSpace& space, const SymmetryGroup& group, Analysis& a) {
  const Board& b = space.board();
  const int G = group.size();
  Census c{std::vector<std::uint64_t>(G, 0), std::vector<std::vector<Index>>(G), {}};
  a.reachable_states = space.size();
  a.states_by_ply.assign(b.cells() + 1, 0);
  a.nodes_by_ply.assign(b.cells() + 1, 0);
  a.games_by_length.assign(b.cells() + 1, {});
  for (int ply = 0; ply <= b.cells(); ++ply) {
    for (Index i = space.ply_begin(ply); i < space.ply_begin(ply + 1); ++i) {
      const Position p = space.position(i);
      ++a.states_by_ply[ply];
      a.nodes_by_ply[ply] += space.paths(i);
      if (space.terminal(i)) {
        a.terminal_states.add(space.result(i), 1);
        a.games.add(space.result(i), space.paths(i));
        a.games_by_length[ply].add(space.result(i), space.paths(i));
      }
      bool least = true;
      for (int g = 0; g < G; ++g) {
        const Position q = group.apply(g, p);
        if (q == p) {
          ++c.fixed[g];
          if (g > 0) c.fixed_positions[g].push_back(i);
        }
        least = least && !(q < p);
      }
      if (least) c.canonical_positions.push_back(i);
    }
  }
  a.nonterminal_states = a.reachable_states - a.terminal_states.total();
  for (int len = 0; len <= b.cells(); ++len)
    if (a.games_by_length[static_cast<std::size_t>(len)].total()) {
      if (!a.shortest_game) a.shortest_game = len;
      a.longest_game = len;
    }
  for (std::uint64_t n : a.nodes_by_ply) a.game_tree_nodes += n;
  return c;
}

// The orbits of positions by Burnside's lemma, checked against the
// canonical forms enumerated; throws std::logic_error when they differ.
void count_position_orbits(const StateSpace& space, const SymmetryGroup& group, const Census& c, Analysis& a) {
  const int G = group.size();
  std::uint64_t fixed_sum = 0;
  for (int g = 0; g < G; ++g) {
    a.burnside_fixed_points.emplace_back(std::string(group.name(g)), c.fixed[g]);
    fixed_sum += c.fixed[g];
  }
  a.orbits_burnside = fixed_sum / G;
  a.orbits_enumerated = c.canonical_positions.size();
  if (fixed_sum % G != 0 || a.orbits_burnside != a.orbits_enumerated)
    throw std::logic_error("Burnside's lemma gives " + std::to_string(fixed_sum) + "/" +
                           std::to_string(G) + " orbits but enumeration finds " +
                           std::to_string(a.orbits_enumerated) + " canonical forms");
  for (Index i : c.canonical_positions) ++(space.terminal(i) ? a.orbits_terminal : a.orbits_nonterminal);
}

// Every filling of the board and its orbits: g fixes a filling exactly when
// each cycle of g's cell permutation holds one mark throughout.
void count_filling_orbits(const Board& b, const SymmetryGroup& group, Analysis& a) {
  const int G = group.size();
  auto pow3 = [](int n) {
    std::uint64_t r = 1;
    while (n-- > 0) r *= 3;
    return r;
  };
  a.fillings = pow3(b.cells());
  std::uint64_t sum = 0;
  for (int g = 0; g < G; ++g) {
    int cycles = 0;
    std::vector<bool> seen(static_cast<std::size_t>(b.cells()), false);
    for (int c = 0; c < b.cells(); ++c) {
      if (seen[static_cast<std::size_t>(c)]) continue;
      ++cycles;
      for (int d = c; !seen[static_cast<std::size_t>(d)]; d = group.map_cell(g, d)) seen[static_cast<std::size_t>(d)] = true;
    }
    a.filling_fixed_points.emplace_back(std::string(group.name(g)), pow3(cycles));
    sum += pow3(cycles);
  }
  if (sum % G != 0) throw std::logic_error("Burnside's lemma over fillings does not divide evenly");
  a.filling_orbits = sum / G;
}

// The games position by position: paths through the quotient DAG,
// canonical forms taken in index order (which is ply order, so every
// parent is done before its children).
std::uint64_t count_quotient_games(const StateSpace& space, const SymmetryGroup& group,
                                   const std::vector<Index>& canonical_positions) {
  const Board& b = space.board();
  std::uint64_t games = 0;
  std::vector<std::uint64_t> qpaths(space.size(), 0);
  qpaths[0] = 1;
  for (Index i : canonical_positions) {
    if (space.terminal(i)) {
      games += qpaths[i];
      continue;
    }
    const Position p = space.position(i);
    const Side s = p.to_move();
    int n = 0;
    Index distinct[Board::kMaxCells];
    for (Mask e = p.legal_moves(b); e; e &= e - 1) {
      Position q = p;
      q.play(std::countr_zero(e), s);
      const Index j = space.find(group.canonical(q).position);
      if (std::find(distinct, distinct + n, j) == distinct + n) distinct[n++] = j;
    }
    for (int c = 0; c < n; ++c) qpaths[distinct[c]] += qpaths[i];
  }
  return games;
}

// The orbits of whole games by Burnside's lemma: a game is fixed by g when
// every position along it is, so count the paths that stay inside g's fixed
// positions.
std::uint64_t count_game_orbits(const StateSpace& space, const SymmetryGroup& group,
                                const std::vector<std::vector<Index>>& fixed_positions, std::uint64_t games) {
  const Board& b = space.board();
  const int G = group.size();
  std::uint64_t fixed_games = games;  // the identity fixes all
  std::vector<std::uint64_t> gpaths(space.size(), 0);
  for (int g = 1; g < G; ++g) {
    gpaths[0] = 1;
    for (Index i : fixed_positions[g]) {  // in index order, so parents first
      if (space.terminal(i)) {
        fixed_games += gpaths[i];
        continue;
      }
      const Position p = space.position(i);
      const Side s = p.to_move();
      for (Mask e = p.legal_moves(b); e; e &= e - 1) {
        Position q = p;
        q.play(std::countr_zero(e), s);
        if (group.fixes(g, q)) gpaths[space.find(q)] += gpaths[i];
      }
    }
    for (Index i : fixed_positions[g]) gpaths[i] = 0;
  }
  if (fixed_games % G != 0) throw std::logic_error("Burnside's lemma over games does not divide evenly");
  return fixed_games / G;
}

}  // namespace

Analysis analyze(const ExactSolution& solution, const SymmetryGroup& group) {
  const StateSpace& space = solution.space();
  const Board& b = space.board();
  Analysis a;
  const Census census = count_positions(space, group, a);
  count_position_orbits(space, group, census, a);
  count_filling_orbits(b, group, a);
  a.lines = b.windows().size();
  a.symmetries = static_cast<std::uint64_t>(group.size());
  a.games_position_by_position = count_quotient_games(space, group, census.canonical_positions);
  a.games_whole_game_orbits = count_game_orbits(space, group, census.fixed_positions, a.games.total());
  a.value = solution.value(StateSpace::Index{0});
  a.length = solution.distance(StateSpace::Index{0});
  return a;
}
}  // namespace tictac
