// connect, the exact solver for gravity boards
// (algorithms/search/connect/connect_solver.hpp): its options and its factory.
#include <memory>
#include <stdexcept>
#include <string>

#include "algorithms/search/connect/connect_solver.hpp"
#include "harness/registry/erased_strategy.hpp"
#include "harness/registry/families/families.hpp"

namespace tictac::family {

std::vector<StrategyOption> connect_options() {
  constexpr auto kNumber = StrategyOption::Kind::number;
  return {{"mode", "weak", {"weak", "distance"}, "the value only, or Pons's score (hence the exact distance)"},
          {"window", "null", {"null", "full"}, "null-window searches on the score, or one search with a full window"},
          {"anticipate", "on", {"on", "off"}, "never search a move that lets the opponent win at once"},
          {"order", "threats", {"threats", "column"}, "moves by the threats they make, or centre columns first",
           StrategyOption::Kind::choice, true},
          {"tt", "symmetric", {"symmetric", "exact", "none"}, "table keyed by position or mirror-symmetric, or none"},
          {"tt_mb", "0", {}, "table size in MiB, rounded down to a power of two (0: sized to the board)", kNumber},
          {"near", "20", {}, "positions with at most this many empty cells use a second, 1 MiB table (0: one table)",
           kNumber},
          {"bounds", "on", {"on", "off"}, "static bounds: no line left, and the second player's claimeven"},
          {"etc", "on", {"on", "off"}, "enhanced transposition cutoffs at every node"}};
}

StrategyFactory connect() {
  return [](const Board& board, const OptionValues& values, StrategyIdentity id) -> std::unique_ptr<Strategy> {
    auto v = [&](const char* key) -> const std::string& { return values.at(key); };
    ConnectOptions o;
    o.mode = v("mode") == "distance" ? ConnectOptions::Mode::distance : ConnectOptions::Mode::weak;
    o.window = v("window") == "full" ? ConnectOptions::Window::full : ConnectOptions::Window::null;
    o.anticipate = v("anticipate") == "on";
    o.order = v("order") == "column" ? ConnectOptions::Order::column : ConnectOptions::Order::threats;
    o.tt = v("tt") == "exact" ? ConnectOptions::Table::exact
           : v("tt") == "none" ? ConnectOptions::Table::none : ConnectOptions::Table::symmetric;
    if (std::stoull(v("tt_mb")) > 16384)
      throw std::invalid_argument("strategy connect: tt_mb=" + v("tt_mb") + " is above the table's limit (16384 MiB)");
    o.tt_mb = std::stoi(v("tt_mb"));
    if (std::stoull(v("near")) > 64)
      throw std::invalid_argument("strategy connect: near=" + v("near") + " is more empty cells than a board has (64)");
    o.near = std::stoi(v("near"));
    o.bounds = v("bounds") == "on";
    o.etc = v("etc") == "on";
    ConnectSolver<NoStats>::validate(board, o);  // the board and the table size, before any search
    return std::make_unique<ErasedStrategy<ConnectSolver, ConnectOptions>>(std::move(id), board, nullptr, o);
  };
}

}  // namespace tictac::family
