// Bad input and failed output: a clear message, a non-zero exit, and
// nothing on disk changed.  (Config, compare and interruption cases are in
// test_config, test_run and test_compare; strategy specs in test_strategies;
// shards of different configs or commits in test_shard.)  Files that
// disagree with each other, files cut short, Windows line endings, a full
// disk and a run killed outright are here.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <sys/stat.h>

#include "harness/formats/atomic_file.hpp"
#include "harness/formats/csv_writer.hpp"
#include "harness/formats/split_file.hpp"
#include "tests/cli_support.hpp"

using tictac::test::read_file;
using tictac::test::run_tictac;
using tictac::test::TempDir;
using tictac::test::write_file;
using json = nlohmann::json;

namespace {
bool is_char_device(const char* path) {
  struct stat st {};
  return ::stat(path, &st) == 0 && S_ISCHR(st.st_mode);
}
std::size_t entries(const std::filesystem::path& dir) {
  return static_cast<std::size_t>(std::distance(std::filesystem::directory_iterator(dir), {}));
}

// The same text with every "\n" made "\r\n", as a Windows editor saves it.
std::string crlf(const std::string& text) {
  std::string out;
  for (const char c : text) {
    if (c == '\n') out += '\r';
    out += c;
  }
  return out;
}

// A config running alphabeta on 3x3 over the positions of `file` (a set or
// split file).
std::string file_config(const std::string& file) {
  return "[experiment]\nname = \"split\"\nquestion = \"What is the root's value?\"\nboards = [\"3x3k3\"]\n"
         "[[strategy]]\nname = \"alphabeta\"\n[[position_set]]\nname = \"split\"\nkind = \"file\"\nfile = \"" + file + "\"\n";
}
const std::string kSplitConfig = file_config("split.csv");

// In t: split.csv (3x3 at 2 plies), exp.toml, and its two shards s0 and s1.
void two_shards(const TempDir& t) {
  REQUIRE(run_tictac("prove --split 2 --out split.csv", t.path).exit_code == 0);
  write_file(t.path / "exp.toml", kSplitConfig);
  for (const char* i : {"0", "1"}) {
    const auto r = run_tictac(std::string("run exp.toml --shard ") + i + "/2 --out s" + i, t.path);
    INFO(r.err);
    REQUIRE(r.exit_code == 0);
  }
}

// Every file in `dir` (not in its folders) and its text.
std::map<std::string, std::string> files_in(const std::filesystem::path& dir) {
  std::map<std::string, std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    files[e.path().filename().string()] = e.is_symlink() ? "-> " + std::filesystem::read_symlink(e.path()).string()
                                                         : read_file(e.path());
  return files;
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
      {"solve --board 65536x65536 --k 1", "at most 64 cells"},  // 2^32 cells, once wrapped to 0
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

TEST_CASE("files that disagree with each other: a split or set file of another board is refused naming the file",
          "[reliability]") {
  TempDir t;
  two_shards(t);
  // The 3x3 shards with the split file of a 3x4 board: none of its
  // positions is in their rows.
  REQUIRE(run_tictac("prove --board 3x4 --split 2 --out other.csv", t.path).exit_code == 0);
  auto r = run_tictac("merge s0 s1 --out m --split other.csv", t.path);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("other.csv") && Catch::Contains("are in no shard's rows"));
  CHECK_FALSE(std::filesystem::exists(t.path / "m"));
  // A set file made for 3x4, named by a 3x3 config.
  REQUIRE(run_tictac("sets --board 3x4 --kind random --plies 2 --per-ply 2 --out other-set.csv", t.path).exit_code == 0);
  write_file(t.path / "use.toml", file_config("other-set.csv"));
  r = run_tictac("run use.toml --out use", t.path);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("other-set.csv") && Catch::Contains("no position in the file is for board 3x3k3"));
  CHECK_FALSE(std::filesystem::exists(t.path / "use"));
}

