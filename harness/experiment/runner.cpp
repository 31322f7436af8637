#include "harness/experiment/runner.hpp"

#include <algorithm>
#include <fmt/core.h>
#include <chrono>
#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include "algorithms/exact/cancel_poll.hpp"
#include "algorithms/search/cancellable.hpp"
#include "harness/experiment/measurement.hpp"
#include "harness/experiment/result_rows.hpp"
#include "harness/experiment/run_metadata.hpp"
#include "harness/experiment/run_plan.hpp"
#include "harness/formats/atomic_file.hpp"
#include "harness/formats/notation.hpp"
#include "harness/formats/position_set_io.hpp"

namespace tictac {

namespace {

bool interrupted(const RunOptions& options) { return options.interrupt && options.interrupt->load(); }

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

std::filesystem::path output_folder(const ExperimentConfig& c, const RunOptions& options) {
  return !options.out.empty() ? options.out : !c.output.empty() ? c.output : std::filesystem::path("results") / c.name;
}

// The files a run (and scripts/plot and scripts/report after it) leave in
// its folder: a folder with results.csv or metadata.json holds a run.
bool holds_run(const std::filesystem::path& dir) {
  return std::filesystem::exists(dir / "results.csv") || std::filesystem::exists(dir / "metadata.json");
}

// Refuses a folder that holds another run's results, unless forced: before
// any search, so a refused run changes nothing.
void clear_earlier_run(const std::filesystem::path& dir, bool force) {
  if (holds_run(dir) && !force)
    throw std::invalid_argument("'" + dir.string() + "' holds another run's results (results.csv, metadata.json): "
                                "give --force to replace them and the plots and report made from them, or another --out");
}

// With --force, once the new run's files are complete: the earlier run's
// files that the new one does not replace (its position-set files, plots,
// report and verdicts), so that the folder holds one run.
void remove_stale_files(const std::filesystem::path& dir, const std::vector<std::string>& kept) {
  std::error_code ec;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    const bool position_file = name.rfind("positions-", 0) == 0 && entry.path().extension() == ".csv";
    if ((position_file && std::find(kept.begin(), kept.end(), name) == kept.end()) || name == "report.md" ||
        name == "verdicts.csv")
      std::filesystem::remove(entry.path(), ec);
  }
  std::filesystem::remove_all(dir / "plots", ec);
}

// The run's progress on stderr: its phase while it prepares (and what the
// phase is doing: "board 5x5k4: position set 'strata': solved 40 of 120
// positions"), then cells done, searches per second and, once it rests on
// observation, an estimate of the time left.  On a terminal the line is
// redrawn in place (at most 5 times a second as steps end, and every second
// by a ticker thread, so that the clock moves during a long search); in a
// log (nohup, a batch job) the ticker prints a plain line every 10 s, none
// in the run's first 10 s.  Every member is guarded by one mutex: the
// ticker reads what the run's thread writes, between searches (never in one).
//
// The estimate starts from a-priori costs (CellRunner::position_cost: the
// strategy's weight x 2^(empty cells) per position), which misjudge cells
// by orders of magnitude (the worst ordering on 3x4 took half of a run), and
// calibrates them as the run goes: the current cell's remaining cost at the
// cell's own observed time per unit of cost, or at what the cells done give
// it if that is more (its counting searches can be far faster than its
// timed ones); every later cell at the observed time per unit of cost of the
// cells done with its strategy on its board, or else of every cell done on
// its board.  (A strategy's factor carried over from other boards, tried
// too, misjudged by 100x: the worst ordering grows unlike the others.)
// Before a second of observation no estimate is shown, only progress; while
// boards of later cells have no cell done, the estimate covers the boards
// timed so far and says how many it leaves out, rather than guess them.
class Progress {
 public:
  enum class Mode { off, terminal, lines };
  Progress(Mode mode, std::chrono::milliseconds line_period)
      : mode_(mode), line_period_(line_period), start_(clock::now()), last_(start_) {
    if (mode_ != Mode::off) ticker_ = std::thread([this] { tick(); });
  }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;
  ~Progress() {
    {
      std::lock_guard lock(mutex_);
      stop_ = true;
    }
    wake_.notify_one();
    if (ticker_.joinable()) ticker_.join();
    if (mode_ == Mode::terminal) std::fprintf(stderr, "\r\033[K");
  }

