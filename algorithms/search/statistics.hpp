// Search statistics, collected through a compile-time policy.
//
// Every search is a template on a Stats policy and reports what it does
// through these hooks.  CountingStats keeps plain integer fields; NoStats is
// an empty type whose hooks compile to nothing, so a timing instantiation
// pays nothing for counting; TracingStats also records which positions were
// visited, answered from a table, or pruned (for the GraphViz overlay).
//
// THE NODE, defined once for the whole project:
//   A node is one entry into a search function for a position: the root
//   included, finished positions included, and positions answered from a
//   table or memo included.  Every strategy calls `node()` exactly once, as
//   the first thing it does on entering a position, and nowhere else; the
//   one exception is a finished child that the full-depth searches recognise
//   in its parent without entering it (scoring.hpp's finished_child), which
//   is reported through `finished_child()` instead, so it counts the same.
// Counting anything else (only internal nodes, only table misses) is a
// different statistic with a different name.  For the best-first
// proof-number search (`pns`, which keeps its whole graph and never
// re-enters a position) a node is one node expanded: node() is called once
// per expansion; the depth-first `dfpn` counts calls, as above.
#pragma once

#include <array>
#include <cstdint>
#include <utility>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/tables/bound.hpp"

namespace tictac {

// The statistics, declared once.  Each entry of TICTAC_SEARCH_STATISTICS is
// one of:
//   COUNT(name, aggregate, description)  a counter: a field of SearchStats, a
//       CSV column and a JSON key of `solve`, in this order.  `aggregate` says
//       how a set of positions combines it: sum, or max (a size, which does
//       not add up over searches that each start with their own table).
//   INTERNAL(name, description)  a counter that only feeds a rate: a field,
//       summed over a set, but no column.
//   RATE(name, numerator, denominator, description)  a ratio of two counters
//       (0 when the denominator is 0): a method of SearchStats and a column,
//       recomputed from the summed counters for a set, never averaged.
// harness/formats/stat_fields.hpp turns the list into columns, JSON and set
// totals; nodes_by_ply, an array, sits outside it.
#define TICTAC_SEARCH_STATISTICS(COUNT, INTERNAL, RATE)                                                            \
  COUNT(nodes, sum, "nodes searched: entries into the search function, root, finished and table-answered positions " \
                    "included")                                                                                  \
  COUNT(terminal_nodes, sum, "nodes whose position is finished")                                                   \
  COUNT(cutoffs, sum, "beta cutoffs: moves whose score reached beta, so the node's remaining moves were not searched") \
  COUNT(first_move_cutoffs, sum, "cutoffs made by the first move tried")                                           \
  INTERNAL(cutoff_move_index_sum, "the sum of the 0-based index of the cutting move over all cutoffs")             \
  RATE(first_move_cutoff_rate, first_move_cutoffs, cutoffs, "first_move_cutoffs / cutoffs")                        \
  RATE(mean_cutoff_move_index, cutoff_move_index_sum, cutoffs, "the mean 0-based index of the cutting move")       \
  COUNT(tt_probes, sum, "transposition table probes")                                                              \
  COUNT(tt_hits, sum, "probes that found an entry for this position")                                              \
  RATE(tt_hit_rate, tt_hits, tt_probes, "tt_hits / tt_probes")                                                     \
  COUNT(tt_hits_exact, sum, "hits on an entry holding an exact score")                                             \
  COUNT(tt_hits_lower, sum, "hits on an entry holding a lower bound")                                              \
  COUNT(tt_hits_upper, sum, "hits on an entry holding an upper bound")                                             \
  COUNT(tt_hit_cutoffs, sum, "hits that answered the node without search")                                         \
  COUNT(tt_stores, sum, "entries written to the table")                                                            \
  COUNT(tt_overwrites, sum, "stores that replaced another position's entry")                                       \
  COUNT(tt_collisions, sum, "probes whose index matched but whose verification key did not")                       \
  COUNT(tt_occupancy, sum, "filled table entries at the end of the search")                                        \
  COUNT(tt_capacity, max, "entries in the table (0: no table)")                                                    \
  COUNT(memo_entries, sum, "memo entries at the end of the search (a memo: a table with no bounds and no "         \
                           "replacement)")                                                                       \
  COUNT(memo_hits, sum, "nodes answered from the memo")                                                            \
  COUNT(table_bytes, max, "bytes of the tables the search holds at its end (transposition table, memo, or the "    \
                          "exact solver's state space and labels), counted from their sizes, not measured from the " \
                          "process")

struct SearchStats {
#define TICTAC_STAT_FIELD(name, ...) std::uint64_t name = 0;
#define TICTAC_STAT_NO_FIELD(...)
  TICTAC_SEARCH_STATISTICS(TICTAC_STAT_FIELD, TICTAC_STAT_FIELD, TICTAC_STAT_NO_FIELD)
  std::array<std::uint64_t, Board::kMaxCells + 1> nodes_by_ply{};  // nodes by the ply of their position

