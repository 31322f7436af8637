#include "harness/formats/position_set_io.hpp"

#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>

#include "algorithms/exact/position_set_sample.hpp"
#include "algorithms/exact/state_space.hpp"
#include "algorithms/game/rules.hpp"
#include "harness/formats/board_fields.hpp"
#include "harness/formats/csv_reader.hpp"
#include "harness/formats/csv_writer.hpp"
#include "harness/formats/notation.hpp"

namespace tictac {

void write_position_set(std::ostream& out, const Board& board, const std::vector<PositionEntry>& set,
                        const std::vector<std::string>& strata, const std::vector<std::string>& notes) {
  for (const std::string& n : notes) out << "# " << n << "\n";
  std::vector<std::string> header = board_header({"position", "ply", "value", "value_to_move", "distance"});
  if (!strata.empty()) header.push_back("stratum");
  CsvWriter csv(out, header);
  for (std::size_t i = 0; i < set.size(); ++i) {
    const auto& e = set[i];
    const int sign = e.position.to_move() == Side::X ? 1 : -1;
    write_board_fields(csv, board).field(format_position(board, e.position)).field(e.ply).field(e.value).field(e.value * sign);
    if (e.distance < 0) csv.empty(); else csv.field(e.distance);
    if (!strata.empty()) csv.field(strata[i]);
    csv.end_row();
  }
}

namespace {
// -1, 0 or +1, or nothing.
bool parse_unit(const std::string& s, int& v) {
  if (s == "1" || s == "+1") v = 1;
  else if (s == "0") v = 0;
  else if (s == "-1") v = -1;
  else return false;
  return true;
}

// The first line that is neither empty nor a '#' note.
std::vector<std::string> read_header(CsvReader& r) {
  if (!r.read_header()) r.fail("the file has no header; it needs one with a 'position' column");
  return r.header();
}

// Where the columns are in the header; -1 for one the file does not have.
// Only 'position' is required.
struct SetColumns {
  int position, board, k, value, to_move, distance, gravity, stratum;
};

SetColumns set_columns(const CsvReader& r, const std::vector<std::string>& header) {
  auto column = [&](const char* name) {
    for (std::size_t i = 0; i < header.size(); ++i)
      if (header[i] == name) return static_cast<int>(i);
    return -1;
  };
  const SetColumns c{column("position"),      column("board"),    column("k"),       column("value"),
                     column("value_to_move"), column("distance"), column("gravity"), column("stratum")};
  if (c.position < 0) r.fail("the header has no 'position' column");
  return c;
}

enum class RowBoard { this_board, other_board, other_rules };

// Whether a row is for `board`: rows of another size or k are for another
// board; rows of its size and k with another gravity (no gravity column:
// false) are for other rules, counted to explain a file that has none for it.
RowBoard row_board(const CsvReader& r, const std::vector<std::string>& f, const SetColumns& c, const Board& board) {
  if (c.board >= 0 && f[c.board] != board.size_name()) return RowBoard::other_board;
  if (c.k >= 0 && f[c.k] != std::to_string(board.k())) return RowBoard::other_board;
  if (c.gravity >= 0 && f[c.gravity] != "true" && f[c.gravity] != "false")
    r.fail("gravity is '" + f[c.gravity] + "'; it must be true or false");
  const std::string gravity = board.gravity() ? "true" : "false";
  if ((c.gravity >= 0 ? f[c.gravity] : std::string("false")) != gravity) return RowBoard::other_rules;
  return RowBoard::this_board;
}

// The row's position: it parses, is legal, reachable in play and unfinished.
Position checked_position(const CsvReader& r, const Board& board, const std::string& text) {
  Position p;
  try {
    p = parse_position(board, text);
  } catch (const std::invalid_argument& e) {
    r.fail(e.what());
  }
  if (const Legality l = check_legality(board, p); l != Legality::legal)
    r.fail("'" + text + "' is not legal: " + std::string(describe(l)));
  if (!reachable_in_play(board, p))
    r.fail("'" + text + "' is not reachable on " + board.name() + ": no order of drops, X first, builds it");
  if (is_terminal(board, p)) r.fail("'" + text + "' is finished (" + std::string(to_string(result(board, p))) + "); a set holds unfinished positions");
  return p;
}

// The row's value from X's view, from 'value' or 'value_to_move' or both (then
// they must agree); false when the row has neither.  `sign`: +1 with X to move, -1 with O.
bool read_value(const CsvReader& r, const std::vector<std::string>& f, const SetColumns& c, const std::string& text,
                int sign, int& value) {
  bool has_value = false;
  if (c.value >= 0 && !f[c.value].empty()) {
    if (!parse_unit(f[c.value], value)) r.fail("value '" + f[c.value] + "' is not -1, 0 or 1");
    has_value = true;
  }
  if (c.to_move >= 0 && !f[c.to_move].empty()) {
    int v = 0;
    if (!parse_unit(f[c.to_move], v)) r.fail("value_to_move '" + f[c.to_move] + "' is not -1, 0 or 1");
    if (has_value && v != value * sign)
      r.fail("'" + text + "' has value " + f[c.value] + " (X's view) but value_to_move " + f[c.to_move] + "; with " +
             (sign > 0 ? "X" : "O") + " to move it must be " + std::to_string(value * sign));
    if (!has_value) value = v * sign;
    has_value = true;
  }
  return has_value;
}

int parse_distance(const CsvReader& r, const std::string& field) {
  int distance = -1;
  try {
    std::size_t used = 0;
    distance = std::stoi(field, &used);
    if (used != field.size()) throw std::invalid_argument("d");
  } catch (const std::exception&) {
    r.fail("distance '" + field + "' is not a whole number");
  }
  return distance;
}

// A distance (written `field` in the file) fits an unfinished position with
// `empty` empty cells and, when the row has a value, that value
// (`to_move`: the side to move's view).
void check_distance(const CsvReader& r, const std::string& text, const std::string& field, int distance, int empty,
                    std::optional<int> to_move) {
  if (distance < 1 || distance > empty)
    r.fail("'" + text + "' has distance " + field + "; an unfinished position with " + std::to_string(empty) +
           " empty cells ends in 1 to " + std::to_string(empty) + " plies");
  if (!to_move) return;
  if (*to_move == 0 && distance != empty)
    r.fail("'" + text + "' is a draw at distance " + field + "; a draw's distance is the empty cells, " + std::to_string(empty));
  if (*to_move != 0 && (distance % 2 == 1) != (*to_move > 0))
    r.fail("'" + text + "' has distance " + field + " and value_to_move " + std::to_string(*to_move) +
           "; the side to move's own stone ends a game it wins (an odd distance), the opponent's one it loses (even)");
}

// A row's entry as the file gives it (distance -1 where it has none), checked.
struct RowEntry {
  PositionEntry entry;
  bool has_value = false;
};

RowEntry read_entry(const CsvReader& r, const std::vector<std::string>& f, const SetColumns& c, const Board& board) {
  const std::string& text = f[c.position];
  const Position p = checked_position(r, board, text);
  const int sign = p.to_move() == Side::X ? 1 : -1;
  RowEntry row{PositionEntry{p, p.ply(), 0, -1}};
  row.has_value = read_value(r, f, c, text, sign, row.entry.value);
  if (c.distance >= 0 && !f[c.distance].empty()) {
    row.entry.distance = parse_distance(r, f[c.distance]);
    check_distance(r, text, f[c.distance], row.entry.distance, board.cells() - p.ply(),
                   row.has_value ? std::optional<int>(row.entry.value * sign) : std::nullopt);
  }
  return row;
}

// With the exact solution, the file's value and distance (where it has them)
// must be the solution's, and the entry takes the solution's; without it, a
// row needs its value unless the caller values such rows itself.
void settle_entry(const CsvReader& r, RowEntry& row, const std::vector<std::string>& f, const SetColumns& c,
                  const ExactSolution* exact, bool values_required) {
  PositionEntry& e = row.entry;
  const std::string& text = f[c.position];
  if (exact) {
    const int value = exact->value(e.position), distance = exact->distance(e.position);
    if (row.has_value && e.value != value)
      r.fail("'" + text + "' has value " + std::to_string(e.value) + " in the file but " + std::to_string(value) + " by the exact solver");
    if (e.distance >= 0 && e.distance != distance)
      r.fail("'" + text + "' has distance " + f[c.distance] + " in the file but " + std::to_string(distance) + " by the exact solver");
    e.value = value;
    e.distance = distance;
  } else if (!row.has_value && values_required) {
    r.fail("'" + text + "' has no value; without the exact solution (boards over " + std::to_string(StateSpace::kMaxCells) +
           " cells) a set file must carry each position's value (tictac sets writes it)");
  }
}

// Every row after the header that is for `board`, checked and added to `out`;
// returns how many rows were for its size and k but other rules.  A position
// listed twice is refused, naming the line that listed it first: a set's
// totals would count it twice.
std::size_t read_rows(CsvReader& r, const std::vector<std::string>& header, const Board& board,
                      const ExactSolution* exact, bool values_required, ReadSet& out) {
  const SetColumns c = set_columns(r, header);
  std::size_t other_rules = 0;
  std::map<std::pair<Mask, Mask>, int> first_line;
  std::vector<std::string> f;
  while (r.next(f)) {
    if (!r.fields_match(f))
      r.fail("the row has " + std::to_string(f.size()) + " fields, the header " + std::to_string(header.size()));
    const RowBoard for_board = row_board(r, f, c, board);
    if (for_board == RowBoard::other_rules) ++other_rules;
    if (for_board != RowBoard::this_board) continue;
    RowEntry row = read_entry(r, f, c, board);
    settle_entry(r, row, f, c, exact, values_required);
    const Position& p = row.entry.position;
    if (const auto [at, first] = first_line.try_emplace({p.x, p.o}, r.line()); !first)
      r.fail("the position " + format_position(board, p) + " is listed already, on line " +
             std::to_string(at->second) + ": a set lists each position once");
    out.entries.push_back(row.entry);
    out.strata.push_back(c.stratum >= 0 ? f[c.stratum] : std::string());
    out.lines.push_back(r.line());
    out.unvalued.push_back(!exact && !row.has_value);
  }
  return other_rules;
}

// A file with no row for `board`, refused at its last line; saying so when it
// has rows for the board's size and k under other rules.
[[noreturn]] void refuse_no_rows(const CsvReader& r, const Board& board, std::size_t other_rules) {
  if (other_rules)
    r.fail("the file's positions for " + board.size_name() + " with k=" + std::to_string(board.k()) + " are for a board " +
           (board.gravity() ? "without gravity" : "with gravity") + "; " + board.name() +
           (board.gravity() ? " has gravity (a file for it has a gravity column saying true)" : " has no gravity"));
  r.fail("no position in the file is for board " + board.name() + " (" + board.size_name() + " with k=" +
         std::to_string(board.k()) + (board.gravity() ? ", gravity" : "") + ")");
}

}  // namespace

ReadSet read_position_set_file(const std::filesystem::path& path, const Board& board, const ExactSolution* exact,
                               bool values_required) {
  CsvReader r(path, "position file");
  const std::vector<std::string> header = read_header(r);
  ReadSet out;
  const std::size_t other_rules = read_rows(r, header, board, exact, values_required, out);
  if (out.entries.empty()) refuse_no_rows(r, board, other_rules);
  return out;
}

std::vector<Board> position_set_file_boards(const std::filesystem::path& path) {
  CsvReader r(path, "position file");
  const std::vector<std::string> header = read_header(r);
  const SetColumns c = set_columns(r, header);
  std::vector<Board> boards;
  if (c.board < 0 || c.k < 0) return boards;
  std::set<std::string> seen;
  for (std::vector<std::string> f; r.next(f);) {
    if (!r.fields_match(f)) continue;  // the reader proper names the line
    const std::string gravity = c.gravity >= 0 ? f[c.gravity] : "false";
    if (!seen.insert(f[c.board] + "," + f[c.k] + "," + gravity).second) continue;
    try {
      boards.push_back(parse_board(f[c.board], std::stoi(f[c.k]), gravity == "true"));
    } catch (const std::exception& e) {
      r.fail("board '" + f[c.board] + "' with k '" + f[c.k] + "' is not a board: " + e.what());
    }
  }
  return boards;
}

std::vector<PositionEntry> read_position_set(const std::filesystem::path& path, const ExactSolution& solution) {
  return read_position_set_file(path, solution.board(), &solution).entries;
}

}  // namespace tictac
