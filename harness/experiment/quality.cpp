#include "harness/experiment/quality.hpp"

#include <algorithm>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <stdexcept>
#include <system_error>

#include "algorithms/exact/state_space.hpp"
#include "algorithms/game/rules.hpp"
#include "harness/experiment/measurement.hpp"
#include "harness/experiment/set_generator.hpp"
#include "harness/formats/atomic_file.hpp"
#include "harness/formats/board_fields.hpp"
#include "harness/formats/csv_writer.hpp"
#include "harness/formats/metadata.hpp"
#include "harness/formats/notation.hpp"
#include "harness/formats/version.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/players.hpp"
#include "harness/registry/strategy_spec.hpp"

namespace tictac {

namespace {

bool has_seed_option(const std::string& name) {
  for (const StrategyInfo& info : player_catalog())
    if (info.name == name)
      return std::any_of(info.options.begin(), info.options.end(), [](const StrategyOption& o) { return o.key == "seed"; });
  return false;
}

// The spec without its seed option.
StrategySpec without_seed(StrategySpec spec) {
  std::erase_if(spec.options, [](const auto& kv) { return kv.first == "seed"; });
  return spec;
}

StrategySpec with_seed(StrategySpec spec, std::uint64_t seed) {
  spec.options.emplace_back("seed", std::to_string(seed));
  return spec;
}

// A player's label and seeds, its spec checked by making its first
// repetition's player (make_player's errors: an unknown player, a bad option).
QualityPlayer plan_player(const Board& board, const std::string& text, const QualityOptions& o) {
  const StrategySpec given = StrategySpec::parse(text);
  QualityPlayer p;
  p.seeded = has_seed_option(given.name);
  const bool own_seed =
      std::any_of(given.options.begin(), given.options.end(), [](const auto& kv) { return kv.first == "seed"; });
  if (own_seed && o.seeds_chosen)
    throw std::invalid_argument("player '" + text + "' gives its own seed, and the run chooses the seeds too (--seed, "
                                "--repeat): give one or the other");
  const std::unique_ptr<Player> first = make_player(board, text);
  // The normal form (every option, catalogue order), the seed left out of a seeded player's.
  p.label = p.seeded ? without_seed(StrategySpec::parse(first->spec())).to_string() : first->spec();
  if (!p.seeded) return p;
  if (own_seed) {
    for (const auto& [key, value] : StrategySpec::parse(first->spec()).options)
      if (key == "seed") p.seeds.push_back(std::stoull(value));
    return p;
  }
  for (int r = 0; r < std::max(1, o.repeat); ++r) p.seeds.push_back(o.seed + static_cast<std::uint64_t>(r));
  return p;
}

std::unique_ptr<Player> make_repetition(const Board& board, const QualityPlayer& p, std::size_t repetition) {
  if (!p.seeded) return make_player(board, p.label);
  return make_player(board, with_seed(StrategySpec::parse(p.label), p.seeds[repetition]).to_string());
}

std::string too_large(const Board& board) {
  return "move quality grades against the exact solution, which exists for boards of at most " +
         std::to_string(StateSpace::kMaxCells) + " cells; " + board.size_name() + " has " + std::to_string(board.cells()) +
         " cells (grading beyond 16 cells, each position certified by two independent families, is a later step of issue 32)";
}

// --- the columns, each with what fills it ---

struct MoveRow {
  const QualityResult& r;
  const GradedMove& m;
  const PositionEntry& e() const { return r.positions[m.position]; }
  const QualityPlayer& p() const { return r.players[m.player]; }
};

struct TotalRow {
  const QualityResult& r;
  const QualityTotal& t;
};

template <class Row>
struct QualityCsvColumn {
  QualityColumn about;
  std::function<std::string(const Row&)> text;
};

const std::vector<QualityCsvColumn<MoveRow>>& move_columns() {
  static const std::vector<QualityCsvColumn<MoveRow>> c = {
      {{"player", "the player's spec in normal form (every option), its seed left out for a seeded player (seed)"},
       [](const MoveRow& x) { return x.p().label; }},
      {{"seed", "the seed of this repetition for a seeded player (random, perfect, mcts); empty for another"},
       [](const MoveRow& x) { return x.p().seeded ? csv_text(x.p().seeds[x.m.repetition]) : std::string(); }},
      {{"repetition", "the repetition, from 0 (seed = the run's seed + repetition unless the spec gives its seed)"},
       [](const MoveRow& x) { return csv_text(static_cast<std::uint64_t>(x.m.repetition)); }},
      {{"position", "the position graded (rows of X, O and ., the top row first)"},
       [](const MoveRow& x) { return format_position(x.r.board, x.e().position); }},
      {{"ply", "stones on the board"}, [](const MoveRow& x) { return csv_text(x.e().ply); }},
      {{"stratum", "the position's stratum in the set (a stratified set's group or Pons stratum); empty without"},
       [](const MoveRow& x) { return x.r.strata.empty() ? std::string() : x.r.strata[x.m.position]; }},
      {{"value_to_move", "the position's exact value for the side to move: 1 win, 0 draw, -1 loss"},
       [](const MoveRow& x) { return csv_text(x.e().position.to_move() == Side::X ? x.e().value : -x.e().value); }},
      {{"distance", "the position's exact distance: plies to the end under perfect play (the winner as fast as it can, "
                    "the loser as slow; a draw's is its empty cells)"},
       [](const MoveRow& x) { return csv_text(x.e().distance); }},
      {{"move", "the chosen cell, by index (row by row from 0)"}, [](const MoveRow& x) { return csv_text(x.m.move); }},
      {{"move_name", "the chosen cell by name (column letter, row number from 1 at the top)"},
       [](const MoveRow& x) { return cell_name(x.r.board, x.m.move); }},
      {{"optimal", "the move keeps the position's exact value"}, [](const MoveRow& x) { return csv_text(x.m.grade.optimal); }},
      {{"value_loss", "the value the move throws away, for the side to move: 0; 1 a win to a draw or a draw to a loss; "
                      "2 a win to a loss"},
       [](const MoveRow& x) { return csv_text(x.m.grade.value_loss); }},
      {{"distance_loss", "plies: for a kept win those added to the fastest win, for a kept loss those taken off the "
                         "slowest; empty for a kept draw and for a move that loses value"},
       [](const MoveRow& x) { return x.m.grade.distance_loss ? csv_text(*x.m.grade.distance_loss) : std::string(); }},
      {{"best_distance", "the move keeps the value and the best distance (a kept draw: the value)"},
       [](const MoveRow& x) { return csv_text(x.m.grade.best_distance); }},
      {{"nodes", "the player's nodes for this move, as its header defines a node (0 for random and perfect)"},
       [](const MoveRow& x) { return csv_text(x.m.nodes); }},
      {{"playouts", "MCTS: the playouts of this move (0 for other players)"},
       [](const MoveRow& x) { return csv_text(x.m.playouts); }},
      {{"depth_reached", "alpha-beta: the depth of the last finished iteration; MCTS: the deepest tree node selected"},
       [](const MoveRow& x) { return csv_text(x.m.depth_reached); }},
  };
  return c;
}

const std::vector<QualityCsvColumn<TotalRow>>& total_columns() {
  static const std::vector<QualityCsvColumn<TotalRow>> c = {
      {{"player", "the player's spec as in moves.csv"}, [](const TotalRow& x) { return x.r.players[x.t.player].label; }},
      {{"breakdown", "the grouping: all (the whole set), ply, or stratum (sets with strata)"},
       [](const TotalRow& x) { return x.t.breakdown; }},
      {{"group", "the ply or the stratum; empty for all"}, [](const TotalRow& x) { return x.t.group; }},
      {{"positions", "positions in the group: the intervals' sample size"},
       [](const TotalRow& x) { return csv_text(static_cast<std::uint64_t>(x.t.positions)); }},
      {{"repetitions", "grades per position (seeds of a seeded player)"},
       [](const TotalRow& x) { return csv_text(static_cast<std::uint64_t>(x.t.repetitions)); }},
      {{"moves", "graded moves: positions x repetitions"},
       [](const TotalRow& x) { return csv_text(static_cast<std::uint64_t>(x.t.moves)); }},
      {{"optimal_rate", "moves that keep the value: the mean over positions of each position's share"},
       [](const TotalRow& x) { return csv_text(x.t.optimal_rate); }},
      {{"optimal_rate_low", "its 95% interval, low end (rate_interval)"}, [](const TotalRow& x) { return csv_text(x.t.optimal_interval.low); }},
      {{"optimal_rate_high", "its 95% interval, high end"}, [](const TotalRow& x) { return csv_text(x.t.optimal_interval.high); }},
      {{"best_distance_rate", "moves that keep the value and the best distance"},
       [](const TotalRow& x) { return csv_text(x.t.best_distance_rate); }},
      {{"best_distance_rate_low", "its 95% interval, low end (rate_interval)"},
       [](const TotalRow& x) { return csv_text(x.t.best_distance_interval.low); }},
      {{"best_distance_rate_high", "its 95% interval, high end"},
       [](const TotalRow& x) { return csv_text(x.t.best_distance_interval.high); }},
      {{"mean_value_loss", "the mean value loss (0, 1 or 2 a move)"}, [](const TotalRow& x) { return csv_text(x.t.mean_value_loss); }},
      {{"mean_value_loss_low", "its 95% interval, low end: always a percentile bootstrap over positions"},
       [](const TotalRow& x) { return csv_text(x.t.value_loss_interval.low); }},
      {{"mean_value_loss_high", "its 95% interval, high end"}, [](const TotalRow& x) { return csv_text(x.t.value_loss_interval.high); }},
      {{"value_loss_2_rate", "moves that throw a win to a loss"}, [](const TotalRow& x) { return csv_text(x.t.value_loss_2_rate); }},
      {{"value_loss_2_rate_low", "its 95% interval, low end (rate_interval)"},
       [](const TotalRow& x) { return csv_text(x.t.value_loss_2_interval.low); }},
      {{"value_loss_2_rate_high", "its 95% interval, high end"},
       [](const TotalRow& x) { return csv_text(x.t.value_loss_2_interval.high); }},
      {{"rate_interval", "the rates' interval: wilson (each position graded once: Wilson's score interval) or bootstrap "
                         "(repetitions: a percentile bootstrap over positions of their means)"},
       [](const TotalRow& x) { return x.t.rate_interval; }},
  };
  return c;
}

template <class Row>
std::vector<QualityColumn> column_docs(const std::vector<QualityCsvColumn<Row>>& columns) {
  std::vector<QualityColumn> a;
  for (const auto& c : columns) a.push_back(c.about);
  return a;
}

template <class Row>
std::vector<std::string> quality_header(const std::vector<QualityCsvColumn<Row>>& columns) {
  std::vector<std::string> names;
  for (const auto& c : columns) names.emplace_back(c.about.name);
  return board_header(names);
}

// Each position's sums over its repetitions, for one player.
struct PositionSums {
  std::uint64_t optimal = 0, best_distance = 0, value_loss = 0, value_loss_2 = 0;
};

QualityTotal total_of(std::size_t player, std::string breakdown, std::string group, const std::vector<std::size_t>& members,
                      const std::vector<PositionSums>& sums, std::size_t repetitions, std::uint64_t seed, int resamples) {
  QualityTotal t;
  t.player = player;
  t.breakdown = std::move(breakdown);
  t.group = std::move(group);
  t.positions = members.size();
  t.repetitions = repetitions;
  t.moves = members.size() * repetitions;
  const double reps = static_cast<double>(repetitions);
  std::vector<double> optimal, best, loss, loss2;
  PositionSums total;
  for (std::size_t i : members) {
    const PositionSums& s = sums[i];
    optimal.push_back(static_cast<double>(s.optimal) / reps);
    best.push_back(static_cast<double>(s.best_distance) / reps);
    loss.push_back(static_cast<double>(s.value_loss) / reps);
    loss2.push_back(static_cast<double>(s.value_loss_2) / reps);
    total.optimal += s.optimal;
    total.best_distance += s.best_distance;
    total.value_loss += s.value_loss;
    total.value_loss_2 += s.value_loss_2;
  }
  const double moves = static_cast<double>(std::max<std::size_t>(t.moves, 1));
  t.optimal_rate = static_cast<double>(total.optimal) / moves;
  t.best_distance_rate = static_cast<double>(total.best_distance) / moves;
  t.mean_value_loss = static_cast<double>(total.value_loss) / moves;
  t.value_loss_2_rate = static_cast<double>(total.value_loss_2) / moves;
  t.value_loss_interval = bootstrap_mean_interval(loss, seed, resamples);
  if (repetitions == 1) {
    t.rate_interval = "wilson";
    t.optimal_interval = wilson_interval(total.optimal, t.moves);
    t.best_distance_interval = wilson_interval(total.best_distance, t.moves);
    t.value_loss_2_interval = wilson_interval(total.value_loss_2, t.moves);
  } else {
    t.rate_interval = "bootstrap";
    t.optimal_interval = bootstrap_mean_interval(optimal, seed, resamples);
    t.best_distance_interval = bootstrap_mean_interval(best, seed, resamples);
    t.value_loss_2_interval = bootstrap_mean_interval(loss2, seed, resamples);
  }
  return t;
}

}  // namespace

void check_quality_board(const Board& board) {
  if (board.cells() > StateSpace::kMaxCells) throw std::invalid_argument(too_large(board));
}

QualityResult measure_quality(const Board& board, const GeneratedSet& set, const QualityOptions& options) {
  check_quality_board(board);
  if (options.players.empty()) throw std::invalid_argument("move quality needs at least one player");
  if (options.repeat < 1) throw std::invalid_argument("the repetitions must be at least 1");
  const std::shared_ptr<const ExactSolution> exact = exact_solution(board, options.cancel);
  QualityResult r{board, {}, {}, set.notes, {}, {}, {}};
  // Strata kept only for a set that has them (4x4 with k=3 has a million positions).
  const bool stratified = std::any_of(set.strata.begin(), set.strata.end(), [](const std::string& s) { return !s.empty(); });
  std::size_t finished = 0;
  for (std::size_t i = 0; i < set.entries.size(); ++i) {
    if (is_terminal(board, set.entries[i].position)) {
      ++finished;
      continue;
    }
    r.positions.push_back(set.entries[i]);
    if (stratified) r.strata.push_back(i < set.strata.size() ? set.strata[i] : std::string());
  }
  if (finished)
    r.notes.push_back(std::to_string(finished) + " finished position" + (finished == 1 ? " is" : "s are") +
                      " left out: no move to grade");
  if (r.positions.empty()) throw std::invalid_argument("the position set holds no unfinished position to grade");
  for (const std::string& spec : options.players) r.players.push_back(plan_player(board, spec, options));

  std::size_t total = 0;
  for (const QualityPlayer& p : r.players) total += p.repetitions() * r.positions.size();
  r.moves.reserve(total);
  for (std::size_t pi = 0; pi < r.players.size(); ++pi) {
    const QualityPlayer& p = r.players[pi];
    for (std::size_t rep = 0; rep < p.repetitions(); ++rep) {
      const std::unique_ptr<Player> player = make_repetition(board, p, rep);
      for (std::size_t i = 0; i < r.positions.size(); ++i) {
        if (options.cancel && options.cancel->load()) throw Interrupted();
        const Position& pos = r.positions[i].position;
        const PlayerMove chosen = player->choose(pos);
        GradedMove g;
        g.player = static_cast<std::uint32_t>(pi);
        g.position = static_cast<std::uint32_t>(i);
        g.repetition = static_cast<std::uint32_t>(rep);
        g.move = chosen.move;
        g.nodes = chosen.stats.search.nodes;
        g.playouts = chosen.stats.playouts;
        g.depth_reached = chosen.stats.depth_reached;
        try {
          g.grade = grade_move(*exact, pos, chosen.move);
        } catch (const std::invalid_argument& e) {
          throw std::logic_error("player " + player->spec() + " chose cell " + std::to_string(chosen.move) + " in " +
                                 format_position(board, pos) + ", which cannot be graded: " + e.what());
        }
        r.moves.push_back(g);
        if (options.progress) options.progress(r.moves.size(), total);
      }
    }
  }
  r.totals = quality_totals(r, options.seed, options.resamples);
  return r;
}

std::vector<QualityTotal> quality_totals(const QualityResult& r, std::uint64_t seed, int resamples) {
  std::vector<QualityTotal> totals;
  // The groups, the same for every player: all, each ply, each stratum (in the set's order).
  std::vector<std::size_t> all(r.positions.size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  std::map<int, std::vector<std::size_t>> by_ply;
  std::vector<std::pair<std::string, std::vector<std::size_t>>> by_stratum;
  for (std::size_t i = 0; i < r.positions.size(); ++i) {
    by_ply[r.positions[i].ply].push_back(i);
    if (r.strata.empty() || r.strata[i].empty()) continue;
    auto it = std::find_if(by_stratum.begin(), by_stratum.end(), [&](const auto& s) { return s.first == r.strata[i]; });
    if (it == by_stratum.end()) {
      by_stratum.emplace_back(r.strata[i], std::vector<std::size_t>{});
      it = std::prev(by_stratum.end());
    }
    it->second.push_back(i);
  }
  for (std::size_t pi = 0; pi < r.players.size(); ++pi) {
    std::vector<PositionSums> sums(r.positions.size());
    for (const GradedMove& m : r.moves) {
      if (m.player != pi) continue;
      PositionSums& s = sums[m.position];
      s.optimal += m.grade.optimal;
      s.best_distance += m.grade.best_distance;
      s.value_loss += static_cast<std::uint64_t>(m.grade.value_loss);
      s.value_loss_2 += m.grade.value_loss == 2;
    }
    const std::size_t reps = r.players[pi].repetitions();
    totals.push_back(total_of(pi, "all", "", all, sums, reps, seed, resamples));
    for (const auto& [ply, members] : by_ply)
      totals.push_back(total_of(pi, "ply", std::to_string(ply), members, sums, reps, seed, resamples));
    for (const auto& [stratum, members] : by_stratum)
      totals.push_back(total_of(pi, "stratum", stratum, members, sums, reps, seed, resamples));
  }
  return totals;
}

const std::vector<QualityColumn>& quality_move_columns() {
  static const std::vector<QualityColumn> c = column_docs(move_columns());
  return c;
}

const std::vector<QualityColumn>& quality_total_columns() {
  static const std::vector<QualityColumn> c = column_docs(total_columns());
  return c;
}

void write_quality_moves(std::ostream& out, const QualityResult& r) {
  CsvWriter csv(out, quality_header(move_columns()));
  for (const GradedMove& m : r.moves) {
    write_board_fields(csv, r.board);
    const MoveRow row{r, m};
    for (const auto& c : move_columns()) csv.field(c.text(row));
    csv.end_row();
  }
}

void write_quality_totals(std::ostream& out, const QualityResult& r) {
  CsvWriter csv(out, quality_header(total_columns()));
  for (const QualityTotal& t : r.totals) {
    write_board_fields(csv, r.board);
    const TotalRow row{r, t};
    for (const auto& c : total_columns()) csv.field(c.text(row));
    csv.end_row();
  }
}

nlohmann::ordered_json quality_metadata(const QualityResult& r, const QualityDescription& d) {
  using J = nlohmann::ordered_json;
  J m;
  m["tictac_version"] = TICTAC_VERSION;
  m["measurement"] = "move quality";
  m["command"] = d.command_line;
  const BuildInfo build = build_info();
  const J commit = build.commit.empty() ? J(nullptr) : J(build.commit);
  const J dirty = build.commit.empty() ? J(nullptr) : J(build.dirty);
  m["git"] = {{"commit", commit}, {"dirty", dirty}};
  m["tictac_build"] = {{"commit", commit}, {"dirty", dirty}, {"system", build.system}, {"build_type", build.type},
                       {"compiler", build.compiler}};
  m["build"] = {{"system", build.system}, {"type", build.type}, {"compiler", build.compiler}, {"flags", build.flags}};
  const HostInfo host = host_info();
  m["host"] = {{"name", host.name}, {"cpu_model", host.cpu_model}, {"hardware_threads", host.cpus}};
  m["date_utc"] = d.started_utc;
  m["duration_s"] = d.duration_s;
  m["board"] = board_json(r.board);
  m["position_set"] = {{"kind", d.set_kind}, {"positions", r.positions.size()}, {"strata", !r.strata.empty()}, {"notes", r.notes}};
  J players = J::array();
  for (const QualityPlayer& p : r.players)
    players.push_back(J{{"player", p.label}, {"seeded", p.seeded}, {"repetitions", p.repetitions()}, {"seeds", p.seeds}});
  m["players"] = players;
  m["repeat"] = d.options.repeat;
  m["seed"] = d.options.seed;
  m["graded_against"] = "the exact retrograde solution (algorithms/exact/solution.hpp), boards of at most 16 cells: "
                        "one look-up of the position and one of the position after the move (algorithms/exact/move_grade.hpp), no search";
  m["intervals"] = {
      {"level", 0.95},
      {"rates", "Wilson's score interval (Wilson 1927) when each position is graded once; otherwise a percentile "
                "bootstrap over positions, each position the mean of its repetitions"},
      {"mean_value_loss", "a percentile bootstrap over positions"},
      {"bootstrap", {{"resamples", d.options.resamples},
                     {"seed", d.options.seed},
                     {"method", "positions drawn with replacement from SplitMix64 seeded by `seed`; the 2.5% and 97.5% "
                                "quantiles of the resampled means, interpolated linearly (numpy's default)"}}}};
  m["rows"] = {{"moves.csv", r.moves.size()}, {"totals.csv", r.totals.size()}};
  J columns = J::object();
  for (const auto& [file, list] : {std::pair{"moves.csv", &quality_move_columns()}, std::pair{"totals.csv", &quality_total_columns()}}) {
    J cols = J::object();
    cols["board"] = "the board's size, RxC";
    cols["k"] = "stones in a row that win";
    cols["gravity"] = "whether stones fall (true) or take any empty cell (false)";
    for (const QualityColumn& c : *list) cols[c.name] = c.description;
    columns[file] = cols;
  }
  m["columns"] = columns;
  m["max_rss_kib"] = max_rss_kib();
  return m;
}

namespace {
const char* const kQualityFiles[] = {"moves.csv", "totals.csv", "metadata.json"};
}  // namespace

void check_quality_folder(const std::filesystem::path& dir, bool force) {
  if (!force)
    for (const char* f : kQualityFiles)
      if (std::filesystem::exists(dir / f))
        throw std::invalid_argument("'" + dir.string() + "' holds another quality run's " + f +
                                    ": give --force to replace it, or another --out");
  auto p = std::filesystem::absolute(dir);
  while (!std::filesystem::exists(p) && p != p.parent_path()) p = p.parent_path();
  if (!std::filesystem::is_directory(p))
    throw std::invalid_argument("cannot create output folder '" + dir.string() + "': '" + p.string() + "' is not a folder");
}

void write_quality_files(const std::filesystem::path& dir, const QualityResult& r, const nlohmann::ordered_json& metadata, bool force) {
  check_quality_folder(dir, force);
  // Folders made here are removed again unless every file is in place.
  std::vector<std::filesystem::path> made;
  for (auto p = dir; !p.empty() && !std::filesystem::exists(p); p = p.parent_path()) {
    made.push_back(p);
    if (p == p.parent_path()) break;
  }
  std::error_code ec;
  std::filesystem::create_directories(dir, ec);
  if (ec) throw std::invalid_argument("cannot create output folder '" + dir.string() + "': " + ec.message());
  bool done = false;
  struct Cleanup {
    const std::vector<std::filesystem::path>& made;
    const bool& done;
    ~Cleanup() {
      if (done) return;
      std::error_code ignored;
      for (const auto& p : made) std::filesystem::remove(p, ignored);  // deepest first, only if empty
    }
  } cleanup{made, done};
  {
    AtomicFile moves(dir / kQualityFiles[0]), totals(dir / kQualityFiles[1]), meta(dir / kQualityFiles[2]);
    write_quality_moves(moves.stream(), r);
    write_quality_totals(totals.stream(), r);
    meta.stream() << metadata.dump(2) << "\n";
    moves.finish();
    totals.finish();
    meta.finish();
    moves.commit();
    totals.commit();
    meta.commit();
  }
  done = true;
}

}  // namespace tictac
