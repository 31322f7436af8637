// A text file read line by line, for errors that name the file and the line
// (the position-set and split files' readers).
#pragma once

#include <filesystem>
#include <fstream>
#include <stdexcept>
#include <string>

namespace tictac {

struct LineReader {
  const std::filesystem::path& path;
  std::ifstream in;
  int line_no = 0;  // the line last read; 0: none, or the file as a whole

  // Throws std::invalid_argument "path:line: what", or "path: what" at line 0.
  [[noreturn]] void fail(const std::string& what) const {
    throw std::invalid_argument(path.string() + (line_no ? ":" + std::to_string(line_no) : std::string()) + ": " + what);
  }
};

}  // namespace tictac
