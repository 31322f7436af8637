// `tictac play`: a game in the terminal between people and engines, a given
// list of moves, or many engine games counted (--self-play).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <bit>
#include <cctype>
#include <cstdio>
#include <iostream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <stdexcept>

#include "algorithms/search/level.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/exact/solution.hpp"
#include "harness/cli/commands.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac::cli {

namespace {

struct PlayOptions {
  std::string board = "3x3";
  int k = 3;
  std::string x = "human";
  std::string o = "hard";
  std::uint64_t seed = 1;
  std::string moves;
  int self_play = 0;
  std::string format = "table";
  std::string search;
};

char side_char(Side s) { return s == Side::X ? 'X' : 'O'; }

std::string level_names() {
  std::string s;
  for (const Level& l : levels()) s += (s.empty() ? "" : ", ") + std::string(l.name);
  return s;
}

// The values of moves for medium, hard and the hint: the exact solution on
// boards of up to 16 cells (built on first use: 3x3 takes milliseconds, 4x4
// seconds); on larger boards one search of each position by a strategy spec.
class Knowledge {
 public:
  Knowledge(const Board& b, const std::string& search) : board_(b) {
    if (!exact()) {
      spec_ = search.empty() ? default_strategy(b) : search;
      strategy_ = make_strategy(b, spec_);  // refuses a bad spec now, before any output
      spec_ = strategy_->spec();
    }
  }

  bool exact() const { return board_.cells() <= StateSpace::kMaxCells; }
  // "the exact solution" or "strategy SPEC".
  std::string source() const { return exact() ? "the exact solution" : "strategy " + spec_; }

  const ValueOracle& oracle() {
    if (oracle_) return oracle_;
    if (exact()) {
      space_ = std::make_unique<StateSpace>(board_);
      solution_ = std::make_unique<ExactSolution>(*space_);
      oracle_ = exact_oracle(*solution_);
    } else {
      Strategy* s = strategy_.get();
      oracle_ = [s](const Position& p) { return Valuation{s->search_fast(p).value, -1}; };
    }
    return oracle_;
  }

 private:
  Board board_;
  std::string spec_;
  std::unique_ptr<Strategy> strategy_;
  std::unique_ptr<StateSpace> space_;
  std::unique_ptr<ExactSolution> solution_;
  ValueOracle oracle_;
};

// One side of the game: a person at the keyboard or an engine.
struct Player {
  std::string name;                   // "human", a level, or a strategy spec in normal form
  const Level* level = nullptr;       // an engine of a difficulty level,
  std::unique_ptr<Strategy> strategy;  // or one that plays a strategy's best move
  Rng rng;

  bool human() const { return !level && !strategy; }
  std::string label(Side s) const {
    return human() ? std::string(1, side_char(s)) : fmt::format("{} ({})", side_char(s), name);
  }
};

Player make_player(const Board& b, std::string_view text, std::string_view option, std::uint64_t seed, Side s) {
  Player p;
  p.name = std::string(text);
  // One stream per side, both from --seed: the same seed, the same games.
  std::uint64_t mix = seed ^ (s == Side::X ? 0x5851f42d4c957f2dULL : 0x14057b7ef767814fULL);
  p.rng = Rng(splitmix64(mix));
  if (text == "human") return p;
  p.level = find_level(text);
  if (p.level) return p;
  try {
    p.strategy = make_strategy(b, text);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("{} '{}' is not a player: give human, a level ({}) or a strategy spec ({})",
                                            option, text, level_names(), e.what()));
  }
  p.name = p.strategy->spec();
  return p;
}

int engine_move(Player& player, const Board& b, const Position& p, Knowledge& knowledge) {
  if (player.strategy) {
    // A proof-number strategy can prove a value without a move (a draw by
    // strategy-stealing) or run out of its budget: no move to play.
    const SearchResult r = player.strategy->search_fast(p);
    if (r.best_move < 0)
      throw std::runtime_error(fmt::format("{} gives no move for {}: {}", player.strategy->spec(), format_position(b, p),
                                           !r.proved ? "it ran out of its budget"
                                                     : "its value comes from strategy-stealing, which proves no move "
                                                       "(use stealing=off)"));
    return r.best_move;
  }
  static const ValueOracle none;
  const ValueOracle& oracle = player.level->needs_oracle() ? knowledge.oracle() : none;
  return choose_move(*player.level, b, p, oracle, player.rng);
}

// A game in progress: the position and the moves that led to it.
struct Game {
  explicit Game(const Board& b) : board(b) {}

  Board board;
  Position position;
  std::vector<int> moves;
  Result result = Result::ongoing;

