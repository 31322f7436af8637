// The connect solver, checked against an independent brute-force gravity
// search: a memoized negamax written here over the project's Position and
// Board (its windows decide the wins), sharing no code with the solver's
// bitboards.  It labels every position with its value and distance (the
// winner wins as soon as it can, the loser holds out as long as it can; a
// draw's distance is the number of empty cells), from which Pons's score
// follows.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <string>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "algorithms/exact/pons_score.hpp"
#include "algorithms/exact/published_values.hpp"
#include "algorithms/exact/solution.hpp"
#include "algorithms/search/connect/connect_solver.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/default_policy.hpp"
#include "harness/registry/strategy.hpp"

using namespace tictac;

namespace {

struct Label {
  int value;     // side to move's view: +1 win, 0 draw, -1 loss
  int distance;  // plies to the end under perfect play
};

// Better for the side to move: a higher value; among wins the shorter, among
// losses the longer.
bool better(const Label& a, const Label& b) {
  if (a.value != b.value) return a.value > b.value;
  if (a.value > 0) return a.distance < b.distance;
  if (a.value < 0) return a.distance > b.distance;
  return false;
}

// Brute-force gravity negamax with a memo of every position it solves.
class BruteForce {
 public:
  explicit BruteForce(const Board& b) : b_(b) {}

  // The cell a stone dropped into column c lands on, or -1 when it is full.
  int drop(const Position& p, int c) const {
    for (int r = b_.rows() - 1; r >= 0; --r)
      if (!(p.occupied() >> b_.cell(r, c) & 1)) return b_.cell(r, c);
    return -1;
  }

  // The label after the side to move drops into the cell (a legal drop).
  Label after(const Position& p, int cell) {
    const Side me = p.to_move();
    Position q = p;
    q.play(cell, me);
    if (b_.wins_through(q.stones(me), cell)) return {1, 1};
    if (q.ply() == b_.cells()) return {0, 1};
    const Label l = solve(q);
    return {-l.value, l.distance + 1};
  }

  // p must not be finished.
  Label solve(const Position& p) {
    const auto key = std::make_pair(p.x, p.o);
    if (auto it = memo_.find(key); it != memo_.end()) return it->second;
    Label best{-2, 0};
    for (int c = 0; c < b_.cols(); ++c)
      if (const int cell = drop(p, c); cell >= 0) {
        const Label l = after(p, cell);
        if (better(l, best)) best = l;
      }
    memo_.emplace(key, best);
    return best;
  }

  // Pons's score of a label: (cells + 2 - t) / 2 for a win on ply t, its
  // negative for a loss, 0 for a draw.
  int score(const Position& p, const Label& l) const {
    return l.value * ((b_.cells() + 2 - (p.ply() + l.distance)) / 2);
  }

  std::size_t size() const { return memo_.size(); }

 private:
  struct Hash {
    std::size_t operator()(const std::pair<Mask, Mask>& k) const {
      return std::hash<Mask>()(k.first * 0x9e3779b97f4a7c15ULL ^ k.second);
    }
  };
  Board b_;
  std::unordered_map<std::pair<Mask, Mask>, Label, Hash> memo_;
};

bool finished(const Board& b, const Position& p) { return b.has_line(p.x) || b.has_line(p.o) || p.ply() == b.cells(); }

// Every non-finished position reachable on the board (small boards only).
std::vector<Position> all_positions(const Board& b) {
  std::vector<Position> out;
  std::unordered_map<Mask, std::vector<Mask>> seen;  // x -> o masks seen
  std::vector<Position> stack{Position{}};
  BruteForce drops(b);
  while (!stack.empty()) {
    const Position p = stack.back();
    stack.pop_back();
    auto& os = seen[p.x];
    if (std::find(os.begin(), os.end(), p.o) != os.end()) continue;
    os.push_back(p.o);
    if (finished(b, p)) continue;
    out.push_back(p);
    for (int c = 0; c < b.cols(); ++c)
      if (const int cell = drops.drop(p, c); cell >= 0) {
        Position q = p;
        q.play(cell, p.to_move());
        stack.push_back(q);
      }
  }
  return out;
}

// `count` unfinished positions by seeded random play from the empty board,
// each after a random number of plies in [min_ply, max_ply] (a game that
// ends sooner is dropped and another one played).
std::vector<Position> sample_positions(const Board& b, int count, int min_ply, int max_ply, unsigned seed) {
  std::mt19937 rng(seed);
  BruteForce drops(b);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count) {
    const int plies = min_ply + static_cast<int>(rng() % static_cast<unsigned>(max_ply - min_ply + 1));
    Position p;
    for (int i = 0; i < plies && !finished(b, p); ++i) {
      std::vector<int> cells;
      for (int c = 0; c < b.cols(); ++c)
        if (const int cell = drops.drop(p, c); cell >= 0) cells.push_back(cell);
      p.play(cells[rng() % cells.size()], p.to_move());
    }
    if (!finished(b, p)) out.push_back(p);
  }
  return out;
}

