// Position set files: generated sets written so they can be shared, and
// files of positions read back into an experiment.
//
// The format is CSV with a header; one row per position:
//
//   board,k,gravity,position,ply,value,distance
//   3x3,3,false,X../.../...,1,0,8
//
// `gravity` is true for a gravity board (6x7k4g), `value` the exact game
// value from X's point of view (+1, 0, -1) and `distance` the plies to the
// end under perfect play (algorithms/exact/solution.hpp).
// When reading, only `position` is required; rows whose `board`, `k` or
// `gravity` name another board are skipped, so one file can hold sets for
// several boards; `value` and `distance`, when present, are checked against
// the exact solver.  A file without a `gravity` column is one of boards
// without gravity (files from before the column), so a gravity board needs
// the column: a set is never read on a board with other rules than the one
// it was made for.
#pragma once

#include <filesystem>
#include <ostream>
#include <vector>

#include "algorithms/exact/position_set.hpp"

namespace tictac {

void write_position_set(std::ostream& out, const Board& board, const std::vector<PositionEntry>& set);

// Throws std::invalid_argument naming the file and line: a missing file or
// column, an illegal or unreachable position, a value or distance that
// disagrees with the exact solver, or no position for this board.
std::vector<PositionEntry> read_position_set(const std::filesystem::path& path, const ExactSolution& solution);

}  // namespace tictac
