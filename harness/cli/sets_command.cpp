// `tictac sets`: generate a position set on any board up to 64 cells and
// write it as a shareable CSV (harness/formats/position_set_io.hpp), or check
// a set file.  The kinds and the Pons strata: harness/experiment/set_generator.hpp.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <ostream>

#include "harness/cli/board_options.hpp"
#include "harness/cli/commands.hpp"
#include "harness/experiment/set_generator.hpp"
#include "harness/experiment/strong_solve.hpp"
#include "harness/formats/atomic_file.hpp"
#include "harness/formats/notation.hpp"
#include "harness/formats/position_set_io.hpp"
#include "harness/registry/exact_cache.hpp"

namespace tictac::cli {

namespace {

struct SetsCli {
  BoardOptions board;
  std::string kind = "stratified";
  PositionSetSpec set = [] {  // every key of a config's [[position_set]] (position_set_spec.hpp)
    PositionSetSpec s;
    s.seed = 1;
    return s;
  }();
  std::string balance = "auto";
  std::vector<std::string> given;  // the set's keys given on the command line
  std::string out, check;
  bool split = false, resolve = false;
  bool board_given = false;  // --board, --k or --gravity on the command line
};

// A key of position_set_spec.hpp as its option (--kind, --seed, --per-ply, --position).
std::string flag_of(std::string_view key) { return set_key_flag(key, "--kind", "--seed"); }

std::filesystem::path split_path(const std::filesystem::path& out, const std::string& stratum) {
  return out.parent_path() / (out.stem().string() + "-" + stratum + out.extension().string());
}

// Written but not yet in place: the files of a split set are committed
// together, after every one of them is written.
std::unique_ptr<AtomicFile> write_file(const std::filesystem::path& path, const Board& board,
                                       const std::vector<PositionEntry>& entries, const std::vector<std::string>& strata,
                                       const std::vector<std::string>& notes) {
  auto file = std::make_unique<AtomicFile>(path);
  write_position_set(file->stream(), board, entries, strata, notes);
  return file;
}

// The spec the options make, its kind chosen from the table by --kind and
// the keys given; refused where the keys do not fit the kind.
PositionSetSpec spec_of(const SetsCli& o) {
  PositionSetSpec r = o.set;
  const SetKindChoice choice = choose_set_kind(o.kind, o.given, flag_of);
  if (choice.error) throw std::invalid_argument(flag_of(choice.error->key) + " " + choice.error->what);
  r.kind = choice.kind;
  if (!parse_balance(o.balance, r.balance)) throw std::invalid_argument("--balance " + o.balance + " is not one of auto, on, off");
  return r;
}

// The options of the set's command that its first note has always left out
// (the Pons strata's notes name theirs above), when given.
std::string more_options(const SetsCli& o) {
  std::string text;
  const PositionSetSpec& r = o.set;
  const auto given = [&](std::string_view key) { return std::find(o.given.begin(), o.given.end(), key) != o.given.end(); };
  if (given("plies")) {
    text += " --plies";
    for (int p : r.plies) text += " " + std::to_string(p);
  }
  if (given("per_group")) text += " --per-group " + std::to_string(r.per_group);
  if (given("max_positions")) text += " --max-positions " + std::to_string(r.max_positions);
  if (given("max_games")) text += " --max-games " + std::to_string(r.max_games);
  if (given("balance")) text += " --balance " + o.balance;
  for (const std::string& p : r.positions) text += " --position " + p;
  if (given("file")) text += " --file " + r.file.string();
  if (given("first")) text += " --first " + std::to_string(r.first);
  return text;
}

// The file's notes: first the command that makes the set again (the unknown
// file's header repeats it) and what the value columns mean, then the generator's.
std::vector<std::string> set_notes(const SetsCli& o, const Board& board, const PositionSetSpec& r, const GeneratedSet& set) {
  std::vector<std::string> notes = set.notes;
  notes.insert(notes.begin(), "tictac sets --board " + board.size_name() + " --k " + std::to_string(board.k()) +
                                  (board.gravity() ? " --gravity" : "") + " --kind " + o.kind + " --seed " + std::to_string(r.seed) +
                                  (r.per_stratum ? " --per-stratum " + std::to_string(r.per_stratum) : "") +
                                  (r.per_ply ? " --per-ply " + std::to_string(r.per_ply) : "") +
                                  " --budget " + fmt::format("{}", o.set.budget_seconds) +
                                  (r.max_seconds > 0 ? " --max-seconds " + fmt::format("{}", r.max_seconds) : "") +
                                  (r.value_fallback ? " --value-fallback" : "") + (r.builders ? " --builders" : "") +
                                  more_options(o));
  notes.insert(notes.begin() + 1, "value: X's view; value_to_move: the side to move's; distance: plies to the end under perfect "
                                  "play (the winner as fast as it can, the loser as slow; a draw's is the empty cells); empty where unknown");
  return notes;
}

// The files of a set, written and committed together, and the positions in each.
struct StagedFiles {
  std::vector<std::unique_ptr<AtomicFile>> files;
  std::vector<std::size_t> sizes;
};

// One file per stratum that holds a position, in the order of the set; each
// stratum's notes say which it is.
void write_strata(StagedFiles& out, const std::filesystem::path& path, const Board& board, const GeneratedSet& set,
                  const std::vector<std::string>& notes) {
  std::vector<std::string> names;
  for (const std::string& s : set.strata)
    if (!s.empty() && std::find(names.begin(), names.end(), s) == names.end()) names.push_back(s);
  for (const std::string& name : names) {
    std::vector<PositionEntry> part;
    for (std::size_t i = 0; i < set.entries.size(); ++i)
      if (set.strata[i] == name) part.push_back(set.entries[i]);
    std::vector<std::string> part_notes = notes;
    part_notes.insert(part_notes.begin() + 2, "stratum " + name + " of the set made by this command");
    out.files.push_back(write_file(split_path(path, name), board, part, std::vector<std::string>(part.size(), name), part_notes));
    out.sizes.push_back(part.size());
  }
}

// The positions a split set leaves out, one a line, under the command that sampled them.
void write_unknown(StagedFiles& out, const std::filesystem::path& path, const Board& board, const std::vector<Position>& unknown,
                   const std::string& command, const std::string& solved_by) {
  out.files.push_back(std::make_unique<AtomicFile>(path));
  std::ostream& file = out.files.back()->stream();
  file << "# " << command << "\n# the sampled positions of " << board.name()
       << " left out of the set: unknown within the budget of the strong solver (" << solved_by
       << "), one a line, the top row first\n";
  for (const Position& p : unknown) file << format_position(board, p) << "\n";
  out.sizes.push_back(unknown.size());
}

void generate(const SetsCli& o) {
  const Board board = o.board.parse_board();
  const PositionSetSpec r = spec_of(o);
  if (o.out.empty()) throw std::invalid_argument("--out FILE is needed (the set's CSV)");
  const std::string solved_by = StrongSolver(board, r.budget_seconds).description();
  fmt::print(stderr, "tictac sets: {} set on {}, solved by {}\n", o.kind, board.name(), solved_by);
  GeneratedSet set = generate_set(board, r, {[](const std::string& line) { fmt::print(stderr, "tictac sets: {}\n", line); }});
  std::vector<std::string> notes = set_notes(o, board, r, set);
  for (const std::string& n : set.notes) fmt::print(stderr, "tictac sets: {}\n", n);
  const bool stratified = std::any_of(set.strata.begin(), set.strata.end(), [](const std::string& s) { return !s.empty(); });
  const bool split = o.split && stratified;
  // The positions left out are listed once: in the file, or beside the
  // stratum files of a split set (not repeated in each).
  const std::filesystem::path unknown_path =
      std::filesystem::path(o.out).parent_path() / (std::filesystem::path(o.out).stem().string() + "-unknown.txt");
  if (split && !set.unknown.empty()) {
    notes.push_back("the " + std::to_string(set.unknown.size()) + " positions unknown within the budget are listed in " +
                    unknown_path.filename().string());
  } else {
    for (const Position& p : set.unknown) notes.push_back("unknown within the budget: " + format_position(board, p));
  }
  StagedFiles out;
  if (split) {
    write_strata(out, o.out, board, set, notes);
    if (!set.unknown.empty()) write_unknown(out, unknown_path, board, set.unknown, notes.front(), solved_by);
  } else {
    out.files.push_back(write_file(o.out, board, set.entries, stratified ? set.strata : std::vector<std::string>{}, notes));
    out.sizes.push_back(set.entries.size());
  }
  for (auto& f : out.files) f->finish();  // every file written in full before any replaces its target
  for (std::size_t i = 0; i < out.files.size(); ++i) {
    out.files[i]->commit();
    fmt::print(stderr, "tictac sets: wrote {} positions to {}\n", out.sizes[i], out.files[i]->target().string());
  }
}

// The board to check a file on: the options' when given, else the one board
// the file's rows name.
Board check_board(const SetsCli& o) {
  if (o.board_given) return o.board.parse_board();
  const std::vector<Board> boards = position_set_file_boards(o.check);
  if (boards.size() == 1) return boards[0];
  if (boards.empty())
    throw std::invalid_argument(o.check + ": the file names no board (it has no board and k columns): give --board and --k");
  std::string names;
  for (const Board& b : boards) names += (names.empty() ? "" : ", ") + b.name();
  throw std::invalid_argument(o.check + ": the file holds rows of " + names + ": choose one with --board and --k (and --gravity)");
}

void check(const SetsCli& o) {
  const Board board = check_board(o);
  std::shared_ptr<const ExactSolution> exact;
  if (board.cells() <= 16) exact = exact_solution(board);
  const ReadSet set = read_position_set_file(o.check, board, exact.get());
  fmt::print("{}: {} position{} on {}: every row legal, reachable, unfinished, value and value_to_move in agreement, "
             "distance consistent with the value{}\n",
             o.check, set.entries.size(), set.entries.size() == 1 ? "" : "s", board.name(),
             board.cells() <= 16 ? ", and value and distance equal to the exact solution's" : "");
  if (!o.resolve) return;
  StrongSolver solver(board, o.set.budget_seconds);
  std::size_t unknown = 0, bad = 0;
  for (std::size_t i = 0; i < set.entries.size(); ++i) {
    const PositionEntry& e = set.entries[i];
    const StrongValue v = solver.solve(e.position);
    if (v.status == StrongValue::Status::unknown) {
      ++unknown;
      continue;
    }
    const bool value_bad = v.value != e.value;
    const bool distance_bad = v.status == StrongValue::Status::solved && e.distance >= 0 && v.distance != e.distance;
    if (value_bad || distance_bad) {
      ++bad;
      fmt::print(stderr, "{}:{}: {} has value {} distance {} in the file, {} distance {} by {}\n", o.check, set.lines[i],
                 format_position(board, e.position), e.value, e.distance, v.value, v.distance, solver.description());
    }
    if ((i + 1) % 100 == 0) fmt::print(stderr, "tictac sets: re-solved {} of {}\n", i + 1, set.entries.size());
  }
  fmt::print("re-solved by {}: {} agree, {} disagree, {} unknown within the budget\n", solver.description(),
             set.entries.size() - bad - unknown, bad, unknown);
  if (bad) throw ExitCode{kExitFailure};
}

}  // namespace

void add_sets(CLI::App& app) {
  auto o = std::make_shared<SetsCli>();
  CLI::App* cmd = app.add_subcommand(
      "sets", "Generate a position set on any board up to 64 cells, each position with its exact value and distance, as a "
              "shareable CSV; or check a set file (--check)");
  add_board_options(*cmd, o->board);
  cmd->add_option("--kind", o->kind,
                  "empty, all (up to 16 cells), canonical and plies (the unfinished positions at --plies, one per symmetry "
                  "class for canonical, refused above --max-positions), random (--per-ply positions per ply by seeded "
                  "random play), stratified (--per-stratum: Pons's six strata by ply and distance, sampled by random play; "
                  "--per-group: (ply, distance) groups, every position of each ply solved beyond 16 cells), list (--position), "
                  "file (--file, rows checked and valued)")
      ->check(CLI::IsMember(set_kind_name_list()))
      ->capture_default_str();
  cmd->add_option("--plies", o->set.plies, "the plies (plies, canonical, random; stratified with --per-group)");
  cmd->add_option("--per-ply", o->set.per_ply, "random: distinct unfinished positions per ply");
  cmd->add_option("--per-stratum", o->set.per_stratum, "stratified: positions per Pons stratum");
  cmd->add_option("--per-group", o->set.per_group, "stratified: positions per (ply, distance) group (0: all)");
  cmd->add_option("--seed", o->set.seed, "the seed of the random play (SplitMix64)")->capture_default_str();
  cmd->add_option("--max-positions", o->set.max_positions, "plies and canonical: refuse a ply with more positions than this")
      ->capture_default_str();
  cmd->add_option("--max-games", o->set.max_games, "random and stratified: games of random play at most (0: 100 per position wanted)")
      ->capture_default_str();
  cmd->add_option("--budget", o->set.budget_seconds,
                  "seconds per search of the strong solver beyond 16 cells: on the gravity boards connect holds, "
                  "connect:mode=distance (then the value alone with --value-fallback); on the others, the value first "
                  "by the board's default strategy (a draw's distance is its empty cells), then best's distance mode (with its pairing test where it pays: `tictac solve --help`) for a "
                  "win's or a loss's distance. A position whose value is not proved within it is unknown and left out; "
                  "a win or loss without its distance has no stratum (0: no budget). Up to 16 cells the exact solution "
                  "answers at once")
      ->capture_default_str();
  cmd->add_option("--max-seconds", o->set.max_seconds,
                  "stratified: stop sampling after this many seconds and write what was found, saying which strata are "
                  "short (0: no limit)")
      ->capture_default_str();
  cmd->add_flag("--value-fallback", o->set.value_fallback,
                "stratified, gravity boards that connect holds: when a distance search runs out of the budget, seek "
                "the value with a weak search (a draw's distance follows from it; a win or loss without its distance "
                "still has no stratum). The other boards always seek the value first");
  cmd->add_flag("--builders", o->set.builders,
                "stratified with --per-stratum: every other game of the begin phase is a builder's game, X and O in turn "
                "building lines against random replies, to reach early forced wins (begin-medium), which random play "
                "rarely reaches on k=5 boards. The file's notes say how many games were builders'");
  cmd->add_option("--balance", o->balance, "stratified: balance each stratum by value: on, off, auto (when most positions are draws)")
      ->check(CLI::IsMember({"auto", "on", "off"}))
      ->capture_default_str();
  cmd->add_option("--position", o->set.positions, "list: a position (rows of X, O and ., the top row first); repeat it");
  cmd->add_option("--file", o->set.file, "file: a position-set CSV whose rows of the board make the set ({board} in its name "
                                         "stands for the board's name)");
  cmd->add_option("--first", o->set.first, "file: only its first N positions of the board, in file order");
  cmd->add_option("--out", o->out, "the CSV to write (all or nothing)");
  cmd->add_flag("--split", o->split,
                "stratified: one file per stratum that holds a position, FILE's name with -STRATUM before its extension; the positions left "
                "unknown are listed once, in FILE's name with -unknown.txt for its extension");
  cmd->add_option("--check", o->check,
                  "check this set file instead: every row read back and checked (position_set_io.hpp), on the board "
                  "the file's rows name (--board, --k and --gravity choose one where it holds several)");
  cmd->add_flag("--resolve", o->resolve, "with --check: also strong-solve every row again and compare (slow beyond 16 cells)");
  cmd->footer("Progress goes to stderr. Random choices draw from SplitMix64 with --seed, so a set is the same on every "
              "machine, except which positions the time budget leaves unknown (they are listed in the file's notes). "
              "The file's '#' lines say how the set was made and how the strata were cut.");
  cmd->callback([o, cmd] {
    o->board_given = cmd->count("--board") + cmd->count("--k") + cmd->count("--gravity") > 0;
    for (std::string_view key : position_set_keys())
      if (cmd->count(flag_of(key)) > 0) o->given.emplace_back(key);
    if (!o->check.empty()) check(*o);
    else generate(*o);
  });
}

}  // namespace tictac::cli
