// The reference that the runner checks rows against on boards too large for
// the exact solver: two independent families that must agree, checked here
// against the exact solver (an independent computation) on boards both
// handle (search_only), a family made to lie to show that a disagreement
// stops the run naming the row, budgets that run out, and a run on 5x5 k=4
// that the families certify.  The published values are checked against the
// exact solver where it reaches.
#include <catch2/catch.hpp>

#include <bit>
#include <nlohmann/json.hpp>
#include <set>

#include "algorithms/game/random.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/exact/state_space.hpp"
#include "harness/registry/default_policy.hpp"
#include "harness/registry/exact_cache.hpp"
#include "algorithms/exact/published_values.hpp"
#include "harness/experiment/config.hpp"
#include "harness/experiment/reference.hpp"
#include "harness/experiment/runner.hpp"
#include "harness/formats/notation.hpp"
#include "tests/cli_support.hpp"

using namespace tictac;
using tictac::test::read_file;
using tictac::test::run_tictac;
using tictac::test::TempDir;
using tictac::test::write_file;

namespace {

// `count` distinct positions of random play (SplitMix64 from `seed`) to a
// ply drawn from [0, max_ply], finished ones included.
std::vector<Position> random_positions(const Board& b, int count, int max_ply, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<Position> out;
  std::set<std::pair<Mask, Mask>> seen;
  while (static_cast<int>(out.size()) < count) {
    const int ply = static_cast<int>(rng.next() % static_cast<std::uint64_t>(max_ply + 1));
    Position p;
    while (p.ply() < ply && result(b, p) == Result::ongoing) {
      Mask legal = p.legal_moves(b);
      for (auto skip = rng.next() % static_cast<std::uint64_t>(std::popcount(legal)); skip > 0; --skip) legal &= legal - 1;
      p.play(std::countr_zero(legal), p.to_move());
    }
    if (seen.insert({p.x, p.o}).second) out.push_back(p);
  }
  return out;
}

// A strategy that gives another's answers, but flips the value (a win to a
// draw, anything else to an X win) on the positions `lie` picks, and proves
// no move anywhere (move_proved = false), so that the reference asks it about
// the position after every move it checks (a family's own proven move spares
// that search: reference.hpp).
class Liar final : public Strategy {
 public:
  Liar(std::unique_ptr<Strategy> inner, bool (*lie)(const Position&))
      : Strategy(inner->identity()), inner_(std::move(inner)), lie_(lie) {}
  SearchResult search(const Position& p) override { return bend(p, inner_->search(p)); }
  SearchResult search_fast(const Position& p) override { return bend(p, inner_->search_fast(p)); }
  SearchResult search_traced(const Position& p, SearchTrace& t) override { return bend(p, inner_->search_traced(p, t)); }
  SearchResult search_cancellable(const Position& p, const std::atomic<bool>& c) override {
    return bend(p, inner_->search_cancellable(p, c));
  }
  SearchResult search_fast_cancellable(const Position& p, const std::atomic<bool>& c) override {
    return bend(p, inner_->search_fast_cancellable(p, c));
  }

 private:
  SearchResult bend(const Position& p, SearchResult r) const {
    if (lie_(p)) r.value = r.value == 1 ? 0 : 1;
    r.move_proved = false;
    r.best_move = -1;
    return r;
  }
  std::unique_ptr<Strategy> inner_;
  bool (*lie_)(const Position&);
};

// The default families, with the proof-number family replaced by a liar.
ReferenceFamilies lying_prover(bool (*lie)(const Position&)) {
  ReferenceFamilies f;
  const std::string proof = f.proof;
  f.make = [lie, proof](const Board& b, const std::string& spec) -> std::unique_ptr<Strategy> {
    auto s = make_strategy(b, spec);
    if (spec == proof) return std::make_unique<Liar>(std::move(s), lie);
    return s;
  };
  return f;
}

}  // namespace

TEST_CASE("published values agree with the exact solver on every board it handles", "[reference]") {
  int checked = 0;
  for (const PublishedValue& v : published_values()) {
    const Board b = v.board();
    if (b.cells() > StateSpace::kMaxCells) continue;
    INFO(b.name());
    CHECK(exact_solution(b)->value(Position{}) == v.value);
    ++checked;
  }
  CHECK(checked >= 3);  // 3x3k3, 4x4k4 and 4x4k4g
}