  // Proof-number searches (algorithms/search/proof/): the proof and
  // disproof numbers of the root of the binary proof under way when the
  // node count reached 2^i, i = 0, 1, ... (deterministic, as node counts
  // are).  Empty for every other search.
  struct ProofSample {
    std::uint64_t nodes = 0;
    std::uint32_t pn = 0, dn = 0;
  };
  std::array<ProofSample, 48> root_proof_numbers{};
  std::uint8_t root_proof_samples = 0;

#define TICTAC_STAT_RATE(name, numerator, denominator, ...) \
  double name() const { return denominator ? double(numerator) / double(denominator) : 0.0; }
  TICTAC_SEARCH_STATISTICS(TICTAC_STAT_NO_FIELD, TICTAC_STAT_NO_FIELD, TICTAC_STAT_RATE)
#undef TICTAC_STAT_FIELD
#undef TICTAC_STAT_NO_FIELD
#undef TICTAC_STAT_RATE
};

// No statistics: every hook is empty and inlines away.
struct NoStats {
  static constexpr bool enabled = false;
  void node(int, const Position&) {}
  void terminal() {}
  void finished_child(int, const Position&, std::uint64_t& /*batch*/) {}
  void finished_children(int, std::uint64_t /*batch*/) {}
  void cutoff(int /*move_index*/) {}
  void pruned(const Position& /*parent*/, Mask /*unsearched moves*/) {}
  void tt_probe() {}
  void tt_hit(Bound, const Position&) {}
  void tt_hit_cutoff(const Position&) {}
  void tt_store(bool /*overwrite*/) {}
  void tt_collision() {}
  void memo_hit(const Position&) {}
  void root_proof_numbers(std::uint64_t /*nodes*/, std::uint32_t /*pn*/, std::uint32_t /*dn*/) {}
};

// Counts.  The search writes `s`, but its `nodes` only through result():
// node() counts by ply alone, and result() adds the plies up.  One more
// counter bumped at every node is a chain of dependent memory updates:
// measured with bench/ on 3x3, it made counting minimax and negamax
// 1.15-1.22x the statistics-free build instead of 1.09-1.13x, and
// memo:keys=exact 2.8x instead of 1.0x.
struct CountingStats {
  static constexpr bool enabled = true;
  SearchStats s;
  void node(int ply, const Position&) { ++s.nodes_by_ply[ply]; }
  // The statistics, nodes included.
  SearchStats result() const {
    SearchStats r = s;
    r.nodes = 0;
    for (std::uint64_t n : s.nodes_by_ply) r.nodes += n;
    return r;
  }
  void terminal() { ++s.terminal_nodes; }
  // A finished child found by its parent (scoring.hpp's finished_child) is a
  // node and a terminal node like any other, but the parent counts them in
  // a register (`batch`) and reports them once, after its move loop:
  // finished_child(ply, child, batch) for each, then
  // finished_children(ply, batch).  Same counts as node() + terminal() per
  // child; counted in memory for each sibling instead, counting minimax and
  // negamax took 1.45-1.55x the statistics-free build (bench/, 3x3).
  void finished_child(int, const Position&, std::uint64_t& batch) { ++batch; }
  void finished_children(int ply, std::uint64_t batch) {
    s.nodes_by_ply[ply] += batch;
    s.terminal_nodes += batch;
  }
  void cutoff(int move_index) {
    ++s.cutoffs;
    s.first_move_cutoffs += move_index == 0;
    s.cutoff_move_index_sum += static_cast<std::uint64_t>(move_index);
  }
  void pruned(const Position&, Mask) {}
  void tt_probe() { ++s.tt_probes; }
  void tt_hit(Bound b, const Position&) {
    ++s.tt_hits;
    s.tt_hits_exact += b == Bound::exact;
    s.tt_hits_lower += b == Bound::lower;
    s.tt_hits_upper += b == Bound::upper;
  }
  void tt_hit_cutoff(const Position&) { ++s.tt_hit_cutoffs; }
  void tt_store(bool overwrite) {
    ++s.tt_stores;
    s.tt_overwrites += overwrite;
  }
  void tt_collision() { ++s.tt_collisions; }
  void memo_hit(const Position&) { ++s.memo_hits; }
  void root_proof_numbers(std::uint64_t nodes, std::uint32_t pn, std::uint32_t dn) {
    if (s.root_proof_samples < s.root_proof_numbers.size()) s.root_proof_numbers[s.root_proof_samples++] = {nodes, pn, dn};
  }
};

// What a traced search did, position by position (for the DAG overlay).
struct SearchTrace {
  std::vector<Position> visited;     // every node, in order (repeats kept)
  std::vector<Position> table_hits;  // nodes answered from a table or memo
  std::vector<std::pair<Position, Mask>> pruned;  // (parent, moves not searched after a cutoff)
};

struct TracingStats : CountingStats {
  SearchTrace* trace = nullptr;
  void node(int ply, const Position& p) {
    CountingStats::node(ply, p);
    trace->visited.push_back(p);
  }
  // Every node in visiting order: no batching.
  void finished_child(int ply, const Position& p, std::uint64_t&) {
    node(ply, p);
    terminal();
  }
  void finished_children(int, std::uint64_t) {}
  void pruned(const Position& parent, Mask moves) { trace->pruned.emplace_back(parent, moves); }
  void tt_hit_cutoff(const Position& p) {
    CountingStats::tt_hit_cutoff(p);
    trace->table_hits.push_back(p);
  }
  void memo_hit(const Position& p) {
    CountingStats::memo_hit(p);
    trace->table_hits.push_back(p);
  }
};

}  // namespace tictac
