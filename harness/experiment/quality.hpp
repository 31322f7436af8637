// Move quality (issue 32): how well players choose their moves, graded
// against the exact solution.  For every position of a set and every
// player, the move the player chooses (once for a player without a seed;
// once per repetition for a seeded one, each repetition with its own seed),
// graded by grade_move (algorithms/exact/move_grade.hpp): optimal,
// value_loss, distance_loss, best_distance.  One exact look-up per graded
// move, no search.  `tictac quality` and tictac.quality() in Python run it.
//
// The exact solution exists for boards of at most 16 cells, so the
// measurement refuses larger boards; grading beyond them by two certified
// families (as `tictac run` certifies its rows) is a later step.
//
// Totals, per player: over the whole set, by ply, and by stratum when the
// set has strata:
//   optimal_rate        moves that keep the position's value
//   best_distance_rate  moves that keep the value and the best distance
//   mean_value_loss     the mean of value_loss (0, 1, 2)
//   value_loss_2_rate   moves that throw a win to a loss
// Each with a 95% interval that counts positions, not repetitions
// (intervals.hpp): when every position is graded once, the rates take the
// Wilson interval; otherwise each position contributes the mean of its
// repetitions and the interval is a bootstrap over positions, seeded.  The
// mean value loss, which is not a proportion, always takes the bootstrap.
// The point estimates are the means over positions of each position's mean
// (every position has as many repetitions: the pooled rate).
//
// Seeds: a seeded player (one with a `seed` option: random, perfect, mcts)
// plays repetition r with seed `seed + r`; a spec that gives its own seed
// plays once with it, and is refused when the seed or the repetitions were
// chosen for the run too (QualityOptions::seeds_chosen).  The bootstrap
// draws from `seed` as well, the same resamples for every player and group.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "algorithms/exact/move_grade.hpp"
#include "algorithms/exact/position_set.hpp"
#include "algorithms/game/board.hpp"
#include "harness/experiment/intervals.hpp"

namespace tictac {

struct GeneratedSet;

// Called after each graded move with the moves graded and the moves to grade.
using QualityProgress = std::function<void(std::size_t done, std::size_t total)>;

struct QualityOptions {
  std::vector<std::string> players;  // player specs (harness/registry/players.hpp)
  int repeat = 1;                    // repetitions of each seeded player
  std::uint64_t seed = 1;            // repetition r's seed is seed + r; the bootstrap's seed
  bool seeds_chosen = false;         // seed or repeat given for the run: a spec with its own seed is refused
  int resamples = 2000;              // of the bootstrap
  QualityProgress progress;
  const std::atomic<bool>* cancel = nullptr;  // read between moves: Interrupted (measurement.hpp)
};

struct QualityPlayer {
  std::string label;                // the spec in normal form, its seed left out for a seeded player
  bool seeded = false;              // it has a seed option
  std::vector<std::uint64_t> seeds; // per repetition (seeded players); empty: one repetition
  std::size_t repetitions() const { return seeds.empty() ? 1 : seeds.size(); }
};

// A graded move, compact: a set of 4x4 with k=3 holds a million positions.
struct GradedMove {
  std::uint32_t player = 0;      // index into QualityResult::players
  std::uint32_t position = 0;    // index into QualityResult::positions
  std::uint32_t repetition = 0;  // from 0
  int move = -1;                 // the chosen cell
  MoveGrade grade;
  // The player's statistics for this move (PlayerStats): nodes as its header
  // defines them, MCTS's playouts, the depth reached.
  std::uint64_t nodes = 0, playouts = 0, depth_reached = 0;
};

// One row of totals: a player over a group of positions.
struct QualityTotal {
  std::size_t player = 0;
  std::string breakdown;  // "all", "ply" or "stratum"
  std::string group;      // "" for all, the ply, or the stratum
  std::size_t positions = 0, moves = 0, repetitions = 1;
  double optimal_rate = 0, best_distance_rate = 0, mean_value_loss = 0, value_loss_2_rate = 0;
  Interval optimal_interval, best_distance_interval, value_loss_interval, value_loss_2_interval;
  std::string rate_interval;  // "wilson" or "bootstrap"
};

struct QualityResult {
  Board board;
  std::vector<PositionEntry> positions;  // the graded positions (the set's unfinished ones)
  std::vector<std::string> strata;       // per position; empty when the set has no strata
  std::vector<std::string> notes;        // how the set was made, what was left out
  std::vector<QualityPlayer> players;
  std::vector<GradedMove> moves;         // by player, repetition, position
  std::vector<QualityTotal> totals;      // by player: all, by ply, by stratum
};

// Throws std::invalid_argument, naming the limit, for a board of more than 16
// cells (before a set is made for it).
void check_quality_board(const Board& board);

// Grades every player on the set's positions.  Throws std::invalid_argument
// for a board of more than 16 cells (naming the limit), an unknown player or
// option, or a spec whose seed clashes with the run's; Interrupted once
// `cancel` is set.  Finished positions (a listed or a file's) have no move:
// they are left out and noted.
QualityResult measure_quality(const Board& board, const GeneratedSet& set, const QualityOptions& options);

// The totals of graded moves (measure_quality's last step).
std::vector<QualityTotal> quality_totals(const QualityResult& graded, std::uint64_t seed, int resamples);

// A column of quality's CSV files: its name and what it holds (metadata.json
// repeats the descriptions).
struct QualityColumn {
  const char* name;
  const char* description;
};
const std::vector<QualityColumn>& quality_move_columns();
const std::vector<QualityColumn>& quality_total_columns();

// moves.csv: one row per graded move; totals.csv: one row per QualityTotal.
void write_quality_moves(std::ostream& out, const QualityResult& r);
void write_quality_totals(std::ostream& out, const QualityResult& r);

// What metadata.json says about a quality run.
struct QualityDescription {
  std::string command_line;
  std::string set_kind;   // the set's kind, or "file"
  std::string started_utc;
  double duration_s = 0;
  const QualityOptions& options;
};
nlohmann::ordered_json quality_metadata(const QualityResult& r, const QualityDescription& d);

// Whether `dir` can take a quality run's files, checked before the moves
// are graded: std::invalid_argument when it holds another quality run's
// files (unless `force`) or cannot be made (a file stands in its path).
void check_quality_folder(const std::filesystem::path& dir, bool force);

// Writes moves.csv, totals.csv and metadata.json into `dir` (made if
// missing), all or nothing: each is written beside its target and the three
// are renamed into place once all are written; a folder made for them is
// removed again on a failure.  check_quality_folder's refusals first.
void write_quality_files(const std::filesystem::path& dir, const QualityResult& r, const nlohmann::ordered_json& metadata,
                         bool force);

}  // namespace tictac