  // A phase before the cells run: shown at once on a terminal.
  void phase(std::string what) {
    std::lock_guard lock(mutex_);
    phase_ = std::move(what);
    detail_.clear();
    counter_ = nullptr;
    if (mode_ == Mode::terminal) print();
  }
  // What the phase is doing now.
  void detail(std::string what) {
    std::lock_guard lock(mutex_);
    detail_ = std::move(what);
  }
  // The phase counts searches done on other threads, out of `total`.
  void count(const std::atomic<std::size_t>* done, std::size_t total) {
    std::lock_guard lock(mutex_);
    counter_ = done;
    counter_total_ = total;
  }

  // A cell about to run: its board and strategy (what the calibration
  // groups by) and its a-priori cost.
  struct Cell {
    std::size_t board = 0, strategy = 0;
    double cost = 0;
  };
  // The cells about to run, in order.
  void start_cells(std::vector<Cell> cells) {
    std::lock_guard lock(mutex_);
    cells_ = std::move(cells);
    cells_start_ = cell_start_ = clock::now();
    in_cells_ = true;
  }
  // A step of cell ci (a counting search or a timed one) is done, of a-priori cost `cost`.
  void step(std::size_t ci, double cost, std::uint64_t searches) {
    std::lock_guard lock(mutex_);
    cell_ = ci;
    cell_done_ += cost;
    searches_ = searches;
    redraw(false);
  }
  // Cell ci is done: its time and cost calibrate its strategy's rate.
  void cell_done(std::size_t ci, std::uint64_t searches) {
    std::lock_guard lock(mutex_);
    const auto now = clock::now();
    const double t = std::chrono::duration<double>(now - cell_start_).count();
    const Cell& c = cells_[ci];
    for (Rate* r : {&by_strategy_[{c.board, c.strategy}], &by_board_[c.board]}) {
      r->seconds += t;
      r->cost += c.cost;
    }
    observed_ += t;
    cell_ = ci + 1;
    cell_done_ = 0;
    cell_start_ = now;
    searches_ = searches;
    redraw(cell_ == cells_.size());
  }

 private:
  using clock = std::chrono::steady_clock;
  static double elapsed(clock::time_point since) { return std::chrono::duration<double>(clock::now() - since).count(); }

  // The ticker: on a terminal a redraw every second, in a log a line every 10 s.
  void tick() {
    const auto period = mode_ == Mode::terminal ? std::chrono::milliseconds(1000) : line_period_;
    std::unique_lock lock(mutex_);
    while (!wake_.wait_for(lock, period, [this] { return stop_; }))
      if (mode_ == Mode::terminal || clock::now() - last_ >= period) print();
  }
  // On a terminal, the line redrawn as a step ends (at most every 200 ms, and at the last cell).
  void redraw(bool last) {
    if (mode_ != Mode::terminal || (clock::now() - last_ < std::chrono::milliseconds(200) && !last)) return;
    print();
  }
  // Prints the line (mutex_ held).
  void print() {
    last_ = clock::now();
    const std::string text = in_cells_ ? cells_line() : phase_line();
    std::fprintf(stderr, "%s%s%s", mode_ == Mode::terminal ? "\r\033[K" : "", text.c_str(),
                 mode_ == Mode::lines ? "\n" : "");
    std::fflush(stderr);
  }
  std::string phase_line() const {
    std::string text = phase_;
    if (counter_) text += fmt::format(": {} of {} searches", counter_->load(), counter_total_);
    if (!detail_.empty()) text += ": " + detail_;
    return text + fmt::format(" ({:.0f} s)", elapsed(start_));
  }
  std::string cells_line() const {
    const double cells_elapsed = elapsed(cells_start_);
    const double rate = cells_elapsed > 0 ? static_cast<double>(searches_) / cells_elapsed : 0.0;
    std::string text = fmt::format("cells {}/{}  {:.0f} searches/s  {:.0f} s so far", std::min(cell_, cells_.size()),
                                   cells_.size(), rate, elapsed(start_));
    const std::optional<Left> left = seconds_left();
    if (left) text += fmt::format(", about {:.{}f} s left", left->seconds, left->seconds < 10 ? 1 : 0);
    if (left && left->untimed_boards == 0)
      text += " (estimated)";
    else if (left)
      text += fmt::format(" + {} board{} not timed yet", left->untimed_boards, left->untimed_boards == 1 ? "" : "s");
    return text;
  }

