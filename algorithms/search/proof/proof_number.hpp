// Proof and disproof numbers, and the outcome of a binary proof.
//
// A proof number is the least number of leaves still to be proved for a node
// to be proved (as Allis defines it; with transpositions, an estimate: a
// shared subtree is counted once per parent).  0 means proved; kInfinity
// means disproved (the dual for disproof numbers).  Sums saturate at
// kInfinity, so a node with one disproved child of an AND node is disproved.
#pragma once

#include <cstdint>

namespace tictac {

using ProofNumber = std::uint32_t;
inline constexpr ProofNumber kInfinity = 0x7fffffffu;

constexpr ProofNumber saturating_add(ProofNumber a, ProofNumber b) {
  const std::uint64_t s = std::uint64_t{a} + b;
  return s >= kInfinity ? kInfinity : static_cast<ProofNumber>(s);
}

// The answer to one binary question ("does the attacker win?").
// open: not decided (yet, or within the budget).
enum class Outcome : std::uint8_t { open = 0, proven, disproven };

}  // namespace tictac
