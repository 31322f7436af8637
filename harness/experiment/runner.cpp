#include "harness/experiment/runner.hpp"

#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <exception>
#include <mutex>
#include <thread>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <unistd.h>

#include "algorithms/exact/position_set.hpp"
#include "algorithms/search/cancellable.hpp"
#include "harness/formats/atomic_file.hpp"
#include "harness/formats/csv_writer.hpp"
#include "harness/formats/metadata.hpp"
#include "harness/formats/notation.hpp"
#include "harness/formats/position_set_io.hpp"
#include "harness/experiment/reference.hpp"
#include "harness/formats/stat_fields.hpp"
#include "harness/registry/strategy.hpp"
#include "harness/registry/strategy_spec.hpp"
#include "harness/formats/version.hpp"

namespace tictac {

namespace {

constexpr const char* kFromConfig = "config";
constexpr const char* kFromCounting = "search (counting instantiation, run once per position)";
constexpr const char* kFromExact = "reference: the exact solver (retrograde analysis) on boards of at most 16 cells, "
                                   "a reference search above (metadata.json: exactness)";
constexpr const char* kFromFast = "search_fast (statistics compiled out, run once per repetition)";

struct Cell {
  std::size_t board, strategy, set;
};

struct PreparedBoard {
  Board board;
  std::unique_ptr<Reference> ref;
  std::vector<std::unique_ptr<Strategy>> strategies;     // by config strategy (null where it does not apply)
  std::vector<std::vector<PositionEntry>> sets;          // by config position set
};

bool applies(const std::vector<std::string>& boards, const Board& b) {
  return boards.empty() || std::find(boards.begin(), boards.end(), b.name()) != boards.end();
}
bool applies(const PositionSetConfig& ps, const Board& b) { return applies(ps.boards, b); }
bool applies(const StrategyConfig& s, const Board& b) { return applies(s.boards, b); }

[[noreturn]] void config_fail(const ExperimentConfig& c, int line, const std::string& what) {
  throw ConfigError(c.source + ":" + std::to_string(line) + ": " + what);
}

std::vector<PreparedBoard> prepare(const ExperimentConfig& c) {
  check_strategies(c, strategy_catalog());
  std::vector<PreparedBoard> boards;
  for (const BoardConfig& bc : c.boards) {
    PreparedBoard pb{bc.board, std::make_unique<Reference>(bc.board), {}, {}};
    for (const StrategyConfig& s : c.strategies) {
      if (!applies(s, bc.board)) {
        pb.strategies.emplace_back();
        continue;
      }
      try {
        pb.strategies.push_back(make_strategy(bc.board, s.spec()));
      } catch (const std::invalid_argument& e) {
        // Report a bad value at its own line when the option alone is refused;
        // options that only clash together are reported at the strategy's line.
        for (std::size_t i = 0; i < s.options.size(); ++i) {
          try {
            make_strategy(bc.board, s.name + ":" + s.options[i].first + "=" + s.options[i].second);
          } catch (const std::invalid_argument& alone) {
            config_fail(c, s.option_lines[i], "key '" + s.options[i].first + "': " + alone.what());
          }
        }
        config_fail(c, s.line, "strategy '" + s.spec() + "' on board " + bc.board.name() + ": " + e.what());
      }
    }
    for (const PositionSetConfig& ps : c.position_sets) {
      if (!applies(ps, bc.board)) {
        pb.sets.emplace_back();
        continue;
      }
      PositionSetSpec spec;
      spec.kind = ps.kind;
      spec.plies = ps.plies;
      spec.per_group = ps.per_group;
      spec.seed = ps.seed;
      const auto& exact = pb.ref->exact();
      if (!exact && ((ps.kind != PositionSetKind::empty && ps.kind != PositionSetKind::list) || ps.from_file))
        config_fail(c, ps.line, "position set '" + ps.name + "' (kind " +
                                    (ps.from_file ? std::string("file") : std::string(to_string(ps.kind))) +
                                    ") needs the exact solver, which handles boards of at most " +
                                    std::to_string(StateSpace::kMaxCells) + " cells; on board " + bc.board.name() +
                                    " (" + std::to_string(bc.board.cells()) +
                                    " cells) use kind 'empty' or 'list', or limit the set with boards = [...]");
      try {
        if (ps.from_file) {
          pb.sets.push_back(read_position_set(ps.file, *exact));
          continue;
        }
        for (std::size_t i = 0; i < ps.positions.size(); ++i) {
          try {
            spec.positions.push_back(parse_position(bc.board, ps.positions[i]));
          } catch (const std::invalid_argument& e) {
            config_fail(c, ps.position_lines[i], "key 'positions': on board " + bc.board.name() + ": " + e.what());
          }
        }
        if (exact) {
          pb.sets.push_back(generate_position_set(*exact, spec));
        } else {  // empty or list, valued by the reference search (distance -1: unknown)
          if (spec.kind == PositionSetKind::empty) spec.positions = {Position{}};
          std::vector<PositionEntry> set;
          for (const Position& p : spec.positions)
            set.push_back({p, p.ply(), pb.ref->value(p), pb.ref->distance(p).value_or(-1)});
          pb.sets.push_back(std::move(set));
        }
      } catch (const ConfigError&) {
        throw;
      } catch (const std::invalid_argument& e) {
        config_fail(c, ps.line, "position set '" + ps.name + "' on board " + bc.board.name() + ": " + e.what());
      }
      if (pb.sets.back().empty())
        config_fail(c, ps.line, "position set '" + ps.name + "' is empty on board " + bc.board.name());
    }
    boards.push_back(std::move(pb));
  }
  return boards;
}

std::string option_value(const std::string& spec, const std::string& key, const std::string& otherwise) {
  const StrategySpec s = StrategySpec::parse(spec);
  for (const auto& [k, v] : s.options)
    if (k == key) return v;
  return otherwise;
}

void add(SearchStats& total, const SearchStats& s) {
  total.nodes += s.nodes;
  for (std::size_t i = 0; i < s.nodes_by_ply.size(); ++i) total.nodes_by_ply[i] += s.nodes_by_ply[i];
  total.terminal_nodes += s.terminal_nodes;
  total.cutoffs += s.cutoffs;
  total.first_move_cutoffs += s.first_move_cutoffs;
  total.cutoff_move_index_sum += s.cutoff_move_index_sum;
  total.tt_probes += s.tt_probes;
  total.tt_hits += s.tt_hits;
  total.tt_hits_exact += s.tt_hits_exact;
  total.tt_hits_lower += s.tt_hits_lower;
  total.tt_hits_upper += s.tt_hits_upper;
  total.tt_hit_cutoffs += s.tt_hit_cutoffs;
  total.tt_stores += s.tt_stores;
  total.tt_overwrites += s.tt_overwrites;
  total.tt_collisions += s.tt_collisions;
  total.tt_occupancy += s.tt_occupancy;
  total.tt_capacity = std::max(total.tt_capacity, s.tt_capacity);
  total.memo_entries += s.memo_entries;
  total.memo_hits += s.memo_hits;
  total.table_bytes = std::max(total.table_bytes, s.table_bytes);
}

// Folders the run creates, removed again unless the run succeeds.
struct CreatedFolders {
  std::vector<std::filesystem::path> created;
  bool keep = false;
  void make(const std::filesystem::path& dir) {
    std::vector<std::filesystem::path> missing;
    for (auto p = dir; !p.empty() && !std::filesystem::exists(p); p = p.parent_path()) {
      missing.push_back(p);
      if (p == p.parent_path()) break;
    }
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) throw std::invalid_argument("cannot create output folder '" + dir.string() + "': " + ec.message());
    created.insert(created.end(), missing.begin(), missing.end());  // deepest first
  }
  ~CreatedFolders() {
    if (keep) return;
    std::error_code ec;
    for (const auto& p : created) std::filesystem::remove(p, ec);  // only if empty
  }
};

class Progress {
 public:
  Progress(bool on, std::size_t cells, double work) : on_(on), cells_(cells), work_(work), start_(clock::now()) {}
  void update(std::size_t cells_done, double work_done, std::uint64_t searches) {
    if (!on_) return;
    const auto now = clock::now();
    if (now - last_ < std::chrono::milliseconds(200) && cells_done < cells_) return;
    last_ = now;
    const double elapsed = std::chrono::duration<double>(now - start_).count();
    const double rate = elapsed > 0 ? searches / elapsed : 0.0;
    const double left = work_done > 0 ? elapsed * (work_ - work_done) / work_done : 0.0;
    std::fprintf(stderr, "\r\033[Kcells %zu/%zu  %.0f searches/s  about %.0f s left", cells_done, cells_, rate, left);
    std::fflush(stderr);
  }
  ~Progress() {
    if (on_) std::fprintf(stderr, "\r\033[K");
  }

