// libFuzzer target: the CSV reader of position-set, split and merged files
// (harness/formats/csv_reader).  Any text either reads or is refused with
// std::invalid_argument naming the text and its line; every row read, written
// back by the CSV writer, reads again to the same fields.
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "fuzz/scratch_file.hpp"
#include "harness/formats/csv_reader.hpp"
#include "harness/formats/csv_writer.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(tictac::fuzz::text_of(data, size));
  for (const auto notes : {tictac::CsvNotes::skipped, tictac::CsvNotes::none}) {
    tictac::CsvReader in(tictac::CsvText{"fuzz.csv", text}, notes);
    std::vector<std::vector<std::string>> rows;
    try {
      if (!in.read_header()) continue;
      rows.push_back(in.header());
      for (std::vector<std::string> f; in.next(f);) {
        if (in.line() < 1) __builtin_trap();
        rows.push_back(f);
      }
    } catch (const std::invalid_argument& e) {
      if (std::string_view(e.what()).rfind("fuzz.csv:", 0) != 0) __builtin_trap();
      continue;
    }
    for (const auto& row : rows) {
      std::ostringstream out;
      tictac::CsvWriter csv(out, row);
      const std::string line = out.str();
      if (line.empty() || line.back() != '\n') __builtin_trap();
      if (tictac::csv_fields(std::string_view(line).substr(0, line.size() - 1)) != row) __builtin_trap();
    }
  }
  return 0;
}