TEST_CASE("a truncated file is refused naming the file, and nothing is written", "[reliability]") {
  TempDir t;
  two_shards(t);
  const std::string csv = read_file(t.path / "s1/results.csv"), meta = read_file(t.path / "s1/metadata.json");
  struct Cut {
    const char* file;
    std::string text;
    const char* says;
  } cuts[] = {
      // Cut in the middle of its last row, whose count is still right.
      {"s1/results.csv", csv.substr(0, csv.size() - 20), "ends in the middle of a line: a truncated file"},
      // Cut after a whole row: a row short of what metadata.json says.
      {"s1/results.csv", csv.substr(0, csv.rfind('\n', csv.size() - 2) + 1), "has 5 rows but its metadata.json says 6"},
      {"s1/metadata.json", meta.substr(0, meta.size() / 2), "is not valid JSON"},
  };
  for (const Cut& c : cuts) {
    INFO(c.file << ": " << c.says);
    TempDir u;
    std::filesystem::copy(t.path, u.path, std::filesystem::copy_options::recursive);
    write_file(u.path / c.file, c.text);
    const auto r = run_tictac("merge s0 s1 --out m --split split.csv", u.path);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(c.file) && Catch::Contains(c.says));
    CHECK_FALSE(std::filesystem::exists(u.path / "m"));
  }
  // A split file cut after a whole row lacks positions of its split.
  const std::string split = read_file(t.path / "split.csv");
  write_file(t.path / "cut.csv", split.substr(0, split.rfind('\n', split.size() - 2) + 1));
  auto r = run_tictac("merge s0 s1 --out m --split cut.csv", t.path);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("cut.csv") && Catch::Contains("its 11 positions are not the split"));
  // A config cut in the middle of a string.
  write_file(t.path / "cut.toml", kSplitConfig.substr(0, 60));
  r = run_tictac("run cut.toml --out c", t.path);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("cut.toml"));
  CHECK_FALSE(std::filesystem::exists(t.path / "m"));
  CHECK_FALSE(std::filesystem::exists(t.path / "c"));
}

TEST_CASE("files with Windows line endings read as the same files with Unix ones", "[reliability]") {
  // Every format tictac reads: configs, set and split files, shards' files for
  // merge, results.csv for compare.  The CRLF copies give the same results.
  TempDir t;
  two_shards(t);
  REQUIRE(run_tictac("merge s0 s1 --out m --split split.csv", t.path).exit_code == 0);
  TempDir w;
  std::filesystem::copy(t.path, w.path, std::filesystem::copy_options::recursive);
  std::filesystem::remove_all(w.path / "m");
  for (const char* f : {"exp.toml", "split.csv", "s0/results.csv", "s0/metadata.json", "s1/results.csv", "s1/metadata.json"})
    write_file(w.path / f, crlf(read_file(t.path / f)));
  REQUIRE(read_file(w.path / "split.csv").find("\r\n") != std::string::npos);
  auto r = run_tictac("merge s0 s1 --out m --split split.csv", w.path);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  CHECK(read_file(w.path / "m/results.csv") == read_file(t.path / "m/results.csv"));
  CHECK_THAT(r.out, Catch::Contains("has the value 0 (a draw)"));
  // The CRLF config and split file run to the same rows as the LF ones.
  r = run_tictac("run exp.toml --out again", w.path);
  INFO(r.err);
  REQUIRE(r.exit_code == 0);
  REQUIRE(run_tictac("run exp.toml --out again", t.path).exit_code == 0);
  // compare reads a CRLF results.csv as the LF one: the same node counts.
  write_file(w.path / "again/crlf.csv", crlf(read_file(w.path / "again/results.csv")));
  r = run_tictac("compare '" + (t.path / "again/results.csv").string() + "' again/crlf.csv", w.path);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  // A set file with CRLF, checked.
  REQUIRE(run_tictac("sets --board 3x3 --kind random --plies 2 --per-ply 3 --out set.csv", t.path).exit_code == 0);
  write_file(w.path / "set.csv", crlf(read_file(t.path / "set.csv")));
  r = run_tictac("sets --check set.csv", w.path);
  INFO(r.err);
  CHECK(r.exit_code == 0);
}

