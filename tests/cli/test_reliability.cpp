// Bad input and failed output: a clear message, a non-zero exit, and
// nothing on disk changed.  (Config, compare and interruption cases are in
// test_config, test_run and test_compare; strategy specs in test_strategies.)
#include <catch2/catch.hpp>

#include <fstream>
#include <sys/stat.h>

#include "tests/cli_support.hpp"

using tictac::test::read_file;
using tictac::test::run_tictac;
using tictac::test::TempDir;

namespace {
bool is_char_device(const char* path) {
  struct stat st {};
  return ::stat(path, &st) == 0 && S_ISCHR(st.st_mode);
}
std::size_t entries(const std::filesystem::path& dir) {
  return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir), {}));
}
}  // namespace

TEST_CASE("output to a full disk fails with the reason instead of succeeding", "[reliability]") {
  REQUIRE(is_char_device("/dev/full"));
  TempDir t;
  for (const char* args : {"analyze --format json", "solve --format json", "strategies"}) {
    const std::string err = (t.path / "err").string();
    const int status = std::system(("'" TICTAC_EXE "' " + std::string(args) + " > /dev/full 2> '" + err + "'").c_str());
    INFO(args);
    CHECK(WEXITSTATUS(status) == 1);
    CHECK_THAT(read_file(err), Catch::Contains("No space left on device"));
  }
  // A file target that is a device is written in place, never replaced.
  const auto r = run_tictac("dag --depth 1 -o /dev/full");
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Catch::Contains("/dev/full"));
  CHECK(is_char_device("/dev/full"));
}

TEST_CASE("a failed dag export leaves the folder as it was", "[reliability]") {
  TempDir t;
  std::filesystem::create_directories(t.path / "out");
  {
    std::ofstream(t.path / "out" / "keep.dot") << "old";
  }
  // Too large without --force: refused before anything is written.
  auto r = run_tictac("dag -o out/keep.dot", t.path);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--max-nodes") && Catch::Contains("--depth"));
  CHECK(read_file(t.path / "out" / "keep.dot") == "old");
  CHECK(entries(t.path / "out") == 1);
  // An illegal position: the rule, and nothing written.
  r = run_tictac("dag --position 'OO./.../...' -o out/new.dot", t.path);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("stone count"));
  CHECK(entries(t.path / "out") == 1);
}

TEST_CASE("bad boards, positions and strategies are refused with the reason and exit 2", "[reliability]") {
  const struct {
    const char* args;
    const char* says;
  } cases[] = {
      {"solve --board 0x3 --k 1", "at least one row"},
      {"solve --board 9x9 --k 3", "at most 64 cells"},
      {"solve --board 3x3 --k 0", "k must be between"},
      {"solve --board threebythree", "not of the form RxC"},
      {"solve --position 'XXX/OO./O..'", "the side with a line must have made the last move"},
      {"solve --position 'X.O/.X'", "has 5 cells"},
      {"solve --strategy 'alphabeta:order=sideways'", "index, static, random"},
      {"solve --strategy 'alphabeta:replace=never'", "choices: always, depth, two-tier"},
      {"solve --strategy 'memo:keys=canonical,keys=exact'", "gives keys twice"},
      {"play --moves 'b2 b2' --x hard --o hard", "taken"},
      {"analyze --board 5x4 --k 4", "at most 16 cells"},
  };
  for (const auto& c : cases) {
    const auto r = run_tictac(c.args);
    INFO(c.args);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(c.says));
    CHECK(r.out.empty());
  }
}
