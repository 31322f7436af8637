// `tictac play`: the engines.  A side is a person, a difficulty level
// (harness/cli/play/level.hpp), a strategy that plays its best move, or a
// player (harness/registry/players.hpp: mcts, ab, random, perfect, by their
// spec) that plays the move it chooses; the
// levels that need exact move values get them from Knowledge.
//
// hard on a board over 16 cells does not value every move (one search per
// move is far too slow there: 36 proofs a move on 6x6).  It searches the
// position itself within a time budget per move (move_seconds) and plays:
//   1. the fastest win (or slowest loss) when the board's distance strategy
//      (distance_strategy(): best:distance=on, with its pairing test where
//      that pays, or connect:mode=distance with gravity; --search's own
//      distance mode when it has one) proves it in time;
//   2. else the move of the value search (--search, or the board's default
//      strategy), whose value is proven: a winning move wins, a drawing move
//      draws, though not always by the shortest way;
//   3. else, when the value is proven without a move (a draw proved by
//      strategy-stealing), the first legal move, nearest the centre first
//      (ties in cell order), whose own value is proven equal to the position's;
//   4. else, out of time, the move that a 2-ply look-ahead prefers (it wins in
//      one and blocks a win in one), said to be NOT proven.
// Without --search, the value search of steps 2 and 3 is a race of two
// families on two threads (race_within, budgeted_search.hpp): the board's
// default and the other family (dfpn against best), because each fails
// where the other does not.  On 6x6 k=5, best:pairing=on took 2.6 s on a
// position of ply 2 that dfpn proves in 0.05 s; on 6x6 k=4 one stone in,
// best took up to 2.4 s where dfpn took 0.2 s, and dfpn up to 0.96 s where
// best took 0.07 s.  The first proof plays.
// So the moves of hard depend on the machine's speed only through which of
// these steps (and which family of the race) finishes in time; every move
// of steps 1-3 is proven optimal.
// The budget is read through the cancellable search, every 2^16 nodes (1,024
// for best, 64 for the provers, whose nodes are slow: before that, dfpn on 8x8 k=5 took
// minutes to notice a 10 ms budget at load 15, and on 7x7 k=5 the first move
// took 7.6 s).
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "algorithms/exact/solution.hpp"
#include "harness/cli/play/level.hpp"
#include "harness/registry/players.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac::cli {

char side_char(Side s);

// The levels by name: "random, easy, medium, hard".
std::string level_names();

// An engine's move.  `unproven` is empty, except when hard on a board over
// 16 cells ran out of time (step 4 above): then it says so and why.
struct EngineMove {
  int cell = -1;
  std::string unproven;
};

// hard's time for one move from a position at `ply` on a board over 16
// cells: `given` when it is positive (--move-time), else 0.9 s (so that the
// move is played within a second: a search overruns its budget by up to one
// poll, milliseconds), or with gravity 10 s from ply 12 on and 2 s before.
double move_seconds(const Board& b, int ply, double given);

// The values of moves for medium, hard and the hint: the exact solution on
// boards of up to 16 cells (built on first use: 3x3 takes milliseconds, 4x4
// seconds); on larger boards one search of each position by a strategy spec.
class Knowledge {
 public:
  // Throws std::invalid_argument for a bad spec, before any output.
  // move_time: hard's seconds per move on boards over 16 cells (0: the
  // defaults of move_seconds).
  Knowledge(const Board& b, const std::string& search, double move_time = 0);

  bool exact() const { return board_.cells() <= StateSpace::kMaxCells; }
  // "the exact solution" or "strategy SPEC".
  std::string source() const { return exact() ? "the exact solution" : "strategy " + spec_; }
  const ValueOracle& oracle();
  // hard's move from p (unfinished) on a board over 16 cells, by the steps
  // at the top of this file; `rng` breaks the look-ahead's ties in step 4.
  EngineMove proven_move(const Position& p, Rng& rng);

 private:
  Board board_;
  std::string spec_;
  double move_time_ = 0;
  std::unique_ptr<Strategy> strategy_;
  std::unique_ptr<Strategy> partner_;   // the other family, raced against strategy_ (none with --search)
  std::unique_ptr<Strategy> distance_;  // the board's distance strategy (step 1)
  std::shared_ptr<const ExactSolution> solution_;
  ValueOracle oracle_;
};

// One side of the game: a person at the keyboard or an engine.
struct Player {
  std::string name;                    // "human", a level, or a strategy spec in normal form
  const Level* level = nullptr;        // an engine of a difficulty level,
  std::unique_ptr<Strategy> strategy;  // or one that plays a strategy's best move,
  std::unique_ptr<tictac::Player> bot;  // or a player's move
  Rng rng;

  bool human() const { return !level && !strategy && !bot; }
  std::string label(Side s) const;  // "X", or "O (hard)"
};

// The player that `text` names (human, a level, a strategy's or a player's spec) for side s, its
// random choices seeded from `seed` and the side.  Throws
// std::invalid_argument naming `option` (--x or --o).
Player make_player(const Board& b, std::string_view text, std::string_view option, std::uint64_t seed, Side s);

// The engine's move from p (which is not finished).
EngineMove engine_move(Player& player, const Board& b, const Position& p, Knowledge& knowledge);

}  // namespace tictac::cli
