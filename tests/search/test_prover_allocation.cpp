// The provers allocate nothing inside a search: their table, graph and
// buffers are allocated once, at construction (the search loop is sacred).
// Counted with a replaced global operator new, for this test binary.
#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <new>

#include "algorithms/search/proof/dfpn.hpp"
#include "algorithms/search/proof/pns.hpp"

namespace {
std::atomic<std::size_t> g_allocations{0};
}

void* operator new(std::size_t n) {
  ++g_allocations;
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
// g++ 12 sees through the replacement when it inlines a delete and warns
// that free() gets memory from operator new: here it got it from malloc.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmismatched-new-delete"
void operator delete(void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
#pragma GCC diagnostic pop

using namespace tictac;

namespace {

template <template <class> class Prover, class Stats>
std::size_t allocations_in_searches(const Board& b, const std::vector<Position>& ps) {
  Prover<Stats> prover(b);
  Stats warm;
  prover.search(ps.front(), warm);
  const std::size_t before = g_allocations;
  for (const Position& p : ps) {
    Stats stats;
    const SearchResult r = prover.search(p, stats);
    REQUIRE(r.proved);
  }
  return g_allocations - before;
}

}  // namespace

TEST_CASE("dfpn and pns allocate nothing during a search", "[prover_allocation]") {
  const Board b(5, 5, 4);
  Position p;
  p.play(12, Side::X);
  p.play(6, Side::O);
  const std::vector<Position> ps = {Position{}, p};
  CHECK(allocations_in_searches<Dfpn, CountingStats>(b, ps) == 0);
  CHECK(allocations_in_searches<Pns, CountingStats>(b, ps) == 0);
  CHECK(allocations_in_searches<Dfpn, NoStats>(b, ps) == 0);
  CHECK(allocations_in_searches<Pns, NoStats>(b, ps) == 0);
}
