// A strategy's options, each declared once and bound to the field of the
// settings it sets (in the spirit of Stockfish's `options.add(...)`).  One
// declaration is the catalogue entry that `tictac strategies` prints (key,
// default, choices, help), the validation that make_strategy runs on a
// spec (StrategyOption: its choices, or its range), and the conversion of
// the validated values into the settings (OptionTable::read).
//
//   const OptionTable<BestOptions> t = OptionTable<BestOptions>()
//       .on_off("wins", true, &BestOptions::wins, "immediate wins first ...")
//       .choice<BestOptions::Window>("window", "null", {{"null", Window::null}, {"full", Window::full}},
//                                    &BestOptions::window, "null-window searches ...")
//       .number("tt_bits", 0, 28, &BestOptions::tt_bits, "table size as a power of two ...");
//
// A field is a pointer to a data member of T or of a base of T, or
// field(&Outer::inner, &Inner::x) for a member of a member.
#pragma once

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "harness/registry/strategy.hpp"

namespace tictac {

// A member of a member: field(&DfpnOptions::knowledge, &ProofKnowledgeOptions::wins).
template <class Outer, class Inner, class Mid, class Leaf>
auto field(Mid Outer::*outer, Leaf Inner::*inner) {
  return [outer, inner](auto& t) -> Leaf& { return (t.*outer).*inner; };
}

template <class T>
class OptionTable {
 public:
  // One of `choices`, each a name and the field's value for it; the catalogue
  // lists the names in this order.
  template <class V, class Field>
  OptionTable& choice(std::string key, std::string default_name, std::vector<std::pair<std::string, V>> choices, Field f,
                      std::string help) {
    StrategyOption o{std::move(key), std::move(default_name), {}, std::move(help)};
    for (const auto& c : choices) o.choices.push_back(c.first);
    add(std::move(o), [choices = std::move(choices), f](T& t, const std::string& value) {
      for (const auto& [name, v] : choices)
        if (name == value) std::invoke(f, t) = v;
    });
    return *this;
  }

  // "on" or "off" (listed in that order), a bool.
  template <class Field>
  OptionTable& on_off(std::string key, bool default_on, Field f, std::string help) {
    return choice<bool>(std::move(key), default_on ? "on" : "off", {{"on", true}, {"off", false}}, f, std::move(help));
  }

  // A whole number from 0 to `max`.
  template <class Field>
  OptionTable& number(std::string key, std::uint64_t default_value, std::uint64_t max, Field f, std::string help) {
    StrategyOption o{std::move(key), std::to_string(default_value), {}, std::move(help), StrategyOption::Kind::number};
    o.max = max;
    add(std::move(o), [f](T& t, const std::string& value) {
      using N = std::remove_reference_t<decltype(std::invoke(f, t))>;
      std::uint64_t n = 0;
      std::from_chars(value.data(), value.data() + value.size(), n);  // validated: a number up to max
      std::invoke(f, t) = static_cast<N>(n);
    });
    return *this;
  }

  // A number with a fraction from 0 to `max`, a double; `default_text` its
  // default as the catalogue prints it ("1.4").
  template <class Field>
  OptionTable& decimal(std::string key, std::string default_text, std::uint64_t max, Field f, std::string help) {
    StrategyOption o{std::move(key), std::move(default_text), {}, std::move(help), StrategyOption::Kind::decimal};
    o.max = max;
    add(std::move(o), [f](T& t, const std::string& value) {
      double d = 0;
      std::from_chars(value.data(), value.data() + value.size(), d);  // validated: a number from 0 to max
      std::invoke(f, t) = d;
    });
    return *this;
  }

  // An option of another kind (a move ordering, orderings.hpp), with its
  // conversion.
  OptionTable& add(StrategyOption o, std::function<void(T&, const std::string&)> set) {
    options_.push_back(std::move(o));
    setters_.push_back(std::move(set));
    return *this;
  }

  // The option declared last is the strategy's move ordering (the
  // `ordering` column of results.csv).
  OptionTable& ordering() {
    options_.back().ordering = true;
    return *this;
  }
  // The option declared last is left out of the spec's normal form at its
  // default (StrategyOption::shown_at_default).
  OptionTable& hidden_at_default() {
    options_.back().shown_at_default = false;
    return *this;
  }

  // The same table less the options with these keys.
  OptionTable without(std::initializer_list<std::string_view> keys) const {
    OptionTable t;
    for (std::size_t i = 0; i < options_.size(); ++i)
      if (std::find(keys.begin(), keys.end(), options_[i].key) == keys.end()) t.add(options_[i], setters_[i]);
    return t;
  }

  // The catalogue entries, in declaration order.
  const std::vector<StrategyOption>& options() const { return options_; }

  // The settings from values that make_strategy validated and completed
  // (every key of the table present), starting from T{}.
  T read(const OptionValues& values) const {
    T t{};
    for (std::size_t i = 0; i < options_.size(); ++i) setters_[i](t, values.at(options_[i].key));
    return t;
  }

 private:
  std::vector<StrategyOption> options_;
  std::vector<std::function<void(T&, const std::string&)>> setters_;
};

// The factory of a strategy whose options are `table` (a static: the factory
// keeps a reference): make(board, settings, identity) gets the settings read
// from the validated values.  The factory converts to a StrategyFactory, or
// to a player's (players.hpp).
template <class T, class Make>
auto with_options(const OptionTable<T>& table, Make make) {
  return [&table, make](const Board& board, const OptionValues& values, StrategyIdentity id) {
    return make(board, table.read(values), std::move(id));
  };
}

}  // namespace tictac
