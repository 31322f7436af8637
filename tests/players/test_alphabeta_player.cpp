// The depth-limited alpha-beta player, graded by the tests' own negamax
// (plain_solver.hpp): at full depth it plays an optimal move everywhere on
// 3x3; at depth 2, with the lines and threats evaluations (and parity on a
// gravity board), it never misses a win in one and never leaves a win in
// one of the opponent's unblocked when a move blocks it.
#include <catch2/catch.hpp>

#include <atomic>
#include <bit>
#include <string>

#include "algorithms/players/alphabeta_player.hpp"
#include "algorithms/players/eval/flat.hpp"
#include "algorithms/players/eval/lines.hpp"
#include "algorithms/players/eval/parity.hpp"
#include "algorithms/players/eval/threats.hpp"
#include "tests/players/plain_solver.hpp"

using namespace tictac;
using tictac::players_test::PlainSolver;

namespace {

template <class Eval>
std::size_t alphabeta_misses(const Board& b, const PlainSolver& truth, int depth) {
  AlphaBetaPlayer<PlayerNoStats, Eval> player(b, {depth, 0, 12});
  PlayerNoStats stats;
  std::size_t misses = 0;
  for (const Position& p : truth.unfinished()) {
    const int m = player.choose(p, stats).move;
    if (m < 0 || !truth.optimal(p, m)) ++misses;
  }
  return misses;
}

// Positions where the player at depth 2 misses a win in one, or leaves the
// opponent a win in one that some move would have taken away.
template <class Eval>
std::size_t tactical_misses(const Board& b, const PlainSolver& truth, std::size_t& checked) {
  AlphaBetaPlayer<PlayerNoStats, Eval> player(b, {2, 0, 10});
  PlayerNoStats stats;
  std::size_t misses = 0;
  for (const Position& p : truth.unfinished()) {
    const Side s = p.to_move();
    const Mask mine = truth.wins_now(p, s);
    if (mine) {
      ++checked;
      misses += !(mine >> player.choose(p, stats).move & 1);
      continue;
    }
    if (!truth.wins_now(p, other(s))) continue;
    // Some move leaves the opponent no win in one: the player's must too.
    bool block_exists = false;
    for (Mask legal = p.legal_moves(b); legal && !block_exists; legal &= legal - 1) {
      Position q = p;
      q.play(std::countr_zero(legal), s);
      block_exists = !truth.wins_now(q, other(s));
    }
    if (!block_exists) continue;
    ++checked;
    Position q = p;
    q.play(player.choose(p, stats).move, s);
    misses += truth.wins_now(q, other(s)) != 0;
  }
  return misses;
}

}  // namespace

TEST_CASE("alpha-beta at full depth plays an optimal move on every 3x3 position", "[alphabeta_player]") {
  const Board b;
  const PlainSolver truth(b);
  REQUIRE(truth.unfinished().size() == 4520);
  CHECK(alphabeta_misses<FlatEval>(b, truth, 9) == 0);
  CHECK(alphabeta_misses<LinesEval>(b, truth, 9) == 0);
  CHECK(alphabeta_misses<ThreatsEval>(b, truth, 9) == 0);
}

TEST_CASE("alpha-beta at depth 2 takes every win in one and blocks every loss in one that can be blocked",
          "[alphabeta_player]") {
  for (const Board& b : {Board(), Board(4, 4, 3)}) {
    const PlainSolver truth(b);
    std::size_t checked = 0;
    INFO(b.name());
    CHECK(tactical_misses<LinesEval>(b, truth, checked) == 0);
    CHECK(tactical_misses<ThreatsEval>(b, truth, checked) == 0);
    CHECK(checked > truth.unfinished().size() / 4);  // the check is not empty
  }
  const Board g(4, 4, 3, true);
  const PlainSolver truth(g);
  std::size_t checked = 0;
  CHECK(tactical_misses<ParityEval>(g, truth, checked) == 0);
  CHECK(checked > 1000);
}

