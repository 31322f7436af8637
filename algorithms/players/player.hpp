// What every player shares: the move it returns with its statistics, the
// statistics policies of the players, and the seeded stream a player draws
// its choices from.
//
// A player is given a Board and a Position and returns ONE move (a cell
// index; -1 for a finished position) with its statistics.  Unlike a
// strategy (algorithms/search/), a player does not return the position's
// value: within its budget it does not know it.  Each player is a class
// template on its statistics policy with
//   PlayerMove choose(const Position&, Stats&);
// and the harness turns a spec into one (harness/registry/players.hpp).
//
// Statistics: the players report through the project's compile-time
// policy (algorithms/search/statistics.hpp): PlayerCountingStats is
// CountingStats with the two counters only players have, the playouts and
// the depth reached; PlayerNoStats compiles them all away.  They are kept
// out of TICTAC_SEARCH_STATISTICS, whose list is the columns of
// results.csv (a player is never a row of it).  What a node is differs by
// player and is said in each player's header.
//
// Determinism: a player's random choices come from a SplitMix64 stream
// (algorithms/game/random.hpp) seeded by its seed and the position, so the
// move depends on the seed, the options and the position only: not on the
// moves it chose before, nor on the machine or the build.
#pragma once

#include <bit>
#include <cstdint>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/game/random.hpp"
#include "algorithms/search/statistics.hpp"

namespace tictac {

struct PlayerStats {
  SearchStats search;            // nodes (as the player's header defines them), table probes and hits
  std::uint64_t playouts = 0;    // MCTS: simulated games from a leaf to the end
  std::uint64_t depth_reached = 0;  // alpha-beta: the depth of the last finished iteration; MCTS: the deepest tree node selected
};

struct PlayerMove {
  int move = -1;  // the chosen cell; -1 when the position is finished
  PlayerStats stats;  // all zero for a PlayerNoStats choice
  // A time budget ended the search (the harness's stop flag): the move is
  // the one found in the time given, and may differ on another run.
  bool stopped = false;
};

struct PlayerNoStats : NoStats {
  void playout() {}
  void depth_reached(int) {}
};

struct PlayerCountingStats : CountingStats {
  std::uint64_t playouts = 0;
  std::uint64_t depth = 0;
  void playout() { ++playouts; }
  void depth_reached(int d) {
    if (static_cast<std::uint64_t>(d) > depth) depth = static_cast<std::uint64_t>(d);
  }
  PlayerStats player_result() const { return {result(), playouts, depth}; }
};

// The stream of a player's choices in position p: its seed mixed with the
// position, so the same (seed, position) gives the same numbers.
inline Rng position_rng(std::uint64_t seed, const Position& p) {
  return Rng(mix64(seed ^ mix64(p.x ^ mix64(p.o + 0x9e3779b97f4a7c15ULL))));
}

// A uniform number in [0, n) from 64 random bits (Lemire's multiply-shift:
// no division; bias below 2^-58 for n <= 64).
inline int uniform_below(std::uint64_t bits, int n) {
  return static_cast<int>((static_cast<unsigned __int128>(bits) * static_cast<unsigned>(n)) >> 64);
}

// The i-th set bit of m, counting from the lowest (i < popcount(m)).
inline int nth_set_bit(Mask m, int i) {
  for (; i > 0; --i) m &= m - 1;
  return std::countr_zero(m);
}

// A cell of m (not empty) uniformly at random, from the stream of `seed`
// and p (position_rng): the random and perfect players' seeded pick.
inline int seeded_pick(Mask m, std::uint64_t seed, const Position& p) {
  Rng rng = position_rng(seed, p);
  return nth_set_bit(m, uniform_below(rng.next(), std::popcount(m)));
}

}  // namespace tictac
