// The strategies without options of their own that change the search's
// shape: minimax, minimax-depth and negamax (whole trees), memo, solve
// (retrograde analysis), and seed 003's engine; their lines of the strategy
// table, their options and their factories.
#include <memory>
#include <stdexcept>
#include <string>

#include "algorithms/exact/state_space.hpp"
#include "algorithms/search/memo_negamax.hpp"
#include "algorithms/search/minimax.hpp"
#include "algorithms/search/negamax.hpp"
#include "algorithms/search/order/index.hpp"
#include "algorithms/search/order/oracle.hpp"
#include "algorithms/search/policy.hpp"
#include "algorithms/search/retrograde.hpp"
#include "algorithms/search/seed003_alphabeta.hpp"
#include "harness/registry/erased_strategy.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/families/families.hpp"
#include "harness/registry/option_table.hpp"

namespace tictac::family {

namespace {

// What the strategies without game knowledge do on gravity boards.
constexpr const char* kDropsOnly = "searches the legal drops (one per column that is not full); nothing to switch off";

// The whole-tree searches take the board's gravity as a template parameter
// (Board::legal_moves<Gravity>), so a board without gravity pays nothing for
// the support test; by_support_rule picks the instantiation once, here, by
// Board::stone_opens_cell_above.
template <bool G>
struct MinimaxFlat {
  template <class S>
  using Algo = Minimax<S, false, G>;
};
template <bool G>
struct MinimaxDepth {
  template <class S>
  using Algo = Minimax<S, true, G>;
};
template <bool G>
struct NegamaxOf {
  template <class S>
  using Algo = Negamax<S, G>;
};

template <template <bool> class Pick>
StrategyFactory by_support_rule() {
  return [](const Board& board, const OptionValues& values, StrategyIdentity id) {
    return board.stone_opens_cell_above() ? erased<Pick<true>::template Algo>()(board, values, std::move(id))
                           : erased<Pick<false>::template Algo>()(board, values, std::move(id));
  };
}

}  // namespace

StrategyEntry minimax() {
  return {{"minimax", "plain minimax over the whole tree, X max / O min, scores +1/0/-1 (seed 004)", {}, 100, kDropsOnly},
          by_support_rule<MinimaxFlat>()};
}

StrategyEntry minimax_depth() {
  return {{"minimax-depth",
           "depth-scored minimax: a win scores higher the sooner it comes, a loss is put off (seed 004's 10 - depth, "
           "for any board)",
           {}, 1.0, kDropsOnly},
          by_support_rule<MinimaxDepth>()};
}

StrategyEntry negamax() {
  return {{"negamax", "minimax in negamax form over the whole tree, +1/0/-1 (seed 000's baseline)", {}, 100, kDropsOnly},
          by_support_rule<NegamaxOf>()};
}

namespace {

struct MemoSettings {
  bool canonical = false;
};

const OptionTable<MemoSettings>& memo_options() {
  static const OptionTable<MemoSettings> t = OptionTable<MemoSettings>().choice<bool>(
      "keys", "exact", {{"exact", false}, {"canonical", true}}, &MemoSettings::canonical,
      "memo keys: the position, or its canonical form");
  return t;
}

// Seed 003's engine: with or without its table, in index or oracle order.
struct Seed003Settings {
  bool table = true;
  bool oracle = false;
};

const OptionTable<Seed003Settings>& seed003_options() {
  static const OptionTable<Seed003Settings> t =
      OptionTable<Seed003Settings>()
          .choice<bool>("tt", "zobrist", {{"zobrist", true}, {"none", false}}, &Seed003Settings::table,
                        "the article's table, or none (its alpha-beta alone)")
          .choice<bool>("order", "index", {{"index", false}, {"oracle", true}}, &Seed003Settings::oracle,
                        "cells in index order (the article's code) or the oracle order (its 'ideal ordering'), after "
                        "the table move")
          .ordering();
  return t;
}

}  // namespace

// The memo: one instantiation per layout and key kind (memo_negamax.hpp: MemoPolicy).
StrategyEntry memo() {
  return {{"memo",
           "negamax with a memo of solved positions; keys=canonical is seed 000's symmetry memo (2,271 nodes on 3x3)",
           memo_options().options(), 1.0,
           "searches the legal drops; keys=canonical folds the gravity group, the identity and the left-right mirror; "
           "nothing to switch off"},
          with_options(memo_options(), [](const Board& board, const MemoSettings& m, StrategyIdentity id) {
            return dispatch<kMemoPolicies>(memo_policy(board, m.canonical), [&]<MemoPolicy P>() -> std::unique_ptr<Strategy> {
              return std::make_unique<ErasedStrategy<MemoNegamaxWith<P>::template Search, bool>>(std::move(id), board,
                                                                                                 nullptr, m.canonical);
            });
          })};
}

StrategyEntry retrograde() {
  return {{"solve", "the exact solver: retrograde analysis labels every reachable position (boards of at most 16 cells)",
           {}, 1.0, "the reachable positions and their labels follow the drops; nothing to switch off"},
          [](const Board& board, const OptionValues& values, StrategyIdentity id) {
            if (board.cells() > StateSpace::kMaxCells)
              throw std::invalid_argument("strategy solve (retrograde analysis) needs a board of at most 16 cells; " +
                                          board.size_name() + " has " + std::to_string(board.cells()));
            return erased<Retrograde>()(board, values, std::move(id));
          }};
}

// Seed 003's engine as its Java code runs it (algorithms/search/seed003_alphabeta.hpp).
StrategyEntry seed003() {
  return {{"alphabeta-seed003",
           "seed 003's engine exactly: minimax-form alpha-beta, each root move searched with the full window, "
           "+-1000 scores, a 65,536-slot always-replace table keyed by java.util.Random(12345) Zobrist numbers",
           seed003_options().options(), 1.0, "searches the legal drops, in index or oracle order; nothing to switch off"},
          with_options(seed003_options(), [](const Board& board, const Seed003Settings& s, StrategyIdentity id)
                                              -> std::unique_ptr<Strategy> {
            const OrderBase* base = s.oracle ? &kOracleOrder : &kIndexOrder;
            std::shared_ptr<const ExactSolution> exact = s.oracle ? exact_solution(board) : nullptr;
            const ExactSolution* e = exact.get();
            if (!s.table)
              return std::make_unique<ErasedStrategy<Seed003Plain, const OrderBase*, const ExactSolution*>>(
                  std::move(id), board, exact, base, e);
            return std::make_unique<ErasedStrategy<Seed003WithTable, const OrderBase*, const ExactSolution*>>(
                std::move(id), board, exact, base, e);
          })};
}

}  // namespace tictac::family
