// pns and dfpn, the proof-number family (algorithms/search/proof/): their
// options and their factories.
#include <string>

#include "algorithms/search/proof/dfpn.hpp"
#include "algorithms/search/proof/pns.hpp"
#include "harness/registry/erased_strategy.hpp"
#include "harness/registry/families/families.hpp"

namespace tictac::family {

namespace {

ProofKnowledgeOptions to_knowledge_options(const OptionValues& values) {
  auto on = [&](const char* key) { return values.at(key) == "on"; };
  ProofKnowledgeOptions k;
  k.wins = on("wins");
  k.threats = on("threats");
  k.live = on("live");
  k.pairing = on("pairing");
  k.potential = on("potential");
  k.dominance = on("dominance");
  return k;
}

ProofValueOptions to_value_options(const OptionValues& values) {
  ProofValueOptions v;
  v.maker_breaker = values.at("mb") == "on";
  v.stealing = values.at("stealing") == "on";
  return v;
}

PnsOptions to_pns_options(const OptionValues& values) {
  return {to_knowledge_options(values), to_value_options(values), values.at("keys") == "canonical",
          std::stoull(values.at("nodes")), std::stoull(values.at("memory_mb"))};
}

DfpnOptions to_dfpn_options(const OptionValues& values) {
  const std::string& e = values.at("epsilon");
  const int permille = e == "0" ? 0 : e == "0.125" ? 125 : e == "0.5" ? 500 : e == "1" ? 1000 : 250;
  return {to_knowledge_options(values), to_value_options(values), values.at("keys") == "canonical",
          std::stoi(values.at("tt_bits")), permille, std::stoull(values.at("nodes"))};
}

}  // namespace

std::vector<StrategyOption> proof_options(bool dfpn) {
  constexpr auto kNumber = StrategyOption::Kind::number;
  std::vector<StrategyOption> o = {
      {"wins", "on", {"on", "off"}, "immediate wins, forced replies to one, and a loss to two"},
      {"threats", "on", {"on", "off"},
       "threat sequences: victory by continuous fours proves; the defender's moves against a threat sequence are "
       "restricted to its zone (off on gravity boards)"},
      {"live", "on", {"on", "off"}, "live windows: no live window disproves, cells live for neither side are not tried (on gravity boards: "
       "tried)"},
      {"pairing", "on", {"on", "off"}, "the breaker's pairing strategies disprove, at every node (off on gravity boards)"},
      {"potential", "on", {"on", "off"}, "the Erdos-Selfridge criterion: a small potential of live windows disproves (off on gravity boards)"},
      {"dominance", "on", {"on", "off"},
       "weak game: a cell whose live windows all hold another empty cell is not tried (that cell is as good; off on "
       "gravity boards)"},
      {"mb", "off", {"on", "off"},
       "the maker-breaker reduction on whole questions: a search of the weak game beside the real one, whose "
       "breaker win disproves (its certificates, pairings and the potential, act at every node either way; off on "
       "gravity boards)"},
      {"stealing", "on", {"on", "off"},
       "strategy-stealing: from the empty board the first player does not lose (never used on gravity boards)"},
      {"keys", "canonical", {"canonical", "exact"}, "table keys: the canonical form under the board's symmetries, or the position"},
      {"nodes", "0", {}, "node budget (0: none); beyond it the result is unknown", kNumber},
  };
  if (dfpn) {
    o.push_back({"tt_bits", "0", {}, "table size as a power of two, 1 to 28 (0: sized to the board; 40 bytes an entry)", kNumber});
    o.push_back({"epsilon", "0.25", {"0", "0.125", "0.25", "0.5", "1"}, "the 1+epsilon threshold trick (0: Nagai's df-pn)"});
  } else {
    o.push_back({"memory_mb", "0", {}, "memory budget of the search graph in MiB (0: sized to the board)", kNumber});
  }
  return o;
}

StrategyFactory pns() { return erased<Pns>(to_pns_options); }
StrategyFactory dfpn() { return erased<Dfpn>(to_dfpn_options); }

}  // namespace tictac::family
