#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <set>
#include <string>

#include "algorithms/exact/analysis.hpp"
#include "harness/registry/exact_cache.hpp"
#include "algorithms/exact/published_values.hpp"
#include "tests/gravity_walk.hpp"

using namespace tictac;

namespace {
// A board's exact solution (from the process's one holder), its symmetry
// group and its analysis.
struct Solved {
  std::shared_ptr<const ExactSolution> solution;
  const StateSpace& space;
  SymmetryGroup group;
  Analysis analysis;
  explicit Solved(const Board& b)
      : solution(exact_solution(b)), space(solution->space()), group(b), analysis(analyze(*solution, group)) {}
};

// Every complete game of a board as its sequence of cells, by walking the
// game tree (independent of the DAG path counting under test).
void all_games(const Board& b, Position p, Side s, std::vector<int>& moves, std::vector<std::vector<int>>& out) {
  for (Mask e = p.empty(b); e; e &= e - 1) {
    const int c = std::countr_zero(e);
    Position q = p;
    q.play(c, s);
    moves.push_back(c);
    if (b.wins_through(q.stones(s), c) || q.occupied() == b.full())
      out.push_back(moves);
    else
      all_games(b, q, other(s), moves, out);
    moves.pop_back();
  }
}
}  // namespace

TEST_CASE("3x3 analysis gives every figure of ground-truth.md", "[analysis]") {
  const Solved s{Board()};
  const Analysis& a = s.analysis;
  CHECK(a.reachable_states == 5478);
  CHECK(a.nonterminal_states == 4520);
  CHECK(a.terminal_states.total() == 958);
  CHECK(a.terminal_states.x_wins == 626);
  CHECK(a.terminal_states.o_wins == 316);
  CHECK(a.terminal_states.draws == 16);
  CHECK(a.states_by_ply == std::vector<std::uint64_t>{1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78});
  CHECK(a.orbits_burnside == 765);
  CHECK(a.orbits_enumerated == 765);
  const std::vector<std::pair<std::string, std::uint64_t>> fixed = {
      {"identity", 5478}, {"rot90", 6}, {"rot180", 42}, {"rot270", 6},
      {"mirror_lr", 136}, {"mirror_ud", 136}, {"diagonal", 158}, {"anti_diagonal", 158}};
  CHECK(a.burnside_fixed_points == fixed);
  CHECK(a.game_tree_nodes == 549946);
  CHECK(a.nodes_by_ply == std::vector<std::uint64_t>{1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872});
  CHECK(a.games.total() == 255168);
  CHECK(a.games.x_wins == 131184);
  CHECK(a.games.o_wins == 77904);
  CHECK(a.games.draws == 46080);
  CHECK(a.value == 0);
}

TEST_CASE("games up to symmetry agree with an enumeration of every game", "[analysis]") {
  for (const Board& b : {Board(3, 3, 3), Board(2, 3, 2), Board(3, 4, 3)}) {
    if (b.cells() > 9) continue;  // 12! games is too many to walk here
    const Solved s(b);
    std::vector<std::vector<int>> games;
    std::vector<int> moves;
    all_games(b, Position{}, Side::X, moves, games);
    INFO(b.name());
    CHECK(games.size() == s.analysis.games.total());
    std::set<std::vector<int>> whole_game_orbits;
    std::set<std::vector<Position>> canonical_sequences;
    for (const auto& game : games) {
      std::vector<int> least = game;
      for (int g = 1; g < s.group.size(); ++g) {
        std::vector<int> image = game;
        for (int& c : image) c = s.group.map_cell(g, c);
        least = std::min(least, image);
      }
      whole_game_orbits.insert(least);
      std::vector<Position> seq;
      Position p;
      Side side = Side::X;
      for (int c : game) {
        p.play(c, side);
        side = other(side);
        seq.push_back(s.group.canonical(p).position);
      }
      canonical_sequences.insert(seq);
    }
    CHECK(whole_game_orbits.size() == s.analysis.games_whole_game_orbits);
    CHECK(canonical_sequences.size() == s.analysis.games_position_by_position);
  }
}