std::string describe(const ConnectOptions& o) {
  auto on = [](bool b) { return b ? "on" : "off"; };
  return std::string("mode=") + (o.mode == ConnectOptions::Mode::weak ? "weak" : "distance") +
         ",window=" + (o.window == ConnectOptions::Window::null ? "null" : "full") + ",anticipate=" + on(o.anticipate) +
         ",order=" + (o.order == ConnectOptions::Order::threats ? "threats" : "column") + ",tt=" +
         (o.tt == ConnectOptions::Table::symmetric ? "symmetric" : o.tt == ConnectOptions::Table::exact ? "exact" : "none") +
         ",bounds=" + on(o.bounds) + ",etc=" + on(o.etc) + ",near=" + std::to_string(o.near) + ",tt_mb=" + std::to_string(o.tt_mb);
}

// Solves every position with `o` and checks value, score and move against
// the brute force: in weak mode the score is the value (side to move's view)
// and the move keeps the value; in distance mode the score is Pons's and the
// move keeps it.  Returns the failures (the first three are reported).
int failures(const Board& b, BruteForce& truth, const ConnectOptions& o, const std::vector<Position>& ps) {
  ConnectSolver<NoStats> solver(b, o);
  const bool weak = o.mode == ConnectOptions::Mode::weak;
  int failed = 0;
  for (const Position& p : ps) {
    NoStats none;
    const SearchResult r = solver.search(p, none);
    const Label l = truth.solve(p);
    const int sign = p.to_move() == Side::X ? 1 : -1;
    const int score = weak ? l.value : truth.score(p, l);
    bool ok = r.value == l.value * sign && r.score == score && r.best_move >= 0;
    if (ok) {
      const Label m = truth.after(p, r.best_move);
      ok = weak ? m.value == l.value : m.value == l.value && m.distance == l.distance;
      // The move must be a legal drop.
      ok = ok && truth.drop(p, b.col_of(r.best_move)) == r.best_move;
    }
    if (!ok && failed++ < 3)
      FAIL_CHECK(b.name() << " " << describe(o) << " on x=" << p.x << " o=" << p.o << ": value " << r.value
                          << " score " << r.score << " move " << r.best_move << " (truth: value "
                          << l.value * sign << " score " << score << " distance " << l.distance << ")");
  }
  return failed;
}

// The full solver, every ladder step, and the full solver with each option
// off, in both modes.
std::vector<ConnectOptions> option_sets() {
  std::vector<ConnectOptions> all;
  for (auto mode : {ConnectOptions::Mode::weak, ConnectOptions::Mode::distance}) {
    for (auto& [name, o] : connect_ladder(mode)) all.push_back(o);
    ConnectOptions o;
    o.mode = mode;
    auto off = [&](auto change) {
      ConnectOptions c = o;
      change(c);
      all.push_back(c);
    };
    off([](ConnectOptions& c) { c.window = ConnectOptions::Window::full; });
    off([](ConnectOptions& c) { c.anticipate = false; });
    off([](ConnectOptions& c) { c.order = ConnectOptions::Order::column; });
    off([](ConnectOptions& c) { c.tt = ConnectOptions::Table::exact; });
    off([](ConnectOptions& c) { c.tt = ConnectOptions::Table::none; });
    off([](ConnectOptions& c) { c.bounds = false; });
    off([](ConnectOptions& c) { c.etc = false; });
    off([](ConnectOptions& c) { c.tt_mb = 1; });
    off([](ConnectOptions& c) { c.near = 0; });
    off([](ConnectOptions& c) { c.near = 64; });  // every position in the near table
  }
  return all;
}

}  // namespace

