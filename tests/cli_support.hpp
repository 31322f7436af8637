// Running the `tictac` binary from a test: its exit code, stdout and stderr.
#pragma once

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <sys/wait.h>
#include <vector>
#include <unistd.h>

#include "harness/formats/csv_reader.hpp"
#include "harness/formats/csv_writer.hpp"

namespace tictac::test {

struct RunResult {
  int exit_code;
  std::string out;
  std::string err;
};

inline std::string read_file(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void write_file(const std::filesystem::path& p, const std::string& text) { std::ofstream(p) << text; }

// A CSV text without the columns named `drop` (as an older file that did not
// have them), written back with the quoting of CsvWriter.
inline std::string without_columns(const std::string& csv, const std::vector<std::string>& drop) {
  std::istringstream in(csv);
  std::string out;
  std::vector<bool> keep;
  for (std::string line; std::getline(in, line);) {
    const std::vector<std::string> f = csv_fields(line);
    if (keep.empty())
      for (const std::string& name : f) keep.push_back(std::find(drop.begin(), drop.end(), name) == drop.end());
    bool first = true;
    for (std::size_t i = 0; i < f.size(); ++i)
      if (keep.at(i)) {
        if (!first) out += ',';
        out += csv_field(f[i]);
        first = false;
      }
    out += '\n';
  }
  return out;
}


// A fresh empty folder under the system temp folder, removed on destruction.
struct TempDir {
  std::filesystem::path path;
  TempDir() {
    std::string tmpl = (std::filesystem::temp_directory_path() / "tictac-test-XXXXXX").string();
    path = mkdtemp(tmpl.data());
  }
  ~TempDir() { std::filesystem::remove_all(path); }
};

// Runs `tictac ARGS` through the shell (ARGS is shell text) in `cwd`.
inline RunResult run_tictac(const std::string& args, const std::filesystem::path& cwd = {}) {
  TempDir t;
  const auto out = t.path / "out", err = t.path / "err";
  std::string cmd = (cwd.empty() ? "" : "cd '" + cwd.string() + "' && ") + "'" TICTAC_EXE "' " + args +
                    " > '" + out.string() + "' 2> '" + err.string() + "' < /dev/null";
  const int status = std::system(cmd.c_str());
  return {WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status), read_file(out), read_file(err)};
}

}  // namespace tictac::test
