#include "harness/formats/position_set_io.hpp"

#include <fstream>
#include <sstream>
#include <stdexcept>
#include <string>

#include "algorithms/exact/position_set_sample.hpp"
#include "algorithms/exact/state_space.hpp"
#include "algorithms/game/rules.hpp"
#include "harness/formats/csv_writer.hpp"
#include "harness/formats/notation.hpp"

namespace tictac {

void write_position_set(std::ostream& out, const Board& board, const std::vector<PositionEntry>& set,
                        const std::vector<std::string>& strata, const std::vector<std::string>& notes) {
  for (const std::string& n : notes) out << "# " << n << "\n";
  std::vector<std::string> header = {"board", "k", "gravity", "position", "ply", "value", "value_to_move", "distance"};
  if (!strata.empty()) header.push_back("stratum");
  CsvWriter csv(out, header);
  for (std::size_t i = 0; i < set.size(); ++i) {
    const auto& e = set[i];
    const int sign = e.position.to_move() == Side::X ? 1 : -1;
    csv.field(board.size_name()).field(board.k()).field(board.gravity()).field(format_position(board, e.position))
        .field(e.ply).field(e.value).field(e.value * sign);
    if (e.distance < 0) csv.empty(); else csv.field(e.distance);
    if (!strata.empty()) csv.field(strata[i]);
    csv.end_row();
  }
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

bool is_comment(const std::string& line) { return !line.empty() && line[0] == '#'; }

// -1, 0 or +1, or nothing.
bool parse_unit(const std::string& s, int& v) {
  if (s == "1" || s == "+1") v = 1;
  else if (s == "0") v = 0;
  else if (s == "-1") v = -1;
  else return false;
  return true;
}
}  // namespace

ReadSet read_position_set_file(const std::filesystem::path& path, const Board& board, const ExactSolution* exact,
                               bool values_required) {
  std::ifstream in(path);
  if (!in) throw std::invalid_argument("cannot read position file '" + path.string() + "'");
  std::string line;
  int line_no = 0;
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument(path.string() + ":" + std::to_string(line_no) + ": " + what);
  };
  bool have_header = false;
  while (!have_header) {
    ++line_no;
    if (!std::getline(in, line)) fail("the file has no header; it needs one with a 'position' column");
    have_header = !is_comment(line);
  }
  const auto header = split(line);
  auto column = [&](const char* name) {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return static_cast<int>(i);
    return -1;
  };
  const int c_pos = column("position"), c_board = column("board"), c_k = column("k"), c_value = column("value"),
            c_to_move = column("value_to_move"), c_distance = column("distance"), c_gravity = column("gravity"),
            c_stratum = column("stratum");
  if (c_pos < 0) fail("the header has no 'position' column");
  const std::string gravity = board.gravity() ? "true" : "false";
  std::size_t other_rules = 0;  // rows of this size and k whose gravity is not the board's
  ReadSet out;
  while (std::getline(in, line)) {
    ++line_no;
    if (line.empty() || line == "\r" || is_comment(line)) continue;
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
    const std::string& text = f[c_pos];
    Position p;
    try {
      p = parse_position(board, text);
    } catch (const std::invalid_argument& e) {
      fail(e.what());
    }
    if (const Legality l = check_legality(board, p); l != Legality::legal)
      fail("'" + text + "' is not legal: " + std::string(describe(l)));
    if (!reachable_in_play(board, p))
      fail("'" + text + "' is not reachable on " + board.name() + ": no order of drops, X first, builds it");
    if (is_terminal(board, p)) fail("'" + text + "' is finished (" + std::string(to_string(result(board, p))) + "); a set holds unfinished positions");
    const int empty = board.cells() - p.ply();
    const int sign = p.to_move() == Side::X ? 1 : -1;
    PositionEntry e{p, p.ply(), 0, -1};
    bool has_value = false;
    if (c_value >= 0 && !f[c_value].empty()) {
      if (!parse_unit(f[c_value], e.value)) fail("value '" + f[c_value] + "' is not -1, 0 or 1");
      has_value = true;
    }
    if (c_to_move >= 0 && !f[c_to_move].empty()) {
      int v = 0;
      if (!parse_unit(f[c_to_move], v)) fail("value_to_move '" + f[c_to_move] + "' is not -1, 0 or 1");
      if (has_value && v != e.value * sign)
        fail("'" + text + "' has value " + f[c_value] + " (X's view) but value_to_move " + f[c_to_move] + "; with " +
             (sign > 0 ? "X" : "O") + " to move it must be " + std::to_string(e.value * sign));
      if (!has_value) e.value = v * sign;
      has_value = true;
    }
    if (c_distance >= 0 && !f[c_distance].empty()) {
      try {
        std::size_t used = 0;
        e.distance = std::stoi(f[c_distance], &used);
        if (used != f[c_distance].size()) throw std::invalid_argument("d");
      } catch (const std::exception&) {
        fail("distance '" + f[c_distance] + "' is not a whole number");
      }
      if (e.distance < 1 || e.distance > empty)
        fail("'" + text + "' has distance " + f[c_distance] + "; an unfinished position with " + std::to_string(empty) +
             " empty cells ends in 1 to " + std::to_string(empty) + " plies");
      if (has_value) {
        const int to_move = e.value * sign;
        if (to_move == 0 && e.distance != empty)
          fail("'" + text + "' is a draw at distance " + f[c_distance] + "; a draw's distance is the empty cells, " + std::to_string(empty));
        if (to_move != 0 && (e.distance % 2 == 1) != (to_move > 0))
          fail("'" + text + "' has distance " + f[c_distance] + " and value_to_move " + std::to_string(to_move) +
               "; the side to move's own stone ends a game it wins (an odd distance), the opponent's one it loses (even)");
      }
    }
    if (exact) {
      const int value = exact->value(p), distance = exact->distance(p);
      if (has_value && e.value != value)
        fail("'" + text + "' has value " + std::to_string(e.value) + " in the file but " + std::to_string(value) + " by the exact solver");
      if (e.distance >= 0 && e.distance != distance)
        fail("'" + text + "' has distance " + f[c_distance] + " in the file but " + std::to_string(distance) + " by the exact solver");
      e.value = value;
      e.distance = distance;
    } else if (!has_value && values_required) {
      fail("'" + text + "' has no value; without the exact solution (boards over " + std::to_string(StateSpace::kMaxCells) +
           " cells) a set file must carry each position's value (tictac sets writes it)");
    }
    out.entries.push_back(e);
    out.strata.push_back(c_stratum >= 0 ? f[c_stratum] : std::string());
    out.lines.push_back(line_no);
    out.unvalued.push_back(!exact && !has_value);
  }
  if (out.entries.empty() && other_rules)
    fail("the file's positions for " + board.size_name() + " with k=" + std::to_string(board.k()) + " are for a board " +
         (board.gravity() ? "without gravity" : "with gravity") + "; " + board.name() +
         (board.gravity() ? " has gravity (a file for it has a gravity column saying true)" : " has no gravity"));
  if (out.entries.empty())
    fail("no position in the file is for board " + board.name() + " (" + board.size_name() + " with k=" +
         std::to_string(board.k()) + (board.gravity() ? ", gravity" : "") + ")");
  return out;
}

std::vector<PositionEntry> read_position_set(const std::filesystem::path& path, const ExactSolution& solution) {
  return read_position_set_file(path, solution.board(), &solution).entries;
}

}  // namespace tictac