 private:
  using clock = std::chrono::steady_clock;
  bool on_;
  std::size_t cells_;
  double work_;
  clock::time_point start_, last_{};
};

std::string moves_text(const Board& b, Mask m) {
  std::string s;
  for (; m; m &= m - 1) {
    if (!s.empty()) s += ' ';
    s += cell_name(b, std::countr_zero(m));
  }
  return s.empty() ? "none" : s;
}

}  // namespace

std::vector<ColumnInfo> result_columns() {
  std::vector<ColumnInfo> cols = {
      {"experiment", "the experiment's name", kFromConfig},
      {"board", "board size, rows x columns", kFromConfig},
      {"k", "stones in a row that win", kFromConfig},
      {"strategy", "the strategy spec in normal form (every option, catalogue order)", kFromConfig},
      {"strategy_name", "the strategy without its options", kFromConfig},
      {"ordering", "the strategy's move ordering (its order option; none when it has no such option)", kFromConfig},
      {"position_set", "the position set's name", kFromConfig},
      {"row_kind", "position: one position searched; set_total: the whole set (counts summed over its positions)", kFromConfig},
      {"position", "the position searched (rows of X, O and . separated by /); empty on set_total rows", kFromConfig},
      {"ply", "stones on the board; empty on set_total rows", kFromConfig},
      {"positions", "positions the row covers (1, or the size of the set)", kFromConfig},
      {"repetition", "which timing repetition, from 0", kFromConfig},
      {"value", "the strategy's game value, X's point of view (+1, 0, -1)", kFromCounting},
      {"exact_value", "the exact game value, X's point of view", kFromExact},
      {"distance", "plies to the end under perfect play (empty where the reference does not know it: boards over 16 cells)", kFromExact},
      {"best_move", "the strategy's chosen move as a cell index (row by row from 0); empty for a finished position", kFromCounting},
      {"matches_exact", "true when value equals exact_value and best_move is an optimal move (set_total: every position)", kFromExact},
  };
  for (const StatField& f : stat_fields(SearchStats{}))
    cols.push_back({f.name, f.is_rate ? "search statistic (a rate, recomputed from summed counts on set_total rows)"
                                      : "search statistic (algorithms/search/statistics.hpp; summed on set_total rows)",
                    kFromCounting});
  for (auto& c : cols)
    if (c.name == "nodes") c.description = "nodes searched: entries into the search function, root, finished and table-answered positions included";
  cols.push_back({"time_ns", "wall time of one search in nanoseconds (set_total: the sum over the set in that repetition)", kFromFast});
  return cols;
}

