// Position set files: generated sets written so they can be shared, and
// files of positions read back into an experiment.
//
// The format is CSV with a header; one row per position:
//
//   # notes: how the set was made (lines starting with '#', before the header)
//   board,k,gravity,position,ply,value,value_to_move,distance[,stratum]
//   3x3,3,false,X../.../...,1,0,0,8
//
// `gravity` is true for a gravity board (6x7k4g); `value` is the exact game
// value from X's point of view (+1, 0, -1), `value_to_move` the same from the
// side to move's (value times +1 when X is to move, -1 when O is), and
// `distance` the plies to the end under perfect play
// (algorithms/exact/solution.hpp), empty where only the value is known.
// `stratum` (Pons's strata, harness/experiment/set_generator.hpp) when the set
// has strata.  Lines starting with '#' are comments, anywhere.
//
// When reading, only `position` is required; rows whose `board`, `k` or
// `gravity` name another board are skipped, so one file can hold sets for
// several boards.  A file without a `gravity` column is one of boards without
// gravity (files from before the column), so a gravity board needs the
// column: a set is never read on a board with other rules than the one it was
// made for.  Every row read is checked, and a bad one is refused naming the
// file, the line and the rule:
//   - always: the position parses, is legal (game/rules.hpp, naming the rule
//     it breaks), reachable in play (with gravity: some order of drops builds
//     it), and unfinished; value and value_to_move are -1, 0 or +1 and agree
//     (value_to_move = value times the side to move's sign); distance is
//     between 1 and the empty cells, equal to them for a draw, odd for a win
//     of the side to move (its stone ends the game) and even for a loss;
//   - with the exact solution (up to 16 cells), also value and distance against it.
//   Beyond 16 cells a row without a value is refused, unless the caller
//   takes unvalued rows (values_required = false: the runner, whose
//   reference then values them; `tictac prove --split` writes such files).
//   Beyond 16 cells the values are not solved again (that is a benchmark-size
//   job: `tictac sets --check`).
#pragma once

#include <filesystem>
#include <ostream>
#include <string>
#include <vector>

#include "algorithms/exact/position_set.hpp"
#include "algorithms/exact/solution.hpp"

namespace tictac {

// `strata`: one per entry ("" for none), or empty for a set without strata;
// `notes`: comment lines written before the header.
void write_position_set(std::ostream& out, const Board& board, const std::vector<PositionEntry>& set,
                        const std::vector<std::string>& strata = {}, const std::vector<std::string>& notes = {});

struct ReadSet {
  std::vector<PositionEntry> entries;  // distance -1 where the file has none
  std::vector<std::string> strata;     // per entry ("" without a stratum column)
  std::vector<int> lines;              // per entry: its line in the file
  std::vector<bool> unvalued;          // per entry: no value in the file and no exact solution (value 0 stands in)
};

// Reads the rows of `board` and checks each as above; the exact solution's
// checks run when `exact` is given (the caller gives it up to 16 cells).  Throws std::invalid_argument
// naming the file and line: a missing file or column, a bad row, or no
// position for this board.
ReadSet read_position_set_file(const std::filesystem::path& path, const Board& board, const ExactSolution* exact,
                               bool values_required = true);

// The boards a file's rows name (its board, k and gravity columns), each
// once, in the order of their first rows; empty when it has no board or no k
// column.  For a reader that is not told the board (`tictac sets --check`).
// Throws std::invalid_argument naming the file and line: a missing file or
// header, a board that does not parse.
std::vector<Board> position_set_file_boards(const std::filesystem::path& path);

// The same on a board of at most 16 cells, with the exact solution given:
// entries only, with the exact value and distance.
std::vector<PositionEntry> read_position_set(const std::filesystem::path& path, const ExactSolution& solution);

}  // namespace tictac
