#include <catch2/catch.hpp>

#include <algorithm>
#include <vector>

#include "algorithms/game/position_code.hpp"
#include "algorithms/game/symmetric_images.hpp"
#include "algorithms/game/symmetry.hpp"

using namespace tictac;

TEST_CASE("the base-3 code numbers the 19,683 fillings of the 3x3 board one to one", "[position_code]") {
  // Every filling of the 9 cells with X, O or nothing, as (x, o) masks.
  std::vector<int> seen(19683, 0);
  int fillings = 0;
  for (Mask x = 0; x < 512; ++x)
    for (Mask o = 0; o < 512; ++o) {
      if (x & o) continue;
      const PositionCode c = position_code({x, o});
      REQUIRE(c < 19683);
      ++seen[c];
      ++fillings;
    }
  CHECK(fillings == 19683);
  CHECK(std::count(seen.begin(), seen.end(), 1) == 19683);
  CHECK(position_code({0, 0}) == 0);
  CHECK(position_code({0x100, 0}) == 6561);     // X on cell 8: 3^8
  CHECK(position_code({0, 0x001}) == 2);        // O on cell 0: 2 * 3^0
  CHECK(position_code({0x1ff, 0}) == 9841);     // (3^9 - 1) / 2
}

TEST_CASE("the image codes are the codes of the symmetry group's images, the identity's first", "[position_code]") {
  for (const Board& b : {Board(3, 3, 3), Board(3, 4, 3), Board(4, 4, 4)}) {
    const SymmetryGroup group(b);
    const SymmetricCodes codes(b);
    REQUIRE(codes.count() == group.size());
    INFO(b.name());
    const Mask full = b.full();
    for (const Position& p : {Position{0x1, 0x2}, Position{0x421 & full, 0x18a & full & ~Mask{0x421}},
                              Position{full & 0x5555, full & 0x2aaa}}) {
      PositionCode out[SymmetricCodes::kMaxSymmetries];
      REQUIRE(codes.codes(p, out) == group.size());
      CHECK(out[0] == position_code(p));
      for (int g = 0; g < group.size(); ++g) CHECK(out[g] == position_code(group.apply(g, p)));
    }
  }
}
