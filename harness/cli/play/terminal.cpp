#include "harness/cli/play/terminal.hpp"

#include <fmt/core.h>

#include <bit>
#include <cctype>
#include <cstdio>
#include <iostream>
#include <stdexcept>

#include "harness/formats/notation.hpp"

namespace tictac::cli {

namespace {

std::string lower_trimmed(const std::string& s) {
  std::size_t a = 0, z = s.size();
  while (a < z && std::isspace(static_cast<unsigned char>(s[a]))) ++a;
  while (z > a && std::isspace(static_cast<unsigned char>(s[z - 1]))) --z;
  std::string t = s.substr(a, z - a);
  for (char& ch : t) ch = static_cast<char>(std::tolower(static_cast<unsigned char>(ch)));
  return t;
}

// Text shaped like a move: a whole number, or a letter and a whole number.
bool looks_like_move(const std::string& t) {
  std::size_t i = (!t.empty() && std::isalpha(static_cast<unsigned char>(t[0]))) ? 1 : 0;
  if (i == t.size()) return false;
  for (; i < t.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return false;
  return true;
}

// A move as a person names it: its cell ("b2"), or on a gravity board its
// column and the cell it fills ("column 4 (d6)").
std::string move_name(const Board& b, int cell) {
  return b.move_is_a_column() ? fmt::format("column {} ({})", b.col_of(cell) + 1, cell_name(b, cell)) : cell_name(b, cell);
}

void print_hint(const Game& g, Knowledge& knowledge) {
  const ValueOracle& oracle = knowledge.oracle();
  const Side s = g.position.to_move();
  const int sign = s == Side::X ? 1 : -1;
  fmt::print("  exact value of each move for {} with perfect play after it (from {}):\n", side_char(s),
             knowledge.source());
  for (Mask e = g.position.legal_moves(g.board); e; e &= e - 1) {
    const int c = std::countr_zero(e);
    Position q = g.position;
    q.play(c, s);
    const Valuation v = oracle(q);
    const int score = sign * v.value;
    const std::string plies = v.distance < 0 ? "" : fmt::format(" (in {} plies)", v.distance + 1);
    const std::string what = score > 0 ? "win " + plies : score < 0 ? "loss" + plies : std::string("draw");
    if (g.board.move_is_a_column())
      fmt::print("    column {:>2} ({:<3})  {:+d}  {}\n", g.board.col_of(c) + 1, cell_name(g.board, c), score, what);
    else
      fmt::print("    {:<4} ({:>2})  {:+d}  {}\n", cell_name(g.board, c), c, score, what);
  }
}

void print_help(const Board& b) {
  if (b.move_is_a_column()) {
    fmt::print(
        "  type a column number (1 to {}, from the left): the stone drops to the lowest empty cell of it,\n"
        "  or one of: undo (take back your last move), hint (the exact value of each column), quit\n",
        b.cols());
    return;
  }
  fmt::print(
      "  type a move as a cell number (0 to {}, row by row from a1) or as column and row (such as {}),\n"
      "  or one of: undo (take back your last move), hint (the exact value of each move), quit\n",
      b.cells() - 1, cell_name(b, b.cell(b.rows() / 2, b.cols() / 2)));
}

// One game at the terminal: the prompt and what is typed at it.
class Session {
 public:
  Session(const Board& b, std::array<Player, 2>& players, Knowledge& knowledge)
      : game_(b), players_(players), knowledge_(knowledge), any_human_(players[0].human() || players[1].human()) {}

  void run() {
    greet();
    for (;;) {
      play_engines(game_, players_, knowledge_, [this](Side s, const EngineMove& m) { show_move(s, m.cell, m.unproven); });
      if (game_.over() && !any_human_) return;
      if (game_.over())
        fmt::print("game over: {}. Type undo to take back your last move, or quit.\n", to_string(game_.result));
      const Side s = game_.position.to_move();
      fmt::print("{}> ", game_.over() ? std::string("game over") : players_[static_cast<int>(s)].label(s) + " to move");
      std::fflush(stdout);
      std::string line;
      if (!std::getline(std::cin, line)) {
        fmt::print("\nend of input: the game stops here\n");
        return;
      }
      if (!answer(line, s)) return;
    }
  }

 private:
  void greet() {
    const Board& b = game_.board;
    fmt::print("tictac play: {} ({} with k={}{}), X is {}, O is {}\n", b.name(), b.size_name(), b.k(),
               b.gravity() ? ", gravity" : "",
               players_[0].human() ? "you" : players_[0].name, players_[1].human() ? "you" : players_[1].name);
    if (players_[0].human() && players_[1].human()) fmt::print("(two people take turns at this keyboard)\n");
    if (any_human_) print_help(b);
    fmt::print("\n{}{}\n", draw(game_), status(game_));
  }

  void show_move(Side s, int cell, const std::string& unproven = {}) {
    fmt::print("\n{} plays {} ({}){}\n{}{}\n", players_[static_cast<int>(s)].label(s), move_name(game_.board, cell), cell,
               unproven.empty() ? "" : "   (" + unproven + ")", draw(game_), status(game_));
  }

  // Answers one line typed at the prompt (s is to move); false to stop.
  bool answer(const std::string& line, Side s) {
    const std::string t = lower_trimmed(line);
    if (t.empty()) return true;
    if (t == "quit" || t == "q" || t == "exit") {
      fmt::print("bye\n");
      return false;
    }
    if (t == "help" || t == "?")
      print_help(game_.board);
    else if (t == "undo")
      undo();
    else if (t == "hint")
      hint();
    else
      move(line, t, s);
    return true;
  }

  // Takes back moves up to and including the last one a person made.
  void undo() {
    int last_human = -1;
    for (int i = 0; i < static_cast<int>(game_.moves.size()); ++i)
      if (players_[i % 2].human()) last_human = i;
    if (last_human < 0) {
      fmt::print("  nothing to undo: no move of yours is on the board\n");
      return;
    }
    std::string taken;
    while (static_cast<int>(game_.moves.size()) > last_human) {
      taken = move_name(game_.board, game_.moves.back()) + (taken.empty() ? "" : ", " + taken);
      game_.undo();
    }
    fmt::print("  took back {}\n\n{}{}\n", taken, draw(game_), status(game_));
  }

  void hint() {
    if (game_.over())
      fmt::print("  the game is over ({})\n", to_string(game_.result));
    else
      print_hint(game_, knowledge_);
  }

  // Plays the move typed as `line` (t: lower-case, trimmed), or says why not.
  void move(const std::string& line, const std::string& t, Side s) {
    const Board& b = game_.board;
    if (b.move_is_a_column()) {
      drop(t, s);
      return;
    }
    if (!looks_like_move(t)) {
      fmt::print("  '{}' is not a move: type a cell number (0 to {}) or a column and row such as b2, or undo, hint, quit\n",
                 line, b.cells() - 1);
      return;
    }
    int cell;
    try {
      cell = parse_cell(b, t);
    } catch (const std::invalid_argument& e) {
      fmt::print("  {}\n", e.what());
      return;
    }
    if (const std::string why = refusal(game_, cell); !why.empty()) {
      fmt::print("  {}\n", why);
      return;
    }
    game_.play(cell);
    show_move(s, cell);
  }

  // The column typed (t: lower-case, trimmed) on a gravity board.
  void drop(const std::string& t, Side s) {
    const Board& b = game_.board;
    int cell;
    try {
      cell = parse_column(b, game_.position, t);
    } catch (const std::invalid_argument& e) {
      // e names the move as typed: "move '9': column 9 is off the board (...)".
      fmt::print("  {}; type a column number (1 to {}), or undo, hint, quit\n", e.what(), b.cols());
      return;
    }
    game_.play(cell);
    show_move(s, cell);
  }

  Game game_;
  std::array<Player, 2>& players_;
  Knowledge& knowledge_;
  const bool any_human_;
};

}  // namespace

std::string draw(const Game& g) {
  const Board& b = g.board;
  std::string rule = "    +";
  for (int c = 0; c < b.cols(); ++c) rule += "---+";
  // Column letters and row numbers; with gravity the column numbers of
  // Pons's notation, and no row numbers (a move names no row).
  std::string s = "    ";
  for (int c = 0; c < b.cols(); ++c)
    s += b.move_is_a_column() ? fmt::format("{:>3} ", c + 1) : fmt::format("  {} ", static_cast<char>('a' + c));
  s += "\n" + rule + "\n";
  for (int r = 0; r < b.rows(); ++r) {
    s += b.move_is_a_column() ? std::string("    |") : fmt::format("{:>3} |", r + 1);
    for (int c = 0; c < b.cols(); ++c) {
      const Mask bit = Mask{1} << b.cell(r, c);
      s += fmt::format(" {} |", g.position.x & bit ? 'X' : g.position.o & bit ? 'O' : '.');
    }
    s += "\n" + rule + "\n";
  }
  return s;
}

std::string status(const Game& g) {
  const std::string pos = format_position(g.board, g.position);
  if (g.over()) return fmt::format("position {}: {}", pos, to_string(g.result));
  return fmt::format("position {}: {} to move", pos, side_char(g.position.to_move()));
}

void run_interactive(const Board& b, std::array<Player, 2>& players, Knowledge& knowledge) {
  Session(b, players, knowledge).run();
}

}  // namespace tictac::cli