  void play(int cell) {
    position.play(cell, position.to_move());
    moves.push_back(cell);
    result = tictac::result(board, position);
  }
  void undo() {
    const int cell = moves.back();
    moves.pop_back();
    position.undo(cell, other(position.to_move()));
    result = Result::ongoing;
  }
  bool over() const { return result != Result::ongoing; }
};

// Why `cell` cannot be played now, or an empty string when it can.
std::string refusal(const Game& g, int cell) {
  if (g.over()) return fmt::format("the game is over ({})", to_string(g.result));
  const Mask bit = Mask{1} << cell;
  if (g.position.occupied() & bit)
    return fmt::format("{} ({}) is taken by {}; choose an empty cell", cell_name(g.board, cell), cell,
                       g.position.x & bit ? 'X' : 'O');
  return {};
}

// The board with column letters and row numbers:
//      a   b   c
//    +---+---+---+
//  1 | X | . | O |
std::string draw(const Game& g) {
  const Board& b = g.board;
  std::string rule = "    +";
  for (int c = 0; c < b.cols(); ++c) rule += "---+";
  std::string s = "    ";
  for (int c = 0; c < b.cols(); ++c) s += fmt::format("  {} ", static_cast<char>('a' + c));
  s += "\n" + rule + "\n";
  for (int r = 0; r < b.rows(); ++r) {
    s += fmt::format("{:>3} |", r + 1);
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

std::string result_key(Result r) {
  switch (r) {
    case Result::x_wins: return "x_wins";
    case Result::o_wins: return "o_wins";
    case Result::draw: return "draw";
    case Result::ongoing: break;
  }
  return "ongoing";
}

// Cells separated by spaces or commas, each checked against the game so far.
std::vector<int> parse_moves(Game& g, std::string_view text) {
  std::vector<int> cells;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == ',' || text[i] == '\t') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != ',' && text[j] != '\t') ++j;
    const std::string_view token = text.substr(i, j - i);
    const int n = static_cast<int>(cells.size()) + 1;
    int cell;
    try {
      cell = parse_cell(g.board, token);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(fmt::format("--moves: move {}: {}", n, e.what()));
    }
    if (const std::string why = refusal(g, cell); !why.empty())
      throw std::invalid_argument(fmt::format("--moves: move {} ({}): {}", n, token, why));
    g.play(cell);
    cells.push_back(cell);
    i = j;
  }
  return cells;
}

// Engines move until the game ends or a person is to move.
void play_engines(Game& g, std::array<Player, 2>& players, Knowledge& knowledge,
                  const std::function<void(Side, int)>& on_move) {
  while (!g.over()) {
    const Side s = g.position.to_move();
    Player& pl = players[static_cast<int>(s)];
    if (pl.human()) return;
    const int cell = engine_move(pl, g.board, g.position, knowledge);
    g.play(cell);
    if (on_move) on_move(s, cell);
  }
}

void run_self_play(const PlayOptions& o, const Board& b, std::array<Player, 2>& players, Knowledge& knowledge) {
  for (const Side s : {Side::X, Side::O})
    if (players[static_cast<int>(s)].human())
      throw std::invalid_argument(fmt::format("--self-play needs an engine on both sides; --{} is human",
                                              s == Side::X ? 'x' : 'o'));
  if (o.self_play < 1) throw std::invalid_argument("--self-play needs at least 1 game");
  std::uint64_t x_wins = 0, o_wins = 0, draws = 0, plies = 0;
  for (int n = 0; n < o.self_play; ++n) {
    Game g(b);
    parse_moves(g, o.moves);
    play_engines(g, players, knowledge, {});
    (g.result == Result::x_wins ? x_wins : g.result == Result::o_wins ? o_wins : draws) += 1;
    plies += g.moves.size();
  }
  const double mean_plies = double(plies) / o.self_play;
  if (o.format == "json") {
    nlohmann::ordered_json j;
    j["board"] = b.size_name();
    j["k"] = b.k();
    j["x"] = players[0].name;
    j["o"] = players[1].name;
    j["seed"] = o.seed;
    j["opening"] = o.moves;
    j["games"] = o.self_play;
    j["x_wins"] = x_wins;
    j["o_wins"] = o_wins;
    j["draws"] = draws;
    j["mean_plies"] = mean_plies;
    fmt::print("{}\n", j.dump(2));
    return;
  }
  fmt::print("self-play   {} games on {} (k={}), seed {}{}\n", o.self_play, b.size_name(), b.k(), o.seed,
             o.moves.empty() ? "" : ", opening " + o.moves);
  fmt::print("X           {}\nO           {}\n", players[0].name, players[1].name);
  fmt::print("x_wins      {}\no_wins      {}\ndraws       {}\n", x_wins, o_wins, draws);
  fmt::print("mean plies  {:.2f}\n", mean_plies);
}