  // Seconds left by the calibrated costs on the boards timed so far and the
  // boards not timed yet (later cells on boards without a cell done), or
  // nothing while the estimate would not rest on observation.
  struct Left {
    double seconds = 0;
    std::size_t untimed_boards = 0;
  };
  std::optional<Left> seconds_left() const {
    const double in_cell = elapsed(cell_start_);
    if (observed_ + in_cell < 1.0 || cell_ >= cells_.size()) return std::nullopt;
    auto board_rate = [&](std::size_t board) {
      const auto it = by_board_.find(board);
      return it != by_board_.end() && it->second.cost > 0 ? it->second.seconds / it->second.cost : -1.0;
    };
    // Seconds per unit of a-priori cost of cell ci, by the cells done; negative when none tells.
    auto rate = [&](std::size_t ci) {
      const Cell& c = cells_[ci];
      if (const auto it = by_strategy_.find({c.board, c.strategy}); it != by_strategy_.end() && it->second.cost > 0)
        return it->second.seconds / it->second.cost;
      return board_rate(c.board);
    };
    // The current cell: the larger of its own rate's extrapolation and what
    // the cells done give it, less the time it ran.
    const Cell& current = cells_[cell_];
    const double r = rate(cell_);
    if (r < 0 && cell_done_ <= 0) return std::nullopt;
    Left left;
    left.seconds = std::max(cell_done_ > 0 ? std::max(0.0, current.cost - cell_done_) * in_cell / cell_done_ : 0.0,
                            r >= 0 ? current.cost * r - in_cell : 0.0);
    std::set<std::size_t> untimed;
    for (std::size_t ci = cell_ + 1; ci < cells_.size(); ++ci) {
      const double r = rate(ci);
      if (r < 0)
        untimed.insert(cells_[ci].board);
      else
        left.seconds += cells_[ci].cost * r;
    }
    left.untimed_boards = untimed.size();
    return left;
  }

  const Mode mode_;
  const std::chrono::milliseconds line_period_;
  struct Rate {
    double seconds = 0, cost = 0;  // of the cells done: their time and a-priori cost
  };
  std::string phase_, detail_;
  const std::atomic<std::size_t>* counter_ = nullptr;
  std::size_t counter_total_ = 0;
  bool in_cells_ = false;
  std::vector<Cell> cells_;
  std::map<std::pair<std::size_t, std::size_t>, Rate> by_strategy_;  // by board and strategy
  std::map<std::size_t, Rate> by_board_;
  double observed_ = 0;  // seconds of the cells done
  std::size_t cell_ = 0;   // the current cell
  double cell_done_ = 0;   // a-priori cost of its steps done
  std::uint64_t searches_ = 0;
  clock::time_point start_, cells_start_, cell_start_, last_;
  std::mutex mutex_;
  std::condition_variable wake_;
  bool stop_ = false;
  std::thread ticker_;  // last: started once every other member is
};

// The files of a run: results.csv, metadata.json and the stratified position
// sets, each written beside its target and renamed into place by commit().
class RunOutput {
 public:
  // Throws std::invalid_argument when the folder cannot be made or cannot
  // take a file (a bad argument).
  RunOutput(const ExperimentConfig& c, const RunOptions& options, const std::vector<PreparedBoard>& boards)
      : folder_(output_folder(c, options)) {
    clear_earlier_run(folder_, options.force);
    force_ = options.force;
    folders_.make(folder_);
    csv_ = open(folder_ / "results.csv");
    meta_ = open(folder_ / "metadata.json");
    for (std::size_t s = 0; s < c.position_sets.size(); ++s) {
      if (!c.position_sets[s].spec.kind->written_back) continue;
      for (const auto& pb : boards) {
        if (!applies(c.position_sets[s].boards, pb.board)) continue;
        set_names_.push_back("positions-" + c.position_sets[s].name + "-" + pb.board.name() + ".csv");
        sets_.push_back(open(folder_ / set_names_.back()));
        const auto& strata = pb.strata[s];
        const bool any = std::any_of(strata.begin(), strata.end(), [](const std::string& x) { return !x.empty(); });
        write_position_set(sets_.back()->stream(), pb.board, pb.sets[s], any ? strata : std::vector<std::string>{}, pb.notes[s]);
      }
    }
  }

