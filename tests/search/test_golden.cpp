#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "harness/formats/notation.hpp"
#include "harness/registry/strategy.hpp"

using namespace tictac;

// tests/golden/node_counts.tsv is the project's signature: node counts of
// fixed (board, strategy, position) cells.  A change to any of them must be
// deliberate, regenerated with scripts/golden-node-counts and explained in
// its commit.
TEST_CASE("node counts match the golden file", "[golden]") {
  std::ifstream in(TICTAC_SOURCE_DIR "/tests/golden/node_counts.tsv");
  REQUIRE(in);
  std::string line;
  std::getline(in, line);
  REQUIRE(line == "board\tk\tstrategy\tposition\tnodes");
  int cells = 0;
  while (std::getline(in, line)) {
    std::istringstream row(line);
    std::string size, spec, position;
    int k = 0;
    std::uint64_t nodes = 0;
    REQUIRE(row >> size >> k >> spec >> position >> nodes);
    const Board b = parse_board(size, k);
    const SearchResult r = make_strategy(b, spec)->search(parse_position(b, position));
    INFO(size << " k=" << k << " " << spec << " " << position);
    CHECK(r.stats.nodes == nodes);
    ++cells;
  }
  CHECK(cells >= 70);
}
