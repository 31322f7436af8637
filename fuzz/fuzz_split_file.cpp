// libFuzzer target: split files (harness/formats/split_file), as `tictac
// merge --split` and `tictac run` read them.  Any file either reads or is
// refused with std::invalid_argument naming the file; what reads is the
// split its root and depth give, and writes back to a file that reads to the
// same split.
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "fuzz/scratch_file.hpp"
#include "harness/formats/split_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto file = tictac::fuzz::scratch_file("split.csv", tictac::fuzz::text_of(data, size));
  tictac::SplitFile read;
  try {
    read = tictac::read_split_file(file);
  } catch (const std::invalid_argument& e) {
    if (std::string_view(e.what()).find(file.string()) == std::string_view::npos) __builtin_trap();
    return 0;
  }
  if (read.split.positions.empty()) __builtin_trap();
  std::ostringstream out;
  tictac::write_split_file(out, read.board, read.split);
  const tictac::SplitFile again = tictac::read_split_file(tictac::fuzz::scratch_file("again.csv", out.str()));
  if (again.board.name() != read.board.name() || again.split.root != read.split.root ||
      again.split.plies != read.split.plies || again.split.positions != read.split.positions)
    __builtin_trap();
  return 0;
}
