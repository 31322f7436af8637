// `tictac match`: players against each other (and the perfect player) on one
// board, colour-paired over an opening set, every move graded by the exact
// solution, into DIR/games.csv, moves.csv, summary.csv and metadata.json
// (harness/experiment/match.hpp, match_files.hpp, match_stats.hpp).
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <memory>
#include <unistd.h>

#include "harness/cli/board_options.hpp"
#include "harness/cli/commands.hpp"
#include "harness/cli/interrupt.hpp"
#include "harness/experiment/match.hpp"
#include "harness/experiment/match_files.hpp"
#include "harness/experiment/measurement.hpp"
#include "harness/formats/metadata.hpp"

namespace tictac::cli {

namespace {

struct MatchCli {
  BoardOptions board;
  std::vector<std::string> players;
  bool gauntlet = false;
  std::string openings = "empty";
  PositionSetSpec set = [] {
    PositionSetSpec s;
    s.seed = 1;
    return s;
  }();
  std::vector<std::string> given;  // the opening set's keys given on the command line
  std::size_t repeat = 1;
  std::uint64_t seed = 1;
  std::string out;
  bool force = false;
  bool quiet = false;
};

// A key of position_set_spec.hpp as match's option: the set's seed is
// --openings-seed (--seed is the match's), positions --position.
std::string opening_flag(std::string_view key) { return set_key_flag(key, "--openings", "--openings-seed"); }

MatchSpec match_spec(const MatchCli& o) {
  MatchSpec spec;
  spec.board = o.board.parse_board();
  spec.players = o.players;
  spec.gauntlet = o.gauntlet;
  spec.repeat = o.repeat;
  spec.seed = o.seed;
  spec.openings = o.set;
  const SetKindChoice choice = choose_set_kind(o.openings, o.given, opening_flag);
  if (choice.error) throw std::invalid_argument(opening_flag(choice.error->key) + " " + choice.error->what);
  spec.openings.kind = choice.kind;
  return spec;
}

// The command as it could be typed again: every option that shapes the games.
std::string command_line(const MatchCli& o, const MatchSpec& spec) {
  std::string c = "tictac match --board " + spec.board.size_name() + " --k " + std::to_string(spec.board.k()) +
                  (spec.board.gravity() ? " --gravity" : "");
  for (const std::string& p : o.players) c += " --player " + p;
  if (o.gauntlet) c += " --gauntlet";
  c += " --openings " + o.openings;
  const PositionSetSpec& s = o.set;
  for (const std::string& key : o.given) {
    const std::string flag = " " + opening_flag(key) + " ";
    if (key == "plies") {
      c += flag.substr(0, flag.size() - 1);
      for (int p : s.plies) c += " " + std::to_string(p);
    } else if (key == "positions") {
      for (const std::string& p : s.positions) c += flag + p;
    } else if (key == "per_ply") c += flag + std::to_string(s.per_ply);
    else if (key == "per_group") c += flag + std::to_string(s.per_group);
    else if (key == "per_stratum") c += flag + std::to_string(s.per_stratum);
    else if (key == "seed") c += flag + std::to_string(s.seed);
    else if (key == "max_positions") c += flag + std::to_string(s.max_positions);
    else if (key == "max_games") c += flag + std::to_string(s.max_games);
    else if (key == "first") c += flag + std::to_string(s.first);
    else if (key == "file") c += flag + s.file.string();
    else if (key == "budget") c += flag + fmt::format("{}", s.budget_seconds);
  }
  return c + " --repeat " + std::to_string(o.repeat) + " --seed " + std::to_string(o.seed) + " --out " + o.out +
         (o.force ? " --force" : "");
}

// Progress on stderr: on a terminal a line redrawn at most 5 times a second,
// otherwise a line every 10 s.
class MatchProgress {
 public:
  explicit MatchProgress(bool quiet) : quiet_(quiet), tty_(isatty(STDERR_FILENO) != 0) {}
  void operator()(std::size_t done, std::size_t total) {
    if (quiet_) return;
    const auto now = std::chrono::steady_clock::now();
    const auto gap = tty_ ? std::chrono::milliseconds(200) : std::chrono::milliseconds(10000);
    if (done < total && now - last_ < gap) return;
    last_ = now;
    const double s = std::chrono::duration<double>(now - start_).count();
    if (tty_) fmt::print(stderr, "\rtictac match: {} of {} games, {:.1f} s{}", done, total, s, done == total ? "\n" : "");
    else fmt::print(stderr, "tictac match: {} of {} games, {:.1f} s\n", done, total, s);
  }

