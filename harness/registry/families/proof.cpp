// pns and dfpn, the proof-number family (algorithms/search/proof/): their
// lines of the strategy table, their options and their factories.
#include <cstdint>

#include "algorithms/search/proof/dfpn.hpp"
#include "algorithms/search/proof/pns.hpp"
#include "harness/registry/erased_strategy.hpp"
#include "harness/registry/families/families.hpp"
#include "harness/registry/option_table.hpp"

namespace tictac::family {

namespace {

// What the provers keep on gravity boards (proof_knowledge.hpp and
// proof_value.hpp switch the rest off, whatever the spec says).
constexpr const char* kProverGravity =
    "searches the legal drops; keeps wins (holes that can be dropped into now) and live's disproof (no live window); "
    "switches off threats, pairing, potential, dominance, live's dead-cell pruning, mb and stealing, which assume "
    "that any empty cell can be played";

// The options both provers take: the knowledge ladder, then the search's own
// (of PnsOptions or DfpnOptions, which name their fields alike).
template <class O>
OptionTable<O> proof_options() {
  auto k = [](bool ProofKnowledgeOptions::*f) { return field(&O::knowledge, f); };
  auto v = [](bool ProofValueOptions::*f) { return field(&O::value, f); };
  return OptionTable<O>()
      .on_off("wins", true, k(&ProofKnowledgeOptions::wins), "immediate wins, forced replies to one, and a loss to two")
      .on_off("threats", true, k(&ProofKnowledgeOptions::threats),
              "threat sequences: victory by continuous fours proves; the defender's moves against a threat sequence "
              "are restricted to its zone (off on gravity boards)")
      .on_off("live", true, k(&ProofKnowledgeOptions::live),
              "live windows: no live window disproves, cells live for neither side are not tried (on gravity boards: "
              "tried)")
      .on_off("pairing", true, k(&ProofKnowledgeOptions::pairing),
              "the breaker's pairing strategies disprove, at every node (off on gravity boards)")
      .on_off("potential", true, k(&ProofKnowledgeOptions::potential),
              "the Erdos-Selfridge criterion: a small potential of live windows disproves (off on gravity boards)")
      .on_off("dominance", true, k(&ProofKnowledgeOptions::dominance),
              "weak game: a cell whose live windows all hold another empty cell is not tried (that cell is as good; off "
              "on gravity boards)")
      .on_off("mb", false, v(&ProofValueOptions::maker_breaker),
              "the maker-breaker reduction on whole questions: a search of the weak game beside the real one, whose "
              "breaker win disproves (its certificates, pairings and the potential, act at every node either way; off "
              "on gravity boards)")
      .on_off("stealing", true, v(&ProofValueOptions::stealing),
              "strategy-stealing: from the empty board the first player does not lose (never used on gravity boards)")
      .template choice<bool>("keys", "canonical", {{"canonical", true}, {"exact", false}}, &O::canonical,
                             "table keys: the canonical form under the board's symmetries, or the position")
      .number("nodes", 0, UINT64_MAX, &O::node_budget, "node budget (0: none); beyond it the result is unknown");
}

const OptionTable<PnsOptions>& pns_options() {
  static const OptionTable<PnsOptions> t = proof_options<PnsOptions>().number(
      "memory_mb", 0, UINT64_MAX, &PnsOptions::memory_mb,
      "memory budget of the search graph in MiB (0: sized to the board)");
  return t;
}

const OptionTable<DfpnOptions>& dfpn_options() {
  static const OptionTable<DfpnOptions> t =
      proof_options<DfpnOptions>()
          .number("tt_bits", 0, 28, &DfpnOptions::tt_bits,
                  "table size as a power of two, 1 to 28 (0: sized to the board; 40 bytes an entry)")
          .choice<int>("epsilon", "0.25", {{"0", 0}, {"0.125", 125}, {"0.25", 250}, {"0.5", 500}, {"1", 1000}},
                       &DfpnOptions::epsilon_permille, "the 1+epsilon threshold trick (0: Nagai's df-pn)");
  return t;
}

}  // namespace

StrategyEntry pns() {
  return {{"pns",
           "Allis's proof-number search: best-first over the AND/OR graph with transpositions merged, game knowledge "
           "as a ladder (algorithms/search/proof/pns.hpp)",
           pns_options().options(), 1.0, kProverGravity},
          with_options(pns_options(), [](const Board& board, const PnsOptions& o, StrategyIdentity id) {
            return std::make_unique<ErasedStrategy<Pns, PnsOptions>>(std::move(id), board, nullptr, o);
          })};
}

StrategyEntry dfpn() {
  return {{"dfpn",
           "depth-first proof-number search (Nagai) with the 1+epsilon trick over a fixed table, the same knowledge "
           "(algorithms/search/proof/dfpn.hpp)",
           dfpn_options().options(), 1.0, kProverGravity},
          with_options(dfpn_options(), [](const Board& board, const DfpnOptions& o, StrategyIdentity id) {
            return std::make_unique<ErasedStrategy<Dfpn, DfpnOptions>>(std::move(id), board, nullptr, o);
          })};
}

}  // namespace tictac::family
