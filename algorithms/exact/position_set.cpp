#include "algorithms/exact/position_set.hpp"

#include <algorithm>
#include <map>
#include <stdexcept>
#include <string>

#include "algorithms/exact/cancel_poll.hpp"
#include "algorithms/game/random.hpp"
#include "algorithms/game/symmetry.hpp"

namespace tictac {

std::string_view to_string(PositionSetKind k) {
  switch (k) {
    case PositionSetKind::empty: return "empty";
    case PositionSetKind::all: return "all";
    case PositionSetKind::canonical: return "canonical";
    case PositionSetKind::plies: return "plies";
    case PositionSetKind::stratified: return "stratified";
    case PositionSetKind::list: return "list";
    case PositionSetKind::random: return "random";
  }
  return "?";
}

std::uint64_t stratified_key(std::uint64_t seed, std::uint64_t code) {
  std::uint64_t state = seed * 0x9e3779b97f4a7c15ULL + code;
  return splitmix64(state);
}

std::vector<PositionEntry> generate_position_set(const ExactSolution& solution, const PositionSetSpec& spec,
                                                 const std::atomic<bool>* cancel) {
  CancelPoll poll(cancel);
  const StateSpace& space = solution.space();
  const int max_ply = space.max_ply();
  std::vector<bool> ply_wanted(max_ply + 1, spec.plies.empty());
  for (int p : spec.plies) {
    if (p < 0 || p > max_ply)
      throw std::invalid_argument("ply " + std::to_string(p) + " is outside 0.." + std::to_string(max_ply) +
                                  " on " + space.board().name());
    ply_wanted[p] = true;
  }
  auto entry = [&](StateSpace::Index i) {
    const Position p = space.position(i);
    return PositionEntry{p, p.ply(), solution.value(i), solution.distance(i)};
  };
  std::vector<PositionEntry> out;
  switch (spec.kind) {
    case PositionSetKind::empty:
      out.push_back(entry(space.find(Position{})));
      break;
    case PositionSetKind::all:
    case PositionSetKind::plies:
    case PositionSetKind::canonical: {
      const bool only_listed = spec.kind == PositionSetKind::plies;
      const SymmetryGroup group(space.board());
      for (int ply = 0; ply <= max_ply; ++ply) {
        if (only_listed && !ply_wanted[ply]) continue;
        for (StateSpace::Index i = space.ply_begin(ply); i < space.ply_begin(ply + 1); ++i) {
          poll.tick();
          if (space.terminal(i)) continue;
          if (spec.kind == PositionSetKind::canonical &&
              !(group.canonical(space.position(i)).position == space.position(i)))
            continue;
          out.push_back(entry(i));
        }
      }
      break;
    }
    case PositionSetKind::stratified: {
      for (int ply = 0; ply <= max_ply; ++ply) {
        if (!ply_wanted[ply]) continue;
        std::map<int, std::vector<std::pair<std::uint64_t, StateSpace::Index>>> by_distance;
        for (StateSpace::Index i = space.ply_begin(ply); i < space.ply_begin(ply + 1); ++i) {
          poll.tick();
          if (!space.terminal(i))
            by_distance[solution.distance(i)].emplace_back(stratified_key(spec.seed, space.code(space.position(i))), i);
        }
        for (auto& [distance, group] : by_distance) {
          std::sort(group.begin(), group.end());
          if (spec.per_group > 0 && group.size() > static_cast<std::size_t>(spec.per_group))
            group.resize(static_cast<std::size_t>(spec.per_group));
          std::vector<StateSpace::Index> chosen;
          for (auto& g : group) chosen.push_back(g.second);
          std::sort(chosen.begin(), chosen.end());
          for (auto i : chosen) out.push_back(entry(i));
        }
      }
      break;
    }
    case PositionSetKind::list:
      for (const Position& p : spec.positions) {
        const StateSpace::Index i = space.find(p);
        if (i == StateSpace::npos)
          throw std::invalid_argument("a listed position is not reachable on " + space.board().name());
        out.push_back(entry(i));
      }
      break;
    case PositionSetKind::random:
      throw std::invalid_argument("random sets are made by random play in the harness (set_generator.hpp), not from the exact solution");
  }
  return out;
}

}  // namespace tictac
