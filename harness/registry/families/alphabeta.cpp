// alphabeta, and the alpha-beta family's options (alphabeta_family.hpp).
#include <algorithm>
#include <string>

#include "harness/registry/families/alphabeta_family.hpp"
#include "harness/registry/families/families.hpp"

namespace tictac::family {

std::vector<StrategyOption> alphabeta_family_options(std::initializer_list<std::string_view> without) {
  constexpr auto kNumber = StrategyOption::Kind::number;
  std::vector<StrategyOption> o = {
      {"order", "index", order_examples(), order_help(), StrategyOption::Kind::move_order, true},
      {"window", "full", {"full", "narrow"}, "root window: (-inf, +inf), or the extreme scores of a game"},
      {"fail", "soft", {"soft", "hard"}, "fail-soft returns scores outside (alpha, beta); fail-hard clamps them"},
      {"score", "flat", {"flat", "depth"}, "flat +1/0/-1, or depth-scored (sooner wins score higher)"},
      {"tt", "none", {"none", "zobrist"}, "transposition table"},
      {"keys", "exact", {"exact", "canonical"}, "table keys: the position's Zobrist key, or its canonical form's"},
      {"tt_bits", "0", {}, "table size as a power of two, 1 to 28 (0: sized to the board)", kNumber},
      {"replace", "always", {"always", "depth", "two-tier"}, "table replacement scheme"},
      {"seed", "1", {}, "seed for the random orderings", kNumber},
      {"iterative", "false", {"false", "true"}, "iterative deepening (depth 1, 2, ..., all empty cells)"},
  };
  std::erase_if(o, [&](const StrategyOption& option) {
    return std::find(without.begin(), without.end(), option.key) != without.end();
  });
  return o;
}

AlphaBetaOptions to_alphabeta_options(OptionValues& v, const std::string& name) {
  AlphaBetaOptions o;
  o.order = parse_order(v["order"]);
  o.narrow_window = v["window"] == "narrow";
  o.fail_hard = v["fail"] == "hard";
  o.depth_score = v["score"] == "depth";
  o.tt = name == "mtdf" || v["tt"] == "zobrist";
  o.canonical_keys = v["keys"] == "canonical";
  o.tt_bits = std::stoi(v["tt_bits"]);
  o.replace = v["replace"] == "depth" ? Replacement::depth : v["replace"] == "two-tier" ? Replacement::two_tier
                                                                                         : Replacement::always;
  o.seed = std::stoull(v["seed"]);
  o.iterative = v["iterative"] == "true";
  if (o.order.tt_first && !o.tt)
    throw std::invalid_argument("strategy " + name + ": order=" + v["order"] + " puts the table move first, which needs tt=zobrist");
  return o;
}

StrategyFactory alphabeta() { return alphabeta_family<AlphaBetaKind::alphabeta>(); }

}  // namespace tictac::family