TEST_CASE("the two families agree with the exact solver on every position of 3x3 and 3x4 k=3, with and without gravity",
          "[reference]") {
  // search_only: the families on boards the exact solver handles, position
  // by position (values, then every optimal move, whose values are the
  // children's, certified in turn).
  for (const Board& b : {Board(3, 3, 3), Board(3, 4, 3), Board(3, 4, 3, true)}) {
    INFO(b.name());
    Reference families(b, /*search_only=*/true);
    REQUIRE(families.exact() == nullptr);
    CHECK(families.kind() == ReferenceKind::two_families);
    const auto solution = exact_solution(b);
    const StateSpace& space = solution->space();
    std::size_t positions = 0, moves_checked = 0;
    for (std::size_t i = 0; i < space.size(); ++i) {
      const Position p = space.position(i);
      INFO(format_position(b, p));
      REQUIRE(families.value(p) == solution->value(p));
      CHECK_FALSE(families.distance(p).has_value());
      ++positions;
    }
    // Every position's values are cached now: the optimal moves cost lookups.
    for (std::size_t i = 0; i < space.size(); ++i) {
      const Position p = space.position(i);
      INFO(format_position(b, p));
      CHECK(families.optimal_moves(p) == solution->optimal_moves(p));
      ++moves_checked;
    }
    if (b.name() == "3x3k3") CHECK(positions == 5478);  // ground-truth.md
    CHECK(moves_checked == positions);
  }
}

TEST_CASE("the two families agree with the exact solver on a seeded sample of 4x4 k=4 positions", "[reference]") {
  const Board b(4, 4, 4);
  Reference families(b, /*search_only=*/true);
  const auto solution = exact_solution(b);
  for (const Position& p : random_positions(b, 300, 15, 4)) {
    INFO(format_position(b, p));
    REQUIRE(families.value(p) == solution->value(p));
    CHECK(families.optimal_moves(p) == solution->optimal_moves(p));
  }
}

TEST_CASE("the two-family reference treats finished positions and illegal moves", "[reference]") {
  const Board b(3, 3, 3);
  Reference search(b, true);
  Position won;  // X: 0 1 2, O: 3 4
  for (int c : {0, 1, 2}) won.play(c, Side::X);
  for (int c : {3, 4}) won.play(c, Side::O);
  CHECK(search.value(won) == 1);
  CHECK(search.optimal(won, -1));
  CHECK_FALSE(search.optimal(won, 5));
  CHECK(search.optimal_moves(won) == 0);
  CHECK_FALSE(search.optimal(Position{}, -1));  // an unfinished position has a move
  Position x0;
  x0.play(0, Side::X);
  CHECK_FALSE(search.optimal(x0, 0));  // occupied
  CHECK_FALSE(search.optimal(x0, 9));  // off the board
}

TEST_CASE("beyond 16 cells the reference is best and dfpn, or best and connect on gravity boards connect holds",
          "[reference]") {
  const Reference plain(Board(5, 5, 4));
  REQUIRE(plain.exact() == nullptr);
  CHECK(plain.kind() == ReferenceKind::two_families);
  const auto specs = plain.family_specs();
  REQUIRE(specs.size() == 2);
  CHECK(specs[0].rfind("best:", 0) == 0);
  CHECK(specs[1].rfind("dfpn:", 0) == 0);
  CHECK_THAT(specs[1], Catch::Contains("keys=exact") && Catch::Contains("nodes=16777216"));
  CHECK_THAT(plain.description(), Catch::Contains("two independent families") && !Catch::Contains("exact solver"));
  CHECK_THAT(plain.budget_text(), Catch::Contains("60000 ms"));

  const Reference gravity(Board(6, 7, 4, true));
  REQUIRE(gravity.family_specs().size() == 2);
  CHECK(gravity.family_specs()[1].rfind("connect:", 0) == 0);
  CHECK(gravity.kind() == ReferenceKind::two_families);

  const Reference wide(Board(8, 8, 4, true));  // (8 + 1) * 8 > 64: connect's bitboards do not hold it
  CHECK(wide.kind() == ReferenceKind::two_families);
  REQUIRE(wide.family_specs().size() == 2);
  CHECK(wide.family_specs()[1].rfind("dfpn:", 0) == 0);
  CHECK_THAT(wide.description(), Catch::Contains("(proof-number search)"));

  const Reference small(Board(3, 3, 3));
  CHECK(small.kind() == ReferenceKind::exact);
  CHECK(small.family_specs().empty());
  CHECK_THAT(small.description(), Catch::Contains("exact solver"));
}

TEST_CASE("beyond 16 cells the two families certify 5x5 k=4 positions, and agree with best's moves", "[reference]") {
  const Board b(5, 5, 4);
  Reference ref(b);
  auto best = make_strategy(b, "best");
  int checked = 0;
  for (const Position& p : random_positions(b, 12, 12, 5)) {
    if (result(b, p) != Result::ongoing) continue;
    INFO(format_position(b, p));
    const SearchResult r = best->search_fast(p);
    CHECK(ref.value(p) == r.value);
    CHECK(ref.optimal(p, r.best_move));
    ++checked;
  }
  CHECK(checked >= 6);
}

