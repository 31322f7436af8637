// A match: players (specs of harness/registry/players.hpp, the perfect
// player among them) against each other on one board, from the empty board
// or from the openings of a position set, colour-paired, every move graded
// by the exact solution (boards of at most 16 cells).  `tictac match` and
// tictac.match() in Python run it; match_files.hpp writes what it gives, and
// match_stats.hpp holds its statistics.
//
// The schedule.  The pairings are every two players of the list, in list
// order (a round robin: (0,1), (0,2), ..., (1,2), ...), or with `gauntlet`
// the first player against each of the others.  A player may appear twice
// (MCTS against itself).  Each pairing plays, for each opening of the set in
// its order and each of `repeat` repetitions, a colour pair: two games from
// that opening, the pairing's first player X in the first, O in the second.
// Games are numbered from 0 in that order (pairing, opening, repetition,
// colour) across the match.
//
// The openings are a position set (position_set_spec.hpp: the kinds and
// keys of a config's [[position_set]] and of `tictac sets`, made by
// generate_set); without a kind, the empty board alone.  An opening must be
// unfinished; one with O to move starts the games there (the player of X
// plays X's stones from it on).
//
// Seeds: the same spec, seed and openings give the same games on every run
// and from both builds.  A player whose spec has a `seed` option (random,
// mcts, perfect) plays each game with its own seed, game_seed() of the
// match's seed, the game's number, its place in the pairing (0: the first
// player, 1: the second) and its spec's own seed, so two copies of one spec
// play different games, and repetitions of an opening differ; the games
// file records every seed used, so a game can be replayed alone (`tictac
// play --x SPEC,seed=N`).  Players without a seed option are deterministic
// already.
//
// Grading: each move is graded against the exact solution (up to 16 cells):
// the exact value before it for the side to move, and grade_move's grade
// (algorithms/exact/move_grade.hpp: optimal, value_loss, distance_loss,
// best_distance), as the move-quality measurement (quality.hpp) grades its
// moves.  Beyond 16 cells the grade columns are empty.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "algorithms/exact/move_grade.hpp"
#include "algorithms/game/board.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/players/player.hpp"
#include "harness/experiment/match_stats.hpp"
#include "harness/experiment/position_set_spec.hpp"

namespace tictac {

struct MatchSpec {
  Board board;
  std::vector<std::string> players;  // player specs (players.hpp), at least two
  bool gauntlet = false;             // the first player against each of the others; else every pair
  PositionSetSpec openings;          // the opening set; kind null: the empty board alone
  std::size_t repeat = 1;            // colour pairs per opening and pairing, at least 1
  std::uint64_t seed = 1;            // the match's seed (game_seed)
};

struct MatchOptions {
  // Called after each game with the games played and the games in all.
  std::function<void(std::size_t done, std::size_t total)> progress;
  // When set (Ctrl-C), the match stops before its next game with
  // Interrupted (measurement.hpp); nothing is returned.
  const std::atomic<bool>* interrupt = nullptr;
};

// The seed a player of a game plays with: SplitMix64's finaliser over the
// match's seed, the game's number, the player's place in its pairing (0 or
// 1) and the seed of its spec.
std::uint64_t game_seed(std::uint64_t match_seed, std::uint64_t game, int place, std::uint64_t spec_seed);

struct MatchPlayer {
  std::string spec;  // in normal form (every option, catalogue order)
  std::optional<std::uint64_t> spec_seed;  // its `seed` option; empty for a player without one
  bool deterministic = true;  // Player::deterministic(): false for a time budget (time_ms)
};

struct MatchPairing {
  std::size_t first = 0, second = 0;  // indices into MatchResult::players
};

struct MatchMove {
  std::size_t game = 0;
  int ply = 0;                      // stones on the board before the move
  Side side = Side::X;              // who moved
  std::size_t player = 0;           // index into MatchResult::players
  Position before;
  int move = -1;                    // the cell
  PlayerStats stats;                // the player's statistics for this move
  std::optional<int> value_to_move; // the exact value before the move, the mover's view (+1, 0, -1); empty beyond 16 cells
  std::optional<MoveGrade> grade;   // grade_move's (move_grade.hpp); empty beyond 16 cells
};

struct MatchGame {
  std::size_t index = 0;
  std::size_t pairing = 0;          // index into MatchResult::pairings
  std::size_t opening = 0;          // index into MatchResult::openings
  std::size_t repetition = 0;
  std::size_t pair = 0;             // the colour pair's number in the match (its two games share it)
  int colour = 0;                   // 0: the pairing's first player plays X (the pair's first game); 1: O
  std::size_t x_player = 0, o_player = 0;    // indices into MatchResult::players
  std::optional<std::uint64_t> x_seed, o_seed;  // the seeds they played with (empty: no seed option)
  std::vector<int> moves;           // the cells played after the opening, in order
  Result result = Result::ongoing;
  std::size_t first_move = 0;       // its first move's index in MatchResult::moves
  // The first move that lost value (by its ply), if any: where the game was lost.
  std::optional<int> first_value_loss_ply;
  std::optional<Side> first_value_loss_side;
};

// The moves of one player of a pairing, graded.
struct MoveTally {
  std::uint64_t moves = 0;        // graded moves
  std::uint64_t optimal = 0;      // of them, value kept
  std::uint64_t value_lost = 0;   // of them, value_loss > 0
  std::uint64_t value_loss_sum = 0;
};

struct PairingSummary {
  std::size_t pairing = 0;
  GameCounts counts;          // the pairing's first player's wins, draws and losses
  PairCounts pairs{};         // its colour pairs by its points
  ScoreInterval per_game;     // per_game_interval(counts)
  ScoreInterval pentanomial;  // pentanomial_interval(pairs)
  EloInterval elo;            // from the pentanomial interval
  MoveTally first_moves, second_moves;  // empty (moves 0) beyond 16 cells
};

struct MatchResult {
  Board board;
  std::uint64_t seed = 1;
  std::size_t repeat = 1;
  bool gauntlet = false;
  std::string openings_kind;        // the set's kind, "empty" without one
  std::vector<std::string> opening_notes;  // the set's notes
  std::vector<MatchPlayer> players;
  std::vector<MatchPairing> pairings;
  std::vector<Position> openings;
  std::vector<MatchGame> games;
  std::vector<MatchMove> moves;
  std::vector<PairingSummary> summaries;  // one per pairing, in order
  bool graded = false;              // the board has an exact solution (at most 16 cells)
  double duration_s = 0;
};

// Plays the match.  Throws std::invalid_argument for a spec that cannot be
// played (fewer than two players, a player refused on the board, repeat 0,
// a bad opening set or a finished opening, naming it), Interrupted when
// options.interrupt is set.
MatchResult run_match(const MatchSpec& spec, const MatchOptions& options = {});

// The statistics of one pairing's games (run_match fills
// MatchResult::summaries with it).
PairingSummary summarize_pairing(const MatchResult& r, std::size_t pairing);

// "x_wins", "o_wins", "draw" (the games file's result column).
const char* game_result_key(Result r);

}  // namespace tictac
