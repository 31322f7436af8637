// Position sets on every board up to 64 cells: the generators of the kinds
// of position_set_spec.hpp (its table is defined in set_generator.cpp, each
// entry beside its generator) and the one dispatcher, generate_set, that the
// run, `tictac sets` and the Python module call.  Positions are chosen
// from the exact solution up to 16 cells (algorithms/exact/position_set.hpp),
// without it beyond (algorithms/exact/position_set_sample.hpp), and valued
// by the strong solver (strong_solve.hpp), which is the exact solution up to
// 16 cells.
//
// Up to 16 cells the kinds of position_set.hpp run from the exact solution as
// they always have; `random` and the Pons strata run on every board.  Beyond:
//   empty, list, file given positions: solved one by one, or left to a run's
//                     reference (SetOptions::defer_values)
//   all               refused: the reachable positions of such a board are far
//                     too many to list
//   plies, canonical  enumerated layer by layer with duplicates merged;
//                     refused when a wanted ply holds more than max_positions
//                     (or a layer before it more than 20 times that)
//   random            per_ply distinct unfinished positions per ply by seeded
//                     random play (all of them where fewer exist, said so)
//   stratified        (per_group) every position of each wanted ply,
//                     enumerated as for plies and strong-solved (one search per
//                     symmetry class), grouped by (ply, distance) and chosen
//                     by stratified_key of the position's 64-bit key
//                     (position_key below) in place of the state-space code.
//                     The distances come from one family, best's distance mode
//                     (connect's on its gravity boards); the notes say so and
//                     which column two families certified.
//   stratified        (per_stratum) Pons's six strata, below
//
// Pons's strata on a board of n cells: the phase by ply, begin (ply <= n/3),
// middle (n/3 < ply <= 2n/3), end (ply > 2n/3); the difficulty by distance,
// easy (distance < n/3), medium (distance < 2n/3), hard (the rest).  A
// position in the middle has fewer than 2n/3 empty cells, so it is easy or
// medium; at the end, easy: six strata, end-easy, middle-easy,
// middle-medium, begin-easy, begin-medium, begin-hard.  Positions are drawn
// by seeded random play: a phase still short of positions in turn, a ply
// uniform in it, a game to that ply (again, with a new ply, until a game
// reaches it unfinished); each new position is strong-solved and
// kept if its stratum still wants positions.  Balance by value (on; auto:
// when most solved positions are draws): a stratum takes the values of the
// side to move (loss, draw, win) in turn, so that no value fills it alone
// when another is there to take.  With `builders`, every other game of the
// begin phase is a builder's game (position_set_sample.hpp: builder_play),
// the builder X and O in turn: random play on k=5 boards rarely reaches an
// early forced win far from its end (begin-medium), and a side that builds
// lines against random replies often does.
//
// A position that the strong solver leaves unknown within the budget is left
// out and counted; so is, in a stratified set, a win or a loss whose distance
// it could not find (no stratum without the distance).  The notes say it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/exact/position_set.hpp"
#include "algorithms/game/board.hpp"
#include "harness/experiment/position_set_spec.hpp"
#include "harness/experiment/strong_solve.hpp"

namespace tictac {

// The six strata of a board of `cells` cells, in Pons's order (end-easy first)
// and the stratum of a position ("" for none: a ply past the last).
const std::vector<std::string>& pons_strata();
std::string pons_stratum(int cells, int ply, int distance);

// The stratum of a group of a stratified set by ply and distance, "ply 4
// distance 7" ("unknown" for a distance of -1).
std::string group_stratum(int ply, int distance);

// The key of a position that stratified sets sample by beyond 16 cells.
std::uint64_t position_key(const Position& p);

struct GeneratedSet {
  std::vector<PositionEntry> entries;
  std::vector<std::string> strata;   // per entry: its Pons stratum, or "" (sets of other kinds)
  std::vector<std::string> notes;    // how the set was made and what it lacks: for the file's header and stderr
  std::vector<Position> unknown;     // positions left out: not solved within the budget
  std::vector<bool> unvalued;        // per entry: a given position left for the caller to value (defer_values)
};

// Progress: called now and then with a line to show (on stderr).
using SetProgress = std::function<void(const std::string&)>;

struct SetOptions {
  SetProgress progress;
  // Beyond 16 cells, given positions (kinds empty, list, file) are left
  // unvalued (value 0, distance -1, GeneratedSet::unvalued) for a run's
  // reference to value the ones it plays; without, the strong solver values
  // them.
  bool defer_values = false;
  // Set by another thread (a run's Ctrl-C): the exact solution and the scans
  // of its sets throw Cancelled (algorithms/exact/cancel_poll.hpp) within
  // milliseconds.  Null: never.
  const std::atomic<bool>* cancel = nullptr;
};

// What a generator works with: the board, its exact solution up to 16 cells
// (null beyond), the options, and the strong solver with the spec's budget,
// made at its first use (kinds from the exact solution never make it).
struct SetContext {
  SetContext(const Board& b, std::shared_ptr<const ExactSolution> e, double budget, const SetOptions& o)
      : board(b), exact(std::move(e)), budget_seconds(budget), options(o) {}
  const Board& board;
  std::shared_ptr<const ExactSolution> exact;
  double budget_seconds;
  const SetOptions& options;
  StrongSolver& solver() {
    if (!solver_) {
      solver_.emplace(board, budget_seconds);
      solver_->watch(options.cancel);
    }
    return *solver_;
  }

 private:
  std::optional<StrongSolver> solver_;
};

// The set of `spec` on `board`: the kind's generator, after the checks every
// kind shares (the kind works on the board, the plies are in range).  Throws
// std::invalid_argument for a spec that cannot be met: a kind refused on
// this board (with the reason), a ply out of range, more positions than
// max_positions, an unreachable or unreadable listed position, a bad file.
GeneratedSet generate_set(const Board& board, const PositionSetSpec& spec, const SetOptions& options = {});

}  // namespace tictac
