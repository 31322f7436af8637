// The board as tictac's files name it, written once: the CSV columns
// `board,k,gravity` that open every row of results.csv, position-set files,
// split files and `tictac analyze --format csv`, and the JSON block that
// opens `tictac solve`, `analyze` and `play` JSON (and the Python module's
// dictionaries made from them).
#pragma once

#include <array>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "algorithms/game/board.hpp"
#include "harness/formats/csv_writer.hpp"

namespace tictac {

// The columns that name a board, in this order.
inline constexpr std::array<const char*, 3> kBoardColumns = {"board", "k", "gravity"};

// A board's fields under kBoardColumns: its size (RxC), k, and true or false.
struct BoardFields {
  std::string board, k, gravity;
};
BoardFields board_fields(const Board& b);
// The same from a row label's parts (results.csv's set_total rows of a merge
// have no Board).
BoardFields board_fields(const std::string& size_name, int k, bool gravity);

// A CSV header: kBoardColumns, then `rest`.
std::vector<std::string> board_header(const std::vector<std::string>& rest);
// Writes the board's fields, the first of a row.
CsvWriter& write_board_fields(CsvWriter& csv, const Board& b);
// The board's fields as the start of a CSV line ("3x3,3,false"), for a writer
// without a CsvWriter.
std::string board_csv_prefix(const Board& b);

// Which keys board_json writes.
enum class BoardJson {
  named,            // board (RxC), name (RxCkK, g with gravity), k, gravity
  with_dimensions,  // board, name, rows, cols, k, gravity
};
// A JSON object that opens with the board; callers add their keys after it.
nlohmann::ordered_json board_json(const Board& b, BoardJson keys = BoardJson::named);

}  // namespace tictac