TEST_CASE("every rung of the ladder has a search of its own, and option sets off the ladder share one",
          "[connect_solver]") {
  for (auto mode : {ConnectOptions::Mode::weak, ConnectOptions::Mode::distance})
    for (auto& [name, o] : connect_ladder(mode)) {
      INFO(name);
      CHECK(connect_specialised(o));
    }
  // So the agreement tests below run the shared search too: most of the
  // option sets with one option off are not rungs.
  int shared = 0;
  for (const ConnectOptions& o : option_sets()) shared += !connect_specialised(o);
  CHECK(shared >= 8);
}

TEST_CASE("the connect solver agrees with a brute-force search on every 4x4 gravity position, k=3 and k=4",
          "[connect_solver]") {
  for (int k : {3, 4}) {
    const Board b(4, 4, k, true);
    BruteForce truth(b);
    const std::vector<Position> ps = all_positions(b);
    INFO(b.name() << ": " << ps.size() << " positions");
    CHECK(failures(b, truth, ConnectOptions{}, ps) == 0);
    ConnectOptions d;
    d.mode = ConnectOptions::Mode::distance;
    CHECK(failures(b, truth, d, ps) == 0);
  }
}

// Samples from ply `cells - 14` on: the brute force's memo stays small.
TEST_CASE("every option set agrees with the brute force on seeded samples of 4x4, 4x5 and 5x4, k=3 and k=4",
          "[connect_solver]") {
  for (auto [rows, cols] : {std::pair{4, 4}, std::pair{4, 5}, std::pair{5, 4}})
    for (int k : {3, 4}) {
      const Board b(rows, cols, k, true);
      BruteForce truth(b);
      const std::vector<Position> ps =
          sample_positions(b, 30, std::max(0, b.cells() - 14), b.cells() - 1, 1000u * rows + 10u * cols + k);
      for (const ConnectOptions& o : option_sets()) CHECK(failures(b, truth, o, ps) == 0);
    }
}

TEST_CASE("the connect solver agrees with the brute force on late samples of 5x5, 6x5, 5x6 and 6x7 with k=4",
          "[connect_solver]") {
  for (auto [rows, cols] : {std::pair{5, 5}, std::pair{6, 5}, std::pair{5, 6}, std::pair{6, 7}}) {
    const Board b(rows, cols, 4, true);
    BruteForce truth(b);
    const std::vector<Position> ps = sample_positions(b, 30, b.cells() - 14, b.cells() - 1, 77u * rows + cols);
    for (auto mode : {ConnectOptions::Mode::weak, ConnectOptions::Mode::distance}) {
      ConnectOptions o;
      o.mode = mode;
      CHECK(failures(b, truth, o, ps) == 0);
    }
  }
}

TEST_CASE("other k and shapes: 5x6 with k=5, 3x7 with k=3, one row, k=1, k=2", "[connect_solver]") {
  // k=1: the first stone wins; 2x5 with k=3: no vertical line fits; 1x2:
  // a key of 4 bits, below the tables' usual sizes.
  for (auto [rows, cols, k] : {std::tuple{5, 6, 5}, std::tuple{3, 7, 3}, std::tuple{1, 9, 3}, std::tuple{4, 4, 1},
                               std::tuple{2, 5, 3}, std::tuple{4, 5, 2}, std::tuple{1, 2, 2}, std::tuple{2, 2, 2}}) {
    const Board b(rows, cols, k, true);
    BruteForce truth(b);
    // Games with k <= 2 end within a few plies.
    const int from = k == 1 ? 0 : k == 2 ? 1 : std::max(0, b.cells() - 13), to = k == 1 ? 0 : k == 2 ? 5 : b.cells() - 1;
    const std::vector<Position> ps = sample_positions(b, 30, from, to, 5u * k + cols);
    for (auto mode : {ConnectOptions::Mode::weak, ConnectOptions::Mode::distance}) {
      ConnectOptions o;
      o.mode = mode;
      CHECK(failures(b, truth, o, ps) == 0);
    }
  }
}

