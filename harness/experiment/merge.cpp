#include "harness/experiment/merge.hpp"

#include <fmt/core.h>

#include <fstream>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "algorithms/exact/proof_split.hpp"
#include "algorithms/game/symmetry.hpp"
#include "harness/experiment/result_rows.hpp"
#include "harness/experiment/run_metadata.hpp"
#include "harness/formats/atomic_file.hpp"
#include "harness/formats/board_fields.hpp"
#include "harness/formats/csv_reader.hpp"
#include "harness/formats/notation.hpp"
#include "harness/formats/split_file.hpp"

namespace tictac {

namespace {

namespace fs = std::filesystem;

struct Shard {
  fs::path dir;
  Json meta;
  int index = 0, count = 0;
  std::size_t cells_total = 0, positions_total = 0;
  std::vector<std::size_t> set_sizes;                 // by global cell
  std::vector<std::size_t> cells, cell_rows;          // by cell of this shard
  std::vector<std::vector<std::size_t>> cell_positions;
  std::vector<RowLabel> labels;
  std::vector<SetTotal> shares;
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
    s.positions_total = sh.at("positions_total").get<std::size_t>();
    s.set_sizes = sh.at("set_sizes").get<std::vector<std::size_t>>();
    s.cells = sh.at("cells").get<std::vector<std::size_t>>();
    s.cell_rows = sh.at("cell_rows").get<std::vector<std::size_t>>();
    s.cell_positions = sh.at("cell_positions").get<std::vector<std::vector<std::size_t>>>();
    for (const Json& l : sh.at("cell_labels")) s.labels.push_back(label_from_json(l));
    for (const Json& t : sh.at("cell_set_totals")) s.shares.push_back(set_total_from_json(t));
    (void)s.meta.at("config_fnv1a64").get<std::string>();
    (void)s.meta.at("git").at("commit");
    // The keys the merged metadata.json sums, each of the type it needs
    // (value() refuses another type, and a non-object).
    (void)s.meta.value("duration_s", 0.0);
    if (s.meta.contains("exactness")) {
      (void)s.meta["exactness"].value("disagreements", std::size_t{0});
      (void)s.meta["exactness"].value("unknown", std::size_t{0});
    }
    (void)sh.value("estimated_cost_share", 0.0);
  } catch (const Json::exception& e) {
    refuse(file.string() + ": malformed shard metadata: " + e.what());
  } catch (const std::invalid_argument& e) {
    refuse(file.string() + ": malformed shard metadata: " + e.what());
  }
  const std::size_t n = s.cells.size();
  if (s.cell_rows.size() != n || s.cell_positions.size() != n || s.labels.size() != n || s.shares.size() != n)
    refuse(file.string() + ": shard.cells, cell_rows, cell_positions, cell_labels and cell_set_totals differ in length");
  if (s.set_sizes.size() != s.cells_total) refuse(file.string() + ": shard.set_sizes does not have one size per cell");
}

Shard read_shard(const fs::path& dir) {
  Shard s;
  s.dir = dir;
  read_shard_metadata(s);
  const fs::path csv = dir / "results.csv";
  const std::string text = read_text(csv, dir);
  // A run ends every row with a line break: a file without one at its end
  // was cut short (a disk that filled, a copy interrupted).
  if (!text.empty() && text.back() != '\n')
    refuse(csv.string() + " ends in the middle of a line: a truncated file (a damaged or unfinished shard)");
  std::istringstream in(text);
  std::string line;
  // A line with Windows's ending (a file that went through an editor or a
  // transfer that converts them) reads as the same line: the merge writes
  // every row with '\n' alone, as a run does.
  auto next_line = [&] {
    if (!std::getline(in, line)) return false;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    return true;
  };
  if (!next_line()) refuse(csv.string() + " is empty");
  s.header = line + "\n";
  std::size_t columns = 0;
  try {
    columns = csv_fields(line).size();
    for (int n = 2; next_line(); ++n) {
      if (const std::size_t fields = csv_fields(line).size(); fields != columns)
        refuse(fmt::format("{}:{}: the row has {} fields, the header {} (a damaged shard)", csv.string(), n, fields, columns));
      s.rows.push_back(line + "\n");
    }
  } catch (const MergeRefused&) {
    throw;
  } catch (const std::invalid_argument& e) {
    refuse(fmt::format("{}:{}: {}", csv.string(), s.rows.size() + 2, e.what()));
  }
  std::size_t expected = 0;
  for (std::size_t r : s.cell_rows) expected += r;
  if (expected != s.rows.size())
    refuse(fmt::format("{} has {} rows but its metadata.json says {} (a damaged or unfinished shard)", csv.string(),
                       s.rows.size(), expected));
  return s;
}

// The value of `key` in a shard's metadata, null when it has none (a const
// Json's operator[] must not be given a key it lacks).
const Json& entry(const Json& m, const char* key) {
  static const Json null;
  const auto it = m.find(key);
  return it == m.end() ? null : *it;
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
                         first.dir.string(), config_hash, entry(first.meta, "config_path").dump(), s.dir.string(), h,
                         entry(s.meta, "config_path").dump()));
    if (commit_text(s.meta) != commit_text(first.meta))
      refuse(fmt::format("shards come from different commits: {} was run at {}, {} at {}", first.dir.string(),
                         commit_text(first.meta), s.dir.string(), commit_text(s.meta)));
    if (s.count != first.count || s.cells_total != first.cells_total || s.positions_total != first.positions_total ||
        s.set_sizes != first.set_sizes)
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