 private:
  bool quiet_, tty_;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_{};
};

// Signed, one decimal, or "-" for none.
std::string elo_text(const std::optional<double>& e) { return e ? fmt::format("{:+.1f}", *e) : "-"; }

void print_summary(const MatchResult& r, const std::vector<std::filesystem::path>& files) {
  for (const PairingSummary& s : r.summaries) {
    const MatchPairing& p = r.pairings[s.pairing];
    fmt::print("{} vs {}: {} games (+{} ={} -{}), score {:.3f} [{:.3f}, {:.3f}], Elo ", r.players[p.first].spec,
               r.players[p.second].spec, s.counts.games(), s.counts.wins, s.counts.draws, s.counts.losses,
               s.pentanomial.score, s.pentanomial.low, s.pentanomial.high);
    if (s.elo.kind == ScoreInterval::Kind::lower_bound) fmt::print(">= {} (one-sided 95%)\n", elo_text(s.elo.low));
    else if (s.elo.kind == ScoreInterval::Kind::upper_bound) fmt::print("<= {} (one-sided 95%)\n", elo_text(s.elo.high));
    else fmt::print("{} [{}, {}]\n", elo_text(s.elo.elo), elo_text(s.elo.low), elo_text(s.elo.high));
  }
  fmt::print("wrote");
  for (std::size_t i = 0; i < files.size(); ++i) fmt::print("{} {}", i ? "," : "", files[i].string());
  fmt::print("\n");
}

[[noreturn]] void match_fail(const std::string& what, int code) {
  fmt::print(stderr, "tictac match: {}\n", what);
  throw ExitCode{code};
}

void run_match_command(const MatchCli& o) {
  if (o.out.empty()) throw std::invalid_argument("--out DIR is needed (the folder of games.csv, moves.csv, summary.csv, metadata.json)");
  const MatchSpec spec = match_spec(o);
  check_match_folder(o.out, o.force);
  const std::string started = utc_now_iso8601();
  MatchProgress progress(o.quiet);
  MatchOptions options;
  options.progress = [&progress](std::size_t done, std::size_t total) { progress(done, total); };
  options.interrupt = &interrupt_flag();
  MatchResult r;
  try {
    InterruptGuard guard;
    r = run_match(spec, options);
  } catch (const Interrupted&) {
    match_fail("interrupted; nothing was written", kExitInterrupted);
  }
  const auto files = write_match_files(o.out, r, match_metadata(r, command_line(o, spec), started));
  print_summary(r, files);
}

}  // namespace

void add_match(CLI::App& app) {
  auto o = std::make_shared<MatchCli>();
  CLI::App* cmd = app.add_subcommand(
      "match", "Play players against each other (and the perfect player) on one board, colour-paired over an opening "
               "set, every move graded by the exact solution (boards of at most 16 cells): DIR/games.csv, moves.csv, "
               "summary.csv (score, 95% intervals, Elo) and metadata.json");
  add_board_options(*cmd, o->board);
  cmd->add_option("--player", o->players,
                  "a player spec (`tictac strategies` lists them under Players: ab, mcts, random, perfect), e.g. "
                  "mcts:playouts=100; at least two; repeat the option for each, the same spec twice to play it "
                  "against itself")
      ->required();
  cmd->add_flag("--gauntlet", o->gauntlet,
                "the first --player against each of the others (without it: every two players, a round robin)");
  cmd->add_option("--openings", o->openings,
                  "the opening set's kind, a position-set kind as `tictac sets --kind` takes it: empty (the empty "
                  "board alone), plies (every unfinished position at --plies), canonical (one per symmetry class), "
                  "random (--per-ply by seeded random play), list (--position), file (--file), ...")
      ->check(CLI::IsMember(set_kind_name_list()))
      ->capture_default_str();
  cmd->add_option("--plies", o->set.plies, "openings: the plies (plies, canonical, random; stratified with --per-group)");
  cmd->add_option("--per-ply", o->set.per_ply, "openings, random: distinct unfinished positions per ply");
  cmd->add_option("--per-group", o->set.per_group, "openings, stratified: positions per (ply, distance) group");
  cmd->add_option("--per-stratum", o->set.per_stratum, "openings, stratified: positions per Pons stratum");
  cmd->add_option("--openings-seed", o->set.seed, "openings: the seed of the set's random play (random, stratified)")
      ->capture_default_str();
  cmd->add_option("--max-positions", o->set.max_positions, "openings, plies and canonical: refuse a ply with more positions");
  cmd->add_option("--max-games", o->set.max_games, "openings, random and stratified: games of random play at most");
  cmd->add_option("--position", o->set.positions, "openings, list: an opening (rows of X, O and ., the top row first); repeat it");
  cmd->add_option("--file", o->set.file, "openings, file: a position-set CSV ({board} in its name stands for the board's name)");
  cmd->add_option("--first", o->set.first, "openings, file: only its first N positions of the board");
  cmd->add_option("--budget", o->set.budget_seconds,
                  "openings beyond 16 cells: seconds per search of the strong solver that values the set's positions "
                  "(`tictac sets --help`)");
  cmd->add_option("--repeat", o->repeat, "colour pairs per opening and pairing (each two games, one with each side)")
      ->check(CLI::PositiveNumber)
      ->capture_default_str();
  cmd->add_option("--seed", o->seed,
                  "the match's seed: a player with a seed option (random, mcts, perfect) plays each game with a seed "
                  "derived from it, the game's number, its place in the pairing and its spec's seed (games.csv "
                  "records it)")
      ->capture_default_str();
  cmd->add_option("--out", o->out, "the folder of the four files (made if missing; written all or nothing)")->required();
  cmd->add_flag("--force", o->force, "replace a match's files already in --out (without it such a folder is refused)");
  cmd->add_flag("--quiet,-q", o->quiet, "no progress on stderr");
  cmd->footer(
      "Schedule: every pairing plays, for each opening in the set's order and each repetition, a colour pair: the "
      "pairing's first player X, then O. The same command gives the same games on every run and from both builds "
      "(players' budgets are playouts or nodes, never time). Grading: every move against the exact solution "
      "(value_to_move and grade_move's optimal, value_loss, distance_loss, best_distance); beyond 16 cells the grade "
      "columns are empty. summary.csv: player_a's wins, draws and losses, its score with a 95% interval over colour "
      "pairs (the pentanomial model) and over games (per-game variance), and the logistic Elo difference with its "
      "interval; at a score of 0 or 1 a one-sided 95% bound (0.05^(1/n), the rule of three), never infinity. "
      "Columns: metadata.json's \"columns\" and docs/cli.md. Progress goes to stderr; Ctrl-C stops between games "
      "and writes nothing (exit 130).");
  cmd->callback([o, cmd] {
    o->given.clear();
    for (std::string_view key : position_set_keys())
      if (key != "balance" && key != "max_seconds" && key != "builders" && key != "value_fallback" &&
          cmd->count(opening_flag(key)) > 0)
        o->given.emplace_back(key);
    run_match_command(*o);
  });
}

}  // namespace tictac::cli