TEST_CASE("the connect strategy agrees with the exact solution on every non-terminal position of 4x4 and 3x5 with "
          "gravity",
          "[connect_solver]") {
  // A second, independent truth: the project's retrograde solution of
  // gravity boards (algorithms/exact/solution.hpp), with Pons's score from
  // its value and distance (pons_score.hpp).
  for (auto [rows, cols, k] : {std::tuple{4, 4, 4}, std::tuple{4, 4, 3}, std::tuple{3, 5, 3}}) {
    const Board b(rows, cols, k, true);
    const auto exact = exact_solution(b);
    const StateSpace& space = exact->space();
    auto weak = make_strategy(b, "connect");
    auto distance = make_strategy(b, "connect:mode=distance");
    int failed = 0, searched = 0;
    for (StateSpace::Index i = 0; i < space.size(); ++i) {
      if (space.terminal(i)) continue;
      const Position p = space.position(i);
      const SearchResult w = weak->search_fast(p), d = distance->search_fast(p);
      const int score = pons_score(b.cells(), p.ply(), exact->value(i), exact->distance(i));
      ++searched;
      // In distance mode the move must also keep the distance.
      bool keeps = exact->is_optimal(p, d.best_move);
      if (keeps) {
        Position q = p;
        q.play(d.best_move, p.to_move());
        keeps = exact->distance(q) + 1 == exact->distance(i);
      }
      if ((w.value != exact->value(i) || !exact->is_optimal(p, w.best_move) || d.value != exact->value(i) ||
           d.score != score || !keeps) &&
          failed++ < 3)
        FAIL_CHECK(b.name() << " x=" << p.x << " o=" << p.o << ": weak " << w.value << "/" << w.best_move
                            << ", distance " << d.value << "/" << d.score << "/" << d.best_move << " (exact "
                            << exact->value(i) << ", score " << score << ")");
    }
    INFO(b.name() << ": " << searched << " positions");
    CHECK(searched > 1000);
    CHECK(failed == 0);
  }
}

TEST_CASE("connect is the default strategy of gravity boards that its bitboards hold, and only of those",
          "[connect_solver]") {
  CHECK(default_strategy(Board(6, 7, 4, true)) == "connect");
  CHECK(default_strategy(Board(4, 4, 4, true)) == "connect");
  CHECK(default_strategy(Board(8, 8, 4, true)).rfind("best", 0) == 0);  // (8 + 1) * 8 = 72 bits
  CHECK(default_strategy(Board(6, 7, 4)) != "connect");
  CHECK(default_strategy(Board(3, 3, 3)) != "connect");
}

TEST_CASE("connect gives the published value of every small gravity board that has one", "[connect_solver]") {
  // Connect-Four itself (6x7) is a benchmark (bench/bench_connect.cpp).
  int checked = 0;
  for (const PublishedValue& v : published_values()) {
    if (!v.gravity || v.rows * v.cols > 20) continue;
    INFO(v.board().name() << " (" << v.source << ")");
    CHECK(make_strategy(v.board(), "connect")->search(Position{}).value == v.value);
    ++checked;
  }
  CHECK(checked > 0);
}

TEST_CASE("the empty 4x4 gravity board is a draw with k=4 and a first-player win with k=3", "[connect_solver]") {
  // 4x4 k=4 with gravity is a published draw (Tromp's table); k=3 is checked
  // against the brute force.
  const Board b4(4, 4, 4, true), b3(4, 4, 3, true);
  ConnectSolver<NoStats> s4(b4), s3(b3);
  NoStats none;
  CHECK(s4.search(Position{}, none).value == 0);
  BruteForce truth(b3);
  CHECK(s3.search(Position{}, none).value == truth.solve(Position{}).value);
}

TEST_CASE("distance() turns Pons's score back into the brute force's distance", "[connect_solver]") {
  const Board b(4, 5, 4, true);
  BruteForce truth(b);
  for (const Position& p : sample_positions(b, 200, 6, b.cells() - 1, 99)) {
    const Label l = truth.solve(p);
    CHECK(ConnectSolver<NoStats>::distance(truth.score(p, l), p.ply(), b.cells()) == l.distance);
  }
}

TEST_CASE("a finished root is one terminal node, and an immediate win is one node", "[connect_solver]") {
  const Board b(4, 4, 4, true);
  ConnectSolver<CountingStats> s(b);
  // X has the bottom row (cells 12-15), O three stones above: O to move, lost.
  Position won{(Mask{15} << 12), (Mask{7} << 8)};
  CountingStats st;
  SearchResult r = s.search(won, st);
  CHECK(r.value == 1);
  CHECK(r.best_move == -1);
  CHECK(r.stats.nodes == 1);
  CHECK(r.stats.terminal_nodes == 1);
  // X three on the bottom row, O three above: X to move wins in column 4.
  Position threat{(Mask{7} << 12), (Mask{7} << 8)};
  CountingStats st2;
  r = s.search(threat, st2);
  CHECK(r.value == 1);
  CHECK(r.best_move == 15);
  CHECK(r.stats.nodes == 1);
}

