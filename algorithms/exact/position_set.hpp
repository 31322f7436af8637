// Position sets: the positions an experiment searches, each with its exact
// value and distance to the end, generated from the exact solution.
//
// Kinds:
//   empty       the empty board
//   all         every reachable position that is not finished
//   canonical   one position per symmetry class: the not-finished positions
//               that are their own canonical form (symmetry.hpp)
//   plies       the not-finished positions at the given plies
//   stratified  in the style of Pascal Pons's Connect-Four benchmark: the
//               not-finished positions grouped by (ply, distance to the end
//               under perfect play), up to `per_group` from each group,
//               chosen by a seeded hash so the choice is the same on every
//               machine and compiler
//   list        given positions (an explicit list or a file, read by the
//               harness)
//   random      seeded random play to the given plies (the harness makes it,
//               on every board: harness/experiment/set_generator.hpp;
//               generate_position_set refuses it)
//
// Here, sets come from the exact solution (boards of at most 16 cells); the
// harness makes every kind on larger boards (set_generator.hpp), and the
// stratified kind also in Pons's six strata (per_stratum).
//
// Order: by ply, then (stratified) by distance, then by state-space index, so
// a set is the same list every time.
#pragma once

#include <atomic>
#include <cstdint>
#include <string_view>
#include <vector>

#include "algorithms/game/position.hpp"
#include "algorithms/exact/solution.hpp"

namespace tictac {

enum class PositionSetKind : std::uint8_t { empty, all, canonical, plies, stratified, list, random };

std::string_view to_string(PositionSetKind k);

struct PositionSetSpec {
  PositionSetKind kind = PositionSetKind::empty;
  std::vector<int> plies;            // plies and stratified (empty: every ply)
  int per_group = 0;                 // stratified: positions per group (0: all of them)
  std::uint64_t seed = 0;            // stratified: which positions a group keeps
  std::vector<Position> positions;   // list
};

struct PositionEntry {
  Position position;
  int ply = 0;
  int value = 0;     // exact, from X's point of view
  int distance = 0;  // exact plies to the end under perfect play
  friend bool operator==(const PositionEntry&, const PositionEntry&) = default;
};

// Throws std::invalid_argument when a listed position is not reachable on the
// solution's board, a ply is out of range, or the kind is random; Cancelled
// (cancel_poll.hpp) once `cancel` is set (a scan of 4x4 takes seconds).
std::vector<PositionEntry> generate_position_set(const ExactSolution& solution, const PositionSetSpec& spec,
                                                 const std::atomic<bool>* cancel = nullptr);

// The sampling key of stratified sets: splitmix64 of (seed, position code).
std::uint64_t stratified_key(std::uint64_t seed, std::uint64_t code);

}  // namespace tictac
