// pvs, one of the alpha-beta family (alphabeta_family.hpp).
#include "harness/registry/families/alphabeta_family.hpp"
#include "harness/registry/families/families.hpp"

namespace tictac::family {

StrategyFactory pvs() { return alphabeta_family<AlphaBetaKind::pvs>(); }

}  // namespace tictac::family