TEST_CASE("Burnside's orbit count equals the canonical forms enumerated on other boards", "[analysis]") {
  for (const Board& b : {Board(3, 4, 3), Board(4, 4, 3), Board(2, 5, 3), Board(1, 6, 3)}) {
    const Solved s(b);
    INFO(b.name());
    CHECK(s.analysis.orbits_burnside == s.analysis.orbits_enumerated);
    std::set<Position> forms;
    for (StateSpace::Index i = 0; i < s.space.size(); ++i) forms.insert(s.group.canonical(s.space.position(i)).position);
    CHECK(forms.size() == s.analysis.orbits_enumerated);
    std::uint64_t nodes = 0;
    for (auto n : s.analysis.nodes_by_ply) nodes += n;
    CHECK(nodes == s.analysis.game_tree_nodes);
  }
}

TEST_CASE("Burnside over every filling agrees with an enumeration of the fillings", "[analysis]") {
  for (const Board& b : {Board(3, 3, 3), Board(2, 3, 2), Board(3, 4, 3)}) {
    const Solved s(b);
    INFO(b.name());
    // Every filling, legal or not: cell c holds digit c of n in base 3 (0 empty, 1 X, 2 O).
    std::vector<std::uint64_t> fixed(static_cast<std::size_t>(s.group.size()), 0);
    std::uint64_t fillings = 0, least_images = 0;
    for (std::uint64_t n = 0;; ++n) {
      Position p;
      std::uint64_t d = n;
      for (int c = 0; c < b.cells(); ++c, d /= 3) {
        if (d % 3 == 1) p.x |= Mask{1} << c;
        if (d % 3 == 2) p.o |= Mask{1} << c;
      }
      if (d) break;  // n has more digits than the board has cells
      ++fillings;
      bool least = true;
      for (int g = 0; g < s.group.size(); ++g) {
        const Position q = s.group.apply(g, p);
        fixed[static_cast<std::size_t>(g)] += q == p;
        least = least && !(q < p);
      }
      least_images += least;
    }
    CHECK(s.analysis.fillings == fillings);
    REQUIRE(s.analysis.filling_fixed_points.size() == fixed.size());
    for (std::size_t g = 0; g < fixed.size(); ++g) CHECK(s.analysis.filling_fixed_points[g].second == fixed[g]);
    CHECK(s.analysis.filling_orbits == least_images);
  }
  CHECK(Solved(Board()).analysis.fillings == 19683);  // ground-truth.md: 3^9
}

TEST_CASE("3x3 has 138 finished and 627 unfinished positions up to symmetry, 8 lines and 8 symmetries", "[analysis]") {
  // 138 terminal positions up to symmetry is the published figure (91 X wins,
  // 44 O wins, 3 draws); 627 is seed 000's memo, which stores every
  // unfinished class it reaches (tests/search: 627 entries).
  const Analysis a = Solved(Board()).analysis;
  CHECK(a.orbits_terminal == 138);
  CHECK(a.orbits_nonterminal == 627);
  CHECK(a.orbits_terminal + a.orbits_nonterminal == a.orbits_enumerated);
  CHECK(a.lines == 8);
  CHECK(a.symmetries == 8);
  CHECK(a.shortest_game == 5);
  CHECK(a.longest_game == 9);
}

namespace {
// 4x4 with gravity, solved once for the tests that need it.
const Solved& gravity_4x4() {
  static const Solved s{Board(4, 4, 4, true)};
  return s;
}

// Every complete game of a gravity board as its sequence of cells, by
// dropping in each column (tests/gravity_walk.hpp's drops, not the code
// under test).
void all_drop_games(const test::GravityWalk& w, test::GravityWalk::Pos p, std::vector<int>& moves,
                    std::vector<std::vector<int>>& out) {
  for (int c = 0; c < w.C; ++c) {
    const int cell = w.drop(p, c);
    if (cell < 0) continue;
    const auto q = w.child(p, cell);
    moves.push_back(cell);
    if (w.over(q)) out.push_back(moves);
    else all_drop_games(w, q, moves, out);
    moves.pop_back();
  }
}
}  // namespace

TEST_CASE("the gravity state space is the set of positions the drops reach, by an independent walk", "[analysis]") {
  for (auto [R, C, k] : {std::array{3, 3, 3}, {3, 4, 3}, {4, 3, 3}, {2, 5, 3}, {4, 4, 4}}) {
    const Board b(R, C, k, true);
    INFO(b.name());
    const StateSpace space(b);
    const test::GravityWalk walk(R, C, k);
    const auto by_ply = walk.reachable(b.cells());
    std::uint64_t total = 0;
    for (int ply = 0; ply <= b.cells(); ++ply) {
      REQUIRE(space.ply_begin(ply + 1) - space.ply_begin(ply) == by_ply[ply].size());
      total += by_ply[ply].size();
      for (const auto& p : by_ply[ply]) {
        const StateSpace::Index i = space.find(Position{p.x, p.o});
        REQUIRE(i != StateSpace::npos);
        const Result expected = walk.line(p.x) ? Result::x_wins : walk.line(p.o) ? Result::o_wins
                                : walk.stones(p) == b.cells()                 ? Result::draw
                                                                              : Result::ongoing;
        REQUIRE(space.result(i) == expected);
      }
    }
    CHECK(space.size() == total);
    // The walk's figure, also found by a separate Python walk.
    if (b.cells() == 16) CHECK(total == 161029);
  }
}

