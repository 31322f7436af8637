#include <catch2/catch.hpp>

#include <fstream>
#include <set>
#include <sstream>

#include "harness/formats/notation.hpp"
#include "harness/registry/strategy.hpp"

using namespace tictac;

// tests/golden/node_counts.tsv is the project's signature: the node counts,
// table hits, cutoffs and memo entries of fixed (board, strategy, position)
// cells.  A change to any of them must be deliberate, regenerated with
// scripts/golden-node-counts and explained in its commit.  Every cell that
// the script lists must be there: the file has exactly kCells rows, each
// cell once.  A board name ending in g (4x4g) is a gravity board.
namespace {
constexpr int kCells = 140;
}

TEST_CASE("node counts match the golden file", "[golden]") {
  std::ifstream in(TICTAC_SOURCE_DIR "/tests/golden/node_counts.tsv");
  REQUIRE(in);
  std::string line;
  std::getline(in, line);
  REQUIRE(line == "board\tk\tstrategy\tposition\tnodes\ttt_hits\tcutoffs\tmemo_entries");
  std::set<std::string> cells;
  while (std::getline(in, line)) {
    std::istringstream row(line);
    std::string size, spec, position;
    int k = 0;
    std::uint64_t nodes = 0, tt_hits = 0, cutoffs = 0, memo_entries = 0;
    REQUIRE(row >> size >> k >> spec >> position >> nodes >> tt_hits >> cutoffs >> memo_entries);
    INFO(size << " k=" << k << " " << spec << " " << position);
    CHECK(cells.insert(size + " " + std::to_string(k) + " " + spec + " " + position).second);
    const bool gravity = !size.empty() && size.back() == 'g';
    const Board b = parse_board(gravity ? size.substr(0, size.size() - 1) : size, k, gravity);
    const SearchResult r = make_strategy(b, spec)->search(parse_position(b, position));
    CHECK(r.stats.nodes == nodes);
    CHECK(r.stats.tt_hits == tt_hits);
    CHECK(r.stats.cutoffs == cutoffs);
    CHECK(r.stats.memo_entries == memo_entries);
  }
  CHECK(cells.size() == kCells);
}
