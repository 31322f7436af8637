// libFuzzer target: the CSV reader behind `tictac compare`.  Any text either
// reads or is refused with std::invalid_argument.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "harness/formats/results_file.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    for (const auto& [key, seen] : tictac::read_results_text("fuzz.csv", text))
      if (seen.times.empty()) __builtin_trap();
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