TEST_CASE("on a gravity board connect does not hold, best and dfpn certify positions, and agree with best's moves",
          "[reference]") {
  // 8x8 with gravity and k=4 ((8 + 1) * 8 > 64 bits): random play, the open
  // positions from ply 24 on.
  const Board b(8, 8, 4, true);
  Reference ref(b);
  REQUIRE(ref.family_specs()[1].rfind("dfpn:", 0) == 0);
  auto best = make_strategy(b, "best");
  int checked = 0;
  for (const Position& p : random_positions(b, 300, 40, 8)) {
    if (p.ply() < 24 || result(b, p) != Result::ongoing || checked == 6) continue;
    INFO(format_position(b, p));
    const SearchResult r = best->search_fast(p);
    CHECK(ref.value(p) == r.value);
    CHECK(ref.optimal(p, r.best_move));
    ++checked;
  }
  CHECK(checked == 6);
}

namespace {

// A strategy that gives another's answers and counts its searches.
class Counter final : public Strategy {
 public:
  Counter(std::unique_ptr<Strategy> inner, int& searches)
      : Strategy(inner->identity()), inner_(std::move(inner)), searches_(searches) {}
  SearchResult search(const Position& p) override { return ++searches_, inner_->search(p); }
  SearchResult search_fast(const Position& p) override { return ++searches_, inner_->search_fast(p); }
  SearchResult search_traced(const Position& p, SearchTrace& t) override { return ++searches_, inner_->search_traced(p, t); }
  SearchResult search_cancellable(const Position& p, const std::atomic<bool>& c) override {
    return ++searches_, inner_->search_cancellable(p, c);
  }
  SearchResult search_fast_cancellable(const Position& p, const std::atomic<bool>& c) override {
    return ++searches_, inner_->search_fast_cancellable(p, c);
  }

 private:
  std::unique_ptr<Strategy> inner_;
  int& searches_;
};

}  // namespace

TEST_CASE("a family's own proven move needs no search of the position after it, any other move does", "[reference]") {
  // A middle-easy Connect-Four position (experiments/sets/6x7k4g-middle-easy.csv,
  // X wins; under a millisecond for each family): best and connect.
  const Board b(6, 7, 4, true);
  int best_searches = 0, connect_searches = 0;
  ReferenceFamilies f;
  const std::string alpha_beta = f.gravity_alpha_beta;
  f.make = [&, alpha_beta](const Board& board, const std::string& spec) -> std::unique_ptr<Strategy> {
    return std::make_unique<Counter>(make_strategy(board, spec), spec == alpha_beta ? best_searches : connect_searches);
  };
  Reference ref(b, f);
  const Position p = parse_position(b, "......./....X../....X../....XX./O...OXX/OOOXXOO");
  const SearchResult best = make_strategy(b, "best")->search_fast(p);
  const SearchResult connect = make_strategy(b, "connect")->search_fast(p);
  REQUIRE(best.move_proved);
  REQUIRE(connect.move_proved);
  CHECK(ref.optimal(p, best.best_move));
  CHECK(best_searches == 1);  // p only: its search proved this move
  CHECK(connect_searches == (connect.best_move == best.best_move ? 1 : 2));
  // Every legal move: a family searches the position after each move but its own.
  const Mask optimal = ref.optimal_moves(p);
  CHECK((optimal >> best.best_move & 1));
  CHECK((optimal >> connect.best_move & 1));
  const int legal = std::popcount(p.legal_moves(b));
  CHECK(best_searches == legal);       // p, and every move but best's own
  CHECK(connect_searches == legal);    // likewise
}

TEST_CASE("a family that lies makes the reference stop, naming the board, the position and both answers",
          "[reference]") {
  const Board b(5, 5, 4);
  Reference ref(b, lying_prover([](const Position&) { return true; }));
  Position p;
  for (int c : {12, 6, 7, 8}) p.play(c, p.to_move());
  try {
    ref.value(p);
    FAIL("no disagreement");
  } catch (const ReferenceDisagreement& e) {
    CHECK(e.position == format_position(b, p));
    CHECK_THAT(e.what(), Catch::Contains("5x5k4") && Catch::Contains(format_position(b, p)) &&
                             Catch::Contains("best:") && Catch::Contains("dfpn:"));
  }
}

