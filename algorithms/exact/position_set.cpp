#include "algorithms/exact/position_set.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include "algorithms/game/random.hpp"
#include "algorithms/game/symmetry.hpp"

namespace tictac {

namespace {

// By ply: whether it is wanted (no plies: every ply).
std::vector<bool> wanted_plies(const StateSpace& space, const std::vector<int>& plies) {
  const int max_ply = space.max_ply();
  std::vector<bool> wanted(static_cast<std::size_t>(max_ply + 1), plies.empty());
  for (int p : plies) {
    if (p < 0 || p > max_ply)
      throw std::invalid_argument("ply " + std::to_string(p) + " is outside 0.." + std::to_string(max_ply) + " on " +
                                  space.board().name());
    wanted[static_cast<std::size_t>(p)] = true;
  }
  return wanted;
}

PositionEntry entry_of(const ExactSolution& solution, StateSpace::Index i) {
  const Position p = solution.space().position(i);
  return PositionEntry{p, p.ply(), solution.value(i), solution.distance(i)};
}

}  // namespace

std::uint64_t stratified_key(std::uint64_t seed, std::uint64_t code) {
  std::uint64_t state = seed * 0x9e3779b97f4a7c15ULL + code;
  return splitmix64(state);
}

std::vector<PositionEntry> unfinished_positions(const ExactSolution& solution, const std::vector<int>& plies, bool canonical_only,
                                                const std::atomic<bool>* cancel) {
  CancelPoll poll(cancel);
  const StateSpace& space = solution.space();
  const std::vector<bool> wanted = wanted_plies(space, plies);
  const SymmetryGroup group(space.board());
  std::vector<PositionEntry> out;
  for (int ply = 0; ply <= space.max_ply(); ++ply) {
    if (!wanted[static_cast<std::size_t>(ply)]) continue;
    for (StateSpace::Index i = space.ply_begin(ply); i < space.ply_begin(ply + 1); ++i) {
      poll.tick();
      if (space.terminal(i)) continue;
      if (canonical_only && !(group.canonical(space.position(i)).position == space.position(i))) continue;
      out.push_back(entry_of(solution, i));
    }
  }
  return out;
}

std::vector<PositionEntry> stratified_positions(const ExactSolution& solution, const std::vector<int>& plies, int per_group,
                                                std::uint64_t seed, const std::atomic<bool>* cancel) {
  CancelPoll poll(cancel);
  const StateSpace& space = solution.space();
  const std::vector<bool> wanted = wanted_plies(space, plies);
  std::vector<PositionEntry> out;
  for (int ply = 0; ply <= space.max_ply(); ++ply) {
    if (!wanted[static_cast<std::size_t>(ply)]) continue;
    std::map<int, std::vector<std::pair<std::uint64_t, StateSpace::Index>>> by_distance;
    for (StateSpace::Index i = space.ply_begin(ply); i < space.ply_begin(ply + 1); ++i) {
      poll.tick();
      if (!space.terminal(i))
        by_distance[solution.distance(i)].emplace_back(stratified_key(seed, space.code(space.position(i))), i);
    }
    for (auto& [distance, group] : by_distance) {
      std::sort(group.begin(), group.end());
      if (per_group > 0 && group.size() > static_cast<std::size_t>(per_group)) group.resize(static_cast<std::size_t>(per_group));
      std::vector<StateSpace::Index> chosen;
      for (auto& g : group) chosen.push_back(g.second);
      std::sort(chosen.begin(), chosen.end());
      for (auto i : chosen) out.push_back(entry_of(solution, i));
    }
  }
  return out;
}

std::vector<PositionEntry> listed_positions(const ExactSolution& solution, const std::vector<Position>& positions) {
  const StateSpace& space = solution.space();
  std::vector<PositionEntry> out;
  for (const Position& p : positions) {
    const StateSpace::Index i = space.find(p);
    if (i == StateSpace::npos) throw std::invalid_argument("a listed position is not reachable on " + space.board().name());
    out.push_back(entry_of(solution, i));
  }
  return out;
}

}  // namespace tictac