TEST_CASE("statistics do not change the search, and repeated searches count the same nodes", "[connect_solver]") {
  const Board b(5, 5, 4, true);
  ConnectSolver<CountingStats> counting(b);
  ConnectSolver<NoStats> fast(b);
  // A traced search takes the shared search (run-time features), not the
  // default rung's own: it must count the same tree all the same.
  ConnectSolver<TracingStats> traced(b);
  for (const Position& p : sample_positions(b, 10, 4, 12, 5)) {
    CountingStats a, c;
    NoStats none;
    SearchTrace trace;
    TracingStats tracing;
    tracing.trace = &trace;
    const SearchResult r1 = counting.search(p, a), r2 = counting.search(p, c), r3 = fast.search(p, none);
    const SearchResult r4 = traced.search(p, tracing);
    CHECK(r1.stats.nodes == r2.stats.nodes);
    CHECK(r1.stats.nodes > 0);
    CHECK(r1.value == r3.value);
    CHECK(r1.score == r3.score);
    CHECK(r1.best_move == r3.best_move);
    CHECK(r4.stats.nodes == r1.stats.nodes);
    CHECK(r4.stats.tt_hits == r1.stats.tt_hits);
    CHECK(r4.stats.cutoffs == r1.stats.cutoffs);
    CHECK(r4.best_move == r1.best_move);
    CHECK(trace.visited.size() == r1.stats.nodes);
  }
}

TEST_CASE("boards without gravity, beyond the bitboard, and positions against gravity are refused",
          "[connect_solver]") {
  CHECK_THROWS_WITH(ConnectSolver<NoStats>(Board(6, 7, 4)), Catch::Contains("6x7k4 has no gravity"));
  CHECK_THROWS_WITH(make_strategy(Board(4, 4, 4), "connect"), Catch::Contains("4x4k4 has no gravity"));
  // 8x8: (8 + 1) * 8 = 72 bits.
  CHECK_THROWS_WITH(ConnectSolver<NoStats>(Board(8, 8, 4, true)), Catch::Contains("(rows + 1) * cols = 72"));
  ConnectOptions none_table;
  none_table.tt = ConnectOptions::Table::none;
  CHECK_NOTHROW(ConnectSolver<NoStats>(Board(7, 8, 4, true), none_table));  // 64 bits
  const Board b(4, 4, 4, true);
  ConnectSolver<NoStats> s(b);
  NoStats none;
  // An X stone in the top row over an empty column.
  CHECK_THROWS_WITH(s.search(Position{Mask{1}, 0}, none), Catch::Contains("gravity"));
  CHECK_THROWS_WITH(s.search(Position{0, Mask{1} << 12}, none), Catch::Contains("X must have"));
  ConnectOptions o;
  o.tt_mb = 1;
  CHECK_NOTHROW(ConnectSolver<NoStats>(b, o));
}

TEST_CASE("the registry builds the connect strategy from its spec and refuses what it cannot solve",
          "[connect_solver]") {
  const Board b(4, 5, 4, true);
  BruteForce truth(b);
  const std::vector<Position> ps = sample_positions(b, 10, 6, 19, 7);
  auto weak = make_strategy(b, "connect");
  auto distance = make_strategy(b, "connect:mode=distance,tt_mb=1,window=full");
  CHECK(weak->spec() ==
        "connect:mode=weak,window=null,anticipate=on,order=threats,tt=symmetric,tt_mb=0,near=20,bounds=on,etc=on");
  for (const Position& p : ps) {
    const Label l = truth.solve(p);
    const int sign = p.to_move() == Side::X ? 1 : -1;
    CHECK(weak->search(p).value == l.value * sign);
    CHECK(weak->search_fast(p).value == l.value * sign);
    CHECK(distance->search(p).score == truth.score(p, l));
  }
  CHECK_THROWS_WITH(make_strategy(Board(8, 8, 4, true), "connect"), Catch::Contains("(rows + 1) * cols = 72"));
  CHECK_THROWS_WITH(make_strategy(Board(6, 7, 4, true), "connect:tt_mb=99999"), Catch::Contains("at most 16384"));
  CHECK_THROWS_WITH(make_strategy(Board(6, 7, 4, true), "connect:order=random"), Catch::Contains("choices"));
}