  const std::filesystem::path& folder() const { return folder_; }
  std::ostream& csv() { return csv_->stream(); }
  std::ostream& metadata() { return meta_->stream(); }
  const std::vector<std::string>& set_files() const { return set_names_; }

  // Every file written in full before any replaces its target or an earlier
  // run's file is removed: a full disk leaves the folder as it was.
  void commit() {
    for (auto& f : sets_) f->finish();
    csv_->finish();
    meta_->finish();
    if (force_) remove_stale_files(folder_, set_names_);
    for (auto& f : sets_) f->commit();
    csv_->commit();
    meta_->commit();
    folders_.keep = true;
  }

 private:
  static std::unique_ptr<AtomicFile> open(const std::filesystem::path& p) {
    try {
      return std::make_unique<AtomicFile>(p);
    } catch (const std::runtime_error& e) {
      throw std::invalid_argument(e.what());
    }
  }

  std::filesystem::path folder_;
  bool force_ = false;
  CreatedFolders folders_;  // destroyed after the files, so their folders are empty by then
  std::unique_ptr<AtomicFile> csv_, meta_;
  std::vector<std::unique_ptr<AtomicFile>> sets_;
  std::vector<std::string> set_names_;
};


// What the measure and report steps share while the cells run.
struct CellRunner {
  const ExperimentConfig& config;
  const RunOptions& options;
  std::vector<PreparedBoard>& boards;
  const RunPlan& plan;
  const std::vector<std::vector<SearchResult>>& counted;  // by cell, when counted on threads; else empty
  ResultsCsv& rows;
  Progress& progress;
  std::vector<std::string>& disagreements;
  std::vector<std::string>& unknown;
  std::uint64_t searches = 0;

  // The a-priori cost of the k-th position of cell ci that this shard runs,
  // for Progress: the strategy's weight x 2^(empty cells).  (shard.hpp's
  // 2^cells per position, kept for the shards, makes a position of ply 6
  // cost as much as the empty board, which takes 100 times longer.)
  double position_cost(std::size_t ci, std::size_t k) const {
    const Cell cell = plan.cell(ci);
    const PreparedBoard& pb = boards[cell.board];
    const int empty = pb.board.cells() - pb.sets[cell.set][plan.mine[ci].positions[k]].ply;
    return pb.strategies[cell.strategy]->identity().cost_weight * std::ldexp(1.0, empty);
  }

  // Each cell's strategy and the a-priori cost of this shard's positions of it (Progress).
  void start_progress() const {
    std::vector<Progress::Cell> cells;
    for (std::size_t ci = 0; ci < plan.mine.size(); ++ci) {
      double cost = 0;
      for (std::size_t k = 0; k < plan.mine[ci].positions.size(); ++k) cost += position_cost(ci, k);
      cells.push_back({plan.cell(ci).board, plan.cell(ci).strategy, cost});
    }
    progress.start_cells(std::move(cells));
  }

