// A proof split: the canonical positions `plies` deep below a root, whose
// values give the root's value by minimax (`tictac prove --split`, proved
// one by one as shards of `tictac run`, joined by `tictac merge --split`).
//
// The split positions are the unfinished positions reached from the root in
// exactly `plies` moves, each replaced by its canonical form (symmetry.hpp)
// and listed once, sorted.  A line that ends before `plies` (a win or a full
// board) stops there: that finished position is a leaf of the split with the
// value the rules give it, and is not a split position.
//
// The minimax: the root's value from the values of the split positions, X's
// point of view (+1, 0, -1): X to move takes the maximum over its moves, O
// the minimum; a position `plies` below the root is looked up by its
// canonical form, which has the same value (a symmetry maps the game to
// itself); a finished position counts its result.  Nothing here knows how a
// split position was valued.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <stdexcept>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"

namespace tictac {

struct ProofSplit {
  Position root;
  int plies = 0;
  std::vector<Position> positions;  // canonical, unfinished, sorted
  std::size_t finished_leaves = 0;  // distinct finished positions (canonical forms) above the split depth
};

// The split of `root` (legal and unfinished) at `plies` >= 1 moves.  Throws
// std::invalid_argument when the root is finished, `plies` is below 1 or more
// than the root's empty cells, or a layer holds more than `max_positions`
// canonical positions.
ProofSplit split_proof(const Board& board, const Position& root, int plies, std::size_t max_positions = 1'000'000);

// The value of a split position, X's point of view, or nullopt when it is
// unknown.
using SplitLookup = std::function<std::optional<int>(const Position& canonical)>;

struct SplitValue {
  std::optional<int> value;        // nullopt when a split position it needed is unknown
  std::vector<Position> unknown;   // the split positions whose lookup gave nothing, sorted
};

// The minimax over the split (above).  Every split position is looked up
// once, and the value is known only when every lookup gave one: a split
// whose positions are not all proved proves nothing, even where minimax
// would not have needed the missing ones.
SplitValue split_value(const Board& board, const ProofSplit& split, const SplitLookup& lookup);

}  // namespace tictac
