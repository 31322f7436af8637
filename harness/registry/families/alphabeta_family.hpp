// The factory of alphabeta, pvs and mtdf, a template on the algorithm:
// alphabeta.cpp, pvs.cpp and mtdf.cpp each instantiate one, so that the
// three compile side by side.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>

#include "algorithms/exact/state_space.hpp"
#include "algorithms/search/alphabeta.hpp"
#include "algorithms/search/mtdf.hpp"
#include "algorithms/search/policy.hpp"
#include "algorithms/search/pvs.hpp"
#include "harness/registry/erased_strategy.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/option_table.hpp"
#include "harness/registry/orderings.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac::family {

// What the alpha-beta family does on gravity boards.
inline constexpr const char* kOrderedDrops =
    "orders the legal drops (static: by column, centre first, ties to the left); nothing to switch off";

// The options of the alpha-beta family (alphabeta.cpp); mtdf takes them less
// `window` and `tt`.
const OptionTable<AlphaBetaOptions>& alphabeta_family_options();

// The algorithms of the alpha-beta family, each an instantiation per policy
// (algorithms/search/alphabeta.hpp: AlphaBetaPolicy).
enum class AlphaBetaKind { alphabeta, pvs, mtdf };

// The factory of alphabeta, pvs and mtdf: the options, the exact solution for
// an ordering that reads it, and the instantiation for the options' policy
// (chosen once here, so the search tests none of them at a node).
template <AlphaBetaKind Kind>
StrategyFactory alphabeta_family(const OptionTable<AlphaBetaOptions>& table) {
  return with_options(table, [](const Board& board, AlphaBetaOptions o, StrategyIdentity id) -> std::unique_ptr<Strategy> {
    if constexpr (Kind == AlphaBetaKind::mtdf) o.tt = true;  // mtdf always has its table
    if (o.order.tt_first && !o.tt)
      throw std::invalid_argument("strategy " + id.name + ": order=" + order_text(o.order) +
                                  " puts the table move first, which needs tt=zobrist");
    if (needs_exact(o.order) && board.cells() > StateSpace::kMaxCells)
      throw std::invalid_argument("strategy " + id.name + ": order=" + order_text(o.order) +
                                  " reads the exact solution, which needs a board of at most 16 cells; " +
                                  board.size_name() + " has " + std::to_string(board.cells()));
    std::shared_ptr<const ExactSolution> exact = needs_exact(o.order) ? exact_solution(board) : nullptr;
    const ExactSolution* e = exact.get();
    return dispatch<kAlphaBetaPolicies>(policy_of(o), [&]<AlphaBetaPolicy P>() -> std::unique_ptr<Strategy> {
      auto make = [&]<template <class> class Algo>() -> std::unique_ptr<Strategy> {
        return std::make_unique<ErasedStrategy<Algo, AlphaBetaOptions, const ExactSolution*>>(std::move(id), board,
                                                                                              exact, o, e);
      };
      if constexpr (Kind == AlphaBetaKind::alphabeta) {
        return make.template operator()<AlphaBetaWith<P>::template AlphaBeta>();
      } else if constexpr (Kind == AlphaBetaKind::pvs) {
        return make.template operator()<AlphaBetaWith<P>::template Pvs>();
      } else if constexpr (!P.fixed || P.keys != TableKeys::none) {  // mtdf always has its table
        return make.template operator()<MtdfWith<P>::template Mtdf>();
      } else {
        throw std::logic_error("mtdf without a table: the registry gave it a policy it never takes");
      }
    });
  });
}

}  // namespace tictac::family
