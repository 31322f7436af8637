// The exact-solution cache (harness/registry/exact_cache.hpp): a solution
// read back is the one solved, position by position, and every damaged or
// foreign file is a miss that costs time, never a wrong value.
#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <utility>

#include "algorithms/exact/solution.hpp"
#include "algorithms/exact/state_space.hpp"
#include "harness/registry/exact_cache.hpp"
#include "tests/cli_support.hpp"

namespace tictac {
namespace {

// Every table of `read` equals the one of `solved`, and every position is
// found at its index.
void check_same(const ExactSolution& read, const ExactSolution& solved) {
  const StateSpace& a = read.space();
  const StateSpace& b = solved.space();
  REQUIRE(a.size() == b.size());
  for (int ply = 0; ply <= b.max_ply() + 1; ++ply) REQUIRE(a.ply_begin(ply) == b.ply_begin(ply));
  for (StateSpace::Index i = 0; i < b.size(); ++i) {
    const Position p = b.position(i);
    if (a.position(i) != p || a.find(p) != i || a.result(i) != b.result(i) || a.paths(i) != b.paths(i) ||
        read.value(i) != solved.value(i) || read.distance(i) != solved.distance(i))
      FAIL("position " << i << " differs");
  }
}

void write_bytes(const std::filesystem::path& file, const std::string& bytes) {
  std::ofstream(file, std::ios::binary | std::ios::trunc) << bytes;
}

// The environment variable set for a scope, then restored.
struct CacheVariable {
  std::string before;
  bool had;
  explicit CacheVariable(const std::filesystem::path& folder) {
    const char* v = std::getenv("TICTAC_EXACT_CACHE");
    had = v != nullptr;
    if (had) before = v;
    setenv("TICTAC_EXACT_CACHE", folder.c_str(), 1);
  }
  ~CacheVariable() {
    if (had) setenv("TICTAC_EXACT_CACHE", before.c_str(), 1);
    else unsetenv("TICTAC_EXACT_CACHE");
  }
};

}  // namespace

TEST_CASE("a solution written to the cache and read back is the solution solved", "[exact_cache]") {
  test::TempDir dir;
  for (const Board& board : {Board(3, 4, 3), Board(4, 3, 3, true), Board(3, 3, 3)}) {
    const StateSpace space(board);
    const ExactSolution solved(space);
    const auto file = exact_cache_file(dir.path, board);
    write_exact_cache(solved, file);
    const auto read = read_exact_cache(board, file);
    REQUIRE(read);
    check_same(*read, solved);
  }
}

TEST_CASE("a damaged, truncated or foreign cache file is a miss, never a solution", "[exact_cache]") {
  test::TempDir dir;
  const Board board(3, 4, 3);
  const StateSpace space(board);
  const ExactSolution solved(space);
  const auto file = exact_cache_file(dir.path, board);
  write_exact_cache(solved, file);
  std::string bytes;
  {
    std::ifstream in(file, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), {});
  }
  REQUIRE(bytes.size() > 1000);
  const auto damaged = dir.path / "damaged.exact";

  CHECK_FALSE(read_exact_cache(board, dir.path / "missing.exact"));
  CHECK_FALSE(read_exact_cache(Board(4, 3, 3), file));  // another board's file
  CHECK_FALSE(read_exact_cache(Board(3, 4, 3, true), file));
  for (std::size_t keep : {std::size_t{0}, std::size_t{10}, bytes.size() / 2, bytes.size() - 1}) {
    write_bytes(damaged, bytes.substr(0, keep));
    CHECK_FALSE(read_exact_cache(board, damaged));
  }
  write_bytes(damaged, bytes + "x");  // trailing bytes
  CHECK_FALSE(read_exact_cache(board, damaged));
  for (std::size_t at : {std::size_t{3}, bytes.size() / 3, bytes.size() * 2 / 3, bytes.size() - 9}) {
    std::string flipped = bytes;
    flipped[at] = static_cast<char>(flipped[at] ^ 0x10);
    write_bytes(damaged, flipped);
    CHECK_FALSE(read_exact_cache(board, damaged));
  }
  write_bytes(damaged, bytes);
  REQUIRE(read_exact_cache(board, damaged));
}

TEST_CASE("restored tables and labels that are not a solution are refused, with the fault named", "[exact_cache]") {
  const Board board(3, 3, 3);
  const StateSpace space(board);
  const ExactSolution solved(space);
  // A first-ply position twice.
  StateSpace::Tables twice = space.tables();
  twice.packed[2] = twice.packed[1];
  CHECK_THROWS_WITH(StateSpace(board, twice), Catch::Contains("appears twice"));
  // A finished position said to be going on.
  StateSpace::Tables result = space.tables();
  const StateSpace::Index last = space.size() - 1;  // the last position fills the board: finished
  REQUIRE(space.terminal(last));
  result.result[last] = Result::ongoing;
  CHECK_THROWS_WITH(StateSpace(board, result), Catch::Contains("has a result that its stones do not give"));
  // Stones of another ply.
  StateSpace::Tables stones = space.tables();
  stones.packed[0] = 1;
  CHECK_THROWS_WITH(StateSpace(board, stones), Catch::Contains("does not have the stones of ply 0"));
  // Ply ranges that do not cover the positions.
  StateSpace::Tables plies = space.tables();
  plies.ply_begin.pop_back();
  CHECK_THROWS_WITH(StateSpace(board, plies), Catch::Contains("ply ranges"));
  // A finished position labelled with another value; a value out of range.
  ExactSolution::Labels labels = solved.labels();
  labels.value[last] = static_cast<std::int8_t>(labels.value[last] == 0 ? 1 : 0);
  CHECK_THROWS_WITH(ExactSolution(space, labels), Catch::Contains("position " + std::to_string(last)));
  labels = solved.labels();
  labels.value[0] = 2;
  CHECK_THROWS_WITH(ExactSolution(space, labels), Catch::Contains("position 0 has value 2"));
  // The tables as they are restore the space and the solution.
  const StateSpace copy(board, space.tables());
  check_same(ExactSolution(copy, solved.labels()), solved);
}

TEST_CASE("with TICTAC_EXACT_CACHE set, a board solved is written there and a later read gives the same solution",
          "[exact_cache]") {
  test::TempDir dir;
  const CacheVariable variable(dir.path);
  const Board board(2, 5, 3);  // solved by no other case of this process
  const auto solution = exact_solution(board);
  const auto file = exact_cache_file(dir.path, board);
  REQUIRE(std::filesystem::exists(file));
  const auto read = read_exact_cache(board, file);
  REQUIRE(read);
  const StateSpace space(board);
  const ExactSolution solved(space);
  check_same(*read, solved);
  check_same(*solution, solved);
  // Nothing but the file is left in the folder (the temporary was renamed).
  CHECK(std::distance(std::filesystem::directory_iterator(dir.path), std::filesystem::directory_iterator()) == 1);
}

}  // namespace tictac
