// The budget at which each MCTS reaches a 99% optimal-move rate: for UCT,
// MCTS-Solver (solver=on) and score-bounded MCTS (solver=bounds), random
// playouts, seed 1, the rate of optimal moves (keeping the exact value,
// algorithms/exact/) over the non-terminal positions of 3x3 (all 4,520) and
// of 4x4 with k=3 (a seeded uniform sample when there are more than
// --sample; every one with --sample 0), at budgets 10, 20, 50, 100, ... up
// to the first that reaches 99% (or 20,000).  A measurement, not a test:
// its figures are in the report of issue 32's players.
//
// Usage: tictac_mcts_budgets [--sample N]   (default 4520)
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "algorithms/exact/solution.hpp"
#include "algorithms/exact/state_space.hpp"
#include "algorithms/game/random.hpp"
#include "algorithms/players/mcts.hpp"

using namespace tictac;

namespace {

template <MctsSolver Solver>
double rate(const Board& b, const ExactSolution& exact, const std::vector<Position>& ps, std::uint64_t playouts) {
  Mcts<PlayerNoStats, PlayoutPolicy::random, Solver> player(b, {playouts, 1.4, 1, 4});
  PlayerNoStats stats;
  std::size_t optimal = 0;
  for (const Position& p : ps) optimal += exact.is_optimal(p, player.choose(p, stats).move);
  return static_cast<double>(optimal) / static_cast<double>(ps.size());
}

template <MctsSolver Solver>
void sweep(const char* name, const Board& b, const ExactSolution& exact, const std::vector<Position>& ps) {
  static const std::uint64_t kBudgets[] = {10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000};
  for (const std::uint64_t budget : kBudgets) {
    const auto t0 = std::chrono::steady_clock::now();
    const double r = rate<Solver>(b, exact, ps, budget);
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    std::printf("%s\t%s\t%zu\t%llu\t%.4f\t%.1f\n", b.name().c_str(), name, ps.size(),
                static_cast<unsigned long long>(budget), r, s);
    std::fflush(stdout);
    if (r >= 0.99) return;
  }
}

}  // namespace

int main(int argc, char** argv) {
  std::size_t sample = 4520;
  for (int i = 1; i + 1 < argc; ++i)
    if (std::strcmp(argv[i], "--sample") == 0) sample = std::strtoull(argv[i + 1], nullptr, 10);
  std::printf("board\tplayer\tpositions\tplayouts\toptimal_rate\ttime_s\n");
  for (const Board& b : {Board(3, 3, 3), Board(4, 4, 3)}) {
    const StateSpace space(b);
    const ExactSolution exact(space);
    std::vector<Position> ps;
    for (StateSpace::Index i = 0; i < space.size(); ++i)
      if (!space.terminal(i)) ps.push_back(space.position(i));
    if (sample && ps.size() > sample) {  // a seeded partial Fisher-Yates shuffle
      Rng rng(20261205);
      for (std::size_t i = 0; i < sample; ++i)
        std::swap(ps[i], ps[i + rng.next() % (ps.size() - i)]);
      ps.resize(sample);
    }
    sweep<MctsSolver::off>("uct", b, exact, ps);
    sweep<MctsSolver::wins>("solver=on", b, exact, ps);
    sweep<MctsSolver::bounds>("solver=bounds", b, exact, ps);
  }
}
