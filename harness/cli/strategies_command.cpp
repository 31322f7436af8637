// `tictac strategies`: every strategy with its options and defaults.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <nlohmann/json.hpp>

#include "harness/cli/commands.hpp"
#include "harness/registry/orderings.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac::cli {

void add_strategies(CLI::App& app) {
  auto format = std::make_shared<std::string>("table");
  CLI::App* cmd = app.add_subcommand("strategies", "List every strategy with its options, their defaults and choices");
  cmd->add_option("--format", *format, "output format")->check(CLI::IsMember({"table", "json"}))->capture_default_str();
  cmd->callback([format] {
    if (*format == "json") {
      nlohmann::ordered_json j = nlohmann::ordered_json::array();
      for (const auto& s : strategy_catalog()) {
        nlohmann::ordered_json options = nlohmann::ordered_json::array();
        for (const auto& o : s.options)
          options.push_back({{"key", o.key}, {"default", o.default_value}, {"choices", o.choices}, {"help", o.help}});
        j.push_back({{"name", s.name}, {"summary", s.summary}, {"options", options}});
      }
      fmt::print("{}\n", j.dump(2));
      return;
    }
    fmt::print("Strategies, chosen by a spec: name or name:key=value,key=value\n");
    for (const auto& s : strategy_catalog()) {
      fmt::print("\n{}\n  {}\n", s.name, s.summary);
      for (const auto& o : s.options) {
        std::string choices;
        for (const auto& c : o.choices) choices += (choices.empty() ? "" : "|") + c;
        fmt::print("  {:<10} default {:<8} {}\n", o.key, o.default_value, o.help);
        if (!choices.empty()) fmt::print("  {:<10} choices {}\n", "", choices);
      }
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
  });
}

}  // namespace tictac::cli