// Where the rows of one position are: a shard, its first row, how many.
struct Span {
  const Shard* shard = nullptr;
  std::size_t begin = 0, count = 0;
};

// A global cell: its positions' rows, by position, and its shares of the set total.
struct MergedCell {
  std::vector<Span> positions;
  std::vector<std::pair<const Shard*, std::size_t>> parts;  // (shard, its cell index)
};

std::vector<MergedCell> cells_of(const std::vector<const Shard*>& shards) {
  const Shard& first = *shards.front();
  std::vector<MergedCell> cells(first.cells_total);
  for (std::size_t id = 0; id < cells.size(); ++id) cells[id].positions.resize(first.set_sizes[id]);
  for (const Shard* s : shards) {
    std::size_t row = 0;
    for (std::size_t i = 0; i < s->cells.size(); ++i) {
      const std::size_t id = s->cells[i];
      const auto& mine = s->cell_positions[i];
      if (id >= cells.size() || mine.empty() || s->cell_rows[i] % mine.size() != 0 || s->shares[i].positions != mine.size())
        refuse(fmt::format("{}: cell {} of its metadata is out of range or inconsistent (damaged metadata)", s->dir.string(), id));
      const std::size_t per = s->cell_rows[i] / mine.size();  // rows per position: repetitions, or 0 (rows = totals)
      for (std::size_t p : mine) {
        if (p >= cells[id].positions.size() || cells[id].positions[p].shard)
          refuse(fmt::format("{}: position {} of cell {} is out of range or also in another shard (damaged metadata)",
                             s->dir.string(), p, id));
        cells[id].positions[p] = {s, row, per};
        row += per;
      }
      cells[id].parts.emplace_back(s, i);
    }
    if (row != s->rows.size())
      refuse(fmt::format("{} has {} rows but its metadata.json says {} (a damaged or unfinished shard)",
                         (s->dir / "results.csv").string(), s->rows.size(), row));
  }
  for (std::size_t id = 0; id < cells.size(); ++id)
    for (std::size_t p = 0; p < cells[id].positions.size(); ++p)
      if (!cells[id].positions[p].shard) refuse(fmt::format("position {} of cell {} is in no shard (damaged metadata)", p, id));
  return cells;
}

