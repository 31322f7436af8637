#include "harness/formats/csv_writer.hpp"

#include <charconv>
#include <stdexcept>

namespace tictac {

std::string csv_field(std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
  std::string q = "\"";
  for (char c : text) {
    if (c == '"') q += '"';
    q += c;
  }
  return q + '"';
}

std::string csv_text(std::int64_t v) { return std::to_string(v); }
std::string csv_text(std::uint64_t v) { return std::to_string(v); }

std::string csv_text(double v) {
  char buf[64];
  auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, static_cast<std::size_t>(end - buf));
}

CsvWriter::CsvWriter(std::ostream& out, std::vector<std::string> columns) : out_(out), columns_(std::move(columns)) {
  for (std::size_t i = 0; i < columns_.size(); ++i) out_ << (i ? "," : "") << csv_field(columns_[i]);
  out_ << '\n';
}

CsvWriter& CsvWriter::field(std::string_view text) {
  if (in_row_ == columns_.size()) throw std::logic_error("CSV row has more fields than the header's " + std::to_string(columns_.size()));
  out_ << (in_row_++ ? "," : "") << csv_field(text);
  return *this;
}

void CsvWriter::end_row() {
  if (in_row_ != columns_.size())
    throw std::logic_error("CSV row has " + std::to_string(in_row_) + " fields, the header " + std::to_string(columns_.size()));
  out_ << '\n';
  in_row_ = 0;
}

}  // namespace tictac
