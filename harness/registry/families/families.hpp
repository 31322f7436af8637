// The factories of the strategy table's lines (strategy_registry.cpp) and the
// options they read, one file per family.  A family's instantiations (one
// search per policy and per statistics policy) are most of the registry's
// compile time, so each family compiles in a file of its own and a build
// compiles them side by side.
#pragma once

#include <initializer_list>
#include <string_view>
#include <vector>

#include "harness/registry/strategy.hpp"

namespace tictac::family {

// whole_tree.cpp: minimax, minimax-depth, negamax, memo, solve, alphabeta-seed003.
StrategyFactory minimax();
StrategyFactory minimax_depth();
StrategyFactory negamax();
StrategyFactory memo();
StrategyFactory retrograde();
StrategyFactory seed003();

// alphabeta.cpp, pvs.cpp, mtdf.cpp: the alpha-beta family (alphabeta_family.hpp).
// Its options, less the keys in `without`.
std::vector<StrategyOption> alphabeta_family_options(std::initializer_list<std::string_view> without = {});
StrategyFactory alphabeta();
StrategyFactory pvs();
StrategyFactory mtdf();

// best.cpp
std::vector<StrategyOption> best_options();
StrategyFactory best();

// connect.cpp
std::vector<StrategyOption> connect_options();
StrategyFactory connect();

// proof.cpp: pns and dfpn.  Their options: the knowledge ladder, then the search's own.
std::vector<StrategyOption> proof_options(bool dfpn);
StrategyFactory pns();
StrategyFactory dfpn();

}  // namespace tictac::family
