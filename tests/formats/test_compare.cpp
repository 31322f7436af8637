#include <catch2/catch.hpp>


#include "tests/cli_support.hpp"

using tictac::test::read_file;
using tictac::test::run_tictac;
using tictac::test::TempDir;

namespace {
const char* kConfig = R"(
[experiment]
name = "cmp"
question = "q"
boards = ["3x3k3"]
repetitions = 3
[[strategy]]
name = "alphabeta"
order = ["index", "oracle"]
[[position_set]]
name = "opening"
kind = "plies"
plies = [1]
)";
}  // namespace

TEST_CASE("two runs of one config have identical node counts, and compare says so with exit 0", "[compare]") {
  TempDir t;
  std::ofstream(t.path / "exp.toml") << kConfig;
  REQUIRE(run_tictac("run exp.toml --out a", t.path).exit_code == 0);
  REQUIRE(run_tictac("run exp.toml --out b", t.path).exit_code == 0);
  const auto r = run_tictac("compare a/results.csv b/results.csv", t.path);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  // 2 strategies x (9 positions + the set total)
  CHECK_THAT(r.out, Catch::Contains("node counts: all 20 matched rows identical"));
  CHECK_THAT(r.out, Catch::Contains("noise A"));
  CHECK_THAT(r.out, Catch::Contains("verdict: node counts unchanged"));
}

TEST_CASE("compare reports every changed node count exactly and exits 1", "[compare]") {
  TempDir t;
  std::ofstream(t.path / "exp.toml") << kConfig;
  REQUIRE(run_tictac("run exp.toml --out a", t.path).exit_code == 0);
  // Change the node count of the set_total rows of the index ordering by +7.
  std::string csv = read_file(t.path / "a/results.csv");
  std::istringstream in(csv);
  std::string line, out, header;
  std::getline(in, header);
  out = header + "\n";
  std::vector<std::string> cols;
  {
    std::string c;
    std::istringstream h(header);
    while (std::getline(h, c, ',')) cols.push_back(c);
  }
  const auto nodes_col = std::find(cols.begin(), cols.end(), "nodes") - cols.begin();
  long long before = -1;
  while (std::getline(in, line)) {
    if (line.find("order=index") != std::string::npos && line.find("set_total") != std::string::npos) {
      // The strategy field is quoted (it holds commas): split outside quotes.
      std::vector<std::string> f(1);
      bool q = false;
      for (char ch : line) {
        if (ch == '"') q = !q;
        if (ch == ',' && !q) f.emplace_back(); else f.back() += ch;
      }
      before = std::stoll(f[nodes_col]);
      f[nodes_col] = std::to_string(before + 7);
      line.clear();
      for (std::size_t i = 0; i < f.size(); ++i) line += (i ? "," : "") + f[i];
    }
    out += line + "\n";
  }
  REQUIRE(before > 0);
  std::ofstream(t.path / "b.csv") << out;
  const auto r = run_tictac("compare a/results.csv b.csv", t.path);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 1);
  CHECK_THAT(r.out, Catch::Contains("node counts: 1 of 20 matched rows differ"));
  CHECK_THAT(r.out, Catch::Contains("nodes " + std::to_string(before) + " -> " + std::to_string(before + 7) + " (+7,"));
  CHECK_THAT(r.out, Catch::Contains("verdict: node counts CHANGED"));
}

TEST_CASE("compare refuses a file without the columns it needs, with exit 2", "[compare]") {
  TempDir t;
  std::ofstream(t.path / "a.csv") << "board,k,strategy\n3x3,3,negamax\n";
  const auto r = run_tictac("compare a.csv a.csv", t.path);
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("Missing column") || Catch::Contains("missing column"));
  CHECK(run_tictac("compare nothere.csv a.csv", t.path).exit_code == 2);
}

TEST_CASE("a results file from before the gravity column compares as boards without gravity", "[compare]") {
  TempDir t;
  std::ofstream(t.path / "exp.toml") << kConfig;
  REQUIRE(run_tictac("run exp.toml --out a", t.path).exit_code == 0);
  // Drop the gravity column (the fourth) from every line: the old format.
  std::istringstream in(read_file(t.path / "a/results.csv"));
  std::string line, old;
  std::getline(in, line);
  REQUIRE(line.rfind("experiment,board,k,gravity,", 0) == 0);
  auto drop_fourth = [](const std::string& l) {  // the fields before the fourth comma, and after it
    std::size_t third = 0;
    for (int i = 0; i < 3; ++i) third = l.find(',', third) + 1;
    return l.substr(0, third - 1) + l.substr(l.find(',', third));
  };
  old = drop_fourth(line) + "\n";
  while (std::getline(in, line)) {
    REQUIRE(line.find(",false,") != std::string::npos);
    old += drop_fourth(line) + "\n";
  }
  std::ofstream(t.path / "old.csv") << old;
  const auto r = run_tictac("compare old.csv a/results.csv", t.path);
  INFO(r.out << r.err);
  CHECK(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("node counts: all 20 matched rows identical"));
}

TEST_CASE("a results file from before the lower and upper columns compares with a fresh run", "[compare]") {
  TempDir t;
  std::ofstream(t.path / "exp.toml") << kConfig;
  REQUIRE(run_tictac("run exp.toml --out a", t.path).exit_code == 0);
  const std::string fresh = read_file(t.path / "a/results.csv");
  REQUIRE(fresh.substr(0, fresh.find('\n')).find(",stratum,lower,upper,") != std::string::npos);
  const std::string old = tictac::test::without_columns(fresh, {"lower", "upper"});
  REQUIRE(old.substr(0, old.find('\n')).find(",lower") == std::string::npos);
  std::ofstream(t.path / "old.csv") << old;
  for (const char* args : {"compare old.csv a/results.csv", "compare a/results.csv old.csv"}) {
    const auto r = run_tictac(args, t.path);
    INFO(args << "\n" << r.out << r.err);
    CHECK(r.exit_code == 0);
    CHECK_THAT(r.out, Catch::Contains("node counts: all 20 matched rows identical"));
  }
}
