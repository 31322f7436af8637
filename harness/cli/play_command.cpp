// `tictac play`: a game in the terminal between people and engines, a given
// list of moves, or many engine games counted (--self-play).  The parts are in
// harness/cli/play/: the game loop (game), the engines (engines), terminal
// input and output (terminal); here are the options and the two outputs of
// the non-interactive forms.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <nlohmann/json.hpp>
#include <span>
#include <stdexcept>

#include "harness/cli/board_options.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/play/engines.hpp"
#include "harness/cli/play/game.hpp"
#include "harness/cli/play/terminal.hpp"
#include "harness/formats/board_fields.hpp"
#include "harness/formats/notation.hpp"

namespace tictac::cli {

namespace {

struct PlayOptions {
  BoardOptions where;  // its --position and --moves are not play's: play's --moves is below
  std::string x = "human";
  std::string o = "hard";
  std::uint64_t seed = 1;
  std::string moves;
  int self_play = 0;
  std::string format = "table";
  std::string search;
  double move_time = 0;
};

void run_self_play(const PlayOptions& o, const Board& b, std::array<Player, 2>& players, Knowledge& knowledge) {
  for (const Side s : {Side::X, Side::O})
    if (players[static_cast<int>(s)].human())
      throw std::invalid_argument(fmt::format("--self-play needs an engine on both sides; --{} is human",
                                              s == Side::X ? 'x' : 'o'));
  if (o.self_play < 1) throw std::invalid_argument("--self-play needs at least 1 game");
  std::uint64_t x_wins = 0, o_wins = 0, draws = 0, plies = 0, unproven = 0;
  for (int n = 0; n < o.self_play; ++n) {
    Game g(b);
    parse_moves(g, o.moves);
    play_engines(g, players, knowledge, [&](Side, const EngineMove& m) { unproven += !m.unproven.empty(); });
    (g.result == Result::x_wins ? x_wins : g.result == Result::o_wins ? o_wins : draws) += 1;
    plies += g.moves.size();
  }
  const double mean_plies = double(plies) / o.self_play;
  if (o.format == "json") {
    nlohmann::ordered_json j = board_json(b);
    j["x"] = players[0].name;
    j["o"] = players[1].name;
    j["seed"] = o.seed;
    j["opening"] = o.moves;
    j["games"] = o.self_play;
    j["x_wins"] = x_wins;
    j["o_wins"] = o_wins;
    j["draws"] = draws;
    j["mean_plies"] = mean_plies;
    j["unproven_moves"] = unproven;
    fmt::print("{}\n", j.dump(2));
    return;
  }
  fmt::print("self-play   {} games on {} ({} with k={}{}), seed {}{}\n", o.self_play, b.name(), b.size_name(), b.k(),
             b.gravity() ? ", gravity" : "", o.seed,
             o.moves.empty() ? "" : ", opening " + o.moves);
  fmt::print("X           {}\nO           {}\n", players[0].name, players[1].name);
  fmt::print("x_wins      {}\no_wins      {}\ndraws       {}\n", x_wins, o_wins, draws);
  fmt::print("mean plies  {:.2f}\n", mean_plies);
  if (unproven) fmt::print("unproven    {} moves of hard (out of its time per move: --move-time)\n", unproven);
}

void run_moves(const PlayOptions& o, const Board& b, std::array<Player, 2>& players, Knowledge& knowledge) {
  Game g(b);
  const std::size_t given = parse_moves(g, o.moves).size();
  std::vector<std::pair<std::size_t, std::string>> unproven;  // (index in the moves, why)
  play_engines(g, players, knowledge, [&](Side, const EngineMove& m) {
    if (!m.unproven.empty()) unproven.emplace_back(g.moves.size() - 1, m.unproven);
  });
  if (o.format == "json") {
    nlohmann::ordered_json j = board_json(b);
    j["x"] = players[0].name;
    j["o"] = players[1].name;
    j["seed"] = o.seed;
    j["moves"] = g.moves;
    std::vector<std::string> names;
    for (int c : g.moves) names.push_back(cell_name(b, c));
    j["move_names"] = names;
    if (b.move_is_a_column()) j["moves_pons"] = format_moves(b, g.moves);  // the game in Pons's notation
    j["given_moves"] = given;
    nlohmann::ordered_json u = nlohmann::ordered_json::array();
    for (const auto& [i, why] : unproven) u.push_back({{"move", i}, {"why", why}});
    j["unproven"] = u;  // hard's moves that ran out of time (indices into moves)
    j["position"] = format_position(b, g.position);
    j["result"] = result_key(g.result);
    j["to_move"] = g.over() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(std::string(1, side_char(g.position.to_move())));
    fmt::print("{}\n", j.dump(2));
    return;
  }
  std::string line;
  if (b.move_is_a_column()) {
    // Pons's notation, the engines' moves after a '|'.
    const std::span<const int> all(g.moves);
    line = format_moves(b, all.first(given));
    if (g.moves.size() > given) line += "|" + format_moves(b, all.subspan(given));
  } else {
    for (std::size_t i = 0; i < g.moves.size(); ++i)
      line += fmt::format("{}{}{}", i ? " " : "", cell_name(b, g.moves[i]), i < given ? "" : "*");
  }
  fmt::print("{}", draw(g));
  fmt::print("moves    {}{}\n", line.empty() ? "-" : line,
             g.moves.size() <= given ? ""
             : b.move_is_a_column()           ? "   (columns; after | played by the engines)"
                                     : "   (* played by the engines)");
  for (const auto& [i, why] : unproven) fmt::print("move {} ({}): {}\n", i + 1, cell_name(b, g.moves[i]), why);
  fmt::print("{}\n", status(g));
}

}  // namespace

void add_play(CLI::App& app) {
  auto opts = std::make_shared<PlayOptions>();
  CLI::App* cmd = app.add_subcommand(
      "play",
      "Play a game in the terminal: a person against an engine (either side), engine against engine, or person "
      "against person; or play a list of moves (--moves), or count the outcomes of many engine games "
      "(--self-play)");
  add_board_options(*cmd, opts->where);
  std::string players_help = "human; or an engine level:";
  for (const Level& l : levels()) players_help += fmt::format(" {} ({});", l.name, l.summary);
  players_help +=
      " or an engine that plays the best move of a strategy spec (see `tictac strategies`, for example "
      "alphabeta:tt=zobrist); or a player that plays the move it chooses within its budget (mcts, ab, random, "
      "perfect; for example mcts:playouts=2000,solver=bounds). medium, hard and hint take exact move values from the retrograde solution on boards "
      "of up to 16 cells; on larger ones medium and hint search each move with --search, and hard searches "
      "the position within --move-time";
  cmd->add_option("--x", opts->x, "who plays X: " + players_help)->capture_default_str();
  cmd->add_option("--o", opts->o, "who plays O (same choices as --x)")->capture_default_str();
  cmd->add_option("--seed", opts->seed, "seed of the engines' random choices: the same seed plays the same games")
      ->capture_default_str();
  cmd->add_option("--moves", opts->moves,
                  "play these moves from the empty board (cells as numbers or names such as b2, separated by spaces "
                  "or commas; with --gravity, columns in Pascal Pons's notation, 4453, with commas from 10 columns), "
                  "let engines answer until a person is to move or the game ends, print the position and exit; "
                  "with --self-play, the opening of every game. A taken cell, a full column or a move after the "
                  "end is refused, naming the move");
  cmd->add_option("--self-play", opts->self_play,
                  "play N games between the engines --x and --o and print how many each side won and drew");
  cmd->add_option("--search", opts->search,
                  "on boards over 16 cells (6x7 with gravity among them), the strategy spec that values the moves: "
                  "one search per move for medium and hint (large boards can be slow), one search of the position "
                  "for hard, within --move-time (default: the default exact strategy for the board)");
  cmd->add_option("--move-time", opts->move_time,
                  "on boards over 16 cells, hard's seconds per move (default: 0.9, so that a move takes at most about a "
                  "second, or with --gravity 10 from ply 12 on and 2 before). Within it hard plays a proven move: the fastest win or slowest loss when that is "
                  "proven in time, else a move of proven value; out of time it plays a 2-ply look-ahead's move and "
                  "says that it is not proven")
      ->check(CLI::PositiveNumber);
  cmd->add_option("--format", opts->format, "output format of --moves and --self-play")
      ->check(CLI::IsMember({"table", "json"}))
      ->capture_default_str();
  cmd->footer(
      "In a game, type a move as a cell number (row by row from 0) or as column letter and row number (b2 is the "
      "centre of 3x3; row 1 is the top row); with --gravity, as a column number from 1 (the stone drops to the lowest "
      "empty cell; cells are then named with row 1 at the bottom, as Connect-Four players count: the first stone in "
      "column 4 is d1); or: "
      "undo (take back your last move and the engine's answer), hint (the exact value of each move), help, quit. "
      "Limits: boards of up to 64 cells (R*C <= 64); exact move values on boards of at most 16 cells, --search on "
      "larger ones.");
  cmd->callback([opts, cmd] {
    const Board b = opts->where.parse_board();
    std::array<Player, 2> players{make_player(b, opts->x, "--x", opts->seed, Side::X),
                                  make_player(b, opts->o, "--o", opts->seed, Side::O)};
    Knowledge knowledge(b, opts->search, opts->move_time);
    if (cmd->count("--self-play")) return run_self_play(*opts, b, players, knowledge);
    if (cmd->count("--moves")) return run_moves(*opts, b, players, knowledge);
    run_interactive(b, players, knowledge);
  });
}

}  // namespace tictac::cli
