// The strategies without options of their own that change the search's
// shape: minimax, minimax-depth and negamax (whole trees), memo, solve
// (retrograde analysis), and seed 003's engine.
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

namespace tictac::family {

namespace {

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

StrategyFactory minimax() { return by_support_rule<MinimaxFlat>(); }
StrategyFactory minimax_depth() { return by_support_rule<MinimaxDepth>(); }
StrategyFactory negamax() { return by_support_rule<NegamaxOf>(); }

// The memo: one instantiation per layout and key kind (memo_negamax.hpp: MemoPolicy).
StrategyFactory memo() {
  return [](const Board& board, const OptionValues& values, StrategyIdentity id) -> std::unique_ptr<Strategy> {
    const bool canonical = values.at("keys") == "canonical";
    return dispatch<kMemoPolicies>(memo_policy(board, canonical), [&]<MemoPolicy P>() -> std::unique_ptr<Strategy> {
      return std::make_unique<ErasedStrategy<MemoNegamaxWith<P>::template Search, bool>>(std::move(id), board, nullptr,
                                                                                         canonical);
    });
  };
}

StrategyFactory retrograde() {
  return [](const Board& board, const OptionValues& values, StrategyIdentity id) {
    if (board.cells() > StateSpace::kMaxCells)
      throw std::invalid_argument("strategy solve (retrograde analysis) needs a board of at most 16 cells; " +
                                  board.size_name() + " has " + std::to_string(board.cells()));
    return erased<Retrograde>()(board, values, std::move(id));
  };
}

// Seed 003's engine: with or without its table, in index or oracle order.
StrategyFactory seed003() {
  return [](const Board& board, const OptionValues& values, StrategyIdentity id) -> std::unique_ptr<Strategy> {
    const bool oracle = values.at("order") == "oracle";
    const OrderBase* base = oracle ? &kOracleOrder : &kIndexOrder;
    std::shared_ptr<const ExactSolution> exact = oracle ? exact_solution(board) : nullptr;
    const ExactSolution* e = exact.get();
    if (values.at("tt") == "none")
      return std::make_unique<ErasedStrategy<Seed003Plain, const OrderBase*, const ExactSolution*>>(std::move(id), board, exact,
                                                                                            base, e);
    return std::make_unique<ErasedStrategy<Seed003WithTable, const OrderBase*, const ExactSolution*>>(std::move(id), board,
                                                                                              exact, base, e);
  };
}

}  // namespace tictac::family
