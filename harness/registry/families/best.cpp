// best, the ablation ladder (algorithms/search/best/best_search.hpp): its line of
// the strategy table, its options and its factory.
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>

#include "algorithms/search/best/best_search.hpp"
#include "algorithms/search/policy.hpp"
#include "harness/registry/erased_strategy.hpp"
#include "harness/registry/families/families.hpp"
#include "harness/registry/option_table.hpp"

namespace tictac::family {

namespace {

// The search's options and the node budget of the strategy around it.
struct BestSettings : BestOptions {
  std::uint64_t nodes = 0;
};

const OptionTable<BestSettings>& best_options() {
  using W = BestOptions::Window;
  using T = BestOptions::Table;
  using O = BestOptions::Order;
  using Q = BestOptions::Question;
  static const OptionTable<BestSettings> t =
      OptionTable<BestSettings>()
          .on_off("wins", true, &BestOptions::wins, "immediate wins first, and forced blocks of the opponent's immediate win")
          .on_off("threats", true, &BestOptions::threats,
                  "an opponent with two immediate winning threats wins: no further search (with gravity and wins=on, "
                  "also: no move just below an opponent's hole, which would open it)")
          .choice<W>("window", "null", {{"null", W::null}, {"full", W::full}}, &BestOptions::window,
                     "null-window searches on the three values, or one full-window search (question=value only)")
          .choice<Q>("question", "value", {{"value", Q::value}, {"win", Q::win}, {"notlose", Q::notlose}},
                     &BestOptions::question,
                     "what the search answers: value, the game value; win, \"does the side to move win?\", or notlose, "
                     "\"does it at least draw?\", each one null-window search of the root whose answer is exact (a win, "
                     "a loss) or a bound (lower..upper, X's view: no value and no move); not with window=full or "
                     "distance=on")
          .hidden_at_default()
          .choice<T>("tt", "canonical", {{"canonical", T::canonical}, {"exact", T::exact}, {"none", T::none}},
                     &BestOptions::tt, "table holding both bounds, keyed by canonical form or position")
          .number("tt_bits", 0, 28, &BestOptions::tt_bits, "table size as a power of two, 1 to 28 (0: sized to the board)")
          .on_off("live", true, &BestOptions::live,
                  "live-line pruning: dead windows ignored, no live window is a draw, one of the cells in no live "
                  "window is tried")
          .choice<O>("order", "eval", {{"eval", O::eval}, {"index", O::index}}, &BestOptions::order,
                     "moves by an evaluation of live windows (attack above defence), or by cell")
          .ordering()
          .on_off("history", true, &BestOptions::history, "the history heuristic as tie-break")
          .on_off("pairing", false, &BestOptions::pairing,
                  "a pairing of the opponent against a side's live windows: that side cannot win (no search; not on "
                  "gravity boards)")
          .hidden_at_default()
          .on_off("distance", false, &BestOptions::distance,
                  "also the exact distance to the end (null-window bisection on a distance score after the value)")
          .number("nodes", 0, UINT64_MAX, &BestSettings::nodes,
                  "node budget (0: none), rounded up to a multiple of 1,024 (the cancellation poll); a search that "
                  "reaches it stops, and its result is unknown")
          .hidden_at_default();
  return t;
}

}  // namespace

// The rungs of its ladder and the golden specs have instantiations of their
// own; every other combination shares one, and boards above 48 cells share
// the one with the wide table (best_search.hpp: BestFeatures).
StrategyEntry best() {
  return {{"best",
           "the strongest exact solver, an ablation ladder: every enhancement below can be switched off "
           "(algorithms/search/best/best_search.hpp)",
           best_options().options(), 1.0,
           "searches the legal drops; wins, threats and forced blocks count only holes that are legal drops now; "
           "threats also skips a move just below an opponent's hole (it would open the hole); "
           "live's pruning of interchangeable dead cells is OFF (a stone in a dead cell opens the cell above it); "
           "pairing is OFF (the breaker's answer may not be playable yet); the "
           "live-window draw and bounds, the eval order, history and the canonical table (identity and mirror) are "
           "as without gravity"},
          with_options(best_options(), [](const Board& board, const BestSettings& s, StrategyIdentity id) {
            const BestOptions& b = s;
            if (b.question != BestOptions::Question::value && (b.distance || b.window == BestOptions::Window::full))
              throw std::invalid_argument(std::string("strategy best: question=") +
                                          (b.question == BestOptions::Question::win ? "win" : "notlose") +
                                          " is one null-window search with no distance: it cannot take " +
                                          (b.distance ? "distance=on" : "window=full"));
            return dispatch<kBestFeatures>(features_of(b, board), [&]<BestFeatures F>() -> std::unique_ptr<Strategy> {
              auto strategy = std::make_unique<ErasedStrategy<BestSearchWith<F>::template Search, BestOptions>>(
                  std::move(id), board, nullptr, b);
              strategy->set_node_budget(s.nodes);
              return strategy;
            });
          })};
}

}  // namespace tictac::family
