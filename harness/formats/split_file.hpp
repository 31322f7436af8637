// Split files: the positions of a proof split (algorithms/exact/
// proof_split.hpp) as a position-set file that `tictac run` reads (kind =
// "file"), with the root and the depth on every row, so that `tictac merge
// --split FILE` can take the minimax over it.
//
//   # notes: the root, the depth, how many positions and finished leaves
//   board,k,gravity,position,ply,root,split_plies
//   5x5,4,false,X..../..... ... ,2,...../...../...,2
//
// No value columns: the values are what the run proves (beyond 16 cells the
// runner's reference certifies each row; up to 16 the exact solution gives
// them).  position_set_io.hpp reads the file as any position set and skips
// the two split columns.
//
// Reading a split file recomputes the split from its board, root and depth
// and refuses (naming the file and line) a file whose rows disagree about
// them or whose positions are not exactly that split.
#pragma once

#include <filesystem>
#include <ostream>

#include "algorithms/exact/proof_split.hpp"
#include "algorithms/game/board.hpp"

namespace tictac {

void write_split_file(std::ostream& out, const Board& board, const ProofSplit& split);

struct SplitFile {
  Board board;
  ProofSplit split;  // recomputed, and equal to the file's positions
};

// Throws std::invalid_argument naming the file (and line) and the rule.
SplitFile read_split_file(const std::filesystem::path& path);

}  // namespace tictac
