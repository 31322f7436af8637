#include "harness/formats/board_fields.hpp"

namespace tictac {

BoardFields board_fields(const std::string& size_name, int k, bool gravity) {
  return {size_name, csv_text(k), csv_text(gravity)};
}

BoardFields board_fields(const Board& b) { return board_fields(b.size_name(), b.k(), b.gravity()); }

std::vector<std::string> board_header(const std::vector<std::string>& rest) {
  std::vector<std::string> header(kBoardColumns.begin(), kBoardColumns.end());
  header.insert(header.end(), rest.begin(), rest.end());
  return header;
}

CsvWriter& write_board_fields(CsvWriter& csv, const Board& b) {
  const BoardFields f = board_fields(b);
  return csv.field(f.board).field(f.k).field(f.gravity);
}

std::string board_csv_prefix(const Board& b) {
  const BoardFields f = board_fields(b);
  return csv_field(f.board) + "," + csv_field(f.k) + "," + csv_field(f.gravity);
}

nlohmann::ordered_json board_json(const Board& b, BoardJson keys) {
  nlohmann::ordered_json j;
  j["board"] = b.size_name();
  j["name"] = b.name();
  if (keys == BoardJson::with_dimensions) {
    j["rows"] = b.rows();
    j["cols"] = b.cols();
  }
  j["k"] = b.k();
  j["gravity"] = b.gravity();
  return j;
}

}  // namespace tictac
