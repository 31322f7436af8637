#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>

#include "algorithms/exact/position_set_sample.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/game/symmetry.hpp"
#include "harness/experiment/set_generator.hpp"
#include "harness/experiment/strong_solve.hpp"
#include "harness/formats/notation.hpp"
#include "harness/formats/position_set_io.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/default_policy.hpp"
#include "harness/registry/strategy.hpp"

using namespace tictac;

namespace {
// The unfinished positions at each ply, counted in the retrograde state space
// (an independent enumeration).
std::size_t unfinished_at(const StateSpace& space, int ply, bool canonical) {
  const SymmetryGroup group(space.board());
  std::size_t n = 0;
  for (StateSpace::Index i = space.ply_begin(ply); i < space.ply_begin(ply + 1); ++i)
    if (!space.terminal(i) && (!canonical || group.canonical(space.position(i)).position == space.position(i))) ++n;
  return n;
}
}  // namespace

TEST_CASE("enumeration by ply finds the state space's unfinished positions and symmetry classes", "[set_generator]") {
  for (const Board& b : {Board(3, 3, 3), Board(3, 4, 3, true), Board(4, 4, 3, true)}) {
    const auto exact = exact_solution(b);
    for (int ply = 0; ply < b.cells(); ++ply)
      for (bool canonical : {false, true}) {
        const PlyEnumeration e = enumerate_ply(b, ply, canonical, 1000000, 1000000);
        REQUIRE(e.complete);
        CHECK(e.positions.size() == unfinished_at(exact->space(), ply, canonical));
      }
  }
  // and refuses past its limit, saying where
  const PlyEnumeration big = enumerate_ply(Board(6, 7, 4, true), 8, false, 1000, 20000);
  CHECK_FALSE(big.complete);
  CHECK(big.positions.empty());
}

TEST_CASE("a position is reachable in play exactly when the state space holds it", "[set_generator]") {
  const Board b(3, 4, 3, true);
  const auto exact = exact_solution(b);
  std::size_t legal = 0, reachable = 0;
  for (std::uint32_t code = 0; code < 531441; ++code) {  // every filling of 12 cells with X, O, empty
    Position p;
    std::uint32_t c = code;
    for (int cell = 0; cell < 12; ++cell, c /= 3) {
      if (c % 3 == 1) p.x |= Mask{1} << cell;
      if (c % 3 == 2) p.o |= Mask{1} << cell;
    }
    if (check_legality(b, p) != Legality::legal) continue;
    ++legal;
    const bool in_space = exact->space().find(p) != StateSpace::npos;
    reachable += in_space;
    CHECK(reachable_in_play(b, p) == in_space);
  }
  CHECK(legal > reachable);  // gravity's legality rules are necessary, not sufficient
}

TEST_CASE("a random set where fewer positions exist gives them all and says so", "[set_generator]") {
  const Board b(3, 3, 3);
  PositionSetSpec r;
  r.kind = find_set_kind("random", {});
  r.budget_seconds = 0;
  r.plies = {1, 4};
  r.per_ply = 20;
  r.seed = 5;
  const GeneratedSet g = generate_set(b, r);
  std::size_t at1 = 0, at4 = 0;
  std::set<std::pair<Mask, Mask>> distinct;
  const auto exact = exact_solution(b);
  for (const PositionEntry& e : g.entries) {
    (e.ply == 1 ? at1 : at4) += 1;
    distinct.insert({e.position.x, e.position.o});
    CHECK_FALSE(is_terminal(b, e.position));
    CHECK(e.value == exact->value(e.position));
    CHECK(e.distance == exact->distance(e.position));
  }
  CHECK(at1 == 9);  // the nine first moves
  CHECK(at4 == 20);
  CHECK(distinct.size() == g.entries.size());
  REQUIRE(g.notes.size() == 1);
  CHECK_THAT(g.notes[0], Catch::Contains("only 9"));
  // the same seed, the same set
  CHECK(generate_set(b, r).entries == g.entries);
}

