// The compile-time policies of the alpha-beta family (policy.hpp): each
// specialised instantiation must search exactly the tree of the one
// instantiation that reads every switch from the options at run time.
#include <catch2/catch.hpp>

#include "algorithms/exact/solution.hpp"
#include "algorithms/exact/state_space.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/orderings.hpp"
#include "algorithms/search/alphabeta.hpp"
#include "algorithms/search/mtdf.hpp"

using namespace tictac;

namespace {

AlphaBetaOptions options_of(const AlphaBetaPolicy& p) {
  AlphaBetaOptions o;
  o.tt = p.keys != TableKeys::none;
  o.canonical_keys = p.keys == TableKeys::canonical;
  o.replace = p.replace;
  o.fail_hard = p.fail_hard;
  o.order = parse_order(o.tt ? "tt+history" : "history");
  o.tt_bits = 5;  // small, so that the schemes replace entries
  return o;
}

template <class A, class B>
void same_trees(A& a, B& b, const StateSpace& space) {
  for (StateSpace::Index i = 0; i < space.size(); i += 37) {
    if (space.terminal(i)) continue;
    const Position p = space.position(i);
    CountingStats x, y;
    const SearchResult r = a.search(p, x), s = b.search(p, y);
    CHECK(x.result().nodes == y.result().nodes);
    CHECK(x.s.tt_hits == y.s.tt_hits);
    CHECK(x.s.tt_overwrites == y.s.tt_overwrites);
    CHECK(x.s.cutoffs == y.s.cutoffs);
    CHECK(r.best_move == s.best_move);
  }
}

}  // namespace

TEST_CASE("every policy list holds each specialised policy once, and the run-time one last", "[policy]") {
  for (std::size_t i = 0; i < kAlphaBetaPolicies.size(); ++i)
    for (std::size_t j = 0; j < i; ++j) CHECK_FALSE(kAlphaBetaPolicies[i] == kAlphaBetaPolicies[j]);
  CHECK(kAlphaBetaPolicies.back() == kRunTimePolicy);
  // Fail-hard with a table has no instantiation of its own.
  AlphaBetaOptions o;
  o.tt = o.fail_hard = true;
  CHECK(policy_of(o) == kRunTimePolicy);
  o.fail_hard = false;
  CHECK(policy_of(o) == fixed_policy(o));
}

TEST_CASE("each specialised alphabeta, pvs and mtdf policy searches the tree of the run-time instantiation",
          "[policy]") {
  const Board b(3, 3, 3);
  const StateSpace& space = exact_solution(b)->space();
  int specialised = 0;
  for (const AlphaBetaPolicy& p : kAlphaBetaPolicies) {
    if (!p.fixed) continue;
    ++specialised;
    const AlphaBetaOptions o = options_of(p);
    INFO("keys " << int(p.keys) << " replace " << int(p.replace) << " fail_hard " << p.fail_hard);
    dispatch<kAlphaBetaPolicies>(p, [&]<AlphaBetaPolicy P>() {
      AlphaBetaSearch<CountingStats, false, P> ab(b, o, nullptr);
      AlphaBetaSearch<CountingStats, false, kRunTimePolicy> ab_rt(b, o, nullptr);
      same_trees(ab, ab_rt, space);
      AlphaBetaSearch<CountingStats, true, P> pvs(b, o, nullptr);
      AlphaBetaSearch<CountingStats, true, kRunTimePolicy> pvs_rt(b, o, nullptr);
      same_trees(pvs, pvs_rt, space);
      if constexpr (P.keys != TableKeys::none) {
        Mtdf<CountingStats, P> mtdf(b, o, nullptr);
        Mtdf<CountingStats, kRunTimePolicy> mtdf_rt(b, o, nullptr);
        same_trees(mtdf, mtdf_rt, space);
      }
      return 0;
    });
  }
  CHECK(specialised == 8);
}

TEST_CASE("a search refuses options that do not have its policy", "[policy]") {
  const Board b;
  AlphaBetaOptions o;
  o.tt = true;
  CHECK_THROWS_AS((AlphaBetaSearch<NoStats, false, AlphaBetaPolicy{}>(b, o, nullptr)), std::logic_error);
  CHECK_NOTHROW((AlphaBetaSearch<NoStats, false, kRunTimePolicy>(b, o, nullptr)));
}
