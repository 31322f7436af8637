// The one holder of a board's state space and its exact solution in a
// process: built on first use (3x3 in milliseconds, 4x4 in seconds), then
// shared by everything that needs it: the runner's checks (reference.hpp),
// the oracle and worst orderings, solve, play, dag, analyze and the tests.
// Thread-safe.
//
// Across processes: with the environment variable TICTAC_EXACT_CACHE set to
// a folder, a solution is read from DIR/<board name>.exact (4x4k4.exact,
// 4x4k3g.exact) when that file is there and whole, and a solution built is
// written there (atomically: a temporary renamed).  A 4x4 board's file holds
// about 150 MB and is read in a fraction of a second, where solving takes
// seconds.  A file that is damaged, truncated, of another board or of
// another version of the format is ignored and replaced, and a folder that
// cannot be written is no error: the cache only ever saves time.  The tests
// set it to the build folder's exact-cache/, which the build fills with the
// 4x4 solutions once (tests/make_exact_cache.cpp).
#pragma once

#include <atomic>
#include <filesystem>
#include <memory>

#include "algorithms/exact/solution.hpp"

namespace tictac {

// The solution of `board`; its space() is the state space it labels, kept
// alive with it.  Throws std::invalid_argument for a board over 16 cells, and
// Cancelled (algorithms/exact/cancel_poll.hpp) when `cancel` is set while it
// is built (nothing is kept: a later call builds it again).
std::shared_ptr<const ExactSolution> exact_solution(const Board& board, const std::atomic<bool>* cancel = nullptr);

// The cache file of `board` in `folder` (what TICTAC_EXACT_CACHE names).
std::filesystem::path exact_cache_file(const std::filesystem::path& folder, const Board& board);
// Writes `solution` to `file` atomically; throws std::runtime_error naming
// the file when it cannot.
void write_exact_cache(const ExactSolution& solution, const std::filesystem::path& file);
// The solution kept in `file`, with the state space it labels; nullptr when
// the file is missing, or is not a whole solution of `board` in this
// version of the format (a damaged file is never an error, only a miss).
std::shared_ptr<const ExactSolution> read_exact_cache(const Board& board, const std::filesystem::path& file);

}  // namespace tictac
