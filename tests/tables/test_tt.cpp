#include <catch2/catch.hpp>

#include "algorithms/search/statistics.hpp"
#include "algorithms/tables/tt.hpp"

using namespace tictac;

namespace {

// A table of 2^4 entries is indexed by the low 4 bits of a key, so keys 16
// apart share a slot (and, with two-tier, keys 16 apart share a pair).
constexpr int kBits = 4;
constexpr Key kA = 0x1230, kB = kA + 16, kC = kA + 32, kD = kA + 48;
const Position kP{};  // the position the statistics are told about

int depth_of(const TranspositionTable& tt, Key k) {
  NoStats none;
  const auto* e = tt.probe(k, kP, none);
  return e ? e->depth : -1;
}

}  // namespace

TEST_CASE("a table entry holds the score, bound, move and depth it was stored with", "[tt]") {
  for (Replacement r : {Replacement::always, Replacement::depth, Replacement::two_tier}) {
    TranspositionTable tt(kBits, r);
    CountingStats stats;
    CHECK(tt.probe(kA, kP, stats) == nullptr);
    tt.store(kA, -7, Bound::lower, 5, 9, stats);
    const auto* e = tt.probe(kA, kP, stats);
    REQUIRE(e != nullptr);
    CHECK(e->key == kA);
    CHECK(e->score == -7);
    CHECK(e->bound == Bound::lower);
    CHECK(e->move == 5);
    CHECK(e->depth == 9);
    CHECK(stats.s.tt_probes == 2);
    CHECK(stats.s.tt_hits == 1);
    CHECK(stats.s.tt_hits_lower == 1);
    CHECK(stats.s.tt_stores == 1);
    CHECK(tt.occupancy() == 1);
    CHECK(tt.capacity() == 16);
    CHECK(tt.bytes() == 16 * sizeof(TranspositionTable::Entry));
  }
}

TEST_CASE("always replaces whatever holds the slot, and the probe of the old key is a collision", "[tt]") {
  TranspositionTable tt(kBits, Replacement::always);
  CountingStats stats;
  tt.store(kA, 1, Bound::exact, 0, 9, stats);
  tt.store(kB, 2, Bound::exact, 0, 1, stats);  // shallower, replaces all the same
  CHECK(tt.probe(kA, kP, stats) == nullptr);
  CHECK(stats.s.tt_collisions == 1);
  CHECK(depth_of(tt, kB) == 1);
  CHECK(stats.s.tt_overwrites == 1);
  CHECK(tt.occupancy() == 1);
}

TEST_CASE("depth keeps the deeper entry and lets an entry at least as deep replace it", "[tt]") {
  TranspositionTable tt(kBits, Replacement::depth);
  NoStats none;
  tt.store(kA, 1, Bound::exact, 0, 5, none);
  tt.store(kB, 2, Bound::exact, 0, 4, none);  // shallower: refused
  CHECK(depth_of(tt, kA) == 5);
  CHECK(depth_of(tt, kB) == -1);
  tt.store(kB, 2, Bound::exact, 0, 5, none);  // as deep: replaces
  CHECK(depth_of(tt, kA) == -1);
  CHECK(depth_of(tt, kB) == 5);
  tt.store(kB, 3, Bound::upper, 0, 2, none);  // the same key always updates
  CHECK(depth_of(tt, kB) == 2);
}

