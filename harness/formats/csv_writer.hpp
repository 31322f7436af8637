// Writing tidy CSV: a header, then rows of exactly as many fields.
//
// Fields are quoted only when they hold a comma, a quote or a line break (RFC
// 4180; a quote inside is doubled), so the files read back with fccp's
// double_quote_escape policy and with pandas.
#pragma once

#include <cstdint>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

namespace tictac {

std::string csv_field(std::string_view text);

// A value's text in a field, before quoting: integers in decimal, booleans as
// true and false, a double as the shortest text that reads back as the same
// double.  CsvWriter::field writes these; a row filled by column name
// (results_schema.hpp) keeps them until it is written.
std::string csv_text(std::int64_t v);
std::string csv_text(std::uint64_t v);
inline std::string csv_text(int v) { return csv_text(static_cast<std::int64_t>(v)); }
inline std::string csv_text(bool v) { return v ? "true" : "false"; }
std::string csv_text(double v);

class CsvWriter {
 public:
  CsvWriter(std::ostream& out, std::vector<std::string> columns);

  const std::vector<std::string>& columns() const { return columns_; }

  CsvWriter& field(std::string_view text);
  CsvWriter& field(const char* text) { return field(std::string_view(text)); }
  CsvWriter& field(const std::string& text) { return field(std::string_view(text)); }
  CsvWriter& field(std::int64_t v) { return field(std::string_view(csv_text(v))); }
  CsvWriter& field(std::uint64_t v) { return field(std::string_view(csv_text(v))); }
  CsvWriter& field(int v) { return field(std::string_view(csv_text(v))); }
  CsvWriter& field(bool v) { return field(std::string_view(csv_text(v))); }
  CsvWriter& field(double v) { return field(std::string_view(csv_text(v))); }
  CsvWriter& empty() { return field(std::string_view()); }

  // Ends the row; throws std::logic_error when it has the wrong number of fields.
  void end_row();

 private:
  std::ostream& out_;
  std::vector<std::string> columns_;
  std::size_t in_row_ = 0;
};

}  // namespace tictac
