// `flat`: every position at the horizon scores 0, as a draw (seed 003's
// engine: its alphaBeta returns 0 when the depth runs out).  The search then
// sees only wins and losses within its depth.
#pragma once

#include "algorithms/players/eval/evaluation.hpp"

namespace tictac {

struct FlatEval {
  explicit FlatEval(const Board&) {}
  int operator()(const Position&, Side) const { return 0; }
};

}  // namespace tictac