TEST_CASE("a disk that fills during a run fails naming the file and leaves the folder as it was", "[reliability]") {
  REQUIRE(is_char_device("/dev/full"));
  // The atomic writer given /dev/full: the write fails when finished, naming it.
  {
    tictac::AtomicFile f("/dev/full");
    f.stream() << std::string(100'000, 'x');
    CHECK_THROWS_WITH(f.finish(), Catch::Contains("/dev/full") && Catch::Contains("No space left on device"));
  }
  // An earlier run's folder whose results.csv is /dev/full: the new run's
  // other files are written in full first, and none replaces its target.
  TempDir t;
  write_file(t.path / "exp.toml", R"(
[experiment]
name = "full"
question = "q"
boards = ["3x3k3"]
[[strategy]]
name = "alphabeta"
[[position_set]]
name = "pons"
kind = "stratified"
plies = [2]
per_group = 1
seed = 1
)");
  REQUIRE(run_tictac("run exp.toml --out out", t.path).exit_code == 0);
  write_file(t.path / "out/report.md", "# the earlier run");
  std::filesystem::remove(t.path / "out/results.csv");
  std::filesystem::create_symlink("/dev/full", t.path / "out/results.csv");
  const auto before = files_in(t.path / "out");
  const auto r = run_tictac("run exp.toml --out out --force", t.path);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.err, Catch::Contains("out/results.csv") && Catch::Contains("No space left on device") &&
                        Catch::Contains("nothing was written"));
  CHECK(files_in(t.path / "out") == before);  // no temporary left, report.md kept, metadata.json the earlier run's
}

TEST_CASE("a run killed outright leaves the earlier run's results intact", "[reliability]") {
  TempDir t;
  write_file(t.path / "quick.toml", kSplitConfig);
  REQUIRE(run_tictac("prove --split 2 --out split.csv", t.path).exit_code == 0);
  REQUIRE(run_tictac("run quick.toml --out out", t.path).exit_code == 0);
  const auto before = files_in(t.path / "out");
  // Minimax over every position of 3x3, 200 times: minutes, killed after a second.
  write_file(t.path / "long.toml", R"(
[experiment]
name = "long"
question = "q"
boards = ["3x3k3"]
repetitions = 200
[[strategy]]
name = "minimax"
[[position_set]]
name = "all"
kind = "all"
)");
  const std::string cmd = "cd '" + t.path.string() + "' && ('" TICTAC_EXE
                          "' run long.toml --out out --force > /dev/null 2> err & pid=$!; sleep 1; kill -KILL $pid; "
                          "wait $pid; echo $? > code)";
  REQUIRE(std::system(cmd.c_str()) == 0);
  REQUIRE(read_file(t.path / "code") == "137\n");  // 128 + SIGKILL: it was still running
  // The earlier files are as they were; the killed run's temporaries (it
  // could not remove them) are beside them, under names no reader takes.
  auto after = files_in(t.path / "out");
  for (auto it = after.begin(); it != after.end();)
    it = it->first.find(".tmp-") != std::string::npos && it->first[0] == '.' ? after.erase(it) : std::next(it);
  CHECK(after == before);
  // And a run into the folder then succeeds.
  const auto r = run_tictac("run quick.toml --out out --force", t.path);
  INFO(r.err);
  CHECK(r.exit_code == 0);
  const auto lines = [](const std::string& text) { return std::count(text.begin(), text.end(), '\n'); };
  CHECK(lines(read_file(t.path / "out/results.csv")) == lines(before.at("results.csv")));
}