TEST_CASE("a builder's game is legal play to its ply, and the builder's lines are fuller than in random play", "[set_generator]") {
  // Fullest: the most of a side's stones in one window without the other's.
  const auto fullest = [](const Board& b, const Position& p, Side s) {
    int most = 0;
    for (Mask w : b.windows())
      if ((w & p.stones(other(s))) == 0) most = std::max(most, std::popcount(w & p.stones(s)));
    return most;
  };
  for (const Board& b : {Board(6, 6, 5), Board(6, 7, 4, true)}) {
    Rng rng(11);
    int built = 0, random = 0, games = 0;
    for (int i = 0; i < 400; ++i) {
      const Side builder = i % 2 ? Side::O : Side::X;
      const int ply = 6 + i % 5;
      const std::optional<Position> p = builder_play(b, ply, builder, rng);
      const std::optional<Position> q = random_play(b, ply, rng);
      if (!p || !q) continue;
      CHECK(p->ply() == ply);
      CHECK_FALSE(is_terminal(b, *p));
      CHECK(reachable_in_play(b, *p));
      built += fullest(b, *p, builder);
      random += fullest(b, *q, builder);
      ++games;
    }
    REQUIRE(games > 200);
    CHECK(built > random);  // summed over the games: more stones in the builder's fullest window
  }
}

TEST_CASE("Pons's strata hold positions whose ply and exact distance put them there", "[set_generator]") {
  const Board b(4, 4, 3, true);
  const auto exact = exact_solution(b);
  PositionSetSpec r;
  r.kind = find_set_kind("stratified", {"per_stratum"});
  r.budget_seconds = 0;
  r.per_stratum = 15;
  r.seed = 3;
  r.builders = GENERATE(false, true);
  const GeneratedSet g = generate_set(b, r);
  CHECK(std::any_of(g.notes.begin(), g.notes.end(), [](const std::string& n) {
          return n.find("builders' games") != std::string::npos;
        }) == r.builders);
  REQUIRE(g.entries.size() == g.strata.size());
  REQUIRE_FALSE(g.entries.empty());
  for (std::size_t i = 0; i < g.entries.size(); ++i) {
    const PositionEntry& e = g.entries[i];
    CHECK(e.distance == exact->distance(e.position));
    CHECK(e.value == exact->value(e.position));
    const int n = b.cells();
    const std::string phase = 3 * e.ply <= n ? "begin" : 3 * e.ply <= 2 * n ? "middle" : "end";
    const std::string level = 3 * e.distance < n ? "easy" : 3 * e.distance < 2 * n ? "medium" : "hard";
    CHECK(g.strata[i] == phase + "-" + level);
  }
}

TEST_CASE("a strong solve that runs out of its budget is unknown, not a value", "[set_generator]") {
  StrongSolver solver(Board(6, 7, 4, true), 0.001);  // Connect-Four's empty board: seconds, not a millisecond
  CHECK(solver.solve(Position{}).status == StrongValue::Status::unknown);
}

TEST_CASE("kind all beyond 16 cells is refused with the reason", "[set_generator]") {
  const Board b(5, 5, 4);
  PositionSetSpec r;
  r.kind = find_set_kind("all", {});
  r.budget_seconds = 1;
  CHECK_THROWS_WITH(generate_set(b, r), Catch::Contains("needs the exact solver"));
  r.kind = find_set_kind("plies", {});
  r.plies = {6};
  r.max_positions = 1000;
  CHECK_THROWS_WITH(generate_set(b, r), Catch::Contains("there are more than") && Catch::Contains("max_positions is 1000"));
}

