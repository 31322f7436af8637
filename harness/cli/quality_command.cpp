// `tictac quality`: move quality, the moves players choose on a position set
// graded against the exact solution (harness/experiment/quality.hpp), into
// DIR/moves.csv, DIR/totals.csv and DIR/metadata.json.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <unistd.h>

#include "harness/cli/board_options.hpp"
#include "harness/cli/commands.hpp"
#include "harness/experiment/position_set_spec.hpp"
#include "harness/experiment/quality.hpp"
#include "harness/experiment/set_generator.hpp"
#include "harness/formats/metadata.hpp"

namespace tictac::cli {

namespace {

struct QualityCli {
  BoardOptions board;
  std::vector<std::string> players;
  std::string set = "all";
  PositionSetSpec spec = [] {
    PositionSetSpec s;
    s.seed = 1;
    return s;
  }();
  std::vector<std::string> given;  // the set's keys given on the command line
  int repeat = 1;
  std::uint64_t seed = 1;
  int resamples = 2000;
  std::string out;
  bool force = false, quiet = false;
  bool seeds_chosen = false;
};

// A key of position_set_spec.hpp as this command's option: the set's seed is
// --set-seed (--seed is the players'), positions --position, per_ply --per-ply.
std::string quality_flag(std::string_view key) { return set_key_flag(key, "--set", "--set-seed"); }

// The keys this command offers (the rest of position_set_keys() concern
// boards beyond 16 cells, which it refuses).
constexpr std::string_view kSetKeys[] = {"plies", "per_group", "per_ply", "per_stratum", "seed", "max_positions", "positions", "first"};

// The set's spec: --set names a kind of the table, or else a position-set file.
PositionSetSpec set_spec(const QualityCli& o, std::string& kind) {
  PositionSetSpec r = o.spec;
  std::vector<std::string> keys = o.given;
  kind = o.set;
  if (!find_set_kind(o.set, {})) {
    if (!std::filesystem::is_regular_file(o.set))
      throw std::invalid_argument("--set " + o.set + " is neither a kind of position set (" + set_kind_names() +
                                  ") nor a position-set file");
    kind = "file";
    r.file = o.set;
    keys.emplace_back("file");
  }
  const SetKindChoice choice = choose_set_kind(kind, keys, quality_flag);
  if (choice.error) throw std::invalid_argument(quality_flag(choice.error->key) + " " + choice.error->what);
  r.kind = choice.kind;
  return r;
}

// Progress on stderr, as `tictac run` shows it: on a terminal a line redrawn
// in place (at most 5 times a second), in a log (nohup, a batch job) a plain
// line every 10 s, none in the first 10 s.
class ProgressLine {
 public:
  enum class Mode { off, terminal, lines };
  explicit ProgressLine(Mode mode) : mode_(mode), start_(clock::now()), last_(start_) {}
  ~ProgressLine() {
    if (mode_ == Mode::terminal && printed_) std::fprintf(stderr, "\r\033[K");
  }
  void operator()(std::size_t done, std::size_t total) {
    if (mode_ == Mode::off) return;
    const auto now = clock::now();
    const auto period = mode_ == Mode::terminal ? std::chrono::milliseconds(200) : std::chrono::milliseconds(10000);
    if (now - last_ < period) return;
    last_ = now;
    printed_ = true;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
    std::string text = fmt::format("tictac quality: {} of {} moves graded, {:.0f} moves/s, {:.0f} s so far", done, total,
                                   rate, seconds);
    if (rate > 0 && seconds >= 1) text += fmt::format(", about {:.0f} s left", static_cast<double>(total - done) / rate);
    std::fprintf(stderr, "%s%s%s", mode_ == Mode::terminal ? "\r\033[K" : "", text.c_str(), mode_ == Mode::lines ? "\n" : "");
    std::fflush(stderr);
  }

