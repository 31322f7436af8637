// `tictac strategies`: every strategy with its options and defaults, then
// the default-strategy policy (default_policy.hpp), then the players
// (players.hpp); with --board, the default of one board, its rule and the
// reason.  The JSON lists the strategies, then the players, each with its
// kind, "strategy" or "player" (docs/strategies.md is made from it).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include <utility>
#include <vector>

#include "harness/cli/board_options.hpp"
#include "harness/cli/commands.hpp"
#include "harness/registry/default_policy.hpp"
#include "harness/registry/orderings.hpp"
#include "harness/registry/players.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac::cli {

namespace {

// A strategy's or a player's options, a line each, and their choices.
void print_options(const StrategyInfo& s) {
  for (const auto& o : s.options) {
    std::string choices;
    for (const auto& c : o.choices) choices += (choices.empty() ? "" : "|") + c;
    fmt::print("  {:<10} default {:<8} {}\n", o.key, o.default_value, o.help);
    if (!choices.empty()) fmt::print("  {:<10} choices {}\n", "", choices);
  }
}

}  // namespace

void add_strategies(CLI::App& app) {
  auto format = std::make_shared<std::string>("table");
  auto gravity = std::make_shared<bool>(false);
  auto where = std::make_shared<BoardOptions>();
  CLI::App* cmd = app.add_subcommand(
      "strategies",
      "List every strategy with its options, their defaults and choices, then the rules that choose the default "
      "strategy of a board; with --board, that board's default, its rule and the reason");
  cmd->add_option("--format", *format, "output format")->check(CLI::IsMember({"table", "json"}))->capture_default_str();
  CLI::Option* board = cmd->add_option("--board", where->board,
                                       "print the default strategy of this board (RxC, with --k and --gravity), the "
                                       "rule that chooses it and the reason, instead of the list");
  cmd->add_option("--k", where->k, "with --board: stones in a row that win, 1 to max(R, C)")->capture_default_str()->needs(board);
  cmd->add_flag("--gravity", *gravity,
                "also say what each strategy does on gravity boards (Connect-Four and its family): what follows the "
                "legal drops and what is switched off there as unsound; with --board, the board has gravity");
  cmd->footer("Limits: every strategy runs on boards of up to 64 cells (R*C <= 64), with or without gravity, except "
              "solve and the orderings that read the exact solution (oracle, worst), which need at most 16 cells.");
  cmd->callback([format, gravity, where, board] {
    if (board->count() > 0) {
      where->gravity = *gravity;
      const Board b = where->parse_board();
      const DefaultRule& rule = default_rule(b);
      if (*format == "json") {
        const nlohmann::ordered_json j{
            {"board", b.name()}, {"default", rule.spec}, {"rule", rule.boards}, {"reason", rule.reason}};
        fmt::print("{}\n", j.dump(2));
      } else {
        fmt::print("board    {}\ndefault  {}\nrule     {}\nreason   {}\n", b.name(), rule.spec, rule.boards, rule.reason);
      }
      return;
    }
    if (*format == "json") {
      nlohmann::ordered_json j = nlohmann::ordered_json::array();
      // The strategies, then the players, each entry with its kind.
      std::vector<std::pair<StrategyInfo, const char*>> entries;
      for (const auto& s : strategy_catalog()) entries.emplace_back(s, "strategy");
      for (const auto& s : player_catalog()) entries.emplace_back(s, "player");
      for (const auto& [s, kind] : entries) {
        nlohmann::ordered_json options = nlohmann::ordered_json::array();
        for (const auto& o : s.options)
          options.push_back({{"key", o.key}, {"default", o.default_value}, {"choices", o.choices}, {"help", o.help}});
        nlohmann::ordered_json entry{{"name", s.name}, {"kind", kind}, {"summary", s.summary}, {"options", options}};
        if (*gravity) {
          entry["gravity"] = s.gravity;
          entry["gravity_supported"] = s.needs.missing_on(Board(2, 2, 2, true)).empty();
        }
        j.push_back(entry);
      }
      fmt::print("{}\n", j.dump(2));
      return;
    }
    fmt::print("Strategies, chosen by a spec: name or name:key=value,key=value\n");
    for (const auto& s : strategy_catalog()) {
      fmt::print("\n{}\n  {}\n", s.name, s.summary);
      if (*gravity)
        fmt::print("  with gravity: {}{}\n", s.needs.missing_on(Board(2, 2, 2, true)).empty() ? "" : "REFUSED on gravity boards: ",
                   s.gravity.empty() ? "not said" : s.gravity);
      print_options(s);
    }
    std::string ordered;  // the strategies whose order option takes these orderings
    for (const auto& s : strategy_catalog())
      for (const auto& o : s.options)
        if (o.kind == StrategyOption::Kind::move_order) ordered += (ordered.empty() ? "" : ", ") + s.name;
    fmt::print("\nMove orderings of {} (their order option): prefixes, each at most once and in this order, then a "
               "base, joined with '+'\n", ordered);
    for (const Ordering& o : orderings())
      fmt::print("  {:<13} {}{}{}\n", o.name, o.prefix ? "(prefix) " : "", o.help,
                 o.needs_exact ? "; needs the exact solution (boards of at most 16 cells)" : o.seeded ? "; seeded" : "");
    fmt::print("\nThe default strategy of a board (`tictac solve` without --strategy, play, the sets): the rule that "
               "applies (each board meets one; `tictac strategies --board RxC --k K [--gravity]` names it)\n");
    for (const DefaultRule& r : default_rules()) fmt::print("  {}: {}\n    {}\n", r.boards, r.spec, r.reason);
    fmt::print("\nPlayers, chosen by a spec of the same form: each chooses one move within a budget and does not know "
               "the position's exact value, so solve and run do not take them\n");
    for (const auto& s : player_catalog()) {
      fmt::print("\n{}\n  {}\n", s.name, s.summary);
      print_options(s);
    }
  });
}

}  // namespace tictac::cli
