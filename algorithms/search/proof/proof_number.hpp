// Proof and disproof numbers, and the outcome of a binary proof.
//
// A proof number is the least number of leaves still to be proved for a node
// to be proved (as Allis defines it; with transpositions, an estimate: a
// shared subtree is counted once per parent).  0 means proved; kInfinity
// means disproved (the dual for disproof numbers).  A sum is infinite only
// when a term is (an AND node with one disproved child is disproved); a
// finite sum stops at kInfinity - 1, since a large number is no disproof
// (prover.hpp: ProverCore::add).
#pragma once

#include <cstdint>

namespace tictac {

// The provers' poll of a cancel flag (a time limit), every 64 expansions
// (cancellable.hpp, cancel_poll_nodes): an expansion takes 10 us (6x6 k=4)
// to 0.75 ms (7x7 k=5, with the pairing search), so 2^16 of them overran a
// 1 s limit by seconds.  Their node budget (`nodes`) is their own, exact.
inline constexpr std::uint32_t kProverCancelPollNodes = 64;

using ProofNumber = std::uint32_t;
inline constexpr ProofNumber kInfinity = 0x7fffffffu;

// The answer to one binary question ("does the attacker win?").
// open: not decided (yet, or within the budget).
enum class Outcome : std::uint8_t { open = 0, proven, disproven };

}  // namespace tictac
