#include "harness/formats/notation.hpp"

#include <algorithm>
#include <bit>
#include <cctype>
#include <charconv>
#include <stdexcept>
#include <vector>

#include "algorithms/game/rules.hpp"

namespace tictac {

namespace {
int parse_int(std::string_view s, const char* what) {
  int v = 0;
  auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec != std::errc{} || ptr != s.data() + s.size() || s.empty())
    throw std::invalid_argument(std::string(what) + " '" + std::string(s) + "' is not a whole number");
  return v;
}

void require_gravity(const Board& b, const char* what) {
  if (!b.move_is_a_column())
    throw std::invalid_argument(std::string(what) + " are for gravity boards, where a move is a column; " +
                                b.name() + " has no gravity (give the position cell by cell)");
}

std::string columns_text(const Board& b) { return "columns 1 to " + std::to_string(b.cols()); }

// The 0-based column named by `text` (a number from 1), or a throw that
// starts with `which` (the move being read).
int column_of(const Board& b, std::string_view text, const std::string& which) {
  int col = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), col);
  if (text.empty() || ec != std::errc{} || ptr != text.data() + text.size())
    throw std::invalid_argument(which + ": '" + std::string(text) + "' is not a column number (" + columns_text(b) + ")");
  if (col < 1 || col > b.cols())
    throw std::invalid_argument(which + ": column " + std::to_string(col) + " is off the board (" + columns_text(b) + ")");
  return col - 1;
}

// The cell a drop in column `col` fills from p, or a throw that starts with
// `which`; p must be unfinished.
int drop_cell(const Board& b, const Position& p, int col, const std::string& which) {
  Mask column = 0;
  for (int r = 0; r < b.rows(); ++r) column |= Mask{1} << b.cell(r, col);
  const Mask cell = p.legal_moves(b) & column;
  if (!cell) throw std::invalid_argument(which + ": column " + std::to_string(col + 1) + " is full");
  return std::countr_zero(cell);
}

std::string ended_text(Result r) {
  return r == Result::draw ? "a draw, the board is full" : std::string(to_string(r));
}
}  // namespace

Board parse_board(std::string_view size, int k, bool gravity) {
  const auto x = size.find_first_of("xX");
  if (x == std::string_view::npos)
    throw std::invalid_argument("board '" + std::string(size) + "' is not of the form RxC (for example 3x3)");
  const int rows = parse_int(size.substr(0, x), "board rows");
  const int cols = parse_int(size.substr(x + 1), "board columns");
  return Board(rows, cols, k, gravity);
}

Position parse_stones(const Board& b, std::string_view text) {
  Position p;
  int cell = 0, col = 0;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char ch = text[i];
    if (ch == '/') {
      if (col != b.cols())
        throw std::invalid_argument("row " + std::to_string(cell / b.cols() + (col ? 1 : 0)) +
                                    " of '" + std::string(text) + "' has " + std::to_string(col) +
                                    " cells; a row of " + b.size_name() + " has " +
                                    std::to_string(b.cols()));
      col = 0;
      continue;
    }
    if (cell >= b.cells())
      throw std::invalid_argument("'" + std::string(text) + "' has more than the " +
                                  std::to_string(b.cells()) + " cells of a " + b.size_name() + " board");
    switch (ch) {
      case 'X': case 'x': p.x |= Mask{1} << cell; break;
      case 'O': case 'o': p.o |= Mask{1} << cell; break;
      case '.': break;
      default:
        throw std::invalid_argument("unknown character '" + std::string(1, ch) + "' at position " +
                                    std::to_string(i + 1) + " of '" + std::string(text) +
                                    "'; a cell is X, O or '.'");
    }
    ++cell;
    col = col + 1;
  }
  if (cell != b.cells() || (text.find('/') != std::string_view::npos && col != b.cols()))
    throw std::invalid_argument("'" + std::string(text) + "' has " + std::to_string(cell) +
                                " cells; a " + b.size_name() + " board has " +
                                std::to_string(b.cells()) + " (" + std::to_string(b.rows()) +
                                " rows of " + std::to_string(b.cols()) + ")");
  return p;
}

Position parse_position(const Board& b, std::string_view text) {
  const Position p = parse_stones(b, text);
  const Legality l = check_legality(b, p);
  if (l != Legality::legal)
    throw std::invalid_argument("illegal position '" + std::string(text) + "': " + std::string(describe(l)));
  return p;
}

