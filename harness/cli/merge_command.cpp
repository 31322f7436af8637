// `tictac merge SHARD_DIR... --out DIR`: the shards of one sharded run
// (`tictac run CONFIG --shard I/N`) joined into DIR/results.csv and
// DIR/metadata.json.
//
// The rows come out in the order of the unsharded run, so the merge equals
// an unsharded run's results.csv apart from time_ns (and metadata.json apart
// from host, date, duration and command).  Refused, with exit 2 and nothing
// written: a folder that is not a shard, shards of different configs,
// commits or shard counts, a shard given twice, and a missing shard.
#include <CLI/CLI.hpp>
#include <fmt/core.h>

#include <fstream>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>
#include <sstream>
#include <vector>

#include "harness/formats/atomic_file.hpp"
#include "harness/cli/commands.hpp"

namespace tictac::cli {

namespace {

namespace fs = std::filesystem;
using json = nlohmann::ordered_json;

struct MergeCli {
  std::vector<std::string> shards;
  std::string out;
};

struct Shard {
  fs::path dir;
  json meta;
  int index = 0, count = 0;
  std::size_t cells_total = 0;
  std::vector<std::size_t> cells, cell_rows;
  std::string header;
  std::vector<std::string> rows;  // each a CSV line with its newline
};

[[noreturn]] void refuse(const std::string& why) {
  fmt::print(stderr, "tictac merge: {}; nothing was written\n", why);
  throw ExitCode{kExitUsage};
}

std::string read_text(const fs::path& p, const fs::path& dir) {
  std::ifstream in(p, std::ios::binary);
  if (!in) refuse("'" + dir.string() + "' is not a shard folder: cannot read " + p.string());
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

Shard read_shard(const fs::path& dir) {
  Shard s;
  s.dir = dir;
  try {
    s.meta = json::parse(read_text(dir / "metadata.json", dir));
  } catch (const json::exception& e) {
    refuse((dir / "metadata.json").string() + " is not valid JSON: " + e.what());
  }
  if (!s.meta.contains("shard") || !s.meta["shard"].is_object())
    refuse("'" + dir.string() + "' is not a shard: its metadata.json has no \"shard\" (run with tictac run CONFIG --shard I/N)");
  try {
    const json& sh = s.meta["shard"];
    s.index = sh.at("index").get<int>();
    s.count = sh.at("count").get<int>();
    s.cells_total = sh.at("cells_total").get<std::size_t>();
    s.cells = sh.at("cells").get<std::vector<std::size_t>>();
    s.cell_rows = sh.at("cell_rows").get<std::vector<std::size_t>>();
    (void)s.meta.at("config_fnv1a64").get<std::string>();
    (void)s.meta.at("git").at("commit");
  } catch (const json::exception& e) {
    refuse((dir / "metadata.json").string() + ": malformed shard metadata: " + e.what());
  }
  if (s.cells.size() != s.cell_rows.size())
    refuse((dir / "metadata.json").string() + ": shard.cells and shard.cell_rows differ in length");
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

std::string commit_text(const json& m) {
  const json& c = m["git"]["commit"];
  return c.is_string() ? c.get<std::string>() : std::string("unknown (not a git tree)");
}

}  // namespace

void add_merge(CLI::App& app) {
  auto opts = std::make_shared<MergeCli>();
  CLI::App* cmd = app.add_subcommand(
      "merge", "Merge the shards of a sharded run (tictac run CONFIG --shard I/N) into DIR/results.csv and "
               "DIR/metadata.json, rows in the unsharded order; refuses mixed configs or commits, missing and "
               "duplicate shards");
  cmd->add_option("shards", opts->shards, "the shard output folders, each with results.csv and metadata.json")
      ->required();
  cmd->add_option("--out", opts->out, "the folder for the merged results.csv and metadata.json")->required();
  cmd->callback([opts] {
    std::vector<Shard> shards;
    for (const auto& d : opts->shards) shards.push_back(read_shard(d));
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
    const auto n = static_cast<std::size_t>(first.count);
    std::vector<const Shard*> by_index(n, nullptr);
    for (const Shard& s : shards) {
      if (s.index < 0 || static_cast<std::size_t>(s.index) >= n)
        refuse(fmt::format("{}: shard index {} is outside 0..{}", s.dir.string(), s.index, n - 1));
      const Shard*& slot = by_index[static_cast<std::size_t>(s.index)];
      if (slot)
        refuse(fmt::format("duplicate shard {}/{}: given as {} and as {}", s.index, n, slot->dir.string(),
                           s.dir.string()));
      slot = &s;
    }
    std::vector<std::string> missing;
    for (std::size_t i = 0; i < n; ++i)
      if (!by_index[i]) missing.push_back(fmt::format("{}/{}", i, n));
    if (!missing.empty()) {
      std::string list;
      for (const auto& m : missing) list += (list.empty() ? "" : ", ") + m;
      refuse(fmt::format("missing shard{} {} (have {} of {})", missing.size() > 1 ? "s" : "", list, shards.size(), n));
    }

    // Where each global cell's rows are: (shard, first row, row count).
    struct Span {
      const Shard* shard = nullptr;
      std::size_t begin = 0, count = 0;
    };
    std::vector<Span> spans(first.cells_total);
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

    // Position-set files are the same in every shard (they depend on the config only).
    std::vector<std::pair<std::string, std::string>> set_files;
    if (first.meta.contains("position_set_files"))
      for (const auto& name : first.meta["position_set_files"])
        set_files.emplace_back(name.get<std::string>(), read_text(first.dir / name.get<std::string>(), first.dir));

    // Everything checked: now write, whole or not at all.
    const fs::path out = opts->out;
    std::error_code ec;
    const bool out_existed = fs::exists(out);
    fs::create_directories(out, ec);
    if (ec) refuse("cannot create output folder '" + out.string() + "': " + ec.message());
    try {
      std::vector<std::unique_ptr<AtomicFile>> files;
      files.push_back(std::make_unique<AtomicFile>(out / "results.csv"));
      std::ostream& csv = files.back()->stream();
      csv << first.header;
      std::size_t rows = 0, disagreements = 0;
      for (const Span& sp : spans)
        for (std::size_t r = 0; r < sp.count; ++r, ++rows) csv << sp.shard->rows[sp.begin + r];

      json m = first.meta;
      m.erase("shard");
      double duration = 0;
      json from = json::array();
      for (std::size_t i = 0; i < n; ++i) {
        const Shard& s = *by_index[i];
        duration += s.meta.value("duration_s", 0.0);
        if (s.meta.contains("exactness")) disagreements += s.meta["exactness"].value("disagreements", std::size_t{0});
        from.push_back({{"shard", fmt::format("{}/{}", i, n)},
                        {"folder", fs::absolute(s.dir).lexically_normal().string()},
                        {"host", s.meta["host"]},
                        {"date_utc", s.meta["date_utc"]},
                        {"duration_s", s.meta["duration_s"]},
                        {"command", s.meta["command"]},
                        {"cells", s.cells.size()},
                        {"result_rows", s.rows.size()},
                        {"estimated_cost_share", s.meta["shard"].value("estimated_cost_share", 0.0)}});
      }
      m["duration_s"] = duration;
      m["cells"] = first.cells_total;
      m["result_rows"] = rows;
      if (m.contains("exactness")) m["exactness"]["disagreements"] = disagreements;
      m["parallelism"] = {{"kind", "shards"},
                          {"shards", n},
                          {"within_each_shard", first.meta.contains("parallelism") ? first.meta["parallelism"] : json()},
                          {"note", "cells split across separate processes (tictac run --shard), merged by tictac merge; "
                                   "duration_s is the sum of the shards' durations, host and date_utc are shard 0's"}};
      m["merged_from"] = from;
      std::string command = "tictac merge";
      for (const auto& d : opts->shards) command += " " + d;
      m["merge_command"] = command + " --out " + opts->out;
      files.push_back(std::make_unique<AtomicFile>(out / "metadata.json"));
      files.back()->stream() << m.dump(2) << "\n";
      for (const auto& [name, text] : set_files) {
        files.push_back(std::make_unique<AtomicFile>(out / name));
        files.back()->stream() << text;
      }
      for (auto& f : files) f->commit();
      fmt::print("merged {} shards ({} cells, {} rows) into {} and {}\n", n, first.cells_total, rows,
                 (out / "results.csv").string(), (out / "metadata.json").string());
    } catch (const std::exception& e) {
      if (!out_existed) fs::remove(out, ec);
      fmt::print(stderr, "tictac merge: {}; nothing was written\n", e.what());
      throw ExitCode{kExitFailure};
    }
  });
}

}  // namespace tictac::cli