// Fields as one CSV line, with its newline.
std::string csv_line(const std::vector<std::string>& fields) {
  std::string line;
  for (std::size_t i = 0; i < fields.size(); ++i) {
    if (i) line += ',';
    line += csv_field(fields[i]);
  }
  line += '\n';
  return line;
}

// results.csv of the merge: each cell's position rows in the unsharded order,
// then its set_total rows from the shards' shares (result_rows.hpp).
std::string merged_csv(const std::vector<const Shard*>& shards, const std::vector<MergedCell>& cells, std::size_t& rows) {
  std::ostringstream out;
  // The option columns the shards were written with (a run's metadata.json
  // lists them; a file from before them has none).
  std::vector<OptionColumn> options;
  const Json& meta = shards.front()->meta;
  try {
    if (meta.contains("option_columns")) options = option_columns_from_names(meta["option_columns"].get<std::vector<std::string>>());
  } catch (const std::exception& e) {
    refuse((shards.front()->dir / "metadata.json").string() + ": malformed option_columns: " + e.what());
  }
  ResultsCsv csv(out, options);
  // Shards from before the lower and upper columns: their rows get them
  // (results_schema.hpp: with_bounds).
  const ResultSchema schema(options);
  const bool before_bounds = out.str() != shards.front()->header && shards.front()->header == csv_line(schema.names_before_bounds());
  if (out.str() != shards.front()->header && !before_bounds)
    refuse(fmt::format("{} has other columns than this tictac writes: merge with the tictac that ran the shards",
                       (shards.front()->dir / "results.csv").string()));
  for (const MergedCell& cell : cells) {
    for (const Span& sp : cell.positions) {
      for (std::size_t r = 0; r < sp.count; ++r) {
        const std::string& row = sp.shard->rows[sp.begin + r];
        if (!before_bounds) {
          out << row;
          continue;
        }
        try {
          out << csv_line(schema.with_bounds(csv_fields(std::string_view(row).substr(0, row.size() - 1))));
        } catch (const std::invalid_argument& e) {
          refuse(fmt::format("{}: a row of cell {}: {}", (sp.shard->dir / "results.csv").string(), &cell - cells.data(), e.what()));
        }
      }
      csv.copied(sp.count);
    }
    SetTotal total;
    for (const auto& [shard, i] : cell.parts) total.add(shard->shares[i]);
    csv.total(cell.parts.front().first->labels[cell.parts.front().second], total);
  }
  rows = csv.rows();
  return out.str();
}

std::size_t positions_of(const Shard& s) {
  std::size_t n = 0;
  for (const auto& p : s.cell_positions) n += p.size();
  return n;
}

// What the merged rows say of one split position (up to symmetry).
struct RowValues {
  std::set<int> values;  // from rows that agree
  std::size_t rows = 0, disagree = 0;
};

// The merged position rows of `board`, by canonical position.
std::map<Position, RowValues> row_values(const std::string& csv, const Board& board) {
  const SymmetryGroup group(board);
  CsvReader in(CsvText{"the merged rows", csv}, CsvNotes::none);
  // A line the reader refuses (a quote left open) is refused as the merge's.
  auto read = [&](auto step) {
    try {
      return step();
    } catch (const std::invalid_argument& e) {
      refuse(e.what());
    }
  };
  read([&] { return in.read_header(); });
  auto column = [&](const char* name) {
    if (const auto c = in.column(name)) return *c;
    refuse(std::string("the merged rows have no '") + name + "' column");
  };
  const std::size_t c_kind = column("row_kind"), c_board = column("board"), c_k = column("k"), c_gravity = column("gravity"),
                    c_pos = column("position"), c_value = column("value"), c_status = column("status");
  std::map<Position, RowValues> seen;
  const BoardFields wanted = board_fields(board);
  std::vector<std::string> f;
  while (read([&] { return in.next(f); })) {
    if (!in.fields_match(f) || f[c_kind] != "position" || f[c_board] != wanted.board || f[c_k] != wanted.k ||
        f[c_gravity] != wanted.gravity)
      continue;
    Position p;
    try {
      p = parse_position(board, f[c_pos]);
    } catch (const std::invalid_argument& e) {
      refuse("a merged row's position '" + f[c_pos] + "': " + e.what());
    }
    RowValues& s = seen[group.canonical(p).position];
    ++s.rows;
    if (f[c_status] == "disagrees") ++s.disagree;
    if (f[c_status] == "agrees" && !f[c_value].empty()) {
      const std::string& v = f[c_value];
      if (v != "-1" && v != "0" && v != "1")
        refuse(fmt::format("a merged row of {} has value '{}', not -1, 0 or 1 (a damaged shard)", f[c_pos], v));
      s.values.insert(std::stoi(v));
    }
  }
  return seen;
}

