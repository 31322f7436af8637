#include "harness/experiment/runner.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>

#include "harness/experiment/measurement.hpp"
#include "harness/experiment/result_rows.hpp"
#include "harness/experiment/run_metadata.hpp"
#include "harness/experiment/run_plan.hpp"
#include "harness/formats/atomic_file.hpp"
#include "harness/formats/notation.hpp"
#include "harness/formats/position_set_io.hpp"
#include "harness/formats/stat_fields.hpp"

namespace tictac {

namespace {

constexpr const char* kFromConfig = "config";
constexpr const char* kFromCounting = "search (counting instantiation, run once per position)";
constexpr const char* kFromExact = "reference: the exact solver (retrograde analysis) on boards of at most 16 cells, "
                                   "two independent families that agree above (metadata.json: exactness)";
constexpr const char* kFromFast = "search_fast (statistics compiled out, run once per repetition)";

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

// The files of a run: results.csv, metadata.json and the stratified position
// sets, each written beside its target and renamed into place by commit().
class RunOutput {
 public:
  // Throws std::invalid_argument when the folder cannot be made or cannot
  // take a file (a bad argument).
  RunOutput(const ExperimentConfig& c, const RunOptions& options, const std::vector<PreparedBoard>& boards)
      : folder_(!options.out.empty() ? options.out : !c.output.empty() ? c.output : std::filesystem::path("results") / c.name) {
    folders_.make(folder_);
    csv_ = open(folder_ / "results.csv");
    meta_ = open(folder_ / "metadata.json");
    for (std::size_t s = 0; s < c.position_sets.size(); ++s) {
      if (c.position_sets[s].kind != PositionSetKind::stratified) continue;
      for (const auto& pb : boards) {
        if (!applies(c.position_sets[s].boards, pb.board)) continue;
        set_names_.push_back("positions-" + c.position_sets[s].name + "-" + pb.board.name() + ".csv");
        sets_.push_back(open(folder_ / set_names_.back()));
        write_position_set(sets_.back()->stream(), pb.board, pb.sets[s]);
      }
    }
  }

  const std::filesystem::path& folder() const { return folder_; }
  std::ostream& csv() { return csv_->stream(); }
  std::ostream& metadata() { return meta_->stream(); }
  const std::vector<std::string>& set_files() const { return set_names_; }

  void commit() {
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
  CreatedFolders folders_;  // destroyed after the files, so their folders are empty by then
  std::unique_ptr<AtomicFile> csv_, meta_;
  std::vector<std::unique_ptr<AtomicFile>> sets_;
  std::vector<std::string> set_names_;
};

// The row label of a cell.
RowLabel label_of(const ExperimentConfig& c, const Board& b, const Strategy& s, const PositionSetConfig& set) {
  return {c.name, b.size_name(), b.k(), b.gravity(), s.spec(), s.name(), s.ordering(), set.name};
}

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
  double positions_done = 0;
  std::uint64_t searches = 0;

  // Measures cell ci of the plan and writes its rows; returns how many.
  // Unsharded, the set_total rows follow the positions' rows; a shard holds
  // only some positions of a cell, so it writes their rows and keeps its
  // share of the set total in `share`, for metadata.json and the merge.
  std::size_t run(std::size_t ci, SetTotal& share) {
    const Cell cell = plan.cell(ci);
    PreparedBoard& pb = boards[cell.board];
    const PositionSetConfig& set_config = config.position_sets[cell.set];
    const RowLabel label = label_of(config, pb.board, *pb.strategies[cell.strategy], set_config);
    const auto& set = pb.sets[cell.set];
    const std::size_t rows_before = rows.rows();
    SetTotal total;
    const auto& mine = plan.mine[ci].positions;
    for (std::size_t k = 0; k < mine.size(); ++k) {
      const std::size_t pi = mine[k];
      if (interrupted(options)) throw Interrupted();
      // The reference certifies the row's move here (the value of the
      // position after it): when it cannot, the error names the row.
      PositionMeasurement m;
      try {
        m = measure(ci, k);
      } catch (const ReferenceDisagreement& e) {
        throw ReferenceDisagreement(row_name(label, pb.board, set_config, set[pi]) + ": " + e.what(), e.position);
      } catch (const ReferenceUnknown& e) {
        throw ReferenceUnknown(row_name(label, pb.board, set_config, set[pi]) + ": " + e.what(), e.position);
      }
      total.add(m);
      report(label, pb.board, set_config, *pb.ref, set[pi], m);
      positions_done += 1;
      progress.update(ci, positions_done, searches);
    }
    if (options.shard.sharded())
      share = total;
    else
      rows.total(label, total);
    progress.update(ci + 1, positions_done, searches);
    return rows.rows() - rows_before;
  }

 private:
  // The k-th position of cell ci that this shard runs.
  PositionMeasurement measure(std::size_t ci, std::size_t k) {
    const Cell cell = plan.cell(ci);
    PreparedBoard& pb = boards[cell.board];
    const auto done = counted.empty() ? std::nullopt : std::optional<SearchResult>(counted[ci][k]);
    searches += 1 + static_cast<std::uint64_t>(config.repetitions);
    return measure_position(*pb.strategies[cell.strategy], *pb.ref, pb.sets[cell.set][plan.mine[ci].positions[k]],
                            config.repetitions, done, options.cancellable_searches ? options.interrupt : nullptr);
  }