void run_moves(const PlayOptions& o, const Board& b, std::array<Player, 2>& players, Knowledge& knowledge) {
  Game g(b);
  const std::size_t given = parse_moves(g, o.moves).size();
  play_engines(g, players, knowledge, {});
  if (o.format == "json") {
    nlohmann::ordered_json j;
    j["board"] = b.size_name();
    j["k"] = b.k();
    j["x"] = players[0].name;
    j["o"] = players[1].name;
    j["seed"] = o.seed;
    j["moves"] = g.moves;
    std::vector<std::string> names;
    for (int c : g.moves) names.push_back(cell_name(b, c));
    j["move_names"] = names;
    j["given_moves"] = given;
    j["position"] = format_position(b, g.position);
    j["result"] = result_key(g.result);
    j["to_move"] = g.over() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(std::string(1, side_char(g.position.to_move())));
    fmt::print("{}\n", j.dump(2));
    return;
  }
  std::string line;
  for (std::size_t i = 0; i < g.moves.size(); ++i)
    line += fmt::format("{}{}{}", i ? " " : "", cell_name(b, g.moves[i]), i < given ? "" : "*");
  fmt::print("{}", draw(g));
  fmt::print("moves    {}{}\n", line.empty() ? "-" : line,
             g.moves.size() > given ? "   (* played by the engines)" : "");
  fmt::print("{}\n", status(g));
}

// --- the interactive game ---------------------------------------------------

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

void print_hint(const Game& g, Knowledge& knowledge) {
  const ValueOracle& oracle = knowledge.oracle();
  const Side s = g.position.to_move();
  const int sign = s == Side::X ? 1 : -1;
  fmt::print("  exact value of each move for {} with perfect play after it (from {}):\n", side_char(s),
             knowledge.source());
  for (Mask e = g.position.empty(g.board); e; e &= e - 1) {
    const int c = std::countr_zero(e);
    Position q = g.position;
    q.play(c, s);
    const Valuation v = oracle(q);
    const int score = sign * v.value;
    const std::string plies = v.distance < 0 ? "" : fmt::format(" (in {} plies)", v.distance + 1);
    const std::string what = score > 0 ? "win " + plies : score < 0 ? "loss" + plies : std::string("draw");
    fmt::print("    {:<4} ({:>2})  {:+d}  {}\n", cell_name(g.board, c), c, score, what);
  }
}

void print_help(const Board& b) {
  fmt::print(
      "  type a move as a cell number (0 to {}, row by row from a1) or as column and row (such as {}),\n"
      "  or one of: undo (take back your last move), hint (the exact value of each move), quit\n",
      b.cells() - 1, cell_name(b, b.cell(b.rows() / 2, b.cols() / 2)));
}

