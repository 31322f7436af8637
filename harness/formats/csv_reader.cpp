#include "harness/formats/csv_reader.hpp"

#include <stdexcept>

namespace tictac {

namespace {

constexpr const char* kOpenQuote = "the quote that opens the field is not closed";

// Splits `line` into `out`; returns the index of a field whose quote is not
// closed, if one is not.
std::optional<std::size_t> split(std::string_view line, std::vector<std::string>& out) {
  out.assign(1, std::string());
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c == '"' && i + 1 < line.size() && line[i + 1] == '"') out.back() += '"', ++i;
      else if (c == '"') quoted = false;
      else out.back() += c;
    } else if (c == '"' && out.back().empty()) {
      quoted = true;
    } else if (c == ',') {
      out.emplace_back();
    } else if (c != '\r') {
      out.back() += c;
    }
  }
  if (quoted) return out.size() - 1;
  return std::nullopt;
}

}  // namespace

std::vector<std::string> csv_fields(std::string_view line) {
  std::vector<std::string> out;
  if (const auto open = split(line, out))
    throw std::invalid_argument("column " + std::to_string(*open + 1) + ": " + kOpenQuote);
  return out;
}

CsvReader::CsvReader(const std::filesystem::path& path, const std::string& what, CsvNotes notes)
    : name_(path.string()), notes_(notes), file_(path), in_(&file_) {
  if (!file_) throw std::invalid_argument("cannot read " + what + " '" + name_ + "'");
}

CsvReader::CsvReader(const CsvText& text, CsvNotes notes)
    : name_(text.name), notes_(notes), text_(text.text), in_(&text_) {}

bool CsvReader::next_line(std::vector<std::string>& fields) {
  for (std::string line; std::getline(*in_, line);) {
    ++line_;
    if (line.empty() || line == "\r" || (notes_ == CsvNotes::skipped && line[0] == '#')) continue;
    if (const auto open = split(line, fields)) fail_at(*open, kOpenQuote);
    return true;
  }
  return false;
}

bool CsvReader::read_header() {
  header_.clear();
  return next_line(header_);
}

std::optional<std::size_t> CsvReader::column(std::string_view name) const {
  for (std::size_t i = 0; i < header_.size(); ++i)
    if (header_[i] == name) return i;
  return std::nullopt;
}

bool CsvReader::next(std::vector<std::string>& fields) { return next_line(fields); }

void CsvReader::fail(const std::string& what) const {
  throw std::invalid_argument(name_ + (line_ ? ":" + std::to_string(line_) : std::string()) + ": " + what);
}

void CsvReader::fail_at(std::size_t index, const std::string& what) const {
  const std::string name = index < header_.size() ? " (" + header_[index] + ")" : std::string();
  fail("column " + std::to_string(index + 1) + name + ": " + what);
}

}  // namespace tictac
