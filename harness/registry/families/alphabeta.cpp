// alphabeta, and the alpha-beta family's options (alphabeta_family.hpp).
#include "harness/registry/families/alphabeta_family.hpp"
#include "harness/registry/families/families.hpp"

namespace tictac::family {

const OptionTable<AlphaBetaOptions>& alphabeta_family_options() {
  using A = AlphaBetaOptions;
  static const OptionTable<A> t =
      OptionTable<A>()
          .add({"order", "index", order_examples(), order_help(), StrategyOption::Kind::move_order},
               [](A& o, const std::string& v) { o.order = parse_order(v); })
          .ordering()
          .choice<bool>("window", "full", {{"full", false}, {"narrow", true}}, &A::narrow_window,
                        "root window: (-inf, +inf), or the extreme scores of a game")
          .choice<bool>("fail", "soft", {{"soft", false}, {"hard", true}}, &A::fail_hard,
                        "fail-soft returns scores outside (alpha, beta); fail-hard clamps them")
          .choice<bool>("score", "flat", {{"flat", false}, {"depth", true}}, &A::depth_score,
                        "flat +1/0/-1, or depth-scored (sooner wins score higher)")
          .choice<bool>("tt", "none", {{"none", false}, {"zobrist", true}}, &A::tt, "transposition table")
          .choice<bool>("keys", "exact", {{"exact", false}, {"canonical", true}}, &A::canonical_keys,
                        "table keys: the position's Zobrist key, or its canonical form's")
          .number("tt_bits", 0, 28, &A::tt_bits, "table size as a power of two, 1 to 28 (0: sized to the board)")
          .choice<Replacement>("replace", "always",
                               {{"always", Replacement::always}, {"depth", Replacement::depth},
                                {"two-tier", Replacement::two_tier}},
                               &A::replace, "table replacement scheme")
          .number("seed", 1, UINT64_MAX, &A::seed, "seed for the random orderings")
          .choice<bool>("iterative", "false", {{"false", false}, {"true", true}}, &A::iterative,
                        "iterative deepening (depth 1, 2, ..., all empty cells)");
  return t;
}

StrategyEntry alphabeta() {
  return {{"alphabeta", "negamax alpha-beta with orderings, windows, fail-soft/hard, and a Zobrist table",
           alphabeta_family_options().options(), 10, kOrderedDrops},
          alphabeta_family<AlphaBetaKind::alphabeta>(alphabeta_family_options())};
}

}  // namespace tictac::family
