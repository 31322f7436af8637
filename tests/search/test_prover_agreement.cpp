// The two exact families agree beyond the exact solver's reach: dfpn and pns
// (the proof-number family, algorithms/search/proof/) against best (the
// alpha-beta family, algorithms/search/best/best_search.hpp) on seeded positions
// of 5x5 k=4, 6x6 k=4, 4x7 k=4 and 6x6 k=5, at least 20 of each value for
// the side to move.  A proven move is checked by best's value of the
// position it leaves.  On Connect-Four (6x7 with gravity) they are checked
// against the connect solver's values of the shipped sets.
#include <catch2/catch.hpp>

#include <string>

#include "algorithms/search/connect/connect_solver.hpp"
#include "harness/formats/notation.hpp"
#include "harness/formats/position_set_io.hpp"
#include "tests/search/prover_support.hpp"

using namespace tictac;
using namespace tictac::test;

namespace {

template <template <class> class Prover>
int disagreements(const Board& b, const std::vector<std::pair<Position, int>>& ps) {
  Prover<NoStats> prover(b);
  BestSearch<NoStats> best(b);
  int wrong = 0;
  for (const auto& [p, score] : ps) {
    NoStats none;
    const SearchResult r = prover.search(p, none);
    const Side s = p.to_move();
    bool ok = r.proved && r.score == score;
    if (ok && r.move_proved) {
      Position q = p;
      q.play(r.best_move, s);
      // The move's own value: a finished line, or best's value of the child.
      const bool line = b.wins_through(q.stones(s), r.best_move);
      const int child = line ? 1 : !(b.full() & ~q.occupied()) ? 0 : -best.search(q, none).score;
      ok = child == score;
    }
    if (!ok && wrong++ < 3)
      UNSCOPED_INFO(b.name() << " x=" << p.x << " o=" << p.o << ": best " << score << ", prover "
                             << (r.proved ? std::to_string(r.score) : "unknown") << ", move " << r.best_move);
  }
  return wrong;
}

// Each board at a ply where best takes milliseconds a position.
struct Case {
  Board board;
  int ply;
};
const Case kCases[] = {{Board(5, 5, 4), 8}, {Board(6, 6, 4), 8}, {Board(4, 7, 4), 8}, {Board(6, 6, 5), 16}};

}  // namespace

TEST_CASE("dfpn and pns agree with best on seeded positions of 5x5, 6x6 and 4x7 boards, 20 of each value",
          "[prover_agreement]") {
  for (const Case& c : kCases) {
    INFO(c.board.name() << " from ply " << c.ply);
    // The value classes are best's.
    BestSearch<NoStats> best(c.board);
    std::vector<std::pair<Position, int>> ps;
    int count[3] = {0, 0, 0};
    for (const Position& p : classed_positions(c.board, c.ply, 20, 1402)) {
      NoStats none;
      const int score = best.search(p, none).score;
      ps.emplace_back(p, score);
      ++count[score + 1];
    }
    CHECK(count[0] >= 20);
    CHECK(count[1] >= 20);
    CHECK(count[2] >= 20);
    CHECK(disagreements<Dfpn>(c.board, ps) == 0);
    CHECK(disagreements<Pns>(c.board, ps) == 0);
  }
}

TEST_CASE("dfpn and pns agree with the connect solver on Connect-Four positions of the shipped sets", "[prover_agreement]") {
  // 6x7 with gravity: the first 25 rows of the end-easy and middle-easy sets
  // (experiments/sets/, whose values connect wrote: an independent family,
  // sharing no pruning code with the provers).  A proven move must keep the
  // value: connect searches the position after it.
  const Board b(6, 7, 4, true);
  ConnectSolver<NoStats> connect(b);
  Dfpn<NoStats> dfpn(b);
  Pns<NoStats> pns(b);
  int checked = 0;
  for (const char* stratum : {"end-easy", "middle-easy"}) {
    const ReadSet set =
        read_position_set_file(std::string(TICTAC_SOURCE_DIR "/experiments/sets/6x7k4g-") + stratum + ".csv", b, nullptr);
    REQUIRE(set.entries.size() >= 25);
    for (std::size_t i = 0; i < 25; ++i) {
      const Position& p = set.entries[i].position;
      const Side s = p.to_move();
      const int score = s == Side::X ? set.entries[i].value : -set.entries[i].value;
      for (const bool depth_first : {true, false}) {
        NoStats none;
        const SearchResult r = depth_first ? dfpn.search(p, none) : pns.search(p, none);
        INFO(stratum << " row " << i << " " << format_position(b, p) << (depth_first ? " dfpn" : " pns"));
        REQUIRE(r.proved);
        CHECK(r.score == score);
        REQUIRE((b.legal_moves(p.occupied()) >> r.best_move & 1));
        Position q = p;
        q.play(r.best_move, s);
        const int child = b.wins_through(q.stones(s), r.best_move) ? 1
                          : !b.legal_moves(q.occupied())          ? 0
                                                                  : -connect.search(q, none).score;
        CHECK(child == score);
        ++checked;
      }
    }
  }
  CHECK(checked == 100);
}
