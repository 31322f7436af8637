#include "harness/experiment/merge.hpp"

#include <fmt/core.h>

#include <fstream>
#include <memory>
#include <sstream>

#include "harness/experiment/run_metadata.hpp"
#include "harness/formats/atomic_file.hpp"

namespace tictac {

namespace {

namespace fs = std::filesystem;

struct Shard {
  fs::path dir;
  Json meta;
  int index = 0, count = 0;
  std::size_t cells_total = 0;
  std::vector<std::size_t> cells, cell_rows;
  std::string header;
  std::vector<std::string> rows;  // each a CSV line with its newline
};

[[noreturn]] void refuse(const std::string& why) { throw MergeRefused(why); }

std::string read_text(const fs::path& p, const fs::path& dir) {
  std::ifstream in(p, std::ios::binary);
  if (!in) refuse(fmt::format("'{}' is not a shard folder: cannot read {}", dir.string(), p.string()));
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void read_shard_metadata(Shard& s) {
  const fs::path file = s.dir / "metadata.json";
  try {
    s.meta = Json::parse(read_text(file, s.dir));
  } catch (const Json::exception& e) {
    refuse(file.string() + " is not valid JSON: " + e.what());
  }
  if (!s.meta.contains("shard") || !s.meta["shard"].is_object())
    refuse(fmt::format("'{}' is not a shard: its metadata.json has no \"shard\" (run with tictac run CONFIG --shard I/N)",
                       s.dir.string()));
  try {
    const Json& sh = s.meta["shard"];
    s.index = sh.at("index").get<int>();
    s.count = sh.at("count").get<int>();
    s.cells_total = sh.at("cells_total").get<std::size_t>();
    s.cells = sh.at("cells").get<std::vector<std::size_t>>();
    s.cell_rows = sh.at("cell_rows").get<std::vector<std::size_t>>();
    (void)s.meta.at("config_fnv1a64").get<std::string>();
    (void)s.meta.at("git").at("commit");
  } catch (const Json::exception& e) {
    refuse(file.string() + ": malformed shard metadata: " + e.what());
  }
  if (s.cells.size() != s.cell_rows.size()) refuse(file.string() + ": shard.cells and shard.cell_rows differ in length");
}

Shard read_shard(const fs::path& dir) {
  Shard s;
  s.dir = dir;
  read_shard_metadata(s);
  std::istringstream in(read_text(dir / "results.csv", dir));
  std::string line;
  if (!std::getline(in, line)) refuse((dir / "results.csv").string() + " is empty");
  s.header = line + "\n";
  while (std::getline(in, line)) s.rows.push_back(line + "\n");
  std::size_t expected = 0;
  for (std::size_t r : s.cell_rows) expected += r;
  if (expected != s.rows.size())
    refuse(fmt::format("{} has {} rows but its metadata.json says {} (a damaged or unfinished shard)",
                       (dir / "results.csv").string(), s.rows.size(), expected));
  return s;
}

std::string commit_text(const Json& m) {
  const Json& c = m["git"]["commit"];
  return c.is_string() ? c.get<std::string>() : std::string("unknown (not a git tree)");
}

// Every shard comes from the same config, commit and split, with the same columns.
void check_one_run(const std::vector<Shard>& shards) {
  const Shard& first = shards.front();
  const std::string config_hash = first.meta["config_fnv1a64"].get<std::string>();
  for (const Shard& s : shards) {
    const std::string h = s.meta["config_fnv1a64"].get<std::string>();
    if (h != config_hash)
      refuse(fmt::format("shards come from different configs: {} has config hash {} ({}), {} has {} ({})",
                         first.dir.string(), config_hash, first.meta["config_path"].dump(), s.dir.string(), h,
                         s.meta["config_path"].dump()));
    if (commit_text(s.meta) != commit_text(first.meta))
      refuse(fmt::format("shards come from different commits: {} was run at {}, {} at {}", first.dir.string(),
                         commit_text(first.meta), s.dir.string(), commit_text(s.meta)));
    if (s.count != first.count || s.cells_total != first.cells_total)
      refuse(fmt::format("shards come from different splits: {} is shard {}/{} of {} cells, {} is {}/{} of {} cells",
                         first.dir.string(), first.index, first.count, first.cells_total, s.dir.string(), s.index,
                         s.count, s.cells_total));
    if (s.header != first.header)
      refuse(fmt::format("{} and {} have different columns", (first.dir / "results.csv").string(),
                         (s.dir / "results.csv").string()));
  }
}

// The shards by index, each exactly once.
std::vector<const Shard*> by_index(const std::vector<Shard>& shards) {
  const auto n = static_cast<std::size_t>(shards.front().count);
  std::vector<const Shard*> slots(n, nullptr);
  for (const Shard& s : shards) {
    if (s.index < 0 || static_cast<std::size_t>(s.index) >= n)
      refuse(fmt::format("{}: shard index {} is outside 0..{}", s.dir.string(), s.index, n - 1));
    const Shard*& slot = slots[static_cast<std::size_t>(s.index)];
    if (slot) refuse(fmt::format("duplicate shard {}/{}: given as {} and as {}", s.index, n, slot->dir.string(), s.dir.string()));
    slot = &s;
  }
  std::string missing;
  std::size_t count = 0;
  for (std::size_t i = 0; i < n; ++i)
    if (!slots[i]) missing += fmt::format("{}{}/{}", count++ ? ", " : "", i, n);
  if (count) refuse(fmt::format("missing shard{} {} (have {} of {})", count > 1 ? "s" : "", missing, shards.size(), n));
  return slots;
}

// Where each global cell's rows are: a shard, its first row, how many.
struct Span {
  const Shard* shard = nullptr;
  std::size_t begin = 0, count = 0;
};

std::vector<Span> spans_of(const std::vector<Shard>& shards) {
  std::vector<Span> spans(shards.front().cells_total);
  for (const Shard& s : shards) {
    std::size_t row = 0;
    for (std::size_t i = 0; i < s.cells.size(); ++i) {
      const std::size_t cell = s.cells[i];
      if (cell >= spans.size() || spans[cell].shard)
        refuse(fmt::format("{}: cell {} is out of range or also in another shard (damaged metadata)", s.dir.string(), cell));
      spans[cell] = {&s, row, s.cell_rows[i]};
      row += s.cell_rows[i];
    }
  }
  for (std::size_t cell = 0; cell < spans.size(); ++cell)
    if (!spans[cell].shard) refuse(fmt::format("cell {} is in no shard (damaged metadata)", cell));
  return spans;
}

// Shard 0's metadata.json with the totals of all shards and where they came from.
Json merged_metadata(const std::vector<const Shard*>& shards, std::size_t rows, const std::string& command) {
  const Shard& first = *shards.front();
  Json m = first.meta;
  m.erase("shard");
  RunTotals totals{0, first.cells_total, rows, 0};
  Json from = Json::array();
  for (std::size_t i = 0; i < shards.size(); ++i) {
    const Shard& s = *shards[i];
    totals.duration_s += s.meta.value("duration_s", 0.0);
    if (s.meta.contains("exactness")) {
      totals.disagreements += s.meta["exactness"].value("disagreements", std::size_t{0});
      totals.unknown += s.meta["exactness"].value("unknown", std::size_t{0});
    }
    from.push_back({{"shard", fmt::format("{}/{}", i, shards.size())},
                    {"folder", fs::absolute(s.dir).lexically_normal().string()},
                    {"host", s.meta["host"]},
                    {"date_utc", s.meta["date_utc"]},
                    {"duration_s", s.meta["duration_s"]},
                    {"command", s.meta["command"]},
                    {"cells", s.cells.size()},
                    {"result_rows", s.rows.size()},
                    {"estimated_cost_share", s.meta["shard"].value("estimated_cost_share", 0.0)}});
  }
  set_totals(m, totals);
  m["parallelism"] = shards_parallelism(shards.size(), first.meta.contains("parallelism") ? first.meta["parallelism"] : Json());
  m["merged_from"] = from;
  m["merge_command"] = command;
  return m;
}

using SetFiles = std::vector<std::pair<std::string, std::string>>;  // name, text

// The position-set files, the same in every shard (they depend on the config only).
SetFiles set_files_of(const Shard& first) {
  SetFiles files;
  if (first.meta.contains("position_set_files"))
    for (const auto& name : first.meta["position_set_files"])
      files.emplace_back(name.get<std::string>(), read_text(first.dir / name.get<std::string>(), first.dir));
  return files;
}

// Writes the merge, whole or not at all.
std::size_t write_merge(const fs::path& out, const std::vector<const Shard*>& shards, const std::vector<Span>& spans,
                        const SetFiles& set_files, const std::string& command) {
  const Shard& first = *shards.front();
  std::vector<std::unique_ptr<AtomicFile>> files;
  files.push_back(std::make_unique<AtomicFile>(out / "results.csv"));
  std::ostream& csv = files.back()->stream();
  csv << first.header;
  std::size_t rows = 0;
  for (const Span& sp : spans)
    for (std::size_t r = 0; r < sp.count; ++r, ++rows) csv << sp.shard->rows[sp.begin + r];
  files.push_back(std::make_unique<AtomicFile>(out / "metadata.json"));
  write_metadata(files.back()->stream(), merged_metadata(shards, rows, command));
  for (const auto& [name, text] : set_files) {
    files.push_back(std::make_unique<AtomicFile>(out / name));
    files.back()->stream() << text;
  }
  for (auto& f : files) f->commit();
  return rows;
}

}  // namespace

MergeSummary merge_shards(const std::vector<fs::path>& shard_dirs, const fs::path& out, const std::string& command) {
  std::vector<Shard> shards;
  for (const auto& d : shard_dirs) shards.push_back(read_shard(d));
  check_one_run(shards);
  const std::vector<const Shard*> ordered = by_index(shards);
  const std::vector<Span> spans = spans_of(shards);
  const SetFiles set_files = set_files_of(*ordered.front());

  // Everything checked: now write.
  std::error_code ec;
  const bool out_existed = fs::exists(out);
  fs::create_directories(out, ec);
  if (ec) refuse(fmt::format("cannot create output folder '{}': {}", out.string(), ec.message()));
  try {
    const std::size_t rows = write_merge(out, ordered, spans, set_files, command);
    return {ordered.size(), shards.front().cells_total, rows};
  } catch (const std::exception&) {
    if (!out_existed) fs::remove(out, ec);
    throw;
  }
}

}  // namespace tictac
