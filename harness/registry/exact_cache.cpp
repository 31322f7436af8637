#include "harness/registry/exact_cache.hpp"

#include <map>
#include <mutex>
#include <string>

namespace tictac {

namespace {
struct Solved {
  StateSpace space;
  ExactSolution solution;
  Solved(const Board& b, const std::atomic<bool>* cancel) : space(b, cancel), solution(space, cancel) {}
};
}  // namespace

std::shared_ptr<const ExactSolution> exact_solution(const Board& board, const std::atomic<bool>* cancel) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Solved>> cache;
  if (board.cells() > StateSpace::kMaxCells)
    throw std::invalid_argument("the exact solution needs a board of at most 16 cells; " + board.size_name() +
                                " has " + std::to_string(board.cells()));
  std::lock_guard lock(mutex);
  auto& slot = cache[board.name()];
  if (!slot) slot = std::make_shared<const Solved>(board, cancel);
  return {slot, &slot->solution};
}

}  // namespace tictac
