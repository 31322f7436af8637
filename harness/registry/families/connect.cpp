// connect, the exact solver for gravity boards
// (algorithms/search/connect/connect_solver.hpp): its line of the strategy table,
// its options and its factory.
#include <memory>

#include "algorithms/search/connect/connect_solver.hpp"
#include "harness/registry/erased_strategy.hpp"
#include "harness/registry/families/families.hpp"
#include "harness/registry/option_table.hpp"

namespace tictac::family {

namespace {

const OptionTable<ConnectOptions>& connect_options() {
  using C = ConnectOptions;
  static const OptionTable<C> t =
      OptionTable<C>()
          .choice<C::Mode>("mode", "weak", {{"weak", C::Mode::weak}, {"distance", C::Mode::distance}}, &C::mode,
                           "the value only, or Pons's score (hence the exact distance)")
          .choice<C::Window>("window", "null", {{"null", C::Window::null}, {"full", C::Window::full}}, &C::window,
                             "null-window searches on the score, or one search with a full window")
          .on_off("anticipate", true, &C::anticipate, "never search a move that lets the opponent win at once")
          .choice<C::Order>("order", "threats", {{"threats", C::Order::threats}, {"column", C::Order::column}}, &C::order,
                            "moves by the threats they make, or centre columns first")
          .ordering()
          .choice<C::Table>("tt", "symmetric",
                            {{"symmetric", C::Table::symmetric}, {"exact", C::Table::exact}, {"none", C::Table::none}},
                            &C::tt, "table keyed by position or mirror-symmetric, or none")
          // 16384 MiB: the table's limit.
          .number("tt_mb", 0, 16384, &C::tt_mb, "table size in MiB, rounded down to a power of two (0: sized to the board)")
          // 64: the most empty cells a board has.
          .number("near", 20, 64, &C::near,
                  "positions with at most this many empty cells use a second, 1 MiB table (0: one table)")
          .on_off("bounds", true, &C::bounds, "static bounds: no line left, and the second player's claimeven")
          .on_off("etc", true, &C::etc, "enhanced transposition cutoffs at every node");
  return t;
}

}  // namespace

StrategyEntry connect() {
  return {{"connect",
           "exact solver for gravity boards (Connect-Four and its family; a gravity board with (rows + 1) * cols <= "
           "64): bitboards, threat ordering, claimeven bounds, a table of both bounds "
           "(algorithms/search/connect/connect_solver.hpp)",
           connect_options().options(), 1.0,
           "made for gravity: the legal drops on column-major bitboards, every option sound there (boards without "
           "gravity are refused)",
           RulesNeeded{.stone_opens_cell_above = true}},
          with_options(connect_options(), [](const Board& board, const ConnectOptions& o, StrategyIdentity id) {
            ConnectSolver<NoStats>::validate(board, o);  // the board and the table size, before any search
            return std::make_unique<ErasedStrategy<ConnectSolver, ConnectOptions>>(std::move(id), board, nullptr, o);
          })};
}

}  // namespace tictac::family
