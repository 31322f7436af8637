// The positions of a set on any board up to 64 cells, without the exact
// solution: seeded random play, enumeration by ply, and whether a position
// can arise in play.  They choose positions only; the harness values them
// (harness/experiment/strong_solve.hpp).
//
// Random play: from the empty board, each move uniform among the legal ones,
// drawn from SplitMix64 (game/random.hpp) as next() % count, so the same seed
// gives the same games on every machine and with every standard library.  A
// game that ends before the wanted ply is thrown away (its draws still
// advance the stream).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/game/random.hpp"

namespace tictac {

// One random game to `ply`: the position there, or nullopt when the game ended
// before it (the position at `ply` itself must be unfinished as well).
std::optional<Position> random_play(const Board& board, int ply, Rng& rng);

// A builder's game to `ply`: `builder` builds lines and the other side plays
// at random, so that early positions with a forced win, rare in random play
// on k=5 boards, are sampled too.  On each of its turns the builder draws a
// bit: 1, a random legal move; 0, a legal cell that adds a stone to one of
// its fullest live windows (a window holding none of the opponent's stones;
// the most of its own), uniform among such cells (all legal cells where no
// window is live).  The same stream and rules as random_play otherwise.
std::optional<Position> builder_play(const Board& board, int ply, Side builder, Rng& rng);

// The unfinished positions at `ply`, layer by layer from the empty board with
// duplicates merged (one per symmetry class, the canonical forms, when
// `canonical`), sorted by Position::operator<.  Refuses to go on (complete =
// false, positions empty) when the layer at `ply` would hold more than
// `limit` positions or a layer before it more than `layer_limit`;
// `stopped_at` then says at which ply.
struct PlyEnumeration {
  std::vector<Position> positions;
  bool complete = true;
  int stopped_at = -1;
};
PlyEnumeration enumerate_ply(const Board& board, int ply, bool canonical, std::size_t limit, std::size_t layer_limit);

// `count` distinct unfinished positions at `ply`, in the order random play
// first reached them (seed: the first game's stream).  When at most `count`
// exist (found by enumeration) they are all returned, sorted, and `all` is
// true; otherwise random play runs until `count` are found or `max_games`
// games were played (then fewer are returned and `all` is false).
struct RandomSample {
  std::vector<Position> positions;
  bool all = false;
  std::size_t games = 0;
};
RandomSample random_positions(const Board& board, int ply, std::size_t count, std::uint64_t seed, std::size_t max_games);

// Whether p can arise in play from the empty board: the rules of
// game/rules.hpp and, with gravity, an order of drops (X first, no line
// before the last stone) that builds it, found by taking top stones off.
bool reachable_in_play(const Board& board, const Position& p);

}  // namespace tictac
