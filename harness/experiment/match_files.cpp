#include "harness/experiment/match_files.hpp"

#include <memory>
#include <optional>
#include <stdexcept>

#include "harness/formats/atomic_file.hpp"
#include "harness/formats/board_fields.hpp"
#include "harness/formats/csv_writer.hpp"
#include "harness/formats/metadata.hpp"
#include "harness/formats/notation.hpp"
#include "harness/formats/version.hpp"

namespace tictac {

namespace {

using MetaJson = nlohmann::ordered_json;

// A column: its name, its description, and the text of its field in a row.
template <class Row>
struct FileColumn {
  std::string_view name;
  std::string_view description;
  std::string (*text)(const Row&);
};

template <class T>
std::string text_or_empty(const std::optional<T>& v) {
  return v ? csv_text(*v) : std::string();
}

std::string side_text(Side s) { return s == Side::X ? "X" : "O"; }

// --- games.csv ---

struct GameRow {
  const MatchResult& r;
  const MatchGame& g;
};

std::optional<int> opening_value(const GameRow& row) {
  const MatchMove& first = row.r.moves.at(row.g.first_move);
  if (!first.value_to_move) return std::nullopt;
  return first.side == Side::X ? *first.value_to_move : -*first.value_to_move;
}

const std::vector<FileColumn<GameRow>>& game_columns() {
  static const std::vector<FileColumn<GameRow>> c = {
      {"game", "the game's number in the match, from 0 (pairing, opening, repetition, colour)",
       [](const GameRow& x) { return csv_text(static_cast<std::uint64_t>(x.g.index)); }},
      {"pairing", "the pairing's number (summary.csv), from 0",
       [](const GameRow& x) { return csv_text(static_cast<std::uint64_t>(x.g.pairing)); }},
      {"pair", "the colour pair's number in the match: its two games share the opening and swap the sides",
       [](const GameRow& x) { return csv_text(static_cast<std::uint64_t>(x.g.pair)); }},
      {"colour", "0: the pairing's first player plays X (the pair's first game); 1: it plays O",
       [](const GameRow& x) { return csv_text(x.g.colour); }},
      {"opening", "the opening's number in the opening set, from 0",
       [](const GameRow& x) { return csv_text(static_cast<std::uint64_t>(x.g.opening)); }},
      {"repetition", "which repetition of the opening's colour pair, from 0",
       [](const GameRow& x) { return csv_text(static_cast<std::uint64_t>(x.g.repetition)); }},
      {"opening_position", "the position the game starts from (rows of X, O and . separated by /)",
       [](const GameRow& x) { return format_position(x.r.board, x.r.openings.at(x.g.opening)); }},
      {"opening_value", "the opening's exact value, X's point of view (+1, 0, -1); empty beyond 16 cells",
       [](const GameRow& x) { return text_or_empty(opening_value(x)); }},
      {"x_player", "the spec of the player of X, in normal form",
       [](const GameRow& x) { return x.r.players.at(x.g.x_player).spec; }},
      {"o_player", "the spec of the player of O, in normal form",
       [](const GameRow& x) { return x.r.players.at(x.g.o_player).spec; }},
      {"x_player_index", "the player of X's place in the match's list of players, from 0",
       [](const GameRow& x) { return csv_text(static_cast<std::uint64_t>(x.g.x_player)); }},
      {"o_player_index", "the player of O's place in the match's list of players, from 0",
       [](const GameRow& x) { return csv_text(static_cast<std::uint64_t>(x.g.o_player)); }},
      {"x_seed", "the seed X's player played this game with (its spec with seed=this replays it); empty: it has no seed option",
       [](const GameRow& x) { return text_or_empty(x.g.x_seed); }},
      {"o_seed", "the seed O's player played this game with; empty: it has no seed option",
       [](const GameRow& x) { return text_or_empty(x.g.o_seed); }},
      {"moves", "the cells played after the opening, in order, by name (a1 is the top left; on gravity boards row 1 is the bottom row), separated by spaces",
       [](const GameRow& x) {
         std::string s;
         for (int c : x.g.moves) {  // (two appends: g++ 12's -Wrestrict misfires on "" + a temporary)
           if (!s.empty()) s += ' ';
           s += cell_name(x.r.board, c);
         }
         return s;
       }},
      {"plies", "moves played after the opening",
       [](const GameRow& x) { return csv_text(static_cast<std::uint64_t>(x.g.moves.size())); }},
      {"result", "x_wins, o_wins or draw", [](const GameRow& x) { return std::string(game_result_key(x.g.result)); }},
      {"first_value_loss_ply", "the ply (stones before the move) of the game's first move that lost value (moves.csv value_loss > 0); empty: none, or beyond 16 cells",
       [](const GameRow& x) { return text_or_empty(x.g.first_value_loss_ply); }},
      {"first_value_loss_side", "X or O: who made that move; empty as first_value_loss_ply",
       [](const GameRow& x) { return x.g.first_value_loss_side ? side_text(*x.g.first_value_loss_side) : std::string(); }},
  };
  return c;
}

// --- moves.csv ---

struct MoveRow {
  const MatchResult& r;
  const MatchMove& m;
};

const std::vector<FileColumn<MoveRow>>& move_columns() {
  static const std::vector<FileColumn<MoveRow>> c = {
      {"game", "the game's number (games.csv)", [](const MoveRow& x) { return csv_text(static_cast<std::uint64_t>(x.m.game)); }},
      {"ply", "stones on the board before the move", [](const MoveRow& x) { return csv_text(x.m.ply); }},
      {"side", "X or O: who moved", [](const MoveRow& x) { return side_text(x.m.side); }},
      {"player", "the mover's spec, in normal form", [](const MoveRow& x) { return x.r.players.at(x.m.player).spec; }},
      {"player_index", "the mover's place in the match's list of players, from 0",
       [](const MoveRow& x) { return csv_text(static_cast<std::uint64_t>(x.m.player)); }},
      {"position", "the position before the move (rows of X, O and . separated by /)",
       [](const MoveRow& x) { return format_position(x.r.board, x.m.before); }},
      {"move", "the cell played, by name", [](const MoveRow& x) { return cell_name(x.r.board, x.m.move); }},
      {"cell", "the cell played, as its index (row by row from 0)", [](const MoveRow& x) { return csv_text(x.m.move); }},
      {"value_to_move", "the exact value of the position before the move, the mover's point of view (+1, 0, -1); empty beyond 16 cells",
       [](const MoveRow& x) { return text_or_empty(x.m.value_to_move); }},
      {"optimal", "true when the move keeps the position's exact value; empty beyond 16 cells",
       [](const MoveRow& x) { return x.m.grade ? csv_text(x.m.grade->optimal) : std::string(); }},
      {"value_loss", "0, 1 or 2: the value the move throws away, the mover's view (a win to a draw 1, to a loss 2; a draw to a loss 1); empty beyond 16 cells",
       [](const MoveRow& x) { return x.m.grade ? csv_text(x.m.grade->value_loss) : std::string(); }},
      {"distance_loss", "for a kept win, the plies the move adds to the fastest win; for a kept loss, the plies it takes off the slowest; empty for a kept draw, a move that loses value, and where not graded",
       [](const MoveRow& x) { return x.m.grade ? text_or_empty(x.m.grade->distance_loss) : std::string(); }},
      {"best_distance", "true when the move keeps the value and the best distance (a kept draw: the value); empty where not graded",
       [](const MoveRow& x) { return x.m.grade ? csv_text(x.m.grade->best_distance) : std::string(); }},
      {"nodes", "the player's nodes for this move (each player's header says what a node is)",
       [](const MoveRow& x) { return csv_text(x.m.stats.search.nodes); }},
      {"playouts", "MCTS: the playouts of this move (0 for the other players)",
       [](const MoveRow& x) { return csv_text(x.m.stats.playouts); }},
      {"depth_reached", "alpha-beta: the depth of its last finished iteration; MCTS: the deepest tree node selected; 0 for the others",
       [](const MoveRow& x) { return csv_text(x.m.stats.depth_reached); }},
  };
  return c;
}

// --- summary.csv ---

struct SummaryRow {
  const MatchResult& r;
  const PairingSummary& s;
  const MatchPairing& p() const { return r.pairings.at(s.pairing); }
};

std::string share_text(std::uint64_t part, std::uint64_t whole) {
  return whole == 0 ? std::string() : csv_text(static_cast<double>(part) / static_cast<double>(whole));
}

const std::vector<FileColumn<SummaryRow>>& summary_columns() {
  static const std::vector<FileColumn<SummaryRow>> c = {
      {"pairing", "the pairing's number, from 0", [](const SummaryRow& x) { return csv_text(static_cast<std::uint64_t>(x.s.pairing)); }},
      {"player_a", "the pairing's first player (its spec, in normal form): every count and score of the row is its own",
       [](const SummaryRow& x) { return x.r.players.at(x.p().first).spec; }},
      {"player_b", "the pairing's second player", [](const SummaryRow& x) { return x.r.players.at(x.p().second).spec; }},
      {"player_a_index", "player_a's place in the match's list of players, from 0",
       [](const SummaryRow& x) { return csv_text(static_cast<std::uint64_t>(x.p().first)); }},
      {"player_b_index", "player_b's place in the match's list of players, from 0",
       [](const SummaryRow& x) { return csv_text(static_cast<std::uint64_t>(x.p().second)); }},
      {"games", "games played", [](const SummaryRow& x) { return csv_text(x.s.counts.games()); }},
      {"pairs", "colour pairs (each opening once with each side)", [](const SummaryRow& x) { return csv_text(x.s.pentanomial.samples); }},
      {"wins", "player_a's wins", [](const SummaryRow& x) { return csv_text(x.s.counts.wins); }},
      {"draws", "draws", [](const SummaryRow& x) { return csv_text(x.s.counts.draws); }},
      {"losses", "player_a's losses", [](const SummaryRow& x) { return csv_text(x.s.counts.losses); }},
      {"score", "player_a's score: (wins + draws / 2) / games", [](const SummaryRow& x) { return csv_text(x.s.pentanomial.score); }},
      {"score_low", "the 95% interval of the score over colour pairs (the pentanomial model: a pair's mean points as the sample): its lower end",
       [](const SummaryRow& x) { return csv_text(x.s.pentanomial.low); }},
      {"score_high", "its upper end", [](const SummaryRow& x) { return csv_text(x.s.pentanomial.high); }},
      {"score_kind", "two_sided: score +- 1.96 standard errors (clamped to [0, 1]); lower_bound: a score of 1, score_low the one-sided 95% bound 0.05^(1/pairs); upper_bound: a score of 0, score_high 1 - 0.05^(1/pairs)",
       [](const SummaryRow& x) { return std::string(to_string(x.s.pentanomial.kind)); }},
      {"score_low_per_game", "the 95% interval of the score with the games taken as independent (the per-game, trinomial, variance): its lower end (one-sided at a score of 0 or 1, with games for pairs)",
       [](const SummaryRow& x) { return csv_text(x.s.per_game.low); }},
      {"score_high_per_game", "its upper end", [](const SummaryRow& x) { return csv_text(x.s.per_game.high); }},
      {"elo", "the logistic Elo difference of the score, player_a minus player_b: -400 log10(1/score - 1); empty at a score of 0 or 1 (elo_low or elo_high is then the bound)",
       [](const SummaryRow& x) { return text_or_empty(x.s.elo.elo); }},
      {"elo_low", "the Elo of score_low: the lower end of the Elo's 95% interval (a one-sided bound at a score of 1); empty when score_low is 0 (no lower bound)",
       [](const SummaryRow& x) { return text_or_empty(x.s.elo.low); }},
      {"elo_high", "the Elo of score_high; empty when score_high is 1 (no upper bound)",
       [](const SummaryRow& x) { return text_or_empty(x.s.elo.high); }},
      {"pentanomial_0", "colour pairs in which player_a scored 0 points (lost both)", [](const SummaryRow& x) { return csv_text(x.s.pairs[0]); }},
      {"pentanomial_1", "colour pairs in which player_a scored 1/2 (a loss and a draw)", [](const SummaryRow& x) { return csv_text(x.s.pairs[1]); }},
      {"pentanomial_2", "colour pairs in which player_a scored 1 (a win and a loss, or two draws)", [](const SummaryRow& x) { return csv_text(x.s.pairs[2]); }},
      {"pentanomial_3", "colour pairs in which player_a scored 3/2 (a win and a draw)", [](const SummaryRow& x) { return csv_text(x.s.pairs[3]); }},
      {"pentanomial_4", "colour pairs in which player_a scored 2 (won both)", [](const SummaryRow& x) { return csv_text(x.s.pairs[4]); }},
      {"a_moves", "player_a's graded moves (0 beyond 16 cells)", [](const SummaryRow& x) { return csv_text(x.s.first_moves.moves); }},
      {"a_optimal_rate", "of them, the share that kept the exact value; empty without graded moves",
       [](const SummaryRow& x) { return share_text(x.s.first_moves.optimal, x.s.first_moves.moves); }},
      {"a_value_lost", "of them, the moves that lost value (value_loss > 0)", [](const SummaryRow& x) { return csv_text(x.s.first_moves.value_lost); }},
      {"a_mean_value_loss", "their mean value_loss; empty without graded moves",
       [](const SummaryRow& x) { return share_text(x.s.first_moves.value_loss_sum, x.s.first_moves.moves); }},
      {"b_moves", "player_b's graded moves", [](const SummaryRow& x) { return csv_text(x.s.second_moves.moves); }},
      {"b_optimal_rate", "of them, the share that kept the exact value",
       [](const SummaryRow& x) { return share_text(x.s.second_moves.optimal, x.s.second_moves.moves); }},
      {"b_value_lost", "of them, the moves that lost value", [](const SummaryRow& x) { return csv_text(x.s.second_moves.value_lost); }},
      {"b_mean_value_loss", "their mean value_loss",
       [](const SummaryRow& x) { return share_text(x.s.second_moves.value_loss_sum, x.s.second_moves.moves); }},
  };
  return c;
}

template <class Row>
MatchColumns columns_of(const std::vector<FileColumn<Row>>& table) {
  MatchColumns c;
  for (const std::string_view b : kBoardColumns) c.emplace_back(b, b == std::string_view("board") ? "board size, rows x columns"
                                                                      : b == std::string_view("k") ? "stones in a row that win"
                                                                                                  : "true when stones fall");
  for (const auto& col : table) c.emplace_back(col.name, col.description);
  return c;
}

template <class Row>
CsvWriter match_csv_header(std::ostream& out, const std::vector<FileColumn<Row>>& table) {
  std::vector<std::string> rest;
  for (const auto& col : table) rest.emplace_back(col.name);
  return CsvWriter(out, board_header(rest));
}

template <class Row>
void write_row(CsvWriter& csv, const Board& b, const std::vector<FileColumn<Row>>& table, const Row& row) {
  write_board_fields(csv, b);
  for (const auto& col : table) csv.field(col.text(row));
  csv.end_row();
}

MetaJson columns_json(const MatchColumns& columns) {
  MetaJson j = MetaJson::object();
  for (const auto& [name, description] : columns) j[std::string(name)] = description;
  return j;
}

}  // namespace

MatchColumns match_game_columns() { return columns_of(game_columns()); }
MatchColumns match_move_columns() { return columns_of(move_columns()); }
MatchColumns match_summary_columns() { return columns_of(summary_columns()); }

void write_match_games(std::ostream& out, const MatchResult& r) {
  CsvWriter csv = match_csv_header(out, game_columns());
  for (const MatchGame& g : r.games) write_row(csv, r.board, game_columns(), GameRow{r, g});
}

void write_match_moves(std::ostream& out, const MatchResult& r) {
  CsvWriter csv = match_csv_header(out, move_columns());
  for (const MatchMove& m : r.moves) write_row(csv, r.board, move_columns(), MoveRow{r, m});
}

void write_match_summary(std::ostream& out, const MatchResult& r) {
  CsvWriter csv = match_csv_header(out, summary_columns());
  for (const PairingSummary& s : r.summaries) write_row(csv, r.board, summary_columns(), SummaryRow{r, s});
}

MetaJson match_metadata(const MatchResult& r, const std::string& command_line, const std::string& started_utc) {
  MetaJson m;
  m["tictac_version"] = TICTAC_VERSION;
  m["kind"] = "match";
  const auto build = build_info();
  const MetaJson commit = build.commit.empty() ? MetaJson(nullptr) : MetaJson(build.commit);
  const MetaJson dirty = build.commit.empty() ? MetaJson(nullptr) : MetaJson(build.dirty);
  m["git"] = {{"commit", commit}, {"dirty", dirty}};
  m["build"] = {{"system", build.system}, {"type", build.type}, {"compiler", build.compiler}, {"flags", build.flags}};
  const auto host = host_info();
  m["host"] = {{"name", host.name}, {"cpu_model", host.cpu_model}, {"hardware_threads", host.cpus}};
  m["date_utc"] = started_utc;
  m["duration_s"] = r.duration_s;
  m["command"] = command_line;
  m["board"] = board_json(r.board);
  MetaJson players = MetaJson::array();
  for (const MatchPlayer& p : r.players) players.push_back(p.spec);
  m["players"] = players;
  m["schedule"] = r.gauntlet ? "gauntlet: the first player against each of the others"
                             : "round robin: every two players of the list";
  MetaJson pairings = MetaJson::array();
  for (const MatchPairing& p : r.pairings) pairings.push_back({p.first, p.second});
  m["pairings"] = pairings;
  m["openings"] = {{"kind", r.openings_kind}, {"positions", r.openings.size()}, {"notes", r.opening_notes}};
  m["repeat"] = r.repeat;
  m["seed"] = r.seed;
  m["seeding"] =
      "a player with a seed option plays each game with game_seed(seed, game, place, its spec's seed) "
      "(harness/experiment/match.hpp): the seed used is in games.csv (x_seed, o_seed); the same command gives the same "
      "games on every run and from both builds";
  // A player with a time budget (time_ms) plays what its clock allows: its
  // moves, and so the games, may differ from run to run.
  bool deterministic = true;
  MetaJson timed = MetaJson::array();
  for (const MatchPlayer& p : r.players)
    if (!p.deterministic) deterministic = false, timed.push_back(p.spec);
  m["deterministic"] = deterministic;
  if (!deterministic)
    m["varies"] = {{"players", timed}, {"note", "these players' budgets are time: their moves, the games and every "
                                                 "count of the files may vary from run to run"}};
  m["games"] = r.games.size();
  m["moves"] = r.moves.size();
  m["grading"] = r.graded ? MetaJson{{"by", "the exact solution (retrograde analysis, boards of at most 16 cells)"},
                                 {"columns", "value_to_move, optimal, value_loss, distance_loss, best_distance"}}
                          : MetaJson{{"by", nullptr}, {"note", "no exact solution beyond 16 cells: the grade columns are empty"}};
  m["statistics"] =
      "score: player_a's mean points a game (win 1, draw 1/2); score_low/score_high: 95% interval over colour pairs "
      "(pentanomial model, normal approximation); *_per_game: the same with games independent (trinomial); at a score "
      "of 0 or 1 a one-sided 95% bound 0.05^(1/n) (the rule of three); elo: logistic, -400 log10(1/score - 1), its "
      "interval the Elo of the score interval's ends, an end at a score of 0 or 1 empty (harness/experiment/match_stats.hpp)";
  m["columns"] = {{"games.csv", columns_json(match_game_columns())},
                  {"moves.csv", columns_json(match_move_columns())},
                  {"summary.csv", columns_json(match_summary_columns())}};
  m["max_rss_kib"] = max_rss_kib();
  return m;
}

void check_match_folder(const std::filesystem::path& dir, bool force) {
  if (force) return;
  for (const char* name : kMatchFiles)
    if (std::filesystem::exists(dir / name))
      throw std::invalid_argument("'" + dir.string() + "' holds another match's files (" + name +
                                  "): give --force to replace them, or another --out");
}

std::vector<std::filesystem::path> write_match_files(const std::filesystem::path& dir, const MatchResult& r, const MetaJson& metadata) {
  std::error_code ec;
  const bool made = !std::filesystem::exists(dir) && std::filesystem::create_directories(dir, ec);
  if (ec) throw std::invalid_argument("cannot make the folder '" + dir.string() + "': " + ec.message());
  try {
    std::vector<std::unique_ptr<AtomicFile>> files;
    for (const char* name : kMatchFiles) files.push_back(std::make_unique<AtomicFile>(dir / name));
    write_match_games(files[0]->stream(), r);
    write_match_moves(files[1]->stream(), r);
    write_match_summary(files[2]->stream(), r);
    files[3]->stream() << metadata.dump(2) << "\n";
    for (auto& f : files) f->finish();  // every file complete before any replaces its target
    std::vector<std::filesystem::path> out;
    for (auto& f : files) {
      f->commit();
      out.push_back(f->target());
    }
    return out;
  } catch (...) {
    if (made) std::filesystem::remove(dir, ec);  // empty again: the temporaries are gone
    throw;
  }
}

}  // namespace tictac
