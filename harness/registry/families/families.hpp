// The built-in strategies: one line each in TICTAC_BUILT_IN_STRATEGIES, in
// the order `tictac strategies` lists them.  Each line names a function of
// a family file in this folder that returns the strategy's line of the
// table: what `tictac strategies` prints (name, summary, its options
// declared once, harness/registry/option_table.hpp) and its factory.  A
// family's instantiations (one search per policy and per statistics policy)
// are most of the registry's compile time, so each family compiles in a
// file of its own and a build compiles them side by side.
//
// Adding a built-in strategy: its algorithm, its family file (a function
// returning its StrategyEntry), one line here, and that file in the build
// lists (CMakeLists.txt, meson.build).  The tests that run every strategy
// read the table (tests/search/test_strategies.cpp, test_cancellable.cpp).
#pragma once

#include "harness/registry/strategy.hpp"

// X(function): the line `family::function()` of the table.
#define TICTAC_BUILT_IN_STRATEGIES(X)                                                                  \
  X(minimax)       /* whole_tree.cpp */                                                                \
  X(minimax_depth) /* whole_tree.cpp */                                                                \
  X(negamax)       /* whole_tree.cpp */                                                                \
  X(alphabeta)     /* alphabeta.cpp */                                                                 \
  X(pvs)           /* pvs.cpp */                                                                       \
  X(mtdf)          /* mtdf.cpp */                                                                      \
  X(memo)          /* whole_tree.cpp */                                                                \
  X(retrograde)    /* whole_tree.cpp: solve */                                                         \
  X(best)          /* best.cpp */                                                                      \
  X(seed003)       /* whole_tree.cpp: alphabeta-seed003 */                                             \
  X(connect)       /* connect.cpp */                                                                   \
  X(pns)           /* proof.cpp */                                                                     \
  X(dfpn)          /* proof.cpp */

namespace tictac::family {

#define TICTAC_DECLARE_STRATEGY(f) StrategyEntry f();
TICTAC_BUILT_IN_STRATEGIES(TICTAC_DECLARE_STRATEGY)
#undef TICTAC_DECLARE_STRATEGY

}  // namespace tictac::family
