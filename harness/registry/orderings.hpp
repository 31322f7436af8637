// The move orderings of the alpha-beta family by name: the one table that
// parses and prints them, writes their help and their error messages, and
// says which need the exact solution and which draw from the seed.
// algorithms/search/move_order.hpp sees only the OrderSpec these become.
//
// An ordering is zero or more prefixes, in table order and each at most once,
// then one base, joined with '+': "tt+killer+history".  Without a base the
// base is index, and the normal form leaves it out: "tt" is "tt+index".
//
// Adding an ordering: its OrderBase value and its case in MoveOrder
// (algorithms/search/move_order.*), then one line in kOrderings
// (orderings.cpp).  Everything else (the parser, the normal form, the
// choices and help of `tictac strategies`, seeding in configs, the check for
// the exact solution) reads the table.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/search/move_order.hpp"

namespace tictac {

struct Ordering {
  std::string_view name;
  // A base sets OrderSpec::base; a prefix sets one flag of OrderSpec.
  bool prefix;
  OrderBase base;        // a base's value
  bool OrderSpec::*flag;  // a prefix's flag
  bool needs_exact;      // reads the exact solution (boards of at most 16 cells)
  bool seeded;           // draws from the strategy's seed; a config without a seed runs it once per seed
  std::string_view help;
};

// Prefixes first, then bases, in the order `tictac strategies` lists them.
std::span<const Ordering> orderings();

// Throws std::invalid_argument naming the valid parts.
OrderSpec parse_order(std::string_view text);
// The normal form: "tt+killer+history", "tt" (for tt+index), "index".
std::string order_text(const OrderSpec& spec);

bool needs_exact(const OrderSpec& spec);
bool seeded(const OrderSpec& spec);

// The help of an order option: the grammar and every part with its meaning.
std::string order_help();
// Example values for `tictac strategies`: every base, every prefix alone,
// and the prefixes together.
std::vector<std::string> order_examples();

}  // namespace tictac