// The first five of `v`, and how many more.
std::string first_five(const std::vector<std::string>& v) {
  std::string t;
  for (std::size_t i = 0; i < v.size() && i < 5; ++i) t += (i ? ", " : "") + v[i];
  return t + (v.size() > 5 ? fmt::format(" and {} more", v.size() - 5) : std::string());
}

// Refuses a split position that has no row, or whose rows disagree with the
// reference or with each other.
void check_rows_of_split(const SplitFile& sf, const std::map<Position, RowValues>& seen, const fs::path& file) {
  std::vector<std::string> missing, bad;
  for (const Position& p : sf.split.positions) {
    const auto it = seen.find(p);
    if (it == seen.end()) missing.push_back(format_position(sf.board, p));
    else if (it->second.disagree || it->second.values.size() > 1)
      bad.push_back(format_position(sf.board, p) + (it->second.disagree ? " (a row disagrees with the reference)" : " (its rows disagree)"));
  }
  const std::size_t n = sf.split.positions.size();
  if (!missing.empty())
    refuse(fmt::format("{} of the {} split positions of {} are in no shard's rows: {}", missing.size(), n, file.string(), first_five(missing)));
  if (!bad.empty()) refuse(fmt::format("split positions without a value to trust: {}", first_five(bad)));
}

// The root's value by minimax over the split; refused while a split position
// has only unknown rows.
int minimax_over_split(const SplitFile& sf, const std::map<Position, RowValues>& seen, const fs::path& file) {
  const SplitValue v = split_value(sf.board, sf.split, [&](const Position& p) -> std::optional<int> {
    const auto it = seen.find(p);
    if (it == seen.end() || it->second.values.empty()) return std::nullopt;
    return *it->second.values.begin();
  });
  if (!v.value) {
    std::vector<std::string> unknown;
    for (const Position& p : v.unknown) unknown.push_back(format_position(sf.board, p));
    refuse(fmt::format("{} of the {} split positions of {} have no proved value (status unknown: the search ran out of "
                       "its budget; or a bound only, lower < upper: a one-sided question), so the root's value is "
                       "unknown: {}",
                       unknown.size(), sf.split.positions.size(), file.string(), first_five(unknown)));
  }
  return *v.value;
}