  // The cell and position of the rows about to be written.
  static std::string row_name(const RowLabel& c, const Board& b, const PositionSetConfig& set, const PositionEntry& e) {
    return b.name() + " " + c.strategy + " " + set.name + " " + format_position(b, e.position);
  }

  // The position's rows, and what disagrees with the reference or is unknown.
  void report(const RowLabel& c, const Board& b, const PositionSetConfig& set, Reference& ref, const PositionEntry& e,
              const PositionMeasurement& m) {
    const std::string text = format_position(b, e.position);
    if (m.status() != MeasurementStatus::agrees) {
      const std::size_t first = rows.next_line(), last = first + m.times.size() - 1;
      const std::string where =
          (set.position_rows ? "rows " + std::to_string(first) + "-" + std::to_string(last) + ": " : std::string()) +
          b.name() + " " + c.strategy + " " + set.name + " " + text;
      if (m.status() == MeasurementStatus::unknown)
        unknown.push_back(where);
      else
        disagreements.push_back(where + ": " + mismatch(b, ref, e, m));
    }
    if (set.position_rows) rows.position(c, e, text, m);
  }
};

}  // namespace

std::vector<ColumnInfo> result_columns() {
  std::vector<ColumnInfo> cols = {
      {"experiment", "the experiment's name", kFromConfig},
      {"board", "board size, rows x columns", kFromConfig},
      {"k", "stones in a row that win", kFromConfig},
      {"gravity", "true when stones fall (a move is a column: Connect-Four and its family; the board is named "
                  "RxCkKg), false otherwise", kFromConfig},
      {"strategy", "the strategy spec in normal form (every option, catalogue order)", kFromConfig},
      {"strategy_name", "the strategy without its options", kFromConfig},
      {"ordering", "the strategy's move ordering (its order option; none when it has no such option)", kFromConfig},
      {"position_set", "the position set's name", kFromConfig},
      {"row_kind", "position: one position searched; set_total: the whole set (counts summed over its positions)", kFromConfig},
      {"position", "the position searched (rows of X, O and . separated by /); empty on set_total rows", kFromConfig},
      {"ply", "stones on the board; empty on set_total rows", kFromConfig},
      {"positions", "positions the row covers (1, or the size of the set)", kFromConfig},
      {"repetition", "which timing repetition, from 0", kFromConfig},
      {"value", "the strategy's game value, X's point of view (+1, 0, -1); empty when its search ran out of its budget (status unknown)", kFromCounting},
      {"exact_value", "the exact game value, X's point of view", kFromExact},
      {"distance", "plies to the end under perfect play (empty where the reference does not know it: boards over 16 cells)", kFromExact},
      {"best_move", "the strategy's chosen move as a cell index (row by row from 0); empty for a finished position", kFromCounting},
      {"status", "agrees, disagrees (value or best_move differ from the reference), or unknown (the search ran out of its budget: no value to check, not a disagreement); set_total: disagrees if a position does, else unknown if one is, else agrees", kFromExact},
      {"matches_exact", "true when value equals exact_value and best_move is an optimal move or none is claimed (a value proven by strategy-stealing proves no move); false for status disagrees or unknown (set_total: every position agrees)", kFromExact},
  };
  for (const StatColumn& f : stat_columns()) {
    const char* total = f.aggregate == Aggregate::sum   ? "summed over the positions on set_total rows"
                        : f.aggregate == Aggregate::max ? "the maximum over the positions on set_total rows"
                                                        : "a rate, recomputed from the summed counts on set_total rows";
    cols.push_back({f.name, std::string(f.description) + "; " + total, kFromCounting});
  }
  cols.push_back({"time_ns", "wall time of one search in nanoseconds (set_total: the sum over the set in that repetition)", kFromFast});
  return cols;
}

RunSummary run_experiment(const ExperimentConfig& c, const RunOptions& options) {
  const auto started = std::chrono::steady_clock::now();
  const std::string started_utc = utc_now_iso8601();
  // The tree's state as the run starts: before any file of ours exists in it,
  // and before the exact solutions and reference values, which take seconds.
  const GitInfo git = git_info(std::filesystem::absolute(c.source).parent_path());

  // Plan.
  auto boards = prepare_boards(c);
  const RunPlan plan = plan_run(c, boards, options.shard);
  value_planned_positions(c, boards, plan);
  RunOutput out(c, options, boards);
  RunSummary summary{out.folder(), plan.mine.size(), 0, {}, {}};

  // Measure and report: with several jobs, every counting search first, on
  // threads; then each cell's timed searches on this thread alone.
  const auto threads = static_cast<unsigned>(std::min<std::size_t>(std::max(1u, options.jobs), plan.mine.size()));
  const auto counted = threads > 1 ? count_on_threads(plan, boards, threads, options.interrupt, options.cancellable_searches)
                                   : std::vector<std::vector<SearchResult>>{};
  ResultsCsv rows(out.csv());
  Progress progress(options.progress, plan.mine.size(), plan.positions);
  CellRunner cells{c, options, boards, plan, counted, rows, progress, summary.disagreements, summary.unknown};
  std::vector<std::size_t> cell_rows;
  std::vector<SetTotal> shares(plan.mine.size());
  for (std::size_t ci = 0; ci < plan.mine.size(); ++ci) cell_rows.push_back(cells.run(ci, shares[ci]));
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