TEST_CASE("two-tier keeps the deepest entry in the first slot of a pair and anything else in the second", "[tt]") {
  TranspositionTable tt(kBits, Replacement::two_tier);
  NoStats none;
  tt.store(kA, 1, Bound::exact, 0, 5, none);  // first slot
  tt.store(kB, 2, Bound::exact, 0, 3, none);  // shallower: second slot
  CHECK(depth_of(tt, kA) == 5);
  CHECK(depth_of(tt, kB) == 3);
  tt.store(kC, 3, Bound::exact, 0, 2, none);  // shallower still: replaces the second slot
  CHECK(depth_of(tt, kA) == 5);
  CHECK(depth_of(tt, kB) == -1);
  CHECK(depth_of(tt, kC) == 2);
  tt.store(kD, 4, Bound::exact, 0, 7, none);  // deeper: replaces the first slot
  CHECK(depth_of(tt, kA) == -1);
  CHECK(depth_of(tt, kC) == 2);
  CHECK(depth_of(tt, kD) == 7);
  // Keys of the other pair of the table are untouched by all this.
  tt.store(kA + 2, 5, Bound::exact, 0, 1, none);
  CHECK(depth_of(tt, kA + 2) == 1);
  CHECK(depth_of(tt, kD) == 7);
}

TEST_CASE("the scheme given at compile time behaves as the table's own", "[tt]") {
  TranspositionTable a(kBits, Replacement::depth), b(kBits, Replacement::depth);
  NoStats none;
  const Key keys[] = {kA, kB, kC, kA, kD, kB};
  const int depths[] = {5, 4, 6, 2, 6, 9};
  for (int i = 0; i < 6; ++i) {
    a.store(keys[i], i, Bound::exact, i, depths[i], none);
    b.store<Replacement::depth>(keys[i], i, Bound::exact, i, depths[i], none);
  }
  for (Key k : {kA, kB, kC, kD}) {
    const auto* x = a.probe(k, kP, none);
    const auto* y = b.probe<Replacement::depth>(k, kP, none);
    REQUIRE((x == nullptr) == (y == nullptr));
    if (x) CHECK(x->score == y->score);
  }
}

TEST_CASE("clear empties the table by generation, also when the generation wraps", "[tt]") {
  TranspositionTable tt(kBits, Replacement::two_tier);
  NoStats none;
  tt.store(kA, 1, Bound::exact, 0, 5, none);
  tt.clear();
  CHECK(depth_of(tt, kA) == -1);
  CHECK(tt.occupancy() == 0);
  // The 8-bit generation skips 0 (the mark of an empty entry), so after 255
  // searches it is back at an old entry's number: that entry must stay dead.
  tt.store(kB, 2, Bound::exact, 0, 3, none);
  for (int i = 0; i < 255; ++i) tt.clear();
  CHECK(depth_of(tt, kB) == -1);
  tt.store(kB, 2, Bound::exact, 0, 3, none);
  CHECK(depth_of(tt, kB) == 3);
}

TEST_CASE("reserve_clears makes the next clears wipe nothing, and every clear still empties the table", "[tt]") {
  // The generation counter wraps after 255 clears; a wrap wipes every entry.
  // After two clears (generation 3) only 252 clears are left before the
  // wrap: reserving 254 wipes now, and each of the 254 clears that follow
  // still leaves an empty table: an entry stored before a clear is never
  // found after it.
  TranspositionTable tt(kBits, Replacement::always);
  NoStats none;
  tt.clear();
  tt.clear();
  tt.store(kA, 1, Bound::exact, 0, 1, none);
  tt.reserve_clears(254);
  CHECK(tt.probe(kA, kP, none) == nullptr);  // the wipe emptied it
  for (int i = 0; i < 254; ++i) {
    tt.clear();
    CHECK(tt.probe(kB, kP, none) == nullptr);
    tt.store(kB, static_cast<std::int16_t>(i % 100), Bound::exact, 0, 1, none);
    const auto* e = tt.probe(kB, kP, none);
    REQUIRE(e != nullptr);
    CHECK(e->score == i % 100);
  }
  // A reservation that fits changes nothing: the stored entry stays.
  tt.clear();
  tt.store(kC, 3, Bound::exact, 0, 1, none);
  tt.reserve_clears(1);
  REQUIRE(tt.probe(kC, kP, none) != nullptr);
  CHECK(tt.probe(kC, kP, none)->score == 3);
}