TEST_CASE("a set file's bad row or repeated position is refused naming the file, the line and the rule", "[set_generator]") {
  const Board b(6, 7, 4, true);
  const auto path = std::filesystem::temp_directory_path() / "tictac-set-rows.csv";
  auto refused = [&](const std::string& row) {
    std::ofstream(path) << "# a note\nboard,k,gravity,position,ply,value,value_to_move,distance\n" << row << "\n";
    try {
      read_position_set_file(path, b, nullptr);
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  const std::string pos = "......./......./......./......./......./...X...";  // X in the centre; O to move
  CHECK(refused("6x7,4,true," + pos + ",1,1,1,7").empty() == false);  // O to move: value_to_move must be -1
  CHECK_THAT(refused("6x7,4,true," + pos + ",1,1,1,7"), Catch::Contains(":3:") && Catch::Contains("value_to_move"));
  CHECK_THAT(refused("6x7,4,true," + pos + ",1,1,-1,7"), Catch::Contains("odd distance"));  // O loses: X's stone ends it, an even distance
  CHECK_THAT(refused("6x7,4,true," + pos + ",1,0,0,30"), Catch::Contains("a draw's distance"));
  CHECK_THAT(refused("6x7,4,true,......./......./......./......./...X.../.......,1,1,-1,7"), Catch::Contains(":3:") && Catch::Contains("floats"));
  CHECK(refused("6x7,4,true," + pos + ",1,1,-1,8").empty());
  // A position listed twice: refused at its second line, naming the first.
  CHECK_THAT(refused("6x7,4,true," + pos + ",1,1,-1,8\n6x7,4,true," + pos + ",1,1,-1,8"),
             Catch::Contains(":4:") && Catch::Contains("listed already, on line 3"));
  std::filesystem::remove(path);
}

TEST_CASE("beyond 16 cells the strong solver proves the k=5 draws of the empty 6x6 and 7x7 boards", "[set_generator]") {
  // Both are draws (Hsu et al., TCS 815, 2020), which the board's value
  // strategy (best with its pairing test) proves in about a second together:
  // a draw's distance is then its empty cells, with no distance search (best
  // without the pairing test did not prove either within 20 s).  A generous
  // budget, so that a regression fails here instead of hanging.
  for (const Board& b : {Board(6, 6, 5), Board(7, 7, 5)}) {
    INFO(b.name());
    StrongSolver solver(b, 60);
    CHECK(solver.value_first());
    CHECK_THAT(solver.description(),
               Catch::StartsWith(default_strategy(b) + " raced against " + partner_strategy(b) + " for the value"));
    const StrongValue v = solver.solve(Position{});
    CHECK(v.status == StrongValue::Status::solved);
    CHECK(v.value == 0);
    CHECK(v.distance == b.cells());
  }
}

TEST_CASE("beyond 16 cells the strong solver's values agree with best's and its distances with its solutions one move on",
          "[set_generator]") {
  // 5x5 k=4 (25 cells): best:pairing=on raced against dfpn proves the value
  // and best:distance=on,pairing=on finds a win's distance.  Checked against independent computations: best's own
  // value search (the other family), and the solutions of every child, each
  // solved on its own: the value is the mover's best child value, and the
  // distance 1 + the least distance of a winning child (a win), 1 + the
  // greatest of any child (a loss), the empty cells (a draw).
  const Board b(5, 5, 4);
  StrongSolver solver(b, 30);
  REQUIRE(solver.value_first());
  auto best = make_strategy(b, "best");
  std::size_t draws = 0, decided = 0;
  for (int ply : {7, 11, 15}) {
    const RandomSample sample = random_positions(b, ply, 4, 17 + static_cast<std::uint64_t>(ply), 1000);
    for (const Position& p : sample.positions) {
      INFO(format_position(b, p));
      const StrongValue v = solver.solve(p);
      REQUIRE(v.status == StrongValue::Status::solved);
      CHECK(v.value == best->search_fast(p).value);
      const int mover = p.to_move() == Side::X ? 1 : -1;
      const int empty = b.cells() - p.ply();
      int child_best = -2, win_distance = 1000, any_distance = -1;
      for (int cell = 0; cell < b.cells(); ++cell) {
        if ((p.occupied() >> cell) & 1) continue;
        Position c = p;
        c.play(cell, p.to_move());
        const Result res = result(b, c);
        StrongValue cv;
        if (res != Result::ongoing) {
          cv.value = res == Result::x_wins ? 1 : res == Result::o_wins ? -1 : 0;
          cv.distance = 0;
        } else {
          cv = solver.solve(c);
          REQUIRE(cv.status == StrongValue::Status::solved);
        }
        const int for_mover = cv.value * mover;
        child_best = std::max(child_best, for_mover);
        if (for_mover == 1) win_distance = std::min(win_distance, cv.distance);
        any_distance = std::max(any_distance, cv.distance);
      }
      CHECK(v.value * mover == child_best);
      if (v.value == 0) {
        ++draws;
        CHECK(v.distance == empty);
      } else {
        ++decided;
        CHECK(v.distance == 1 + (child_best == 1 ? win_distance : any_distance));
      }
    }
  }
  CHECK(draws > 0);  // the sample holds both kinds (seeded: the same every run)
  CHECK(decided > 0);
}

// The side to move makes the last move of a game it wins: a won position's
// distance is odd, a lost one's even, a draw's its empty cells (every cell
// filled).  An invariant of the rules, not of the search that found it.
static void check_distance_fits_value(const Board& b, const PositionEntry& e) {
  const int to_move = e.value * (e.position.to_move() == Side::X ? 1 : -1);
  if (to_move == 0) CHECK(e.distance == b.cells() - e.ply);
  else CHECK(e.distance % 2 == (to_move > 0 ? 1 : 0));
  CHECK(e.distance <= b.cells() - e.ply);
}

TEST_CASE("per-group stratified sets work beyond 16 cells (5x5, k=4), their values agree with another family and "
          "their notes name the one family of the distances",
          "[set_generator]") {
  const Board b(5, 5, 4);
  PositionSetSpec r;
  r.kind = find_set_kind("stratified", {});
  r.plies = {0, 1};
  r.per_group = 2;
  r.seed = 4;
  r.budget_seconds = 0;
  const GeneratedSet g = generate_set(b, r);
  REQUIRE(g.unknown.empty());
  REQUIRE_FALSE(g.entries.empty());
  std::map<std::pair<int, int>, int> groups;
  auto dfpn = make_strategy(b, "dfpn");  // the value by another family than best's distance mode
  for (std::size_t i = 0; i < g.entries.size(); ++i) {
    const PositionEntry& e = g.entries[i];
    CHECK(++groups[{e.ply, e.distance}] <= 2);
    CHECK(g.strata[i] == group_stratum(e.ply, e.distance));
    CHECK(dfpn->search(e.position).value == e.value);
    check_distance_fits_value(b, e);
  }
  // Symmetric first moves share a value and distance: ply 1's groups hold
  // every distance that one of its 25 positions has.
  std::set<int> distances;
  for (const auto& [key, n] : groups)
    if (key.first == 1) distances.insert(key.second);
  CHECK(distances.size() <= 6);  // at most one distance per symmetry class of a first move (6 on 5x5)
  const auto says = [&](const std::string& what) {
    return std::any_of(g.notes.begin(), g.notes.end(), [&](const std::string& n) { return n.find(what) != std::string::npos; });
  };
  CHECK(says("distances come from one family, best's distance mode"));
  CHECK(says("certified by two families"));
  CHECK(generate_set(b, r).entries == g.entries);  // the same seed, the same set
}

TEST_CASE("a file set beyond 16 cells reads its rows with their values, and given positions can be left to the caller",
          "[set_generator]") {
  const Board b(5, 5, 4);
  PositionSetSpec r;
  r.kind = find_set_kind("file", {});
  r.file = std::filesystem::path(TICTAC_SOURCE_DIR) / "experiments/sets/{board}-end-easy.csv";
  r.first = 5;
  const GeneratedSet g = generate_set(b, r);
  const ReadSet read = read_position_set_file(std::filesystem::path(TICTAC_SOURCE_DIR) / "experiments/sets/5x5k4-end-easy.csv", b, nullptr);
  REQUIRE(g.entries.size() == 5);
  for (std::size_t i = 0; i < 5; ++i) {
    CHECK(g.entries[i] == read.entries[i]);
    CHECK(g.strata[i] == "end-easy");
    CHECK_FALSE(g.unvalued[i]);
  }
  PositionSetSpec empty;
  empty.kind = find_set_kind("empty", {});
  const GeneratedSet deferred = generate_set(b, empty, SetOptions{{}, true});
  REQUIRE(deferred.entries.size() == 1);
  CHECK(deferred.unvalued[0]);
  CHECK(deferred.entries[0].distance == -1);
}

TEST_CASE("every kind of the table names its keys once, and a key that does not apply is refused with the kinds it applies to",
          "[set_generator]") {
  for (const PositionSetKind& k : position_set_kinds()) {
    for (std::string_view key : k.keys)
      CHECK(std::find(position_set_keys().begin(), position_set_keys().end(), key) != position_set_keys().end());
    for (std::string_view key : k.required) CHECK(std::find(k.keys.begin(), k.keys.end(), key) != k.keys.end());
    if (!k.chosen_by.empty()) CHECK(std::find(k.keys.begin(), k.keys.end(), k.chosen_by) != k.keys.end());
    CHECK(k.beyond_16_cells == (k.name != "all"));  // every other kind can be certified beyond 16 cells
  }
  const SetKindChoice pons = choose_set_kind("stratified", {"per_stratum", "builders"}, nullptr);
  REQUIRE(pons.kind);
  CHECK(pons.kind->chosen_by == "per_stratum");
  CHECK(choose_set_kind("stratified", {"per_group"}, nullptr).kind == find_set_kind("stratified", {}));
  const SetKindChoice bad = choose_set_kind("random", {"plies", "per_ply", "builders"}, nullptr);
  REQUIRE(bad.error);
  CHECK(bad.error->key == "builders");
  CHECK_THAT(bad.error->what, Catch::Contains("builders applies to kind stratified with per_stratum"));
  CHECK(choose_set_kind("plies", {}, nullptr).error->key == "plies");
  CHECK(choose_set_kind("plies", {"plys"}, nullptr).error->what.find("is not a key") != std::string::npos);
}