  // Measures cell ci of the plan and writes its rows; returns how many.
  // Unsharded, the set_total rows follow the positions' rows; a shard holds
  // only some positions of a cell, so it writes their rows and keeps its
  // share of the set total in `share`, for metadata.json and the merge.
  std::size_t run(std::size_t ci, SetTotal& share) {
    const Cell cell = plan.cell(ci);
    PreparedBoard& pb = boards[cell.board];
    const PositionSetConfig& set_config = config.position_sets[cell.set];
    const RowLabel label = row_label(config.name, pb.board, *pb.strategies[cell.strategy], set_config.name);
    const auto& set = pb.sets[cell.set];
    const std::size_t rows_before = rows.rows();
    SetTotal total;
    const auto& mine = plan.mine[ci].positions;
    Strategy& strategy = *pb.strategies[cell.strategy];
    // Every counting search of the cell first (unless they ran on threads),
    // then the timed ones: the strategy holds the tables of one kind of
    // search at a time, and none once the cell is done.
    const std::vector<SearchResult> counts = counted.empty() ? count(ci) : counted[ci];
    strategy.release();
    for (std::size_t k = 0; k < mine.size(); ++k) {
      const std::size_t pi = mine[k];
      if (interrupted(options)) throw Interrupted();
      // The reference certifies the row's move here (the value of the
      // position after it): when it cannot, the error names the row.
      PositionMeasurement m;
      try {
        m = measure(ci, k, counts[k]);
      } catch (const ReferenceDisagreement& e) {
        throw ReferenceDisagreement(row_name(label, pb.board, set_config, set[pi]) + ": " + e.what(), e.position);
      } catch (const ReferenceUnknown& e) {
        throw ReferenceUnknown(row_name(label, pb.board, set_config, set[pi]) + ": " + e.what(), e.position);
      }
      total.add(m);
      const std::string& stratum = pb.strata[cell.set].empty() ? kNoStratum : pb.strata[cell.set][pi];
      report(label, pb.board, set_config, *pb.ref, set[pi], stratum, m);
      progress.step(ci, (counted.empty() ? 0.5 : 1.0) * position_cost(ci, k), searches);
    }
    strategy.release();
    if (options.shard.sharded())
      share = total;
    else
      rows.total(label, total);
    progress.cell_done(ci, searches);
    return rows.rows() - rows_before;
  }

 private:
  static inline const std::string kNoStratum;

  // The counting searches of cell ci's positions that this shard runs.
  std::vector<SearchResult> count(std::size_t ci) {
    const Cell cell = plan.cell(ci);
    PreparedBoard& pb = boards[cell.board];
    Strategy& strategy = *pb.strategies[cell.strategy];
    std::vector<SearchResult> counts;
    for (std::size_t k = 0; k < plan.mine[ci].positions.size(); ++k) {
      const std::size_t pi = plan.mine[ci].positions[k];
      if (interrupted(options)) throw Interrupted();
      const Position& p = pb.sets[cell.set][pi].position;
      try {
        counts.push_back(options.cancellable_searches && options.interrupt ? strategy.search_cancellable(p, *options.interrupt)
                                                                           : strategy.search(p));
      } catch (const SearchCancelled&) {
        throw Interrupted();
      }
      searches += 1;
      progress.step(ci, 0.5 * position_cost(ci, k), searches);
    }
    return counts;
  }

  // The k-th position of cell ci that this shard runs, counted already.
  PositionMeasurement measure(std::size_t ci, std::size_t k, const SearchResult& counted_result) {
    const Cell cell = plan.cell(ci);
    PreparedBoard& pb = boards[cell.board];
    searches += 1 + static_cast<std::uint64_t>(config.repetitions);
    return measure_position(*pb.strategies[cell.strategy], *pb.ref, pb.sets[cell.set][plan.mine[ci].positions[k]],
                            config.repetitions, config.timing, counted_result,
                            options.cancellable_searches ? options.interrupt : nullptr);
  }

  // The cell and position of the rows about to be written.
  static std::string row_name(const RowLabel& c, const Board& b, const PositionSetConfig& set, const PositionEntry& e) {
    return b.name() + " " + c.strategy + " " + set.name + " " + format_position(b, e.position);
  }

