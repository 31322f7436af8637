// mtdf, one of the alpha-beta family (alphabeta_family.hpp).
#include "harness/registry/families/alphabeta_family.hpp"
#include "harness/registry/families/families.hpp"

namespace tictac::family {

namespace {

// mtdf always has its table, and makes null windows of its own.
const OptionTable<AlphaBetaOptions>& mtdf_options() {
  static const OptionTable<AlphaBetaOptions> t = alphabeta_family_options().without({"window", "tt"});
  return t;
}

}  // namespace

StrategyEntry mtdf() {
  return {{"mtdf", "MTD(f): null-window alpha-beta passes over a transposition table, converging on the value",
           mtdf_options().options(), 1.0, kOrderedDrops},
          alphabeta_family<AlphaBetaKind::mtdf>(mtdf_options())};
}

}  // namespace tictac::family
