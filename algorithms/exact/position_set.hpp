// Position sets from the exact solution (boards of at most 16 cells): the
// positions an experiment searches, each with its exact value and distance to
// the end.  The harness's table of set kinds (harness/experiment/
// position_set_spec.hpp) calls these for the kinds that the exact solution
// makes; beyond 16 cells it makes them otherwise (set_generator.hpp).
//
//   unfinished_positions  the not-finished positions at the given plies
//                         (none given: every ply), only those that are their
//                         own canonical form (symmetry.hpp) when asked
//   stratified_positions  in the style of Pascal Pons's Connect-Four
//                         benchmark: the not-finished positions grouped by
//                         (ply, distance to the end under perfect play), up to
//                         `per_group` from each group (0: all), chosen by a
//                         seeded hash so the choice is the same on every
//                         machine and compiler
//   listed_positions      given positions, each checked reachable
//
// Order: by ply, then (stratified) by distance, then by state-space index, so
// a set is the same list every time.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "algorithms/exact/cancel_poll.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/exact/solution.hpp"

namespace tictac {

struct PositionEntry {
  Position position;
  int ply = 0;
  int value = 0;     // exact, from X's point of view
  int distance = 0;  // exact plies to the end under perfect play
  friend bool operator==(const PositionEntry&, const PositionEntry&) = default;
};

// Each throws std::invalid_argument for a ply outside 0..cells or a listed
// position that is not reachable on the solution's board.  The two scans
// throw Cancelled (cancel_poll.hpp) once `cancel` is set (a scan of 4x4
// takes seconds).
std::vector<PositionEntry> unfinished_positions(const ExactSolution& solution, const std::vector<int>& plies, bool canonical_only,
                                                const std::atomic<bool>* cancel = nullptr);
std::vector<PositionEntry> stratified_positions(const ExactSolution& solution, const std::vector<int>& plies, int per_group,
                                                std::uint64_t seed, const std::atomic<bool>* cancel = nullptr);
std::vector<PositionEntry> listed_positions(const ExactSolution& solution, const std::vector<Position>& positions);

// The sampling key of stratified sets: splitmix64 of (seed, position code).
std::uint64_t stratified_key(std::uint64_t seed, std::uint64_t code);

}  // namespace tictac
