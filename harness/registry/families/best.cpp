// best, the ablation ladder (algorithms/search/best/best_search.hpp): its options
// and its factory.
#include <cstdint>
#include <memory>
#include <string>

#include "algorithms/search/best/best_search.hpp"
#include "algorithms/search/policy.hpp"
#include "harness/registry/erased_strategy.hpp"
#include "harness/registry/families/families.hpp"

namespace tictac::family {

namespace {

BestOptions to_best_options(const OptionValues& values) {
  auto v = [&](const char* key) -> const std::string& { return values.at(key); };
  BestOptions b;
  b.wins = v("wins") == "on";
  b.threats = v("threats") == "on";
  b.window = v("window") == "full" ? BestOptions::Window::full : BestOptions::Window::null;
  b.tt = v("tt") == "exact" ? BestOptions::Table::exact
         : v("tt") == "none" ? BestOptions::Table::none : BestOptions::Table::canonical;
  b.tt_bits = std::stoi(v("tt_bits"));
  b.live = v("live") == "on";
  b.order = v("order") == "index" ? BestOptions::Order::index : BestOptions::Order::eval;
  b.history = v("history") == "on";
  b.pairing = v("pairing") == "on";
  b.distance = v("distance") == "on";
  return b;
}

}  // namespace

std::vector<StrategyOption> best_options() {
  constexpr auto kNumber = StrategyOption::Kind::number;
  return {{"wins", "on", {"on", "off"}, "immediate wins first, and forced blocks of the opponent's immediate win"},
          {"threats", "on", {"on", "off"}, "an opponent with two immediate winning threats wins: no further search (with gravity and wins=on, also: no move "
           "just below an opponent's hole, which would open it)"},
          {"window", "null", {"null", "full"}, "null-window searches on the three values, or one full-window search"},
          {"tt", "canonical", {"canonical", "exact", "none"}, "table holding both bounds, keyed by canonical form or position"},
          {"tt_bits", "0", {}, "table size as a power of two, 1 to 28 (0: sized to the board)", kNumber},
          {"live", "on", {"on", "off"}, "live-line pruning: dead windows ignored, no live window is a draw, one of the "
                                         "cells in no live window is tried"},
          {"order", "eval", {"eval", "index"}, "moves by an evaluation of live windows (attack above defence), or by cell",
           StrategyOption::Kind::choice, true},
          {"history", "on", {"on", "off"}, "the history heuristic as tie-break"},
          {"pairing", "off", {"on", "off"}, "a pairing of the opponent against a side's live windows: that side cannot "
           "win (no search; not on gravity boards)", StrategyOption::Kind::choice, false, false},
          {"distance", "off", {"on", "off"}, "also the exact distance to the end (null-window bisection on a distance "
                                             "score after the value)"},
          {"nodes", "0", {}, "node budget (0: none), rounded up to a multiple of 1,024 (the cancellation poll); a "
           "search that reaches it stops, and its result is unknown", kNumber, false, false}};
}

// best: the rungs of its ladder and the golden specs have instantiations of
// their own; every other combination shares one, and boards above 48 cells
// share the one with the wide table (best_search.hpp: BestFeatures).
StrategyFactory best() {
  return [](const Board& board, const OptionValues& values, StrategyIdentity id) -> std::unique_ptr<Strategy> {
    const BestOptions b = to_best_options(values);
    const std::uint64_t budget = std::stoull(values.at("nodes"));
    return dispatch<kBestFeatures>(features_of(b, board), [&]<BestFeatures F>() -> std::unique_ptr<Strategy> {
      auto s = std::make_unique<ErasedStrategy<BestSearchWith<F>::template Search, BestOptions>>(std::move(id), board,
                                                                                                 nullptr, b);
      s->set_node_budget(budget);
      return s;
    });
  };
}

}  // namespace tictac::family
