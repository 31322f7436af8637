// The move orderings by name (harness/registry/orderings.hpp): the table
// parses and prints every combination, and what it says about each base
// (reads the exact solution, draws from the seed) is what the base does.
#include <catch2/catch.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include "harness/formats/notation.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/orderings.hpp"
#include "harness/registry/strategy.hpp"

using namespace tictac;

namespace {

// Every OrderSpec the table can write: each subset of prefixes with each base.
std::vector<OrderSpec> every_order() {
  std::vector<const Ordering*> prefixes, bases;
  for (const Ordering& o : orderings()) (o.prefix ? prefixes : bases).push_back(&o);
  std::vector<OrderSpec> all;
  for (unsigned subset = 0; subset < (1u << prefixes.size()); ++subset)
    for (const Ordering* b : bases) {
      OrderSpec spec;
      for (std::size_t i = 0; i < prefixes.size(); ++i)
        if (subset >> i & 1) spec.*prefixes[i]->flag = true;
      spec.base = b->base;
      all.push_back(spec);
    }
  return all;
}

bool same(const OrderSpec& a, const OrderSpec& b) {
  return a.tt_first == b.tt_first && a.killers == b.killers && a.base == b.base;
}

// The moves MoveOrder yields from `text`, X or O to move as the position says.
std::vector<int> ordered(const OrderSpec& spec, std::uint64_t seed, const char* text) {
  const Board b;
  const Position p = parse_position(b, text);
  MoveOrder order(b, spec, seed, needs_exact(spec) ? exact_solution(b).get() : nullptr);
  std::int8_t out[Board::kMaxCells];
  const int n = order.order(p, p.to_move(), p.ply(), -1, out);
  return {out, out + n};
}

}  // namespace

TEST_CASE("every combination of prefixes and a base reads back from its normal form", "[orderings]") {
  const auto all = every_order();
  CHECK(all.size() == 4 * 7);  // {tt, killer} subsets x seven bases
  for (const OrderSpec& spec : all) {
    const std::string text = order_text(spec);
    INFO(text);
    CHECK(same(parse_order(text), spec));
  }
  CHECK(order_text(parse_order("tt+index")) == "tt");
  CHECK(order_text(parse_order("killer+index")) == "killer");
  CHECK(order_text(parse_order("index")) == "index");
  CHECK(order_text(parse_order("tt+killer+history")) == "tt+killer+history");
}

TEST_CASE("an order out of grammar is refused with every part the table knows", "[orderings]") {
  for (const char* bad : {"", "sideways", "killer+tt", "tt+tt", "history+tt", "tt+", "index+history"}) {
    INFO("'" << bad << "'");
    try {
      parse_order(bad);
      FAIL("accepted");
    } catch (const std::invalid_argument& e) {
      const std::string what = e.what();
      for (const Ordering& o : orderings()) CHECK_THAT(what, Catch::Contains(std::string(o.name)));
    }
  }
}

TEST_CASE("a base that the table says needs no exact solution orders every move without one", "[orderings]") {
  // MoveOrder gets no solution for these; one that read it would crash here.
  for (const Ordering& o : orderings()) {
    if (o.prefix || o.needs_exact) continue;
    OrderSpec spec;
    spec.base = o.base;
    INFO(o.name);
    for (const char* text : {".../.../...", "X../.O./...", "XO./.X./..O"}) {
      std::vector<int> moves = ordered(spec, 1, text);
      std::sort(moves.begin(), moves.end());
      const Position p = parse_position(Board(), text);
      std::vector<int> empty;
      for (Mask e = p.empty(Board()); e; e &= e - 1) empty.push_back(std::countr_zero(e));
      CHECK(moves == empty);
    }
  }
  // The ones that need it are refused where there is none.
  for (const Ordering& o : orderings())
    if (o.needs_exact)
      CHECK_THROWS_WITH(make_strategy(Board(5, 5, 4), "alphabeta:order=" + std::string(o.name)),
                        Catch::Contains("at most 16 cells"));
}

TEST_CASE("exactly the bases that the table calls seeded order differently under another seed", "[orderings]") {
  for (const Ordering& o : orderings()) {
    if (o.prefix) continue;
    OrderSpec spec;
    spec.base = o.base;
    INFO(o.name);
    // Seeds 1 to 4 on the empty board: a seeded base yields more than one order.
    std::vector<std::vector<int>> seen;
    for (std::uint64_t seed = 1; seed <= 4; ++seed) {
      const auto moves = ordered(spec, seed, ".../.../...");
      if (std::find(seen.begin(), seen.end(), moves) == seen.end()) seen.push_back(moves);
    }
    CHECK((seen.size() > 1) == o.seeded);
  }
}