RunSummary run_experiment(const ExperimentConfig& c, const RunOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const std::string started_utc = utc_now_iso8601();
  // The tree's state as the run starts: before any file of ours exists in it,
  // and before the exact solutions and reference values, which take seconds.
  const GitInfo git = git_info(std::filesystem::absolute(c.source).parent_path());
  auto boards = prepare(c);

  RunSummary summary;
  summary.out = !options.out.empty() ? options.out : !c.output.empty() ? c.output : std::filesystem::path("results") / c.name;

  CreatedFolders folders;
  folders.make(summary.out);
  // An output folder that cannot take a file is a bad argument.
  auto open = [](const std::filesystem::path& p) {
    try {
      return std::make_unique<AtomicFile>(p);
    } catch (const std::runtime_error& e) {
      throw std::invalid_argument(e.what());
    }
  };
  auto csv_file_ptr = open(summary.out / "results.csv");
  auto meta_file_ptr = open(summary.out / "metadata.json");
  AtomicFile& csv_file = *csv_file_ptr;
  AtomicFile& meta_file = *meta_file_ptr;
  std::vector<std::unique_ptr<AtomicFile>> set_files;
  nlohmann::ordered_json set_files_json = nlohmann::ordered_json::array();
  for (std::size_t s = 0; s < c.position_sets.size(); ++s) {
    if (c.position_sets[s].kind != PositionSetKind::stratified) continue;
    for (const auto& pb : boards) {
      if (!applies(c.position_sets[s], pb.board)) continue;
      const std::string name = "positions-" + c.position_sets[s].name + "-" + pb.board.name() + ".csv";
      set_files.push_back(open(summary.out / name));
      write_position_set(set_files.back()->stream(), pb.board, pb.sets[s]);
      set_files_json.push_back(name);
    }
  }

  std::vector<std::string> names;
  for (const auto& col : result_columns()) names.push_back(col.name);
  CsvWriter csv(csv_file.stream(), names);
  std::size_t line = 1;  // the header

  std::vector<Cell> all_cells;
  std::vector<double> costs;
  for (std::size_t b = 0; b < boards.size(); ++b)
    for (std::size_t s = 0; s < c.strategies.size(); ++s)
      for (std::size_t p = 0; p < c.position_sets.size(); ++p) {
        if (!applies(c.position_sets[p], boards[b].board) || !boards[b].strategies[s]) continue;
        all_cells.push_back({b, s, p});
        costs.push_back(estimated_cell_cost(StrategySpec::parse(boards[b].strategies[s]->spec()).name,
                                            boards[b].board.cells(), boards[b].sets[p].size()));
      }
  // The global index of each cell run here, in the unsharded order.
  std::vector<std::size_t> cell_ids = shard_cells(costs, options.shard);
  std::vector<Cell> cells;
  double total_work = 0, shard_cost = 0, total_cost = 0;
  for (double x : costs) total_cost += x;
  for (std::size_t id : cell_ids) {
    cells.push_back(all_cells[id]);
    total_work += static_cast<double>(boards[all_cells[id].board].sets[all_cells[id].set].size());
    shard_cost += costs[id];
  }
  std::vector<std::size_t> cell_rows;
  summary.cells = cells.size();
  // The counting search of a position (RunOptions::cancellable_searches).
  auto count = [&options](Strategy& s, const Position& p) {
    return options.cancellable_searches && options.interrupt ? s.search_cancellable(p, *options.interrupt)
                                                             : s.search(p);
  };

  // With several jobs, every counting search first, a cell per thread at a
  // time, each cell with a Strategy of its own (searches are independent:
  // tables start empty, so the counts equal the one-thread run's).
  const unsigned threads_used = static_cast<unsigned>(std::min<std::size_t>(std::max(1u, options.jobs), cells.size()));
  std::vector<std::vector<SearchResult>> counted_by_cell;
  if (threads_used > 1) {
    counted_by_cell.resize(cells.size());
    std::atomic<std::size_t> next{0};
    std::atomic<bool> stop{false};
    std::mutex mutex;  // guards error and make_strategy
    std::exception_ptr error;
    auto worker = [&] {
      try {
        for (std::size_t ci; (ci = next++) < cells.size();) {
          const PreparedBoard& pb = boards[cells[ci].board];
          std::unique_ptr<Strategy> own;
          {
            std::lock_guard lock(mutex);
            own = make_strategy(pb.board, pb.strategies[cells[ci].strategy]->spec());
          }
          for (const PositionEntry& e : pb.sets[cells[ci].set]) {
            if (stop.load() || (options.interrupt && options.interrupt->load())) return;
            counted_by_cell[ci].push_back(count(*own, e.position));
          }
        }
      } catch (const SearchCancelled&) {
        return;  // interrupted: reported below
      } catch (...) {
        std::lock_guard lock(mutex);
        if (!error) error = std::current_exception();
        stop.store(true);
      }
    };
    std::vector<std::thread> pool;
    for (unsigned j = 0; j < threads_used; ++j) pool.emplace_back(worker);
    for (auto& t : pool) t.join();
    if (error) std::rethrow_exception(error);
    if (options.interrupt && options.interrupt->load()) throw Interrupted();
  }
  Progress progress(options.progress, cells.size(), total_work);
  double work_done = 0;
  std::uint64_t searches = 0;
  const int reps = c.repetitions;

  for (std::size_t ci = 0; ci < cells.size(); ++ci) {
    const Cell& cell = cells[ci];
    const std::size_t rows_before = summary.rows;
    PreparedBoard& pb = boards[cell.board];
    Strategy& strategy = *pb.strategies[cell.strategy];
    const auto& set = pb.sets[cell.set];
    const std::string spec = strategy.spec();
    const std::string ordering = option_value(spec, "order", "none");
    const std::string strategy_name = StrategySpec::parse(spec).name;
    const std::string& set_name = c.position_sets[cell.set].name;
    auto prefix = [&] {
      csv.field(c.name).field(pb.board.size_name()).field(pb.board.k()).field(spec).field(strategy_name).field(ordering).field(set_name);
    };
    SearchStats total;
    std::vector<std::int64_t> total_time(static_cast<std::size_t>(reps), 0);
    bool all_match = true;
    for (std::size_t pi = 0; pi < set.size(); ++pi) {
      const PositionEntry& e = set[pi];
      if (options.interrupt && options.interrupt->load()) throw Interrupted();
      SearchResult counted;
      try {
        counted = counted_by_cell.empty() ? count(strategy, e.position) : counted_by_cell[ci][pi];
      } catch (const SearchCancelled&) {
        throw Interrupted();
      }
      // One untimed search_fast first, so the first repetition does not pay
      // for building the stats-free instantiation or for cold caches.
      int fast_value = strategy.search_fast(e.position).value;  // the first that disagrees, if any
      std::vector<std::int64_t> times(static_cast<std::size_t>(reps));
      for (int r = 0; r < reps; ++r) {
        if (options.interrupt && options.interrupt->load()) throw Interrupted();
        const auto t0 = std::chrono::steady_clock::now();
        const SearchResult fast = strategy.search_fast(e.position);
        const auto t1 = std::chrono::steady_clock::now();
        times[static_cast<std::size_t>(r)] = std::chrono::duration_cast<std::chrono::nanoseconds>(t1 - t0).count();
        total_time[static_cast<std::size_t>(r)] += times[static_cast<std::size_t>(r)];
        if (fast.value != e.value) fast_value = fast.value;
      }
      searches += 1 + static_cast<std::uint64_t>(reps);
      const bool best_ok = pb.ref->optimal(e.position, counted.best_move);
      const bool match = counted.value == e.value && fast_value == e.value && best_ok;
      all_match = all_match && match;
      add(total, counted.stats);
      const std::string pos_text = format_position(pb.board, e.position);
      if (!match) {
        std::string why;
        if (counted.value != e.value) why += "value " + std::to_string(counted.value) + ", exact " + std::to_string(e.value) + "; ";
        if (fast_value != e.value) why += "search_fast value " + std::to_string(fast_value) + "; ";
        if (!best_ok)
          why += "best move " + (counted.best_move < 0 ? std::string("none") : cell_name(pb.board, counted.best_move)) +
                 ", optimal " + moves_text(pb.board, pb.ref->optimal_moves(e.position)) + "; ";
        why.resize(why.size() - 2);
        summary.disagreements.push_back((c.position_sets[cell.set].position_rows ? "rows " + std::to_string(line + 1) + "-" + std::to_string(line + static_cast<std::size_t>(reps)) + ": " : std::string()) +
                                        pb.board.name() + " " + spec + " " + set_name + " " + pos_text + ": " + why);
      }
      if (c.position_sets[cell.set].position_rows) {
        for (int r = 0; r < reps; ++r) {
          prefix();
          csv.field("position").field(pos_text).field(e.ply).field(1).field(r).field(counted.value).field(e.value);
          if (e.distance < 0) csv.empty(); else csv.field(e.distance);
          if (counted.best_move < 0) csv.empty(); else csv.field(counted.best_move);
          csv.field(match);
          for (const StatField& f : stat_fields(counted.stats)) f.is_rate ? csv.field(f.rate) : csv.field(f.count);
          csv.field(times[static_cast<std::size_t>(r)]);
          csv.end_row();
          ++line;
          ++summary.rows;
        }
      }
      work_done += 1;
      progress.update(ci, work_done, searches);
    }
    for (int r = 0; r < reps; ++r) {
      prefix();
      csv.field("set_total").empty().empty().field(static_cast<std::uint64_t>(set.size())).field(r).empty().empty().empty().empty()
          .field(all_match);
      for (const StatField& f : stat_fields(total)) f.is_rate ? csv.field(f.rate) : csv.field(f.count);
      csv.field(total_time[static_cast<std::size_t>(r)]);
      csv.end_row();
      ++line;
      ++summary.rows;
    }
    cell_rows.push_back(summary.rows - rows_before);
    progress.update(ci + 1, work_done, searches);
  }

  const auto build = build_info();
  const auto host = host_info();
  nlohmann::ordered_json m;
  m["tictac_version"] = TICTAC_VERSION;
  m["experiment"] = c.name;
  m["question"] = c.question;
  m["description"] = c.description;
  m["config_path"] = c.source;
  m["config_fnv1a64"] = fnv1a64_hex(c.text);
  m["git"] = {{"commit", git.known ? nlohmann::ordered_json(git.commit) : nlohmann::ordered_json(nullptr)},
              {"dirty", git.known ? nlohmann::ordered_json(git.dirty) : nlohmann::ordered_json(nullptr)}};
  m["build"] = {{"system", build.system}, {"type", build.type}, {"compiler", build.compiler}, {"flags", build.flags}};
  m["host"] = {{"name", host.name}, {"cpu_model", host.cpu_model}, {"hardware_threads", host.cpus}};
  m["date_utc"] = started_utc;
  m["duration_s"] = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  m["command"] = options.command_line;
  m["repetitions"] = reps;
  m["seeds"] = c.seeds;
  nlohmann::ordered_json jb = nlohmann::ordered_json::array();
  for (const auto& b : c.boards) jb.push_back(b.board.name());
  m["boards"] = jb;
  nlohmann::ordered_json js = nlohmann::ordered_json::array();
  for (std::size_t s = 0; s < c.strategies.size(); ++s)
    for (const auto& pb : boards)
      if (pb.strategies[s]) {
        js.push_back(pb.strategies[s]->spec());
        break;
      }
  m["strategies"] = js;
  nlohmann::ordered_json jp = nlohmann::ordered_json::object();
  for (std::size_t s = 0; s < c.position_sets.size(); ++s) {
    nlohmann::ordered_json sizes = nlohmann::ordered_json::object();
    for (const auto& pb : boards)
      if (applies(c.position_sets[s], pb.board)) sizes[pb.board.name()] = pb.sets[s].size();
    jp[c.position_sets[s].name] = {{"kind", c.position_sets[s].from_file ? std::string("file") : std::string(to_string(c.position_sets[s].kind))},
                                   {"positions", sizes},
                                   {"rows", c.position_sets[s].position_rows ? "positions" : "totals"}};
  }
  m["position_sets"] = jp;
  m["position_set_files"] = set_files_json;
  m["cells"] = summary.cells;
  m["parallelism"] =
      threads_used > 1
          ? nlohmann::ordered_json{{"kind", "threads"},
                                   {"threads", threads_used},
                                   {"note", "counting searches (nodes, statistics) on threads, one cell per thread at a "
                                            "time; every timed search (time_ns) afterwards on one thread, alone"}}
          : nlohmann::ordered_json{{"kind", "none"}, {"threads", 1}, {"note", "every search on one thread"}};
  if (options.shard.sharded())
    m["shard"] = {{"index", options.shard.index},
                  {"count", options.shard.count},
                  {"cells_total", all_cells.size()},
                  {"cells", cell_ids},
                  {"cell_rows", cell_rows},
                  {"estimated_cost_share", total_cost > 0 ? shard_cost / total_cost : 0.0},
                  {"balancing", "greedy, most expensive cell first, to the least loaded shard; cost = positions x "
                                "strategy weight (minimax, negamax 100; alphabeta 10; others 1) x 2^board cells"}};
  m["result_rows"] = summary.rows;
  nlohmann::ordered_json against = nlohmann::ordered_json::object();
  for (const auto& pb : boards) against[pb.board.name()] = pb.ref->description();
  m["exactness"] = {{"checked_against", against}, {"disagreements", summary.disagreements.size()}};
  m["max_rss_kib"] = max_rss_kib();
  m["timing"] = "time_ns: one search_fast call per repetition, timed with std::chrono::steady_clock; summarise repetitions by median and spread";
  nlohmann::ordered_json cols = nlohmann::ordered_json::object();
  for (const auto& col : result_columns()) cols[col.name] = {{"description", col.description}, {"source", col.source}};
  m["columns"] = cols;
  m["config_text"] = c.text;
  meta_file.stream() << m.dump(2) << "\n";

  if (options.interrupt && options.interrupt->load()) throw Interrupted();
  for (auto& f : set_files) f->commit();
  csv_file.commit();
  meta_file.commit();
  folders.keep = true;
  return summary;
}

}  // namespace tictac