// The root's value by minimax over the split of `file` (split_file.hpp), from
// the values the merged rows give its positions: a position's value is the
// one its rows with status agrees give (they must all agree); a position with
// no row, a row that disagrees with the reference, or only unknown rows makes
// the merge refuse.
Json split_result(const std::string& csv, const fs::path& file, MergeSummary& summary) {
  SplitFile sf;
  try {
    sf = read_split_file(file);
  } catch (const std::invalid_argument& e) {
    refuse(e.what());
  }
  const Board& board = sf.board;
  const std::map<Position, RowValues> seen = row_values(csv, board);
  check_rows_of_split(sf, seen, file);
  const int value = minimax_over_split(sf, seen, file);
  summary.split_value = value;
  summary.split_root = format_position(board, sf.split.root);
  summary.split_board = board.name();
  return {{"file", fs::absolute(file).lexically_normal().string()},
          {"board", board.name()},
          {"root", summary.split_root},
          {"plies", sf.split.plies},
          {"positions", sf.split.positions.size()},
          {"finished_leaves", sf.split.finished_leaves},
          {"value", value},
          {"method", "minimax over the split: X to move takes the maximum of its moves' values, O the minimum; a "
                     "position plies below the root has the value its rows prove (the value column of its rows with "
                     "status agrees, each certified by the reference), a finished position its result"}};
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
                    {"host", entry(s.meta, "host")},
                    {"date_utc", entry(s.meta, "date_utc")},
                    {"duration_s", entry(s.meta, "duration_s")},
                    {"command", entry(s.meta, "command")},
                    {"cells", s.cells.size()},
                    {"positions", positions_of(s)},
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
  if (!first.meta.contains("position_set_files")) return files;
  const fs::path meta = first.dir / "metadata.json";
  const Json& names = first.meta["position_set_files"];
  if (!names.is_array()) refuse(meta.string() + ": position_set_files is not a list of file names");
  for (const Json& entry : names) {
    // A name the runner wrote ("positions-SET-BOARD.csv"), never a path: the
    // merge writes a file of that name into its output folder.
    const std::string name = entry.is_string() ? entry.get<std::string>() : entry.dump();
    const bool plain = entry.is_string() && name.find('/') == std::string::npos && name.find('\0') == std::string::npos &&
                       name.rfind("positions-", 0) == 0 && name.size() > 14 && name.compare(name.size() - 4, 4, ".csv") == 0;
    if (!plain)
      refuse(fmt::format("{}: position_set_files names '{}', not a file positions-SET-BOARD.csv of the shard's folder",
                         meta.string(), name));
    files.emplace_back(name, read_text(first.dir / name, first.dir));
  }
  return files;
}

// Writes the merge, whole or not at all.
void write_merge(const fs::path& out, const std::vector<const Shard*>& shards, const std::string& csv, std::size_t rows,
                 const Json& split, const SetFiles& set_files, const std::string& command) {
  std::vector<std::unique_ptr<AtomicFile>> files;
  files.push_back(std::make_unique<AtomicFile>(out / "results.csv"));
  files.back()->stream() << csv;
  Json meta = merged_metadata(shards, rows, command);
  if (!split.is_null()) meta["split"] = split;
  files.push_back(std::make_unique<AtomicFile>(out / "metadata.json"));
  write_metadata(files.back()->stream(), meta);
  for (const auto& [name, text] : set_files) {
    files.push_back(std::make_unique<AtomicFile>(out / name));
    files.back()->stream() << text;
  }
  for (auto& f : files) f->finish();  // every file written in full before any replaces its target
  for (auto& f : files) f->commit();
}

}  // namespace

MergeSummary merge_shards(const std::vector<fs::path>& shard_dirs, const fs::path& out, const std::string& command,
                          const fs::path& split_file) {
  std::vector<Shard> shards;
  for (const auto& d : shard_dirs) shards.push_back(read_shard(d));
  check_one_run(shards);
  const std::vector<const Shard*> ordered = by_index(shards);
  const std::vector<MergedCell> cells = cells_of(ordered);
  MergeSummary summary{ordered.size(), shards.front().cells_total, 0, {}, {}, {}};
  const std::string csv = merged_csv(ordered, cells, summary.rows);
  const Json split = split_file.empty() ? Json() : split_result(csv, split_file, summary);
  const SetFiles set_files = set_files_of(*ordered.front());

  // Everything checked: now write.
  std::error_code ec;
  const bool out_existed = fs::exists(out);
  fs::create_directories(out, ec);
  if (ec) refuse(fmt::format("cannot create output folder '{}': {}", out.string(), ec.message()));
  try {
    write_merge(out, ordered, csv, summary.rows, split, set_files, command);
    return summary;
  } catch (const std::exception&) {
    if (!out_existed) fs::remove(out, ec);
    throw;
  }
}

}  // namespace tictac