 private:
  using clock = std::chrono::steady_clock;
  Mode mode_;
  clock::time_point start_, last_;
  bool printed_ = false;
};

std::string command_line(const QualityCli& o, const Board& board) {
  std::string c = "tictac quality --board " + board.size_name() + " --k " + std::to_string(board.k()) +
                  (board.gravity() ? " --gravity" : "");
  for (const std::string& p : o.players) c += " --player " + p;
  c += " --set " + o.set;
  const auto given = [&](std::string_view key) { return std::find(o.given.begin(), o.given.end(), key) != o.given.end(); };
  if (given("plies")) {
    c += " --plies";
    for (int p : o.spec.plies) c += " " + std::to_string(p);
  }
  if (given("per_group")) c += " --per-group " + std::to_string(o.spec.per_group);
  if (given("per_ply")) c += " --per-ply " + std::to_string(o.spec.per_ply);
  if (given("per_stratum")) c += " --per-stratum " + std::to_string(o.spec.per_stratum);
  if (given("seed")) c += " --set-seed " + std::to_string(o.spec.seed);
  if (given("max_positions")) c += " --max-positions " + std::to_string(o.spec.max_positions);
  for (const std::string& p : o.spec.positions) c += " --position " + p;
  if (given("first")) c += " --first " + std::to_string(o.spec.first);
  c += " --repeat " + std::to_string(o.repeat) + " --seed " + std::to_string(o.seed);
  if (o.resamples != 2000) c += " --resamples " + std::to_string(o.resamples);
  if (!o.out.empty()) c += " --out " + o.out;
  if (o.force) c += " --force";
  return c;
}

void print_summary(const QualityResult& r) {
  fmt::print("{:<44} {:>9} {:>4}  {:<26} {:<26} {:<26} {}\n", "player", "positions", "reps", "optimal rate (95%)",
             "best distance rate (95%)", "mean value loss (95%)", "losses of 2 (95%)");
  for (const QualityTotal& t : r.totals) {
    if (t.breakdown != "all") continue;
    const auto cell = [](double v, const Interval& i) { return fmt::format("{:.4f} ({:.4f}-{:.4f})", v, i.low, i.high); };
    fmt::print("{:<44} {:>9} {:>4}  {:<26} {:<26} {:<26} {}\n", r.players[t.player].label, t.positions, t.repetitions,
               cell(t.optimal_rate, t.optimal_interval), cell(t.best_distance_rate, t.best_distance_interval),
               cell(t.mean_value_loss, t.value_loss_interval), cell(t.value_loss_2_rate, t.value_loss_2_interval));
  }
}

void run_quality(const QualityCli& o) {
  const auto started = std::chrono::steady_clock::now();
  const std::string started_utc = utc_now_iso8601();
  const Board board = o.board.parse_board();
  check_quality_board(board);  // before a set is made for it
  if (!o.out.empty()) check_quality_folder(o.out, o.force);  // before the moves are graded
  std::string kind;
  const PositionSetSpec spec = set_spec(o, kind);
  const bool quiet = o.quiet;
  GeneratedSet set = generate_set(board, spec, {[quiet](const std::string& line) {
                                    if (!quiet) fmt::print(stderr, "tictac quality: {}\n", line);
                                  }});
  QualityOptions q;
  q.players = o.players;
  q.repeat = o.repeat;
  q.seed = o.seed;
  q.seeds_chosen = o.seeds_chosen;
  q.resamples = o.resamples;
  ProgressLine progress(o.quiet ? ProgressLine::Mode::off
                        : isatty(STDERR_FILENO) ? ProgressLine::Mode::terminal
                                                : ProgressLine::Mode::lines);
  q.progress = [&progress](std::size_t done, std::size_t total) { progress(done, total); };
  const QualityResult r = measure_quality(board, set, q);
  print_summary(r);
  if (o.out.empty()) return;
  const double duration = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const auto metadata = quality_metadata(r, {command_line(o, board), kind, started_utc, duration, q});
  write_quality_files(o.out, r, metadata, o.force);
  fmt::print("wrote {} ({} moves), {} ({} rows) and {}\n", (std::filesystem::path(o.out) / "moves.csv").string(),
             r.moves.size(), (std::filesystem::path(o.out) / "totals.csv").string(), r.totals.size(),
             (std::filesystem::path(o.out) / "metadata.json").string());
}

}  // namespace

void add_quality(CLI::App& app) {
  auto o = std::make_shared<QualityCli>();
  CLI::App* cmd = app.add_subcommand(
      "quality",
      "Move quality: the move each player chooses in every position of a set, graded against the exact solution "
      "(optimal, value loss, distance loss), with totals per player, by ply and by stratum, and 95% intervals "
      "(boards of at most 16 cells)");
  add_board_options(*cmd, o->board);
  cmd->add_option("--player", o->players,
                  "a player spec, as `tictac strategies` lists the players (ab, mcts, random, perfect; for example "
                  "mcts:playouts=1000,solver=on); repeat it for several")
      ->required();
  cmd->add_option("--set", o->set,
                  "the positions: a kind of position set (" + set_kind_names() +
                      ", as `tictac sets` makes them; all: every unfinished position) or a position-set file (the "
                      "rows of this board)")
      ->capture_default_str();
  cmd->add_option("--plies", o->spec.plies, "plies, canonical, random: the plies (stratified: the plies of its groups)");
  cmd->add_option("--per-ply", o->spec.per_ply, "random: distinct unfinished positions per ply");
  cmd->add_option("--per-group", o->spec.per_group, "stratified: positions per (ply, distance) group (0: all)");
  cmd->add_option("--per-stratum", o->spec.per_stratum, "stratified: positions per Pons stratum");
  cmd->add_option("--set-seed", o->spec.seed, "random and stratified: the seed that samples the set")->capture_default_str();
  cmd->add_option("--max-positions", o->spec.max_positions, "plies and canonical: refuse a ply with more positions")
      ->capture_default_str();
  cmd->add_option("--position", o->spec.positions, "list: a position (rows of X, O and ., the top row first); repeat it");
  cmd->add_option("--first", o->spec.first, "a file's set: only its first N positions of the board");
  cmd->add_option("--repeat", o->repeat,
                  "repetitions of each seeded player (random, perfect, mcts), repetition r with seed --seed + r; "
                  "a player without a seed (ab) is graded once")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cmd->add_option("--seed", o->seed,
                  "the first repetition's seed, and the bootstrap's (a spec that gives its own seed plays once with "
                  "it, and is refused with --seed or --repeat)")
      ->capture_default_str();
  cmd->add_option("--resamples", o->resamples, "resamples of the bootstrap over positions")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  cmd->add_option("--out", o->out,
                  "the folder for moves.csv, totals.csv and metadata.json (all or nothing; without it only the "
                  "summary is printed)");
  cmd->add_flag("--force", o->force, "replace the files of an earlier quality run in --out");
  cmd->add_flag("--quiet,-q", o->quiet,
                "no progress on stderr (without it: on a terminal a line redrawn in place; otherwise a plain line "
                "every 10 s)");
  cmd->footer(
      "Grades: optimal (the move keeps the position's exact value), value_loss (0; 1 a win thrown to a draw or a "
      "draw to a loss; 2 a win to a loss), distance_loss (a kept win: plies added to the fastest win; a kept loss: "
      "plies taken off the slowest; empty for a kept draw or a lost value), best_distance (value and best distance "
      "kept). One exact look-up per graded move, no search. Intervals count positions, not repetitions: Wilson's "
      "score interval when each position is graded once, else a seeded percentile bootstrap over positions (the "
      "mean value loss always takes the bootstrap). Boards of at most 16 cells: the exact solution; grading beyond "
      "16 cells, each position certified by two independent families, is a later step. Stdout: the totals over "
      "the whole set, one line per player.");
  cmd->callback([o, cmd] {
    o->seeds_chosen = cmd->count("--seed") + cmd->count("--repeat") > 0;
    for (std::string_view key : kSetKeys)
      if (cmd->count(quality_flag(key)) > 0) o->given.emplace_back(key);
    run_quality(*o);
  });
}

}  // namespace tictac::cli
