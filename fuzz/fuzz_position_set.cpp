// libFuzzer target: position-set files (harness/formats/position_set_io), as
// `tictac run` (kind = "file") and `tictac sets --check` read them, on boards
// with and without the exact solution and with and without gravity.  Any
// file either reads or is refused with std::invalid_argument naming the file;
// what reads writes back to a file that reads to the same entries.
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "fuzz/scratch_file.hpp"
#include "harness/formats/position_set_io.hpp"
#include "harness/registry/exact_cache.hpp"

namespace {

struct Case {
  tictac::Board board;
  std::shared_ptr<const tictac::ExactSolution> exact;  // boards of up to 16 cells
  bool values_required;
};

void refused_naming(const std::invalid_argument& e, const std::filesystem::path& file) {
  if (std::string_view(e.what()).find(file.string()) == std::string_view::npos) __builtin_trap();
}

void read_and_write_back(const Case& c, const std::filesystem::path& file) {
  tictac::ReadSet read;
  try {
    read = tictac::read_position_set_file(file, c.board, c.exact.get(), c.values_required);
  } catch (const std::invalid_argument& e) {
    refused_naming(e, file);
    return;
  }
  if (read.entries.empty() || read.strata.size() != read.entries.size()) __builtin_trap();
  bool strata = false;
  for (const auto& s : read.strata) strata = strata || !s.empty();
  std::ostringstream out;
  tictac::write_position_set(out, c.board, read.entries, strata ? read.strata : std::vector<std::string>{});
  const auto again_file = tictac::fuzz::scratch_file("again.csv", out.str());
  const tictac::ReadSet again =
      tictac::read_position_set_file(again_file, c.board, c.exact.get(), c.values_required);
  if (again.entries != read.entries || again.strata != read.strata) __builtin_trap();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Built once: a board's exact solution costs more than reading one file.
  static const Case cases[] = {
      {tictac::Board(3, 3, 3), tictac::exact_solution(tictac::Board(3, 3, 3)), true},
      {tictac::Board(3, 4, 3, true), tictac::exact_solution(tictac::Board(3, 4, 3, true)), true},
      {tictac::Board(5, 5, 4), nullptr, true},
      {tictac::Board(6, 7, 4, true), nullptr, false},
  };
  const auto file = tictac::fuzz::scratch_file("positions.csv", tictac::fuzz::text_of(data, size));
  for (const Case& c : cases) read_and_write_back(c, file);
  try {
    for (const tictac::Board& b : tictac::position_set_file_boards(file))
      if (b.cells() < 1 || b.cells() > 64) __builtin_trap();
  } catch (const std::invalid_argument& e) {
    refused_naming(e, file);
  }
  return 0;
}
