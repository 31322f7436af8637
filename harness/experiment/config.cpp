#include "harness/experiment/config.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <functional>
#include <iterator>
#include <limits>
#include <map>
#include <set>
#include <sstream>
#include <toml++/toml.h>

#include "harness/formats/notation.hpp"

namespace tictac {

namespace {

int line_of(const toml::node& n) { return static_cast<int>(n.source().begin.line); }

struct Reader {
  std::string source;

  [[noreturn]] void fail(int line, std::string_view key, const std::string& what) const {
    throw ConfigError(source + ":" + std::to_string(line) + ": key '" + std::string(key) + "': " + what);
  }
  [[noreturn]] void fail(int line, const std::string& what) const {
    throw ConfigError(source + ":" + std::to_string(line) + ": " + what);
  }

  // Unknown keys are errors that list the known ones.
  void known_keys(const toml::table& t, std::string_view where, std::initializer_list<std::string_view> keys) const {
    for (auto&& [k, v] : t) {
      if (std::find(keys.begin(), keys.end(), k.str()) != keys.end()) continue;
      std::string list;
      for (auto kk : keys) list += (list.empty() ? "" : ", ") + std::string(kk);
      fail(static_cast<int>(k.source().begin.line), k.str(), "unknown key in " + std::string(where) + " (known keys: " + list + ")");
    }
  }

  std::string type_name(const toml::node& n) const {
    switch (n.type()) {
      case toml::node_type::string: return "a string";
      case toml::node_type::integer: return "an integer";
      case toml::node_type::floating_point: return "a number";
      case toml::node_type::boolean: return "a boolean";
      case toml::node_type::array: return "a list";
      case toml::node_type::table: return "a table";
      default: return "a date or time";
    }
  }

  const toml::node* get(const toml::table& t, std::string_view key) const { return t.get(key); }

  std::string string(const toml::table& t, std::string_view key, bool required, int table_line) const {
    const toml::node* n = get(t, key);
    if (!n) {
      if (required) fail(table_line, key, "missing (a string)");
      return {};
    }
    if (!n->is_string()) fail(line_of(*n), key, "must be a string, not " + type_name(*n));
    return n->as_string()->get();
  }