TEST_CASE("a family out of its budget leaves a position uncertified, and says which and why", "[reference]") {
  const Board b(5, 5, 4);
  Position p;
  for (int c : {12, 6, 7}) p.play(c, p.to_move());
  ReferenceFamilies f;
  f.proof = "dfpn:keys=exact,nodes=1";
  Reference nodes(b, f);
  CHECK_THROWS_AS(nodes.value(p), ReferenceUnknown);
  CHECK_THROWS_WITH(nodes.value(p), Catch::Contains("dfpn:") && Catch::Contains("node budget") &&
                                        Catch::Contains(format_position(b, p)));
  // best has no budget of its own: a timer stops it, at its first poll
  // (every 1,024 nodes), so on a board it does not finish in minutes: 8x8
  // k=5 (the published draw that took Hsu et al. 17.4 hours), given a
  // millisecond.
  ReferenceFamilies quick;
  quick.time_budget = std::chrono::milliseconds(1);
  Reference timed(Board(8, 8, 5), quick);
  CHECK_THROWS_WITH(timed.value(Position{}), Catch::Contains("best:") && Catch::Contains("1 ms of wall time"));
}

namespace {

const char* kBigConfig = R"([experiment]
name = "big"
question = "q"
boards = ["5x5k4"]
repetitions = 1

[[strategy]]
name = "best"

[[strategy]]
name = "dfpn"

[[position_set]]
name = "empty"
kind = "empty"

[[position_set]]
name = "some"
kind = "list"
positions = ["...../...../..X../..O../.....", "...../.OX../..X../..O../.....", "...../.OXO./..X../..O../..X.."]
)";

}  // namespace

TEST_CASE("a run on 5x5 k=4 is certified by the two families, and metadata.json says so", "[reference]") {
  TempDir t;
  write_file(t.path / "exp.toml", kBigConfig);
  const auto r = run_tictac("run exp.toml --out out", t.path);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  const std::string csv = read_file(t.path / "out/results.csv");
  CHECK(csv.find(",disagrees,") == std::string::npos);
  CHECK(csv.find(",unknown,") == std::string::npos);
  CHECK(csv.find(",agrees,true,") != std::string::npos);
  const auto m = nlohmann::json::parse(read_file(t.path / "out/metadata.json"));
  CHECK(m["exactness"]["reference"]["5x5k4"]["kind"] == "two_families");
  CHECK(m["exactness"]["reference"]["5x5k4"]["families"].size() == 2);
  CHECK_THAT(m["exactness"]["reference"]["5x5k4"]["budget"].get<std::string>(), Catch::Contains("ms of wall time"));
  CHECK(m["exactness"]["disagreements"] == 0);
}

TEST_CASE("a disagreement of the families stops the run, names the row, and writes nothing", "[reference]") {
  // The prover lies on positions of odd ply only: the listed positions (even
  // plies) are certified, the positions after their moves are not, so the
  // run stops in the measure step, where the reference certifies each row's
  // move.
  const ScopedReferenceFamilies liar(lying_prover([](const Position& p) { return p.ply() % 2 == 1; }));
  TempDir t;
  write_file(t.path / "exp.toml", kBigConfig);
  const ExperimentConfig c = load_config(t.path / "exp.toml");
  RunOptions o;
  o.out = t.path / "out";
  try {
    run_experiment(c, o);
    FAIL("the run did not stop");
  } catch (const ReferenceDisagreement& e) {
    // The first row: best on the empty board.
    CHECK_THAT(e.what(), Catch::StartsWith("5x5k4 best:") && Catch::Contains(" empty ...../...../...../...../.....: ") &&
                             Catch::Contains("disagree"));
  }
  CHECK_FALSE(std::filesystem::exists(t.path / "out"));

  // Lying on even plies, the set's own values: the plan stops, naming the position.
  const ScopedReferenceFamilies liar_even(lying_prover([](const Position& p) { return p.ply() % 2 == 0; }));
  CHECK_THROWS_WITH(run_experiment(c, o), Catch::Contains("5x5k4") && Catch::Contains("...../...../...../...../....."));
  CHECK_FALSE(std::filesystem::exists(t.path / "out"));
}

TEST_CASE("the default strategy can be made for every board, gravity boards included",
          "[reference]") {
  for (int rows = 3; rows <= 8; ++rows)
    for (int cols = 3; cols <= 8; ++cols)
      for (int k = 3; k <= std::min(6, std::max(rows, cols)); ++k)
        for (bool gravity : {false, true}) {
          const Board b(rows, cols, k, gravity);
          INFO(b.name());
          CHECK_NOTHROW(make_strategy(b, default_strategy(b)));
        }
}

TEST_CASE("the default strategy agrees with every published value, on boards up to 36 cells", "[reference]") {
  // The published values: a check from outside the code, on boards up to 36
  // cells (the two-family reference is checked above).
  for (const PublishedValue& v : published_values()) {
    // 6x7 Connect-Four is a benchmark, not a test.
    const Board b = v.board();
    if (b.cells() > 36) continue;
    INFO(b.name() << " (" << v.source << ")");
    CHECK(make_strategy(b, default_strategy(b))->search_fast(Position{}).value == v.value);
  }
}
