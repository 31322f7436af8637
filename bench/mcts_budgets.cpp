// The budget at which each MCTS reaches a 99% optimal-move rate: for UCT,
// MCTS-Solver (solver=on), score-bounded MCTS (solver=bounds) and PUCT with
// the lines prior (select=puct,prior=lines, no solver), random playouts,
// seed 1, the rate of optimal moves (keeping the exact value,
// algorithms/exact/) over the non-terminal positions of 3x3 (all 4,520) and
// of 4x4 with k=3 (a seeded uniform sample when there are more than
// --sample; every one with --sample 0), at budgets 1, 2, 5, 10, 20, 50, ...
// up to the first that reaches 99% (or 20,000).  `proven`: the share of the
// positions whose value the solver proved within the budget.  A
// measurement, not a test.
//
// Measured (2026-12-06, Release, g++ 12, the 2-core machine shared at a
// load of 5 to 7; 11 s of wall time by default, 1 min 46 s with --sample
// 0): the first budget (playouts a move, seed 1) at a 99% optimal rate, and
// a uniform random move's expected rate on the same positions
//   positions                          random  uct   solver=on  bounds  puct,lines
//   3x3, all 4,520                     0.580   500   100        100     50
//   3x3, no win in one (2,162)         0.607   1000  200        200     100
//   4x4 k=3, all 3,463,541 (sample 0)  0.433   20    10         10      1
//   4x4 k=3, 4,520 drawn (default)     0.434   10    10         10      1
//   4x4 k=3, no win in one (320,454)   0.872   200   100        100     50
//   4x4 k=3, 4,520 of those drawn      0.871   200   100        100     50
// 3x3, the optimal rate at 1/10/100 playouts: UCT 0.812/0.929/0.983; both
// solvers 0.812/0.958/0.991, the same rates (the moves differ in 50
// positions at 100, where score-bounded MCTS has proved a draw and takes a
// proven one), but score-bounded MCTS proves more roots (95% at 100 against
// MCTS-Solver's 75%); PUCT with the lines prior 0.977/0.978, 0.9951 at 50
// (its prior alone, at 1 playout, is right on 97.7%).  4x4 with k=3 is easy
// at every budget: 91% of its positions have a win in one (both solvers
// prove them in one playout, and the children that win on the spot are
// tried first); without those, most remaining positions are lost whatever
// the move (a random move keeps the value 87% of the time).
//
// Usage: tictac_mcts_budgets [--sample N]   (default 4520)
#include <bit>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/exact/solution.hpp"
#include "algorithms/exact/state_space.hpp"
#include "algorithms/game/random.hpp"
#include "algorithms/players/eval/lines.hpp"
#include "algorithms/players/mcts.hpp"

using namespace tictac;

namespace {

struct Rates {
  double optimal = 0, proven = 0;
};

template <MctsSolver Solver, class Selection>
Rates rates(const Board& b, const ExactSolution& exact, const std::vector<Position>& ps, std::uint64_t playouts) {
  Mcts<PlayerNoStats, PlayoutPolicy::random, Solver, Selection> player(b, {playouts, 1.4, 1, 4});
  PlayerNoStats stats;
  std::size_t optimal = 0, proven = 0;
  for (const Position& p : ps) {
    optimal += exact.is_optimal(p, player.choose(p, stats).move);
    proven += Solver != MctsSolver::off && player.root_lower() == player.root_upper();
  }
  const double n = static_cast<double>(ps.size());
  return {static_cast<double>(optimal) / n, static_cast<double>(proven) / n};
}

template <MctsSolver Solver, class Selection = Uct>
void sweep(const char* name, const char* set, const ExactSolution& exact, const std::vector<Position>& ps) {
  const Board& b = exact.board();
  static const std::uint64_t kBudgets[] = {1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000};
  for (const std::uint64_t budget : kBudgets) {
    const auto t0 = std::chrono::steady_clock::now();
    const Rates r = rates<Solver, Selection>(b, exact, ps, budget);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%s\t%s\t%zu\t%llu\t%.4f\t%.4f\t%.1f\n", set, name, ps.size(),
                static_cast<unsigned long long>(budget), r.optimal, r.proven, s);
    std::fflush(stdout);
    if (r.optimal >= 0.99) return;
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t sample = 4520;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--sample") == 0) sample = std::strtoull(argv[i + 1], nullptr, 10);
  std::printf("board\tplayer\tpositions\tplayouts\toptimal_rate\tproven\ttime_s\n");
  for (const Board& b : {Board(3, 3, 3), Board(4, 4, 3)}) {
    const StateSpace space(b);
    const ExactSolution exact(space);
    std::vector<Position> ps;
    for (StateSpace::Index i = 0; i < space.size(); ++i)
      if (!space.terminal(i)) ps.push_back(space.position(i));
    // Every position, then those where the side to move has no win in one
    // (where a win on the spot, tried first, does not decide the move).
    std::vector<Position> quiet;
    for (const Position& p : ps) {
      bool win_in_one = false;
      for (Mask m = p.legal_moves(b); m; m &= m - 1)
        win_in_one |= b.wins_through(p.stones(p.to_move()) | (m & -m), std::countr_zero(m));
      if (!win_in_one) quiet.push_back(p);
    }
    for (std::vector<Position>* set : {&ps, &quiet})
      if (sample && set->size() > sample) {  // a seeded partial Fisher-Yates shuffle
        Rng rng(20261205);
        for (std::size_t i = 0; i < sample; ++i)
          std::swap((*set)[i], (*set)[i + rng.next() % (set->size() - i)]);
        set->resize(sample);
      }
    const std::string name = b.name(), quiet_name = b.name() + " no-win-in-one";
    for (const auto& [set, label] : {std::pair{&ps, name.c_str()}, std::pair{&quiet, quiet_name.c_str()}}) {
      // The yardstick: a uniform random move's expected optimal rate, the
      // mean over the positions of optimal moves over legal moves.
      double random_rate = 0;
      for (const Position& p : *set) {
        int optimal = 0, legal = 0;
        for (Mask m = p.legal_moves(b); m; m &= m - 1, ++legal) optimal += exact.is_optimal(p, std::countr_zero(m));
        random_rate += static_cast<double>(optimal) / legal;
      }
      std::printf("%s\trandom (expected)\t%zu\t0\t%.4f\t0\t0\n", label, set->size(),
                  random_rate / static_cast<double>(set->size()));
      sweep<MctsSolver::off>("uct", label, exact, *set);
      sweep<MctsSolver::wins>("solver=on", label, exact, *set);
      sweep<MctsSolver::bounds>("solver=bounds", label, exact, *set);
      sweep<MctsSolver::off, Puct<LinesEval>>("puct,prior=lines", label, exact, *set);
    }
  }
}