namespace {
// Burnside's count under {identity, mirror_lr} against the test's own
// mirror: its fixed points and the orbits as lesser images.
void check_mirror_orbits(const Solved& s) {
  const Board& b = s.space.board();
  INFO(b.name());
  const Analysis& a = s.analysis;
  REQUIRE(a.burnside_fixed_points.size() == 2);
  CHECK(a.burnside_fixed_points[0] == std::pair<std::string, std::uint64_t>{"identity", a.reachable_states});
  CHECK(a.burnside_fixed_points[1].first == "mirror_lr");
  std::uint64_t fixed = 0;
  std::set<std::pair<Mask, Mask>> orbits;
  for (StateSpace::Index i = 0; i < s.space.size(); ++i) {
    const Position p = s.space.position(i);
    Position m;
    for (int c = 0; c < b.cells(); ++c) {
      const int to = (c / b.cols()) * b.cols() + (b.cols() - 1 - c % b.cols());
      m.x |= (p.x >> c & 1) << to;
      m.o |= (p.o >> c & 1) << to;
    }
    fixed += m == p;
    orbits.insert(std::min(std::pair{p.x, p.o}, std::pair{m.x, m.o}));
  }
  CHECK(a.burnside_fixed_points[1].second == fixed);
  CHECK(a.orbits_burnside == (a.reachable_states + fixed) / 2);
  CHECK(a.orbits_enumerated == orbits.size());
  CHECK(a.orbits_burnside == a.orbits_enumerated);
}
}  // namespace

TEST_CASE("Burnside under {identity, mirror_lr} gives the orbits enumerated on gravity boards", "[analysis]") {
  for (const Board& b : {Board(3, 3, 3, true), Board(3, 4, 3, true), Board(4, 3, 3, true)}) check_mirror_orbits(Solved(b));
  check_mirror_orbits(gravity_4x4());
}

TEST_CASE("games of gravity boards, and games up to the mirror, agree with an enumeration of every game", "[analysis]") {
  for (const Board& b : {Board(3, 3, 3, true), Board(2, 4, 3, true), Board(3, 4, 3, true)}) {
    const Solved s(b);
    const test::GravityWalk walk(b.rows(), b.cols(), b.k());
    std::vector<std::vector<int>> games;
    std::vector<int> moves;
    all_drop_games(walk, {}, moves, games);
    INFO(b.name());
    CHECK(games.size() == s.analysis.games.total());
    std::set<std::vector<int>> whole_game_orbits;
    std::set<std::vector<Position>> canonical_sequences;
    for (const auto& game : games) {
      std::vector<int> mirror = game;
      for (int& c : mirror) c = (c / b.cols()) * b.cols() + (b.cols() - 1 - c % b.cols());
      whole_game_orbits.insert(std::min(game, mirror));
      std::vector<Position> seq;
      Position p;
      Side side = Side::X;
      for (int c : game) {
        p.play(c, side);
        side = other(side);
        seq.push_back(s.group.canonical(p).position);
      }
      canonical_sequences.insert(seq);
    }
    CHECK(whole_game_orbits.size() == s.analysis.games_whole_game_orbits);
    CHECK(canonical_sequences.size() == s.analysis.games_position_by_position);
  }
}

TEST_CASE("4x4 with gravity is a draw that fills the board, as published", "[analysis]") {
  const Board b(4, 4, 4, true);
  const Solved& s = gravity_4x4();
  CHECK(s.analysis.value == 0);
  CHECK(s.analysis.length == 16);  // a draw ends on a full board
  REQUIRE(published_value(b).has_value());
  CHECK(published_value(b)->value == s.analysis.value);
  // 4x4 without gravity is a different entry with its own source.
  CHECK(std::string(published_value(Board(4, 4, 4))->source) != published_value(b)->source);
}
