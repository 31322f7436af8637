#include "harness/formats/split_file.hpp"

#include <fstream>
#include <optional>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/game/symmetry.hpp"
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
  CsvWriter csv(out, {"board", "k", "gravity", "position", "ply", "root", "split_plies"});
  for (const Position& p : split.positions)
    csv.field(board.size_name()).field(board.k()).field(board.gravity()).field(format_position(board, p))
        .field(p.ply()).field(root).field(split.plies).end_row();
}

namespace {

std::vector<std::string> split_fields(const std::string& line) {
  std::vector<std::string> out(1);
  for (char c : line) {
    if (c == ',') out.emplace_back();
    else if (c != '\r') out.back() += c;
  }
  return out;
}

}  // namespace

SplitFile read_split_file(const std::filesystem::path& path) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read split file '" + path.string() + "'");
  int line_no = 0;
  auto fail = [&](const std::string& what) -> void {
    throw std::invalid_argument(path.string() + (line_no ? ":" + std::to_string(line_no) : std::string()) + ": " + what);
  };
  std::string line;
  std::vector<std::string> header;
  while (header.empty()) {
    ++line_no;
    if (!std::getline(in, line)) fail("the file has no header");
    if (!line.empty() && line[0] != '#') header = split_fields(line);
  }
  auto column = [&](const char* name) {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return i;
    fail(std::string("the header has no '") + name + "' column: not a split file (tictac prove --split writes one)");
    return std::size_t{0};
  };
  const std::size_t c_board = column("board"), c_k = column("k"), c_gravity = column("gravity"),
                    c_pos = column("position"), c_root = column("root"), c_plies = column("split_plies");
  std::optional<Board> board;
  std::vector<std::string> first;  // the first row's board, k, gravity, root, split_plies
  std::set<Position> positions;
  std::optional<SymmetryGroup> group;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty() || line == "\r" || line[0] == '#') continue;
    const auto f = split_fields(line);
    if (f.size() != header.size())
      fail("the row has " + std::to_string(f.size()) + " fields, the header " + std::to_string(header.size()));
    const std::vector<std::string> key = {f[c_board], f[c_k], f[c_gravity], f[c_root], f[c_plies]};
    if (!board) {
      first = key;
      try {
        if (f[c_gravity] != "true" && f[c_gravity] != "false") throw std::invalid_argument("gravity must be true or false");
        board = parse_board(f[c_board], std::stoi(f[c_k]), f[c_gravity] == "true");
      } catch (const std::exception& e) {
        fail(std::string("bad board: ") + e.what());
      }
      group.emplace(*board);
    } else if (key != first) {
      fail("the row's board, k, gravity, root or split_plies differ from the first row's: a split file holds one split");
    }
    Position p;
    try {
      p = parse_position(*board, f[c_pos]);
    } catch (const std::invalid_argument& e) {
      fail(e.what());
    }
    if (!positions.insert(group->canonical(p).position).second) fail("'" + f[c_pos] + "' is in the file twice (up to symmetry)");
  }
  if (!board) fail("the file has no positions");
  line_no = 0;
  Position root;
  int plies = 0;
  try {
    root = parse_position(*board, first[3]);
    std::size_t used = 0;
    plies = std::stoi(first[4], &used);
    if (used != first[4].size()) throw std::invalid_argument("split_plies '" + first[4] + "' is not a whole number");
  } catch (const std::exception& e) {
    fail(std::string("bad root or split_plies: ") + e.what());
  }
  SplitFile out{*board, {}};
  try {
    out.split = split_proof(*board, root, plies);
  } catch (const std::invalid_argument& e) {
    fail(e.what());
  }
  if (std::vector<Position>(positions.begin(), positions.end()) != out.split.positions)
    fail("its " + std::to_string(positions.size()) + " positions are not the split of " + first[3] + " at " + first[4] +
         " plies, which has " + std::to_string(out.split.positions.size()) + " (a damaged or edited file)");
  return out;
}

}  // namespace tictac
