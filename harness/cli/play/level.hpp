// Difficulty levels: how an engine of limited strength chooses a move.
//
// A level weakens a perfect player in three standard ways, each one number:
//
//   depth        how far it looks.  0: it knows the exact value of every move
//                (from a ValueOracle: the retrograde solution, or a search
//                strategy).  d > 0: it values a move by a depth-limited
//                negamax of d plies, the move included; a line that is not
//                decided within d plies counts as a draw.  So depth 1 sees
//                its own wins in one, depth 2 also the opponent's replies
//                that win at once.
//   temperature  how sharply it prefers better moves.  A move is drawn with
//                probability proportional to exp(score / temperature), where
//                score is the move's value for the side to move (+1 win,
//                0 draw, -1 loss).  0 is greedy: a best-valued move, ties
//                broken uniformly at random, and with exact distances the
//                fastest win (or the slowest loss) first.
//   blunder      the chance that it ignores all of that and plays a
//                uniformly random legal move.
//
// The move is one sample from move_probabilities(), which mixes the two:
// P(m) = blunder / legal_moves + (1 - blunder) * policy(m).
//
// Randomness comes only from the Rng passed in, so the same seed gives the
// same moves.  No I/O here: `tictac play` turns names into levels and prints.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string_view>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/game/random.hpp"

namespace tictac {

class ExactSolution;

// What an oracle knows about a position: its game value (X's view: +1 X
// wins, 0 draw, -1 O wins) and, when it knows it, the plies to the end under
// perfect play (the ExactSolution convention), else -1.
struct Valuation {
  int value = 0;
  int distance = -1;
};
using ValueOracle = std::function<Valuation(const Position&)>;

// The oracle backed by an exact solution (boards of up to 16 cells).  The
// solution must outlive the oracle.
ValueOracle exact_oracle(const ExactSolution& solution);

struct Level {
  std::string_view name;
  int depth;           // 0: exact values from the oracle
  double temperature;  // 0: greedy
  double blunder;      // probability of a uniformly random move
  std::string_view summary;

  bool needs_oracle() const { return depth == 0 && blunder < 1.0; }
};

// random, easy, medium, hard: weakest first.
std::span<const Level> levels();
// The level with this name, or nullptr.
const Level* find_level(std::string_view name);

// The value of the move `cell` from p for the side to move (+1 win, 0 draw or
// undecided, -1 loss) by a depth-limited negamax of `depth` plies, the move
// included.  p must be unfinished and `cell` a legal move; depth >= 1.
int limited_move_score(const Board& b, const Position& p, int cell, int depth);

// The probability of each cell (indexed by cell; 0 for illegal moves) that
// the level plays it from p.  p must be legal and unfinished; the oracle is
// called only when level.needs_oracle(), once per legal move.
std::vector<double> move_probabilities(const Level& level, const Board& b, const Position& p,
                                       const ValueOracle& oracle);

// One move drawn from move_probabilities with one number from rng, or -1
// when p is finished.
int choose_move(const Level& level, const Board& b, const Position& p, const ValueOracle& oracle,
                Rng& rng);

}  // namespace tictac