TEST_CASE("the alpha-beta player's evaluation decides at the horizon", "[alphabeta_player]") {
  // X . .    O to move.  At depth 1, flat sees every move as a draw and takes
  // . . .    the first in static order (the centre, taken here: so a corner);
  // . . O    lines prefers the move that spoils most of X's open windows.
  const Board b;
  const Position p{0b000000001 | 0b000010000, 0b100000000};
  PlayerNoStats stats;
  AlphaBetaPlayer<PlayerNoStats, LinesEval> lines(b, {1, 0, 12});
  const int m = lines.choose(p, stats).move;
  // Independent: the lines score after each O move, from O's view, best wins.
  int best = -1000000, best_cell = -1;
  for (Mask legal = p.legal_moves(b); legal; legal &= legal - 1) {
    const int c = std::countr_zero(legal);
    Position q = p;
    q.play(c, Side::O);
    int score = 0;
    for (Mask w : b.windows()) {
      const int xs = std::popcount(w & q.x), os = std::popcount(w & q.o);
      if (xs == 0 && os > 0) score += os == 1 ? 1 : 8;
      if (os == 0 && xs > 0) score -= xs == 1 ? 1 : 8;
    }
    if (score > best) best = score, best_cell = c;
  }
  CHECK(m == best_cell);
}

TEST_CASE("the alpha-beta player reports its nodes, table and depth, and stops at its node budget",
          "[alphabeta_player]") {
  const Board b(4, 4, 4);
  PlayerCountingStats full_stats, budget_stats;
  AlphaBetaPlayer<PlayerCountingStats, ThreatsEval> full(b, {6, 0, 16});
  const PlayerMove f = full.choose(Position{}, full_stats);
  CHECK(f.stats.depth_reached == 6);
  CHECK(f.stats.search.nodes > 1000);
  CHECK(f.stats.search.tt_hits > 0);
  AlphaBetaPlayer<PlayerCountingStats, ThreatsEval> budget(b, {6, 500, 16});
  const PlayerMove g = budget.choose(Position{}, budget_stats);
  CHECK(g.move >= 0);
  CHECK(g.stats.depth_reached < 6);
  // The budget is checked at every node: the dropped iteration stops just past it.
  CHECK(g.stats.search.nodes <= 500 + 1);
  // The same options and position: the same move and the same nodes.
  PlayerCountingStats again_stats;
  const PlayerMove again = full.choose(Position{}, again_stats);
  CHECK(again.move == f.move);
  CHECK(again.stats.search.nodes == f.stats.search.nodes);
}

TEST_CASE("a stop flag ends the deepening as a node budget does: the last finished iteration's move, said to be stopped",
          "[alphabeta_player]") {
  // The flag is set from the start (as if the time had passed at once); it
  // is read every 1,024 nodes and never stops the first iteration.
  const Board b(4, 4, 4);
  const std::atomic<bool> stop{true};
  PlayerCountingStats stats;
  AlphaBetaPlayer<PlayerCountingStats, ThreatsEval> stopped(b, {6, 0, 16});
  const PlayerMove m = stopped.choose(Position{}, stats, &stop);
  CHECK(m.stopped);
  REQUIRE(m.stats.depth_reached >= 1);
  CHECK(m.stats.depth_reached < 6);
  INFO("nodes " << m.stats.search.nodes << ", depth " << m.stats.depth_reached);
  // The first poll, past 1,024 nodes, is in a later iteration than the first (17 nodes on 4x4).
  CHECK(m.stats.search.nodes <= 1024 + 1);
  // The same move as a search to that depth with no flag, which is not stopped.
  PlayerCountingStats plain_stats;
  AlphaBetaPlayer<PlayerCountingStats, ThreatsEval> plain(b, {static_cast<int>(m.stats.depth_reached), 0, 16});
  const PlayerMove d = plain.choose(Position{}, plain_stats);
  CHECK(d.move == m.move);
  CHECK_FALSE(d.stopped);
}
