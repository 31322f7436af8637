#include "harness/formats/position_set_io.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "harness/formats/csv_writer.hpp"
#include "harness/formats/notation.hpp"

namespace tictac {

void write_position_set(std::ostream& out, const Board& board, const std::vector<PositionEntry>& set) {
  CsvWriter csv(out, {"board", "k", "gravity", "position", "ply", "value", "distance"});
  for (const auto& e : set)
    csv.field(board.size_name()).field(board.k()).field(board.gravity()).field(format_position(board, e.position))
        .field(e.ply).field(e.value).field(e.distance).end_row();
}

namespace {
std::vector<std::string> split(const std::string& line) {
  std::vector<std::string> out(1);
  for (char c : line) {
    if (c == ',') out.emplace_back();
    else if (c != '\r') out.back() += c;
  }
  return out;
}
}  // namespace

std::vector<PositionEntry> read_position_set(const std::filesystem::path& path, const ExactSolution& solution) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read position file '" + path.string() + "'");
  const Board& board = solution.board();
  std::string line;
  int line_no = 0;
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument(path.string() + ":" + std::to_string(line_no) + ": " + what);
  };
  ++line_no;
  if (!std::getline(in, line)) fail("the file is empty; it needs a header with a 'position' column");
  const auto header = split(line);
  auto column = [&](const char* name) {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return static_cast<int>(i);
    return -1;
  };
  const int c_pos = column("position"), c_board = column("board"), c_k = column("k"), c_value = column("value"),
            c_distance = column("distance"), c_gravity = column("gravity");
  if (c_pos < 0) fail("the header has no 'position' column");
  const std::string gravity = board.gravity() ? "true" : "false";
  std::size_t other_rules = 0;  // rows of this size and k whose gravity is not the board's
  std::vector<PositionEntry> out;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty() || line == "\r") continue;
    const auto f = split(line);
    if (f.size() != header.size())
      fail("the row has " + std::to_string(f.size()) + " fields, the header " + std::to_string(header.size()));
    if (c_board >= 0 && f[c_board] != board.size_name()) continue;
    if (c_k >= 0 && f[c_k] != std::to_string(board.k())) continue;
    if (c_gravity >= 0 && f[c_gravity] != "true" && f[c_gravity] != "false")
      fail("gravity is '" + f[c_gravity] + "'; it must be true or false");
    if ((c_gravity >= 0 ? f[c_gravity] : std::string("false")) != gravity) {
      ++other_rules;
      continue;
    }
    Position p;
    try {
      p = parse_position(board, f[c_pos]);
    } catch (const std::invalid_argument& e) {
      fail(e.what());
    }
    if (solution.space().find(p) == StateSpace::npos) fail("'" + f[c_pos] + "' is not reachable on " + board.name());
    PositionEntry e{p, p.ply(), solution.value(p), solution.distance(p)};
    if (c_value >= 0 && f[c_value] != std::to_string(e.value))
      fail("'" + f[c_pos] + "' has value " + f[c_value] + " in the file but " + std::to_string(e.value) +
           " by the exact solver");
    if (c_distance >= 0 && f[c_distance] != std::to_string(e.distance))
      fail("'" + f[c_pos] + "' has distance " + f[c_distance] + " in the file but " + std::to_string(e.distance) +
           " by the exact solver");
    out.push_back(e);
  }
  if (out.empty() && other_rules)
    fail("the file's positions for " + board.size_name() + " with k=" + std::to_string(board.k()) + " are for a board " +
         (board.gravity() ? "without gravity" : "with gravity") + "; " + board.name() +
         (board.gravity() ? " has gravity (a file for it has a gravity column saying true)" : " has no gravity"));
  if (out.empty())
    fail("no position in the file is for board " + board.name() + " (" + board.size_name() + " with k=" +
         std::to_string(board.k()) + (board.gravity() ? ", gravity" : "") + ")");
  return out;
}

}  // namespace tictac
