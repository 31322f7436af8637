// Position sets on every board up to 64 cells: each kind of
// algorithms/exact/position_set.hpp, chosen without the exact solution where
// the board is too large for it (algorithms/exact/position_set_sample.hpp)
// and valued by the strong solver (strong_solve.hpp).
//
// Up to 16 cells the kinds of position_set.hpp run from the exact solution as
// they always have (stratified with per_group included); the new kind
// `random` and the Pons strata (per_stratum) run on every board.  Beyond:
//   empty, list       solved one by one
//   all               refused: the reachable positions of such a board are far
//                     too many to list
//   plies, canonical  enumerated layer by layer with duplicates merged;
//                     refused when a wanted ply holds more than max_positions
//                     (or a layer before it more than 20 times that)
//   random            per_ply distinct unfinished positions per ply by seeded
//                     random play (all of them where fewer exist, said so)
//   stratified        Pons's six strata (per_stratum), below; per_group needs
//                     the exact solution
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
#include <string>
#include <vector>

#include "algorithms/exact/position_set.hpp"
#include "algorithms/game/board.hpp"
#include "harness/experiment/config.hpp"
#include "harness/experiment/strong_solve.hpp"

namespace tictac {

struct SetRequest {
  enum class Balance : std::uint8_t { automatic, on, off };
  PositionSetKind kind = PositionSetKind::empty;
  std::vector<int> plies;          // plies, canonical (required beyond 16 cells), random, stratified (per_group)
  int per_group = 0;               // stratified from the exact solution (position_set.hpp)
  int per_ply = 0;                 // random
  int per_stratum = 0;             // stratified, Pons's strata
  std::uint64_t seed = 0;
  std::size_t max_positions = 100000;  // plies and canonical
  std::size_t max_games = 0;           // random and Pons strata: games of random play at most (0: 100 per wanted position)
  Balance balance = Balance::automatic;
  double max_seconds = 0;              // Pons strata: stop sampling after this long and keep what was found (0: no limit)
  bool builders = false;               // Pons strata: every other game of the begin phase is a builder's game (below)
  bool value_fallback = false;         // Pons strata, connect's gravity boards: seek the value of a position whose distance search ran out (it finds draws only); elsewhere the value comes first anyway (strong_solve.hpp)
  std::vector<Position> positions;     // list
};

// The request of a configured set: its kind and the keys of its table (a
// config's [[position_set]], or the options of `tictac sets`, which fills
// one).  Positions of a list, max_seconds and value_fallback are left to the
// caller: a config gives the first as text to parse per board, and has no
// key for the other two.
SetRequest set_request(const PositionSetConfig& set);

// The six strata of a board of `cells` cells, in Pons's order (end-easy first)
// and the stratum of a position ("" for none: a ply past the last).
const std::vector<std::string>& pons_strata();
std::string pons_stratum(int cells, int ply, int distance);

struct GeneratedSet {
  std::vector<PositionEntry> entries;
  std::vector<std::string> strata;   // per entry: its Pons stratum, or "" (sets of other kinds)
  std::vector<std::string> notes;    // how the set was made and what it lacks: for the file's header and stderr
  std::vector<Position> unknown;     // positions left out: not solved within the budget
};

// Progress: called now and then with a line to show (on stderr).
using SetProgress = std::function<void(const std::string&)>;

// Throws std::invalid_argument for a request that cannot be met: a kind
// refused on this board (with the reason), a ply out of range, more positions
// than max_positions, an unreachable listed position.
GeneratedSet generate_set(const Board& board, const SetRequest& request, StrongSolver& solver,
                          const SetProgress& progress = {});

}  // namespace tictac