void run_interactive(const Board& b, std::array<Player, 2>& players, Knowledge& knowledge) {
  Game g(b);
  const bool any_human = players[0].human() || players[1].human();
  fmt::print("tictac play: {} (k={}), X is {}, O is {}\n", b.size_name(), b.k(),
             players[0].human() ? "you" : players[0].name, players[1].human() ? "you" : players[1].name);
  if (players[0].human() && players[1].human()) fmt::print("(two people take turns at this keyboard)\n");
  if (any_human) print_help(b);
  fmt::print("\n{}{}\n", draw(g), status(g));
  const auto show_engine_move = [&](Side s, int cell) {
    fmt::print("\n{} plays {} ({})\n{}{}\n", players[static_cast<int>(s)].label(s), cell_name(b, cell), cell,
               draw(g), status(g));
  };
  for (;;) {
    play_engines(g, players, knowledge, show_engine_move);
    if (g.over() && !any_human) return;
    if (g.over())
      fmt::print("game over: {}. Type undo to take back your last move, or quit.\n", to_string(g.result));
    const Side s = g.position.to_move();
    fmt::print("{}> ", g.over() ? std::string("game over") : players[static_cast<int>(s)].label(s) + " to move");
    std::fflush(stdout);
    std::string line;
    if (!std::getline(std::cin, line)) {
      fmt::print("\nend of input: the game stops here\n");
      return;
    }
    const std::string t = lower_trimmed(line);
    if (t.empty()) continue;
    if (t == "quit" || t == "q" || t == "exit") {
      fmt::print("bye\n");
      return;
    }
    if (t == "help" || t == "?") {
      print_help(b);
      continue;
    }
    if (t == "undo") {
      // Take back moves up to and including the last one a person made.
      int last_human = -1;
      for (int i = 0; i < static_cast<int>(g.moves.size()); ++i)
        if (players[i % 2].human()) last_human = i;
      if (last_human < 0) {
        fmt::print("  nothing to undo: no move of yours is on the board\n");
        continue;
      }
      std::string taken;
      while (static_cast<int>(g.moves.size()) > last_human) {
        taken = cell_name(b, g.moves.back()) + (taken.empty() ? "" : " " + taken);
        g.undo();
      }
      fmt::print("  took back {}\n\n{}{}\n", taken, draw(g), status(g));
      continue;
    }
    if (t == "hint") {
      if (g.over()) {
        fmt::print("  the game is over ({})\n", to_string(g.result));
        continue;
      }
      print_hint(g, knowledge);
      continue;
    }
    if (!looks_like_move(t)) {
      fmt::print("  '{}' is not a move: type a cell number (0 to {}) or a column and row such as b2, or undo, hint, quit\n",
                 line, b.cells() - 1);
      continue;
    }
    int cell;
    try {
      cell = parse_cell(b, t);
    } catch (const std::invalid_argument& e) {
      fmt::print("  {}\n", e.what());
      continue;
    }
    if (const std::string why = refusal(g, cell); !why.empty()) {
      fmt::print("  {}\n", why);
      continue;
    }
    g.play(cell);
    fmt::print("\n{} plays {} ({})\n{}{}\n", players[static_cast<int>(s)].label(s), cell_name(b, cell), cell, draw(g),
               status(g));
  }
}

}  // namespace

void add_play(CLI::App& app) {
  auto opts = std::make_shared<PlayOptions>();
  CLI::App* cmd = app.add_subcommand(
      "play",
      "Play a game in the terminal: a person against an engine (either side), engine against engine, or person "
      "against person; or play a list of moves (--moves), or count the outcomes of many engine games "
      "(--self-play)");
  cmd->add_option("--board", opts->board, "board size as RxC")->capture_default_str();
  cmd->add_option("--k", opts->k, "stones in a row that win")->capture_default_str();
  std::string players_help = "human; or an engine level:";
  for (const Level& l : levels()) players_help += fmt::format(" {} ({});", l.name, l.summary);
  players_help +=
      " or an engine that plays the best move of a strategy spec (see `tictac strategies`, for example "
      "alphabeta:tt=zobrist). medium, hard and hint take exact move values from the retrograde solution on boards "
      "of up to 16 cells, and from --search on larger ones";
  cmd->add_option("--x", opts->x, "who plays X: " + players_help)->capture_default_str();
  cmd->add_option("--o", opts->o, "who plays O (same choices as --x)")->capture_default_str();
  cmd->add_option("--seed", opts->seed, "seed of the engines' random choices: the same seed plays the same games")
      ->capture_default_str();
  cmd->add_option("--moves", opts->moves,
                  "play these moves from the empty board (cells as numbers or names such as b2, separated by spaces "
                  "or commas), let engines answer until a person is to move or the game ends, print the position "
                  "and exit; with --self-play, the opening of every game");
  cmd->add_option("--self-play", opts->self_play,
                  "play N games between the engines --x and --o and print how many each side won and drew");
  cmd->add_option("--search", opts->search,
                  "on boards over 16 cells, the strategy spec that values each move for medium, hard and hint, one "
                  "search per move (default: the default exact strategy for the board); large boards can be slow");
  cmd->add_option("--format", opts->format, "output format of --moves and --self-play")
      ->check(CLI::IsMember({"table", "json"}))
      ->capture_default_str();
  cmd->footer(
      "In a game, type a move as a cell number (row by row from 0) or as column letter and row number (b2 is the "
      "centre of 3x3), or: undo (take back your last move and the engine's answer), hint (the exact value of each "
      "move), help, quit.");
  cmd->callback([opts, cmd] {
    const Board b = parse_board(opts->board, opts->k);
    std::array<Player, 2> players{make_player(b, opts->x, "--x", opts->seed, Side::X),
                                  make_player(b, opts->o, "--o", opts->seed, Side::O)};
    Knowledge knowledge(b, opts->search);
    if (cmd->count("--self-play")) return run_self_play(*opts, b, players, knowledge);
    if (cmd->count("--moves")) return run_moves(*opts, b, players, knowledge);
    run_interactive(b, players, knowledge);
  });
}

}  // namespace tictac::cli
