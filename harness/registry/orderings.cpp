#include "harness/registry/orderings.hpp"

#include <stdexcept>

namespace tictac {

namespace {

constexpr Ordering prefix(std::string_view name, bool OrderSpec::*flag, std::string_view help) {
  return {name, true, OrderBase::index, flag, false, false, help};
}
constexpr Ordering base(std::string_view name, OrderBase b, bool needs_exact, bool seeded, std::string_view help) {
  return {name, false, b, nullptr, needs_exact, seeded, help};
}

// The one table.  A prefix is tried before any later prefix and before the
// base.
constexpr Ordering kOrderings[] = {
    prefix("tt", &OrderSpec::tt_first, "the table's best move first (needs tt=zobrist)"),
    prefix("killer", &OrderSpec::killers, "the two killer moves of this ply first, newest first"),
    //   name            value                     exact  seeded
    base("index", OrderBase::index, false, false, "cells 0, 1, 2, ... row by row"),
    base("static", OrderBase::static_lines, false, false,
         "by the number of windows through a cell, most first, then by index (on 3x3: centre, corners, edges); on a "
         "gravity board by column, centre first, ties to the left (4, 3, 5, 2, 6, 1, 7 on seven columns)"),
    base("random", OrderBase::random, false, true,
         "a fresh shuffle at every node, from a seeded generator that restarts with each search"),
    base("random-fixed", OrderBase::random_fixed, false, true, "one seeded permutation of the cells, used at every node"),
    base("history", OrderBase::history, false, false,
         "by the history heuristic: a cell scores depth^2 each time it causes a cutoff for that side; most first, "
         "then by index"),
    base("oracle", OrderBase::oracle, true, false,
         "by exact value for the side to move, best first; among equal values faster wins and slower losses "
         "first; then by index (the bracket from below)"),
    base("worst", OrderBase::worst, true, false, "the oracle order reversed (the bracket from above)"),
};

const Ordering& base_of(const OrderSpec& spec) {
  for (const Ordering& o : kOrderings)
    if (!o.prefix && o.base == spec.base) return o;
  throw std::logic_error("an OrderBase without a line in kOrderings");
}

// Appends `part` to `s`, after `separator` unless s is empty.
void join(std::string& s, std::string_view separator, std::string_view part) {
  if (!s.empty()) s.append(separator);
  s.append(part);
}

// The names of the prefixes (or the bases), each between `before` and
// `after`, separated by `separator`.
std::string list(bool prefixes, std::string_view separator, std::string_view before = "", std::string_view after = "") {
  std::string s;
  for (const Ordering& o : kOrderings)
    if (o.prefix == prefixes) join(s, separator, std::string(before).append(o.name).append(after));
  return s;
}

// Every prefix joined: "tt+killer".
std::string all_prefixes() { return list(true, "+"); }

std::string example() {
  std::string_view plain;  // the last base that needs neither the exact solution nor a seed
  for (const Ordering& o : kOrderings)
    if (!o.prefix && !o.needs_exact && !o.seeded) plain = o.name;
  return all_prefixes() + "+" + std::string(plain);
}

}  // namespace

std::span<const Ordering> orderings() { return kOrderings; }

OrderSpec parse_order(std::string_view text) {
  OrderSpec spec;
  std::size_t next_prefix = 0;  // prefixes come in table order
  bool base_seen = false;
  for (std::size_t start = 0;;) {
    const std::size_t plus = text.find('+', start);
    const std::string_view part = text.substr(start, plus == std::string_view::npos ? std::string_view::npos : plus - start);
    bool known = false;
    for (std::size_t i = 0; i < std::size(kOrderings) && !known && !base_seen; ++i) {
      const Ordering& o = kOrderings[i];
      if (o.name != part || (o.prefix && i < next_prefix)) continue;
      if (o.prefix) {
        spec.*o.flag = true;
        next_prefix = i + 1;
      } else {
        spec.base = o.base;
        base_seen = true;
      }
      known = true;
    }
    if (!known)
      throw std::invalid_argument("order '" + std::string(text) + "' is not valid: give " + list(true, ", ", "an optional '", "+' prefix") +
                                  ", then one of " + list(false, ", ") + " (for example " + example() + ")");
    if (plus == std::string_view::npos) return spec;
    start = plus + 1;
  }
}

std::string order_text(const OrderSpec& spec) {
  std::string s;
  for (const Ordering& o : kOrderings)
    if (o.prefix && spec.*o.flag) join(s, "+", o.name);
  if (s.empty() || spec.base != OrderSpec{}.base) join(s, "+", base_of(spec).name);
  return s;
}

bool needs_exact(const OrderSpec& spec) { return base_of(spec).needs_exact; }
bool seeded(const OrderSpec& spec) { return base_of(spec).seeded; }

std::string order_help() {
  return "move ordering: a base (" + list(false, ", ") + "), optionally after the prefixes " + list(true, " and ", "", "+") +
         " (any such combination is accepted)";
}

std::vector<std::string> order_examples() {
  std::vector<std::string> v;
  for (const Ordering& o : kOrderings)
    if (!o.prefix) v.emplace_back(o.name);
  for (const Ordering& o : kOrderings)
    if (o.prefix) v.emplace_back(o.name);
  v.push_back(all_prefixes());
  return v;
}

}  // namespace tictac
