// best's distance mode (best:distance=on), checked against the retrograde
// exact solution: the value, the distance to the end, the distance score,
// and that best_move reaches that distance (the fastest win, the slowest
// loss), on every non-terminal position of 3x3 k=3, 3x4 k=3 and 4x4 with
// gravity, and on a seeded sample of 10,000 of 4x4 k=4.
#include <catch2/catch.hpp>

#include <cstdint>
#include <string>
#include <vector>

#include "algorithms/exact/solution.hpp"
#include "algorithms/game/random.hpp"
#include "algorithms/search/best/best_search.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/strategy.hpp"
#include "tests/search/best_support.hpp"

using namespace tictac;
using namespace tictac::best_test;

namespace {

BestOptions distance_on() {
  BestOptions o;
  o.distance = true;
  return o;
}

// The non-terminal positions of the state space: all of them (sample = 0),
// or `sample` drawn uniformly with the project's generator (with repeats
// possible, seeded, the same on every machine).
std::vector<Position> positions(const ExactSolution& sol, int sample, std::uint64_t seed) {
  const StateSpace& space = sol.space();
  std::vector<Position> all;
  for (StateSpace::Index i = 0; i < space.size(); ++i)
    if (!space.terminal(i)) all.push_back(space.position(i));
  if (sample == 0) return all;
  std::vector<Position> out;
  std::uint64_t state = seed;
  for (int i = 0; i < sample; ++i) out.push_back(all[splitmix64(state) % all.size()]);
  return out;
}

}  // namespace

TEST_CASE("best:distance=on gives the exact value, distance and a distance-optimal move on all of 3x3 and 3x4 k=3",
          "[best_distance]") {
  for (const Board& b : {Board(3, 3, 3), Board(3, 4, 3), Board(4, 3, 3)}) {
    const ExactSolution& sol = *exact_solution(b);
    const auto ps = positions(sol, 0, 0);
    CHECK(failures(sol, distance_on(), ps) == 0);
    // The knowledge switched off: the distance does not lean on it.
    BestOptions bare = distance_on();
    bare.wins = bare.threats = bare.live = bare.history = false;
    bare.order = BestOptions::Order::index;
    CHECK(failures(sol, bare, ps) == 0);
    bare.tt = BestOptions::Table::exact;
    bare.window = BestOptions::Window::full;
    CHECK(failures(sol, bare, ps) == 0);
  }
}

TEST_CASE("best:distance=on is exact on a seeded sample of 10,000 positions of 4x4 k=4", "[best_distance]") {
  const ExactSolution& sol = *exact_solution(Board(4, 4, 4));
  CHECK(failures(sol, distance_on(), positions(sol, 10000, 20261201)) == 0);
}

TEST_CASE("best:distance=on is exact on every position of 4x4 with gravity", "[best_distance]") {
  const ExactSolution& sol = *exact_solution(Board(4, 4, 4, true));
  CHECK(failures(sol, distance_on(), positions(sol, 0, 0)) == 0);
  // k=3 with gravity: wins and losses of every length.
  const ExactSolution& sol3 = *exact_solution(Board(4, 4, 3, true));
  CHECK(failures(sol3, distance_on(), positions(sol3, 0, 0)) == 0);
}

TEST_CASE("best:distance=on through the registry: the same distance, and finished positions have distance 0",
          "[best_distance]") {
  const Board b(3, 4, 3);
  const ExactSolution& sol = *exact_solution(b);
  auto s = make_strategy(b, "best:distance=on");
  const SearchResult r = s->search(Position{});
  CHECK(r.distance == sol.distance(Position{}));
  CHECK(make_strategy(b, "best")->search(Position{}).distance == -1);
  // X X X / O O . . / ...: finished, X has won; O to move has lost now.
  const Position done{0b0111, 0b0011'0000};
  const SearchResult f = s->search(done);
  CHECK(f.distance == 0);
  CHECK(f.value == 1);
  CHECK(f.score == -(b.cells() + 1 - done.ply()));
  // Distance mode leaves the value search's nodes alone on the way.
  const Board b4(4, 4, 4);
  CHECK(make_strategy(b4, "best:distance=on")->search(Position{}).stats.nodes >=
        make_strategy(b4, "best")->search(Position{}).stats.nodes);
}
