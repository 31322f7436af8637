#include <catch2/catch.hpp>

#include <random>
#include <set>

#include "algorithms/game/rules.hpp"
#include "algorithms/game/symmetric_images.hpp"
#include "algorithms/game/symmetry.hpp"
#include "harness/formats/notation.hpp"

using namespace tictac;

TEST_CASE("a square board has the 8 named symmetries, a rectangular one 4", "[symmetry]") {
  const SymmetryGroup square{Board()};
  REQUIRE(square.size() == 8);
  const char* names[] = {"identity", "rot90", "rot180", "rot270", "mirror_lr", "mirror_ud", "diagonal", "anti_diagonal"};
  for (int g = 0; g < 8; ++g) CHECK(square.name(g) == names[g]);
  const SymmetryGroup rect{Board(3, 4, 3)};
  REQUIRE(rect.size() == 4);
  CHECK(rect.find("identity") == 0);
  CHECK(rect.find("rot180") >= 0);
  CHECK(rect.find("mirror_lr") >= 0);
  CHECK(rect.find("mirror_ud") >= 0);
  CHECK(rect.find("rot90") == -1);
}

TEST_CASE("the symmetries move cells as seed 000's table says", "[symmetry]") {
  // Seed 000: T1 (r,c) -> (c, 2-r); T4 (r,c) -> (r, 2-c); T6 (r,c) -> (c, r).
  const Board b;
  const SymmetryGroup s(b);
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c) {
      CHECK(s.map_cell(s.find("rot90"), b.cell(r, c)) == b.cell(c, 2 - r));
      CHECK(s.map_cell(s.find("rot270"), b.cell(r, c)) == b.cell(2 - c, r));
      CHECK(s.map_cell(s.find("mirror_lr"), b.cell(r, c)) == b.cell(r, 2 - c));
      CHECK(s.map_cell(s.find("mirror_ud"), b.cell(r, c)) == b.cell(2 - r, c));
      CHECK(s.map_cell(s.find("diagonal"), b.cell(r, c)) == b.cell(c, r));
      CHECK(s.map_cell(s.find("anti_diagonal"), b.cell(r, c)) == b.cell(2 - c, 2 - r));
    }
}

TEST_CASE("the symmetries form a group: closure, identity and inverses", "[symmetry]") {
  for (const Board& b : {Board(3, 3, 3), Board(4, 4, 4), Board(3, 4, 3), Board(2, 5, 2)}) {
    const SymmetryGroup s(b);
    INFO(b.name());
    for (int g = 0; g < s.size(); ++g) {
      CHECK(s.compose(g, 0) == g);
      CHECK(s.compose(0, g) == g);
      CHECK(s.compose(g, s.inverse(g)) == 0);
      for (int h = 0; h < s.size(); ++h) {
        const int gh = s.compose(g, h);  // throws if not closed
        for (int c = 0; c < b.cells(); ++c) CHECK(s.map_cell(gh, c) == s.map_cell(g, s.map_cell(h, c)));
      }
      // Each symmetry maps windows to windows, so it preserves the rules.
      for (Mask w : b.windows()) {
        const Mask image = s.map(g, w);
        CHECK(std::count(b.windows().begin(), b.windows().end(), image) == 1);
      }
    }
  }
}

TEST_CASE("a canonical form is the same for every image of a position", "[symmetry]") {
  for (const Board& b : {Board(3, 3, 3), Board(3, 4, 3), Board(4, 4, 3)}) {
    const SymmetryGroup s(b);
    std::mt19937_64 rng(42);
    for (int trial = 0; trial < 300; ++trial) {
      Position p;
      for (int c = 0; c < b.cells(); ++c) {
        const auto r = rng() % 3;
        if (r == 1) p.x |= Mask{1} << c;
        if (r == 2) p.o |= Mask{1} << c;
      }
      const auto canon = s.canonical(p);
      CHECK(s.apply(canon.symmetry, p) == canon.position);
      for (int g = 0; g < s.size(); ++g) {
        const Position image = s.apply(g, p);
        CHECK_FALSE(image < canon.position);
        CHECK(s.canonical(image).position == canon.position);
      }
    }
  }
}

TEST_CASE("a gravity board's group is {identity, mirror_lr}, square or not", "[symmetry]") {
  for (const Board& b : {Board(4, 4, 4, true), Board(6, 7, 4, true), Board(3, 4, 3, true), Board(1, 5, 2, true)}) {
    INFO(b.name());
    const SymmetryGroup s(b);
    REQUIRE(s.size() == 2);
    CHECK(s.name(0) == "identity");
    CHECK(s.name(1) == "mirror_lr");
    CHECK(s.compose(1, 1) == 0);
    // The mirror keeps rows, so it maps every drop to a drop.
    for (int r = 0; r < b.rows(); ++r)
      for (int c = 0; c < b.cols(); ++c) CHECK(s.map_cell(1, b.cell(r, c)) == b.cell(r, b.cols() - 1 - c));
  }
}

TEST_CASE("on a gravity board the canonical form is the lesser of a position and its mirror", "[symmetry]") {
  const Board b(6, 7, 4, true);
  const SymmetryGroup s(b);
  SymmetricImages images(b);
  REQUIRE(images.count() == 2);
  std::mt19937_64 rng(7);
  for (int game = 0; game < 50; ++game) {
    Position p;
    images.set(p);
    for (int ply = 0; ply < b.cells() && p.legal_moves(b); ++ply) {
      // A random drop, by the column's lowest empty cell.
      const Mask moves = p.legal_moves(b);
      Mask pick = moves;
      for (auto n = rng() % std::popcount(moves); n > 0; --n) pick &= pick - 1;
      const int cell = std::countr_zero(pick);
      const Side side = p.to_move();
      p.play(cell, side);
      images.toggle(cell, side);
      Position mirror;
      for (int c = 0; c < b.cells(); ++c) {
        const int m = b.cell(b.row_of(c), b.cols() - 1 - b.col_of(c));
        if (p.x >> c & 1) mirror.x |= Mask{1} << m;
        if (p.o >> c & 1) mirror.o |= Mask{1} << m;
      }
      const Position least = mirror < p ? mirror : p;
      CHECK(s.canonical(p).position == least);
      CHECK(images.canonical() == least);
    }
  }
}
