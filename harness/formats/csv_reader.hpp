// Reading the project's CSV files (position sets, split files, the rows of
// a merge) line by line, with errors that name the file, the line and, where
// one field is at fault, the column.  One reader for every CSV file that is
// not a results.csv (results_file.hpp reads those with the Fast C++ CSV
// Parser, whose fixed set of columns suits them): these files have optional
// columns and '#' notes above their header.
//
// Fields follow RFC 4180 as csv_writer.hpp writes them: a field in double
// quotes may hold commas and doubled quotes; a '\r' before the line break is
// dropped.  A field never spans two lines (no writer of ours breaks one).
#pragma once

#include <cstddef>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

namespace tictac {

// The fields of one CSV line.  Throws std::invalid_argument "column N: ..."
// (N from 1) for a quoted field that is not closed on the line.
std::vector<std::string> csv_fields(std::string_view line);

// Whether a line that starts with '#' is a note, skipped (set and split
// files), or a row (results.csv, whose rows start with the experiment's name).
enum class CsvNotes : bool { skipped, none };

// CSV text in memory, and its name in errors.
struct CsvText {
  std::string name;
  const std::string& text;
};

class CsvReader {
 public:
  // Reads the file at `path`; throws std::invalid_argument "cannot read
  // WHAT 'PATH'" when it cannot be opened.
  CsvReader(const std::filesystem::path& path, const std::string& what, CsvNotes notes = CsvNotes::skipped);
  // Reads text in memory.
  explicit CsvReader(const CsvText& text, CsvNotes notes = CsvNotes::skipped);

  // Reads the header: the first line that is neither empty nor a note.
  // False when the file has none.
  bool read_header();
  const std::vector<std::string>& header() const { return header_; }
  // Where the column `name` is in the header; none when it has no such column.
  std::optional<std::size_t> column(std::string_view name) const;

  // The next row after the header, skipping empty lines and notes; false
  // at the end of the file.  A row may have another number of fields than
  // the header (the caller decides: fields_match says whether it has).
  bool next(std::vector<std::string>& fields);
  bool fields_match(const std::vector<std::string>& fields) const { return fields.size() == header_.size(); }

  // The line last read, from 1; 0 before the first, or after whole_file().
  int line() const { return line_; }
  // Errors from here on are the file's as a whole, not a line's.
  void whole_file() { line_ = 0; }

  // Throws std::invalid_argument "PATH:LINE: WHAT", or "PATH: WHAT" at line 0.
  [[noreturn]] void fail(const std::string& what) const;
  // The same naming the column of field `index`: "PATH:LINE: column N
  // (NAME): WHAT".
  [[noreturn]] void fail_at(std::size_t index, const std::string& what) const;

 private:
  // The next line that is neither empty nor a note, split; false at the end.
  bool next_line(std::vector<std::string>& fields);

  std::string name_;
  CsvNotes notes_;
  std::ifstream file_;
  std::istringstream text_;
  std::istream* in_;
  int line_ = 0;
  std::vector<std::string> header_;
};

}  // namespace tictac
