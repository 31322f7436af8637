#include "harness/formats/split_file.hpp"

#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/game/symmetry.hpp"
#include "harness/formats/board_fields.hpp"
#include "harness/formats/csv_reader.hpp"
#include "harness/formats/csv_writer.hpp"
#include "harness/formats/notation.hpp"

namespace tictac {

void write_split_file(std::ostream& out, const Board& board, const ProofSplit& split) {
  const std::string root = format_position(board, split.root);
  out << "# the split of " << root << " on " << board.name() << " at " << split.plies << " plies: the "
      << split.positions.size() << " canonical unfinished positions " << split.plies
      << " plies below the root (tictac prove --split)\n";
  out << "# " << split.finished_leaves
      << " finished positions above that depth (up to symmetry) are leaves valued by the rules\n";
  out << "# prove each with tictac run (kind = \"file\"), join them with tictac merge --split THIS_FILE\n";
  CsvWriter csv(out, board_header({"position", "ply", "root", "split_plies"}));
  for (const Position& p : split.positions)
    write_board_fields(csv, board).field(format_position(board, p)).field(p.ply()).field(root).field(split.plies).end_row();
}

namespace {

// The first line that is neither empty nor a '#' note.
std::vector<std::string> read_header(CsvReader& r) {
  if (!r.read_header()) r.fail("the file has no header");
  return r.header();
}

// Where the columns a split file needs are in its header.
struct SplitColumns {
  std::size_t board, k, gravity, position, root, plies;
};

SplitColumns split_columns(const CsvReader& r, const std::vector<std::string>& header) {
  auto column = [&](const char* name) {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return i;
    r.fail(std::string("the header has no '") + name + "' column: not a split file (tictac prove --split writes one)");
  };
  return {column("board"), column("k"), column("gravity"), column("position"), column("root"), column("split_plies")};
}

// The rows of a split file, which all name one split.
struct SplitRows {
  std::optional<Board> board;      // none: the file has no rows
  std::vector<std::string> first;  // the first row's board, k, gravity, root, split_plies
  std::set<Position> positions;    // canonical
};

Board board_of_row(const CsvReader& r, const std::vector<std::string>& f, const SplitColumns& c) {
  try {
    if (f[c.gravity] != "true" && f[c.gravity] != "false") throw std::invalid_argument("gravity must be true or false");
    return parse_board(f[c.board], std::stoi(f[c.k]), f[c.gravity] == "true");
  } catch (const std::exception& e) {
    r.fail(std::string("bad board: ") + e.what());
  }
}

// Every row after the header: each with the first row's board, k, gravity,
// root and split_plies, and a position not already read up to symmetry.
SplitRows read_rows(CsvReader& r, const std::vector<std::string>& header) {
  const SplitColumns c = split_columns(r, header);
  SplitRows rows;
  std::optional<SymmetryGroup> group;
  std::vector<std::string> f;
  while (r.next(f)) {
    if (!r.fields_match(f))
      r.fail("the row has " + std::to_string(f.size()) + " fields, the header " + std::to_string(header.size()));
    const std::vector<std::string> key = {f[c.board], f[c.k], f[c.gravity], f[c.root], f[c.plies]};
    if (!rows.board) {
      rows.first = key;
      rows.board = board_of_row(r, f, c);
      group.emplace(*rows.board);
    } else if (key != rows.first) {
      r.fail("the row's board, k, gravity, root or split_plies differ from the first row's: a split file holds one split");
    }
    Position p;
    try {
      p = parse_position(*rows.board, f[c.position]);
    } catch (const std::invalid_argument& e) {
      r.fail(e.what());
    }
    if (!rows.positions.insert(group->canonical(p).position).second)
      r.fail("'" + f[c.position] + "' is in the file twice (up to symmetry)");
  }
  return rows;
}

// The split the rows name, computed again from their root and depth; refused
// unless the rows hold exactly its positions.
ProofSplit recompute_split(const CsvReader& r, const SplitRows& rows) {
  const Board& board = *rows.board;
  const std::vector<std::string>& first = rows.first;
  Position root;
  int plies = 0;
  try {
    root = parse_position(board, first[3]);
    std::size_t used = 0;
    plies = std::stoi(first[4], &used);
    if (used != first[4].size()) throw std::invalid_argument("split_plies '" + first[4] + "' is not a whole number");
  } catch (const std::exception& e) {
    r.fail(std::string("bad root or split_plies: ") + e.what());
  }
  ProofSplit split;
  try {
    split = split_proof(board, root, plies);
  } catch (const std::invalid_argument& e) {
    r.fail(e.what());
  }
  if (std::vector<Position>(rows.positions.begin(), rows.positions.end()) != split.positions)
    r.fail("its " + std::to_string(rows.positions.size()) + " positions are not the split of " + first[3] + " at " + first[4] +
           " plies, which has " + std::to_string(split.positions.size()) + " (a damaged or edited file)");
  return split;
}

}  // namespace

SplitFile read_split_file(const std::filesystem::path& path) {
  CsvReader r(path, "split file");
  const std::vector<std::string> header = read_header(r);
  const SplitRows rows = read_rows(r, header);
  if (!rows.board) r.fail("the file has no positions");
  r.whole_file();  // the root and the split are the file's, not a line's
  return {*rows.board, recompute_split(r, rows)};
}

}  // namespace tictac
