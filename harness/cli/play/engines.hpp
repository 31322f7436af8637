// `tictac play`: the engines.  A side is a person, a difficulty level
// (algorithms/search/level.hpp) or a strategy that plays its best move; the
// levels that need exact move values get them from Knowledge.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "algorithms/exact/solution.hpp"
#include "algorithms/search/level.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac::cli {

char side_char(Side s);

// The levels by name: "random, easy, medium, hard".
std::string level_names();

// The values of moves for medium, hard and the hint: the exact solution on
// boards of up to 16 cells (built on first use: 3x3 takes milliseconds, 4x4
// seconds); on larger boards one search of each position by a strategy spec.
class Knowledge {
 public:
  // Throws std::invalid_argument for a bad spec, before any output.
  Knowledge(const Board& b, const std::string& search);

  bool exact() const { return board_.cells() <= StateSpace::kMaxCells; }
  // "the exact solution" or "strategy SPEC".
  std::string source() const { return exact() ? "the exact solution" : "strategy " + spec_; }
  const ValueOracle& oracle();

 private:
  Board board_;
  std::string spec_;
  std::unique_ptr<Strategy> strategy_;
  std::shared_ptr<const ExactSolution> solution_;
  ValueOracle oracle_;
};

// One side of the game: a person at the keyboard or an engine.
struct Player {
  std::string name;                    // "human", a level, or a strategy spec in normal form
  const Level* level = nullptr;        // an engine of a difficulty level,
  std::unique_ptr<Strategy> strategy;  // or one that plays a strategy's best move
  Rng rng;

  bool human() const { return !level && !strategy; }
  std::string label(Side s) const;  // "X", or "O (hard)"
};

// The player that `text` names (human, a level or a spec) for side s, its
// random choices seeded from `seed` and the side.  Throws
// std::invalid_argument naming `option` (--x or --o).
Player make_player(const Board& b, std::string_view text, std::string_view option, std::uint64_t seed, Side s);

// The engine's move from p (which is not finished).
int engine_move(Player& player, const Board& b, const Position& p, Knowledge& knowledge);

}  // namespace tictac::cli