TEST_CASE("merge refuses shard metadata that names a file outside its folder or holds a value of the wrong type",
          "[reliability]") {
  TempDir t;
  two_shards(t);
  write_file(t.path / "elsewhere.csv", "not to be read, nor overwritten");
  const std::string meta = read_file(t.path / "s0/metadata.json");
  // Each edit of shard 0's metadata.json, and what the refusal says.
  const struct {
    std::function<void(json&)> edit;
    const char* says;
  } edits[] = {
      // The merge writes each set file into its output folder under the
      // name the shard gives: a path would write outside it.
      {[&](json& m) { m["position_set_files"] = {(t.path / "elsewhere.csv").string()}; }, "position_set_files names"},
      {[](json& m) { m["position_set_files"] = {"../elsewhere.csv"}; }, "position_set_files names"},
      {[](json& m) { m["position_set_files"] = "positions-a-3x3k3.csv"; }, "position_set_files is not a list"},
      {[](json& m) { m["duration_s"] = "long"; }, "malformed shard metadata"},
      {[](json& m) { m["exactness"] = 0; }, "malformed shard metadata"},
      {[](json& m) { m["shard"]["estimated_cost_share"] = "half"; }, "malformed shard metadata"},
  };
  for (const auto& e : edits) {
    json m = json::parse(meta);
    e.edit(m);
    write_file(t.path / "s0/metadata.json", m.dump());
    const auto r = run_tictac("merge s0 s1 --out m", t.path);
    INFO(e.says);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains("s0/metadata.json") && Catch::Contains(e.says));
    CHECK_FALSE(std::filesystem::exists(t.path / "m"));
  }
  CHECK(read_file(t.path / "elsewhere.csv") == "not to be read, nor overwritten");
  // Missing keys that only messages quote (config_path) are no reason to
  // refuse: the merge of shards without them succeeds.
  json m = json::parse(meta);
  m.erase("config_path");
  m.erase("host");
  write_file(t.path / "s0/metadata.json", m.dump());
  const auto r = run_tictac("merge s0 s1 --out m", t.path);
  INFO(r.err);
  CHECK(r.exit_code == 0);
}

TEST_CASE("merge --split refuses a row whose value is not -1, 0 or 1, naming it", "[reliability]") {
  TempDir t;
  two_shards(t);
  // The first position row of shard 1 with its value replaced.
  const std::string csv = read_file(t.path / "s1/results.csv");
  const auto header = tictac::csv_fields(csv.substr(0, csv.find('\n')));
  const auto value = static_cast<std::size_t>(std::find(header.begin(), header.end(), "value") - header.begin());
  REQUIRE(value < header.size());
  for (const char* bad : {"x", "99999999999"}) {
    std::istringstream in(csv);
    std::string out, line;
    for (int n = 0; std::getline(in, line); ++n) {
      auto f = tictac::csv_fields(line);
      if (n == 1) f[value] = bad;
      for (std::size_t i = 0; i < f.size(); ++i) {
        if (i) out += ',';
        out += tictac::csv_field(f[i]);
      }
      out += '\n';
    }
    write_file(t.path / "s1/results.csv", out);
    const auto r = run_tictac("merge s0 s1 --out m --split split.csv", t.path);
    INFO(bad);
    CHECK(r.exit_code == 2);
    CHECK_THAT(r.err, Catch::Contains(std::string("has value '") + bad + "', not -1, 0 or 1"));
    CHECK_FALSE(std::filesystem::exists(t.path / "m"));
  }
}

TEST_CASE("inputs found by fuzzing are refused with the reason", "[reliability]") {
  TempDir t;
  // fuzz_split_file: a board of 65536 x 65536 cells, whose count wrapped to 0 in an int.
  write_file(t.path / "split.csv", "board,k,gravity,position,ply,root,split_plies\n65536x65536,1,false,X,1,.,1\n");
  CHECK_THROWS_WITH(tictac::read_split_file(t.path / "split.csv"),
                    Catch::Contains("split.csv:2: bad board: a board has at most 64 cells"));
}
