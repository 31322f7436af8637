#include <catch2/catch.hpp>

#include "algorithms/search/statistics.hpp"
#include "algorithms/tables/bound_table.hpp"

using namespace tictac;

namespace {

// A position of the 3x3 board from a number: X on the low bits, O on the
// next, without overlap.
Position position(unsigned n) { return {n & 0x1ff, (n >> 9) & 0x1ff & ~(n & 0x1ff)}; }

BoundTable::Bounds probe(const BoundTable& t, const Position& p) {
  NoStats none;
  return t.probe(p.x, p.o, none);
}

}  // namespace

TEST_CASE("a position never stored has the bounds -1 and +1", "[bound_table]") {
  BoundTable t(4);
  const auto b = probe(t, position(0x0421));
  CHECK(b.lower == -1);
  CHECK(b.upper == 1);
}

TEST_CASE("stores of one position merge its bounds: the larger lower, the smaller upper", "[bound_table]") {
  BoundTable t(4);
  CountingStats stats;
  const Position p = position(0x1042);
  t.store(p.x, p.o, 0, 1, stats);  // at least a draw
  CHECK(probe(t, p).lower == 0);
  CHECK(probe(t, p).upper == 1);
  t.store(p.x, p.o, -1, 0, stats);  // at most a draw: with the first, exactly a draw
  CHECK(probe(t, p).lower == 0);
  CHECK(probe(t, p).upper == 0);
  t.store(p.x, p.o, -1, 1, stats);  // nothing new: still exact
  CHECK(probe(t, p).lower == 0);
  CHECK(probe(t, p).upper == 0);
  t.probe(p.x, p.o, stats);
  CHECK(stats.s.tt_hits_exact == 1);
  CHECK(stats.s.tt_stores == 3);
  CHECK(stats.s.tt_overwrites == 0);
  CHECK(t.occupancy() == 1);
}

TEST_CASE("another position in the same slot is a collision, never a false hit", "[bound_table]") {
  BoundTable t(1);  // two slots: among three positions, two share one
  const auto slot = [](const Position& p) { return position_hash(p.x, p.o) >> 63; };
  Position p = position(0x0001), q = position(0x0002);
  if (slot(p) != slot(q)) {
    const Position r = position(0x0004);
    (slot(r) == slot(p) ? q : p) = r;
  }
  REQUIRE(slot(p) == slot(q));
  CountingStats stats;
  t.store(p.x, p.o, 1, 1, stats);
  const auto miss = t.probe(q.x, q.o, stats);
  CHECK(miss.lower == -1);
  CHECK(miss.upper == 1);
  CHECK(stats.s.tt_collisions == 1);
  t.store(q.x, q.o, -1, -1, stats);  // always replaces
  CHECK(stats.s.tt_overwrites == 1);
  CHECK(probe(t, q).upper == -1);
  CHECK(probe(t, p).lower == -1);  // p is gone
}

TEST_CASE("clear empties the bound table by generation, also when the generation wraps", "[bound_table]") {
  BoundTable t(4);
  NoStats none;
  const Position p = position(0x0421);
  t.store(p.x, p.o, 1, 1, none);
  t.clear();
  CHECK(probe(t, p).lower == -1);
  CHECK(t.occupancy() == 0);
  // The 16-bit generation skips 0, so 65,535 searches later it is back at
  // an old entry's number: that entry must stay dead.
  t.store(p.x, p.o, 1, 1, none);
  for (int i = 0; i < 65535; ++i) t.clear();
  CHECK(probe(t, p).lower == -1);
}

TEST_CASE("a bound table of 0 bits is off, as on boards of more than 48 cells", "[bound_table]") {
  BoundTable t(0);
  CHECK_FALSE(t.enabled());
  CHECK(t.capacity() == 0);
  CHECK(BoundTable::bits_for(Board(7, 7, 4)) == 0);  // 49 cells: the key no longer fits an entry
  CHECK(BoundTable::bits_for(Board(3, 3, 3)) == 10);
}

TEST_CASE("the wide table holds 64-cell keys whole: positions that differ only in the high bits never false-hit",
          "[bound_table]") {
  // In the narrow layout (x | o << 48, o >> 16) these two 64-cell positions
  // have the same key: X on cell 50 alone, and O on cell 2 alone.
  const Position p{Mask{1} << 50, 0}, q{0, Mask{1} << 2};
  REQUIRE((p.x | p.o << 48) == (q.x | q.o << 48));
  REQUIRE((p.o >> 16) == (q.o >> 16));
  // And two that differ only in O's top cell, 63.
  const Position r{0b1011, Mask{1} << 40}, s{0b1011, Mask{1} << 40 | Mask{1} << 63};
  CountingStats stats;
  for (const auto& [a, b] : {std::pair{p, q}, std::pair{r, s}}) {
    WideBoundTable t(1);  // two slots: force both into one by choosing the store order
    t.store(a.x, a.o, 1, 1, stats);
    const auto hit = t.probe(a.x, a.o, stats);
    CHECK(hit.lower == 1);  // round trip
    CHECK(hit.upper == 1);
    const auto other = t.probe(b.x, b.o, stats);
    CHECK(other.lower == -1);  // a miss (collision or empty slot), never a's bounds
    CHECK(other.upper == 1);
    t.store(b.x, b.o, -1, 0, stats);
    CHECK(t.probe(b.x, b.o, stats).upper == 0);
  }
  CHECK(WideBoundTable::bits_for(Board(8, 8, 4)) > 0);
}

TEST_CASE("a miss returns the bounds the caller passes (the distance search's range)", "[bound_table]") {
  BoundTable t(4);
  NoStats none;
  const auto b = t.probe(1, 2, none, {-65, 65});
  CHECK(b.lower == -65);
  CHECK(b.upper == 65);
  t.store(1, 2, -40, 12, none);
  CHECK(t.probe(1, 2, none, {-65, 65}).lower == -40);
  CHECK(t.probe(1, 2, none, {-65, 65}).upper == 12);
}
