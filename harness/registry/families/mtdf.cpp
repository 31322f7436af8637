// mtdf, one of the alpha-beta family (alphabeta_family.hpp).
#include "harness/registry/families/alphabeta_family.hpp"
#include "harness/registry/families/families.hpp"

namespace tictac::family {

StrategyFactory mtdf() { return alphabeta_family<AlphaBetaKind::mtdf>(); }

}  // namespace tictac::family
