// The registry: spec strings to runnable strategies (strategy.hpp), from one
// table, strategy_table().  A line of it is what `tictac strategies` lists (name,
// summary, options) and the factory that builds the strategy from its option
// values (erased_strategy.hpp); the built-in families' factories are in
// families/, one file each (families.hpp).
#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "harness/registry/families/families.hpp"
#include "harness/registry/orderings.hpp"
#include "harness/registry/players.hpp"
#include "harness/registry/strategy.hpp"
#include "harness/registry/strategy_spec.hpp"

namespace tictac {

namespace {

// The strategy table: the built-in strategies (families/families.hpp), then
// those a test binary registers.
std::vector<StrategyEntry>& strategy_table() {
#define TICTAC_TABLE_LINE(f) family::f(),
  static std::vector<StrategyEntry> t = {TICTAC_BUILT_IN_STRATEGIES(TICTAC_TABLE_LINE)};
#undef TICTAC_TABLE_LINE
  return t;
}

const StrategyEntry* find_entry(std::string_view name) {
  for (const auto& e : strategy_table())
    if (e.info.name == name) return &e;
  return nullptr;
}

// Whether `value` is valid for `option` (its declaration, option_table.hpp);
// throws StrategyOptionError with the valid values if not.
void check_value(const StrategyInfo& info, const StrategyOption& option, const std::string& value) {
  const std::string what = "strategy " + info.name + ": " + option.key + "=" + value + " is not valid";
  switch (option.kind) {
    case StrategyOption::Kind::move_order:
      try {
        parse_order(value);  // throws with the valid parts
      } catch (const std::invalid_argument& e) {
        throw StrategyOptionError(option.key, e.what());
      }
      return;
    case StrategyOption::Kind::choice:
      if (std::find(option.choices.begin(), option.choices.end(), value) == option.choices.end()) {
        std::string valid;
        for (const auto& c : option.choices) valid += (valid.empty() ? "" : ", ") + c;
        throw StrategyOptionError(option.key, what + " (choices: " + valid + ")");
      }
      return;
    case StrategyOption::Kind::decimal: {
      double d = 0;
      auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), d);
      if (ec != std::errc{} || ptr != value.data() + value.size() || !(d >= 0) || d > static_cast<double>(option.max))
        throw StrategyOptionError(option.key, what + " (a number from 0 to " + std::to_string(option.max) + ": " +
                                                  option.help + ")");
      return;
    }
    case StrategyOption::Kind::number: {
      std::uint64_t n = 0;
      auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (ec != std::errc{} || ptr != value.data() + value.size() || n > option.max)
        throw StrategyOptionError(option.key, what + " (" +
                                                  (option.max == UINT64_MAX ? ""
                                                                            : "at most " + std::to_string(option.max) + ": ") +
                                                  option.help + ")");
      return;
    }
  }
}

const StrategyEntry& entry_of(std::string_view name) {
  const StrategyEntry* entry = find_entry(name);
  if (!entry && is_player(name))
    throw std::invalid_argument("'" + std::string(name) +
                                "' is a player, not a strategy: it chooses a move within a budget and does not know the "
                                "position's exact value, so solve and run do not take it (`tictac strategies` lists "
                                "the players)");
  if (!entry) {
    std::string valid;
    for (const auto& e : strategy_table()) valid += (valid.empty() ? "" : ", ") + e.info.name;
    throw std::invalid_argument("unknown strategy '" + std::string(name) + "' (strategies: " + valid + ")");
  }
  return *entry;
}

}  // namespace

// Option values in catalogue order, validated; unknown keys refused.
OptionValues resolve_options(const StrategyInfo& info, const StrategySpec& spec) {
  OptionValues values;
  for (const auto& o : info.options) values[o.key] = o.default_value;
  for (const auto& [key, value] : spec.options) {
    const auto option = std::find_if(info.options.begin(), info.options.end(), [&k = key](const auto& o) { return o.key == k; });
    if (option == info.options.end()) {
      std::string valid;
      for (const auto& o : info.options) valid += (valid.empty() ? "" : ", ") + o.key;
      throw StrategyOptionError(key, "strategy " + info.name + " has no option '" + key + "'" +
                                         (valid.empty() ? " (it takes none)" : " (its options: " + valid + ")"));
    }
    check_value(info, *option, value);
    values[key] = value;
  }
  return values;
}

// The identity of the strategy with these (resolved) values.
StrategyIdentity identity_of(const StrategyInfo& info, const OptionValues& values) {
  StrategyIdentity id{info.name, info.name, "none", false, info.cost_weight};
  bool first = true;
  for (const StrategyOption& o : info.options) {
    std::string v = values.at(o.key);
    if (o.kind == StrategyOption::Kind::move_order) {
      const OrderSpec order = parse_order(v);
      v = order_text(order);
      id.seeded = id.seeded || seeded(order);
    }
    if (o.kind == StrategyOption::Kind::decimal) {  // the shortest text of the number: 1.40 is 1.4
      double d = 0;
      std::from_chars(v.data(), v.data() + v.size(), d);
      char text[32];
      v.assign(text, std::to_chars(text, text + sizeof text, d).ptr);
    }
    id.options.emplace_back(o.key, v);
    if (!o.shown_at_default && values.at(o.key) == o.default_value) continue;
    if (o.ordering) id.ordering = v;
    id.spec += (first ? ":" : ",") + o.key + "=" + v;
    first = false;
  }
  return id;
}

std::vector<StrategyInfo> strategy_catalog() {
  std::vector<StrategyInfo> c;
  for (const auto& e : strategy_table()) c.push_back(e.info);
  return c;
}

void register_strategy(StrategyEntry entry) {
  if (find_entry(entry.info.name))
    throw std::invalid_argument("a strategy named '" + entry.info.name + "' is already registered");
  strategy_table().push_back(std::move(entry));
}

OptionValues resolve_options(const StrategySpec& spec) { return resolve_options(entry_of(spec.name).info, spec); }

std::unique_ptr<Strategy> make_strategy(const Board& board, const StrategySpec& spec) {
  const StrategyEntry& entry = entry_of(spec.name);
  const OptionValues values = resolve_options(entry.info, spec);
  if (const std::string missing = entry.info.needs.missing_on(board); !missing.empty())
    throw std::invalid_argument("strategy " + spec.name + " needs a board where " + missing + "; " + board.name() +
                                (board.gravity() ? " has gravity" : " has no gravity") +
                                (entry.info.gravity.empty() ? std::string() : " (" + entry.info.gravity + ")"));
  return entry.make(board, values, identity_of(entry.info, values));
}

std::unique_ptr<Strategy> make_strategy(const Board& board, std::string_view text) {
  return make_strategy(board, StrategySpec::parse(text));
}

std::optional<std::size_t> seeded_option(std::string_view name,
                                         const std::vector<std::pair<std::string, std::string>>& options) {
  const StrategyEntry* entry = find_entry(name);
  if (!entry) return std::nullopt;
  for (std::size_t i = 0; i < options.size(); ++i)
    for (const auto& o : entry->info.options)
      if (o.key == options[i].first && o.kind == StrategyOption::Kind::move_order) try {
          if (seeded(parse_order(options[i].second))) return i;
        } catch (const std::invalid_argument&) {
        }
  return std::nullopt;
}

}  // namespace tictac