std::vector<int> parse_drops(const Board& b, std::string_view moves) {
  require_gravity(b, "move sequences");
  // One item per move: a character, or the text between commas.
  std::vector<std::string_view> items;
  if (moves.find(',') != std::string_view::npos || b.cols() >= 10) {
    for (std::size_t start = 0; !moves.empty();) {
      const std::size_t comma = std::min(moves.find(',', start), moves.size());
      items.push_back(moves.substr(start, comma - start));
      if (comma == moves.size()) break;
      start = comma + 1;
    }
  } else {
    for (std::size_t i = 0; i < moves.size(); ++i) items.push_back(moves.substr(i, 1));
  }
  Position p;
  std::vector<int> cells;
  int ended_at = 0;
  Result ended = Result::ongoing;
  for (std::size_t i = 0; i < items.size(); ++i) {
    const std::string which = "move " + std::to_string(i + 1) + " of '" + std::string(moves) + "'";
    const int col = column_of(b, items[i], which);
    if (ended != Result::ongoing)
      throw std::invalid_argument(which + " (column " + std::to_string(col + 1) +
                                  ") comes after the game ended with move " + std::to_string(ended_at) + " (" +
                                  ended_text(ended) + ")");
    const Side s = p.to_move();
    const int cell = drop_cell(b, p, col, which);
    p.play(cell, s);
    cells.push_back(cell);
    if (b.wins_through(p.stones(s), cell))
      ended = s == Side::X ? Result::x_wins : Result::o_wins;
    else if (p.occupied() == b.full())
      ended = Result::draw;
    if (ended != Result::ongoing && ended_at == 0) ended_at = static_cast<int>(i + 1);
  }
  return cells;
}

Position parse_moves(const Board& b, std::string_view moves) {
  Position p;
  for (const int cell : parse_drops(b, moves)) p.play(cell, p.to_move());
  return p;
}

int parse_column(const Board& b, const Position& p, std::string_view column) {
  require_gravity(b, "column moves");
  const std::string which = "move '" + std::string(column) + "'";
  const int col = column_of(b, column, which);
  if (const Result r = result(b, p); r != Result::ongoing)
    throw std::invalid_argument(which + ": the game has ended (" + ended_text(r) + ")");
  return drop_cell(b, p, col, which);
}

std::string format_moves(const Board& b, std::span<const int> cells) {
  require_gravity(b, "move sequences");
  std::string s;
  for (const int cell : cells) {
    if (!s.empty() && b.cols() >= 10) s += ',';
    s += std::to_string(b.col_of(cell) + 1);
  }
  return s;
}

std::string value_text(int value) { return value > 0 ? "X wins" : value < 0 ? "O wins" : "draw"; }

std::string bounds_text(const ValueBounds& b) {
  if (b.exact()) return value_text(b.lower);
  if (b.lower == 0) return "X at least draws";
  if (b.upper == 0) return "O at least draws";
  return "unknown";
}

std::string format_position(const Board& b, const Position& p) {
  std::string s;
  for (int r = 0; r < b.rows(); ++r) {
    if (r) s += '/';
    for (int c = 0; c < b.cols(); ++c) {
      const Mask bit = Mask{1} << b.cell(r, c);
      s += p.x & bit ? 'X' : p.o & bit ? 'O' : '.';
    }
  }
  return s;
}

std::string cell_name(const Board& b, int cell) {
  // Gravity boards count rows from the bottom, as Connect-Four players do.
  const int row = b.move_is_a_column() ? b.rows() - b.row_of(cell) : b.row_of(cell) + 1;
  return std::string(1, static_cast<char>('a' + b.col_of(cell))) + std::to_string(row);
}

int parse_cell(const Board& b, std::string_view text) {
  if (!text.empty() && text[0] >= '0' && text[0] <= '9') {
    const int cell = parse_int(text, "cell");
    if (cell < 0 || cell >= b.cells())
      throw std::invalid_argument("cell " + std::to_string(cell) + " is off the board (cells are 0 to " +
                                  std::to_string(b.cells() - 1) + ")");
    return cell;
  }
  if (text.size() >= 2 && std::isalpha(static_cast<unsigned char>(text[0]))) {
    const int col = std::tolower(static_cast<unsigned char>(text[0])) - 'a';
    const int named = parse_int(text.substr(1), "row");
    const int row = b.move_is_a_column() ? b.rows() - named : named - 1;  // gravity: rows from the bottom (cell_name)
    if (col < 0 || col >= b.cols() || row < 0 || row >= b.rows())
      throw std::invalid_argument("'" + std::string(text) + "' is off the board (columns a to " +
                                  std::string(1, static_cast<char>('a' + b.cols() - 1)) +
                                  ", rows 1 to " + std::to_string(b.rows()) +
                                  (b.move_is_a_column() ? ", row 1 at the bottom)" : ", row 1 at the top)"));
    return b.cell(row, col);
  }
  throw std::invalid_argument("'" + std::string(text) +
                              "' is not a move: give a cell number or a column and row such as b2");
}

}  // namespace tictac