  // The position's rows, and what disagrees with the reference or is unknown.
  void report(const RowLabel& c, const Board& b, const PositionSetConfig& set, Reference& ref, const PositionEntry& e,
              const std::string& stratum, const PositionMeasurement& m) {
    const std::string text = format_position(b, e.position);
    if (m.status() != MeasurementStatus::agrees) {
      const std::size_t first = rows.next_line(), last = first + m.timings.size() - 1;
      const std::string where =
          (set.position_rows ? "rows " + std::to_string(first) + "-" + std::to_string(last) + ": " : std::string()) +
          b.name() + " " + c.strategy + " " + set.name + " " + text;
      if (m.status() == MeasurementStatus::unknown)
        unknown.push_back(where);
      else
        disagreements.push_back(where + ": " + mismatch(b, ref, e, m));
    }
    if (set.position_rows) rows.position(c, e, text, stratum, m);
  }
};

}  // namespace

RunSummary run_experiment(const ExperimentConfig& c, const RunOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const std::string started_utc = utc_now_iso8601();
  // The tree's state as the run starts: before any file of ours exists in it,
  // and before the exact solutions and reference values, which take seconds.
  const GitInfo git = git_info(std::filesystem::absolute(c.source).parent_path());

  // Plan.
  clear_earlier_run(output_folder(c, options), options.force);  // refused before any work
  Progress progress(options.progress ? Progress::Mode::terminal
                    : options.progress_lines ? Progress::Mode::lines
                                             : Progress::Mode::off,
                    options.progress_period);
  progress.phase("preparing");
  std::vector<PreparedBoard> boards;
  RunPlan plan;
  try {  // an interrupt stops the preparation too, before anything is written
    const SetProgress step = [&progress](const std::string& what) { progress.detail(what); };
    boards = prepare_boards(c, options.interrupt, step);
    plan = plan_run(c, boards, options.shard);
    progress.phase("valuing the positions that need the reference's value");
    value_planned_positions(c, boards, plan, options.interrupt, step);
  } catch (const Cancelled&) {
    throw Interrupted();
  } catch (const SearchCancelled&) {
    throw Interrupted();
  }
  RunOutput out(c, options, boards);
  RunSummary summary{out.folder(), plan.mine.size(), 0, {}, {}};

  // Measure and report: with several jobs, every counting search first, on
  // threads; then each cell's timed searches on this thread alone.
  const auto threads = static_cast<unsigned>(std::min<std::size_t>(std::max(1u, options.jobs), plan.mine.size()));
  std::vector<std::vector<SearchResult>> counted;
  if (threads > 1) {
    std::atomic<std::size_t> searches{0};
    progress.phase(fmt::format("counting searches of {} cells on {} threads", plan.mine.size(), threads));
    progress.count(&searches, static_cast<std::size_t>(plan.positions));
    counted = count_on_threads(plan, boards, threads, options.interrupt, options.cancellable_searches, &searches);
    progress.count(nullptr, 0);
  }
  ResultsCsv rows(out.csv(), option_columns(c));
  CellRunner cells{c, options, boards, plan, counted, rows, progress, summary.disagreements, summary.unknown};
  cells.start_progress();
  std::vector<std::size_t> cell_rows;
  std::vector<SetTotal> shares(plan.mine.size());
  try {  // the reference's searches stop on an interrupt too (Reference::watch)
    for (std::size_t ci = 0; ci < plan.mine.size(); ++ci) cell_rows.push_back(cells.run(ci, shares[ci]));
  } catch (const SearchCancelled&) {
    throw Interrupted();
  }
  summary.rows = rows.rows();

  // Describe.
  const double duration = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  const RunDescription run{c, boards, plan, options.shard, options.command_line, git, started_utc, out.set_files(),
                           cell_rows, shares, threads,
                           {duration, summary.cells, summary.rows, summary.disagreements.size(), summary.unknown.size()}};
  write_metadata(out.metadata(), run_metadata(run));

  if (interrupted(options)) throw Interrupted();
  out.commit();
  return summary;
}

}  // namespace tictac
