// pvs, one of the alpha-beta family (alphabeta_family.hpp).
#include "harness/registry/families/alphabeta_family.hpp"
#include "harness/registry/families/families.hpp"

namespace tictac::family {

StrategyEntry pvs() {
  return {{"pvs", "principal variation search (NegaScout): null windows after the first move, re-search on success",
           alphabeta_family_options().options(), 1.0, kOrderedDrops},
          alphabeta_family<AlphaBetaKind::pvs>(alphabeta_family_options())};
}

}  // namespace tictac::family