  std::int64_t integer(const toml::node& n, std::string_view key, std::int64_t lo, std::int64_t hi) const {
    if (!n.is_integer()) fail(line_of(n), key, "must be an integer, not " + type_name(n));
    const std::int64_t v = n.as_integer()->get();
    if (v < lo || v > hi) fail(line_of(n), key, std::to_string(v) + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
    return v;
  }

  double number(const toml::node& n, std::string_view key) const {
    if (n.is_integer()) return static_cast<double>(n.as_integer()->get());
    if (!n.is_floating_point()) fail(line_of(n), key, "must be a number, not " + type_name(n));
    return n.as_floating_point()->get();
  }

  // A value or a list of values, each checked by `each`.
  void one_or_list(const toml::node& n, const std::function<void(const toml::node&)>& each) const {
    if (const toml::array* a = n.as_array()) {
      for (const toml::node& e : *a) each(e);
    } else {
      each(n);
    }
  }

  const toml::array& array(const toml::node& n, std::string_view key) const {
    if (!n.is_array()) fail(line_of(n), key, "must be a list, not " + type_name(n));
    return *n.as_array();
  }

  void name_like(const std::string& s, int line, std::string_view key) const {
    if (s.empty() || !std::all_of(s.begin(), s.end(), [](char c) {
          return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.';
        }))
      fail(line, key, "'" + s + "' must be letters, digits, '-', '_' or '.' (it names files and folders)");
  }
};

// "RxCkK", and "RxCkKg" for a gravity board (Board::name()).
Board parse_board_name(const Reader& r, const std::string& text, int line) {
  const char* form = "' is not of the form RxCkK, or RxCkKg with gravity (for example 3x3k3 or 6x7k4g)";
  const bool gravity = !text.empty() && text.back() == 'g';
  const std::string name = gravity ? text.substr(0, text.size() - 1) : text;
  const auto k = name.find('k');
  if (k == std::string::npos) r.fail(line, "boards", "'" + text + form);
  int kv = 0;
  try {
    kv = std::stoi(name.substr(k + 1));
    if (std::to_string(kv) != name.substr(k + 1)) throw std::invalid_argument("k");
  } catch (const std::exception&) {
    r.fail(line, "boards", "'" + text + form);
  }
  try {
    return parse_board(name.substr(0, k), kv, gravity);
  } catch (const ConfigError&) {
    throw;
  } catch (const std::invalid_argument& e) {
    r.fail(line, "boards", e.what());
  }
}

std::string option_text(const Reader& r, const toml::node& n, std::string_view key) {
  if (n.is_string()) return n.as_string()->get();
  if (n.is_integer()) return std::to_string(n.as_integer()->get());
  if (n.is_boolean()) return n.as_boolean()->get() ? "true" : "false";
  r.fail(line_of(n), key, "a strategy option must be a string, an integer or a boolean (or a list of them), not " + r.type_name(n));
}

void read_experiment(const Reader& r, const toml::table& t, ExperimentConfig& c) {
  const int line = line_of(t);
  r.known_keys(t, "[experiment]", {"name", "question", "description", "output", "repetitions", "seeds", "boards", "rows",
                                   "timing_min_ms", "timing_max_runs", "baseline"});
  c.name = r.string(t, "name", true, line);
  r.name_like(c.name, line_of(*t.get("name")), "name");
  c.question = r.string(t, "question", true, line);
  c.description = r.string(t, "description", false, line);
  c.output = r.string(t, "output", false, line);
  if (const auto* n = t.get("repetitions")) c.repetitions = static_cast<int>(r.integer(*n, "repetitions", 1, 1000));
  if (const auto* n = t.get("timing_min_ms"))
    c.timing.min_total = std::chrono::milliseconds(r.integer(*n, "timing_min_ms", 0, 60'000));
  if (const auto* n = t.get("timing_max_runs")) c.timing.max_runs = static_cast<int>(r.integer(*n, "timing_max_runs", 1, 250));
  if (const auto* n = t.get("baseline")) {
    c.baseline = r.string(t, "baseline", false, line);
    c.baseline_line = line_of(*n);
  }
  if (const auto* n = t.get("seeds")) {
    c.seeds.clear();
    for (const toml::node& e : r.array(*n, "seeds"))
      c.seeds.push_back(static_cast<std::uint64_t>(r.integer(e, "seeds", 0, std::numeric_limits<std::int64_t>::max())));
    if (c.seeds.empty()) r.fail(line_of(*n), "seeds", "must list at least one seed");
  }
  if (const auto* n = t.get("rows")) {
    const std::string v = r.string(t, "rows", false, line);
    if (v != "positions" && v != "totals") r.fail(line_of(*n), "rows", "'" + v + "' is not one of positions, totals");
    c.position_rows = v == "positions";
  }
  const auto* boards = t.get("boards");
  if (!boards) r.fail(line, "boards", "missing (a list such as [\"3x3k3\", \"4x4k4\"])");
  for (const toml::node& e : r.array(*boards, "boards")) {
    if (!e.is_string()) r.fail(line_of(e), "boards", "each board must be a string such as \"3x3k3\", not " + r.type_name(e));
    c.boards.push_back({parse_board_name(r, e.as_string()->get(), line_of(e)), line_of(e)});
  }
  if (c.boards.empty()) r.fail(line_of(*boards), "boards", "must list at least one board");
}

// A `boards` key of a strategy or a position set: names among the
// experiment's boards.
std::vector<std::string> read_board_filter(const Reader& r, const toml::node& n, const ExperimentConfig& c) {
  std::vector<std::string> boards;
  for (const toml::node& e : r.array(n, "boards")) {
    if (!e.is_string()) r.fail(line_of(e), "boards", "each board must be a string such as \"3x3k3\"");
    const std::string b = e.as_string()->get();
    if (std::none_of(c.boards.begin(), c.boards.end(), [&](const BoardConfig& bc) { return bc.board.name() == b; }))
      r.fail(line_of(e), "boards", "'" + b + "' is not one of the experiment's boards");
    boards.push_back(b);
  }
  if (boards.empty()) r.fail(line_of(n), "boards", "an empty list applies to no board (leave the key out for every board)");
  return boards;
}

void read_strategy(const Reader& r, const toml::table& t, ExperimentConfig& c) {
  const int line = line_of(t);
  StrategyConfig base;
  base.line = line;
  base.name = r.string(t, "name", true, line);
  base.name_line = line_of(*t.get("name"));
  struct Axis {
    std::string key;
    int line;
    std::vector<std::string> values;
  };
  std::vector<Axis> axes;
  if (const auto* n = t.get("boards")) base.boards = read_board_filter(r, *n, c);
  // `sets`: names of position sets, checked once every set is read (check_set_filters).
  if (const auto* n = t.get("sets")) {
    for (const toml::node& e : r.array(*n, "sets")) {
      if (!e.is_string()) r.fail(line_of(e), "sets", "each position set must be named by a string such as \"end-easy\"");
      base.sets.push_back(e.as_string()->get());
      base.set_lines.push_back(line_of(e));
    }
    if (base.sets.empty()) r.fail(line_of(*n), "sets", "an empty list applies to no position set (leave the key out for every set)");
  }
  for (auto&& [k, v] : t) {
    if (k.str() == "name" || k.str() == "boards" || k.str() == "sets") continue;
    Axis a{std::string(k.str()), static_cast<int>(k.source().begin.line), {}};
    const std::string_view key = k.str();  // clang 14 cannot capture a structured binding
    r.one_or_list(v, [&](const toml::node& e) { a.values.push_back(option_text(r, e, key)); });
    if (a.values.empty()) r.fail(a.line, a.key, "an empty list expands to no strategy");
    axes.push_back(std::move(a));
  }
  // toml++ keeps keys sorted; the config order is the order of their lines.
  std::stable_sort(axes.begin(), axes.end(), [](const Axis& a, const Axis& b) { return a.line < b.line; });
  const bool has_seed = std::any_of(axes.begin(), axes.end(), [](const Axis& a) { return a.key == "seed"; });
  std::vector<std::size_t> at(axes.size(), 0);
  for (;;) {
    StrategyConfig s = base;
    for (std::size_t i = 0; i < axes.size(); ++i) {
      s.options.emplace_back(axes[i].key, axes[i].values[at[i]]);
      s.option_lines.push_back(axes[i].line);
    }
    const auto seeded_by = has_seed ? std::nullopt : seeded_option(s.name, s.options);
    if (seeded_by) {
      for (std::uint64_t seed : c.seeds) {
        StrategyConfig seeded = s;
        seeded.options.emplace_back("seed", std::to_string(seed));
        seeded.option_lines.push_back(s.option_lines[*seeded_by]);
        c.strategies.push_back(std::move(seeded));
      }
    } else {
      c.strategies.push_back(std::move(s));
    }
    std::size_t i = axes.size();
    while (i > 0 && ++at[i - 1] == axes[i - 1].values.size()) at[--i] = 0;
    if (i == 0) break;
  }
}

// A position set's keys, each read and checked for its type and range
// (which keys apply to the kind, the table of kinds says: position_set_spec.hpp).
void read_set_key(const Reader& r, const toml::node& n, std::string_view key, const ExperimentConfig& c, PositionSetConfig& s) {
  PositionSetSpec& spec = s.spec;
  const auto count = [&](std::int64_t lo, std::int64_t hi) { return r.integer(n, key, lo, hi); };
  const auto seconds = [&] {
    const double v = r.number(n, key);
    if (v < 0) r.fail(line_of(n), key, "must not be negative (seconds; 0: no limit)");
    return v;
  };
  const auto flag = [&] {
    if (!n.is_boolean()) r.fail(line_of(n), key, "must be true or false, not " + r.type_name(n));
    return n.as_boolean()->get();
  };
  if (key == "plies") {
    for (const toml::node& e : r.array(n, "plies")) spec.plies.push_back(static_cast<int>(r.integer(e, "plies", 0, 64)));
    if (spec.plies.empty()) r.fail(line_of(n), key, "must list at least one ply");
  } else if (key == "per_group") {
    spec.per_group = static_cast<int>(count(0, 1000000));
  } else if (key == "per_ply") {
    spec.per_ply = static_cast<int>(count(1, 1000000));
  } else if (key == "per_stratum") {
    spec.per_stratum = static_cast<int>(count(1, 1000000));
  } else if (key == "seed") {
    spec.seed = static_cast<std::uint64_t>(count(0, std::numeric_limits<std::int64_t>::max()));
  } else if (key == "max_positions") {
    spec.max_positions = static_cast<std::size_t>(count(1, 100000000));
  } else if (key == "max_games") {
    spec.max_games = static_cast<std::size_t>(count(1, 1000000000));
  } else if (key == "first") {
    spec.first = static_cast<std::size_t>(count(1, 100000000));
  } else if (key == "budget") {
    spec.budget_seconds = seconds();
  } else if (key == "max_seconds") {
    spec.max_seconds = seconds();
  } else if (key == "builders") {
    spec.builders = flag();
  } else if (key == "value_fallback") {
    spec.value_fallback = flag();
  } else if (key == "balance") {
    if (!n.is_string()) r.fail(line_of(n), key, "must be a string, not " + r.type_name(n));
    const std::string v = n.as_string()->get();
    if (!parse_balance(v, spec.balance)) r.fail(line_of(n), key, "'" + v + "' is not one of auto, on, off");
  } else if (key == "positions") {
    for (const toml::node& e : r.array(n, "positions")) {
      if (!e.is_string()) r.fail(line_of(e), "positions", "each position must be a string such as \"X.O/.X./..O\"");
      spec.positions.push_back(e.as_string()->get());
      s.position_lines.push_back(line_of(e));
    }
    if (spec.positions.empty()) r.fail(line_of(n), "positions", "must list at least one position");
  } else if (key == "file") {
    if (!n.is_string()) r.fail(line_of(n), key, "must be a string, not " + r.type_name(n));
    spec.file = n.as_string()->get();
    if (spec.file.is_relative()) spec.file = std::filesystem::path(c.source).parent_path() / spec.file;
  } else {
    throw std::logic_error("config.cpp reads no key '" + std::string(key) + "' of position_set_keys()");
  }
}

void read_position_set(const Reader& r, const toml::table& t, ExperimentConfig& c) {
  const int line = line_of(t);
  // The run's keys, then the set's (the table of kinds: position_set_spec.hpp).
  std::vector<std::string> keys;
  for (auto&& [k, v] : t)
    if (k.str() != "name" && k.str() != "kind" && k.str() != "rows" && k.str() != "boards") keys.emplace_back(k.str());
  PositionSetConfig s;
  s.position_rows = c.position_rows;
  if (const auto* n = t.get("rows")) {
    const std::string v = r.string(t, "rows", false, line);
    if (v != "positions" && v != "totals") r.fail(line_of(*n), "rows", "'" + v + "' is not one of positions, totals");
    s.position_rows = v == "positions";
  }
  s.line = line;
  s.name = r.string(t, "name", true, line);
  r.name_like(s.name, line_of(*t.get("name")), "name");
  for (const auto& other : c.position_sets)
    if (other.name == s.name) r.fail(line_of(*t.get("name")), "name", "position set '" + s.name + "' is defined twice");
  const std::string kind = r.string(t, "kind", true, line);
  const SetKindChoice choice = choose_set_kind(kind, keys, nullptr);
  if (choice.error) {
    const toml::node* at = t.get(choice.error->key);
    r.fail(at ? line_of(*at) : line, choice.error->key, choice.error->what);
  }
  s.spec.kind = choice.kind;
  if (const auto* n = t.get("boards")) s.boards = read_board_filter(r, *n, c);
  for (const std::string& key : keys) read_set_key(r, *t.get(key), key, c, s);
  c.position_sets.push_back(std::move(s));
}

// A claim is read by scripts/report, not by the runner; it is checked here
// so that a mistake in one is refused with its line like any other key.
void read_claim(const Reader& r, const toml::table& t) {
  const int line = line_of(t);
  r.known_keys(t, "[[claim]]", {"id", "seed", "section", "text", "english", "source", "board", "strategy", "position_set",
                                "statistic", "count", "baseline", "aggregate", "figure", "baseline_figure",
                                "expression", "expected", "expected_max", "relation", "tolerance", "measured_as",
                                "harness_strategy", "reason", "convention", "note"});
  for (const char* key : {"id", "seed", "text"}) r.string(t, key, true, line);
  for (const char* key : {"section", "english", "board", "strategy", "position_set", "statistic", "baseline", "figure",
                          "baseline_figure", "expression", "measured_as", "harness_strategy", "reason", "convention",
                          "note"})
    r.string(t, key, false, line);
  std::string source = r.string(t, "source", false, line);
  if (source.empty()) source = "run";
  if (source != "run" && source != "analyze" && source != "arithmetic" && source != "none")
    r.fail(line_of(*t.get("source")), "source", "'" + source + "' is not one of run, analyze, arithmetic, none");
  auto need = [&](const char* key, const char* why) {
    if (!t.get(key)) r.fail(line, key, std::string("missing (") + why + ")");
  };
  if (source == "run") need("strategy", "the strategy whose rows measure the claim");
  if (source == "analyze") need("figure", "a key of `tictac analyze --format json`");
  if (source == "arithmetic") need("expression", "the arithmetic that checks the claim");
  if (source == "none") need("reason", "why the claim cannot be measured here");
  const std::string aggregate = r.string(t, "aggregate", false, line);
  if (!aggregate.empty() && aggregate != "median" && aggregate != "min" && aggregate != "max" && aggregate != "mean")
    r.fail(line_of(*t.get("aggregate")), "aggregate", "'" + aggregate + "' is not one of median, min, max, mean");
  const std::string count = r.string(t, "count", false, line);
  if (!count.empty() && count != "all" && count != "below_root")
    r.fail(line_of(*t.get("count")), "count", "'" + count + "' is not one of all, below_root");
  const std::string relation = r.string(t, "relation", false, line);
  static constexpr std::string_view kRelations[] = {"approx", "less", "at_most", "greater", "at_least", "between", "magnitude"};
  if (!relation.empty() && std::find(std::begin(kRelations), std::end(kRelations), relation) == std::end(kRelations))
    r.fail(line_of(*t.get("relation")), "relation",
           "'" + relation + "' is not one of approx, less, at_most, greater, at_least, between, magnitude");
  const auto* expected = t.get("expected");
  if (!expected && source != "none") r.fail(line, "expected", "missing (the figure the seed claims)");
  if (expected && !expected->is_boolean()) r.number(*expected, "expected");
  if (relation == "between") need("expected_max", "the upper end of a 'between' claim");
  if (const auto* n = t.get("expected_max")) r.number(*n, "expected_max");
  if (const auto* n = t.get("tolerance"))
    if (r.number(*n, "tolerance") < 0) r.fail(line_of(*n), "tolerance", "must not be negative");
}

// A strategy's `sets` key names position sets of the config.
void check_set_filters(const Reader& r, const ExperimentConfig& c) {
  for (const StrategyConfig& s : c.strategies)
    for (std::size_t i = 0; i < s.sets.size(); ++i) {
      const std::string& name = s.sets[i];
      if (std::none_of(c.position_sets.begin(), c.position_sets.end(),
                       [&](const PositionSetConfig& ps) { return ps.name == name; })) {
        std::string names;
        for (const auto& ps : c.position_sets) names += (names.empty() ? "" : ", ") + ps.name;
        r.fail(s.set_lines[i], "sets", "'" + name + "' is not one of the experiment's position sets (" + names + ")");
      }
    }
}

}  // namespace

ExperimentConfig parse_config(std::string_view text, const std::string& source) {
  Reader r{source};
  toml::table root;
  try {
    root = toml::parse(text, std::string_view(source));
  } catch (const toml::parse_error& e) {
    throw ConfigError(source + ":" + std::to_string(e.source().begin.line) + ":" +
                      std::to_string(e.source().begin.column) + ": " + std::string(e.description()));
  }
  ExperimentConfig c;
  c.source = source;
  c.text = std::string(text);
  r.known_keys(root, "the config", {"experiment", "strategy", "position_set", "claim"});
  const auto* exp = root.get("experiment");
  if (!exp || !exp->is_table()) r.fail(exp ? line_of(*exp) : 1, "experiment", "the config needs an [experiment] table");
  read_experiment(r, *exp->as_table(), c);
  auto tables = [&](const char* key, auto&& each) {
    const auto* n = root.get(key);
    if (!n) r.fail(1, key, std::string("the config needs at least one [[") + key + "]] table");
    if (!n->is_array_of_tables()) r.fail(line_of(*n), key, std::string("must be written as [[") + key + "]] tables");
    for (const toml::node& t : *n->as_array()) each(*t.as_table());
  };
  tables("strategy", [&](const toml::table& t) { read_strategy(r, t, c); });
  tables("position_set", [&](const toml::table& t) { read_position_set(r, t, c); });
  check_set_filters(r, c);
  if (root.get("claim"))
    tables("claim", [&](const toml::table& t) {
      read_claim(r, t);
      ++c.claims;
    });
  return c;
}

ExperimentConfig load_config(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw ConfigError("cannot read config '" + path.string() + "'");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_config(ss.str(), path.string());
}

void check_strategies(const ExperimentConfig& c) {
  Reader r{c.source};
  for (const StrategyConfig& s : c.strategies) {
    try {
      resolve_options(s.strategy());
    } catch (const StrategyOptionError& e) {
      const auto at = std::find_if(s.options.begin(), s.options.end(), [&](const auto& o) { return o.first == e.key; });
      r.fail(s.option_lines[static_cast<std::size_t>(at - s.options.begin())], e.key, e.what());
    } catch (const std::invalid_argument& e) {
      r.fail(s.name_line, "name", e.what());
    }
  }
}

}  // namespace tictac
