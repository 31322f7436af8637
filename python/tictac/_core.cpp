// tictac._core: the C++ side of the Python module `tictac` (python/tictac/__init__.py
// is the API, with the dataclasses and the docstrings).
//
// It binds the harness's public edge only: boards and position text
// (notation), the rules, the symmetry group, the registry (strategy_catalog,
// default_strategy) through the solve report, the exact analysis, position
// sets and the experiment runner.  Results cross as JSON text or plain
// lists, so the keys are the ones the CLI prints.
//
// Errors: std::invalid_argument (what the CLI refuses with exit 2) becomes
// ValueError and std::runtime_error (exit 1) RuntimeError, pybind11's own
// translation, with the library's message.
//
// Long calls run on a worker thread while the calling thread, without the
// GIL, waits and checks for signals every 50 ms (interruptible below): other
// Python threads run meanwhile, and Ctrl-C sets the cancel flag that the
// searches read every 2^16 nodes, 64 for the provers (algorithms/search/cancellable.hpp), and the runner
// between searches too; the call then raises KeyboardInterrupt, and the
// runner has removed its temporary files.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <atomic>
#include <bit>
#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "algorithms/exact/analysis.hpp"
#include "algorithms/exact/solution.hpp"
#include "algorithms/game/board.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/game/symmetry.hpp"
#include "harness/experiment/config.hpp"
#include "harness/experiment/disagreements.hpp"
#include "harness/experiment/run_plan.hpp"
#include "harness/experiment/runner.hpp"
#include "harness/experiment/set_generator.hpp"
#include "harness/experiment/solve_report.hpp"
#include "harness/formats/analysis_json.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/default_policy.hpp"
#include "harness/registry/strategy.hpp"
// Move quality and one player's move (issue 32).
#include "harness/experiment/quality.hpp"
#include "harness/formats/metadata.hpp"
#include "harness/registry/players.hpp"
#include "harness/registry/strategy_spec.hpp"

namespace py = pybind11;
using namespace py::literals;

namespace tictac {

namespace {

// Runs f(cancel) on a worker thread and waits for it without the GIL,
// checking for signals (which Python handles in the main thread only) every
// 50 ms.  When a signal handler raises (Ctrl-C: KeyboardInterrupt), sets
// `cancel`, waits for the worker to stop, and raises that exception; what
// the worker threw then (SearchCancelled, Interrupted) is dropped.
template <class F>
auto interruptible(F f) -> decltype(f(std::declval<const std::atomic<bool>&>())) {
  using R = decltype(f(std::declval<const std::atomic<bool>&>()));
  std::atomic<bool> cancel{false};
  std::optional<R> result;
  std::exception_ptr error;
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  bool interrupted = false;
  {
    py::gil_scoped_release release;
    std::thread worker([&] {
      try {
        result.emplace(f(cancel));
      } catch (...) {
        error = std::current_exception();
      }
      std::lock_guard lock(mutex);
      done = true;
      finished.notify_one();
    });
    {
      std::unique_lock lock(mutex);
      while (!finished.wait_for(lock, std::chrono::milliseconds(50), [&] { return done; })) {
        lock.unlock();
        {
          py::gil_scoped_acquire acquire;
          // The exception a handler raised stays set in this thread until
          // it is thrown below.
          interrupted = PyErr_CheckSignals() != 0;
        }
        lock.lock();
        if (interrupted) {
          cancel.store(true);
          finished.wait(lock, [&] { return done; });
        }
      }
    }
    worker.join();
  }
  if (interrupted) throw py::error_already_set();
  if (error) std::rethrow_exception(error);
  return std::move(*result);
}

Position position_of(const Board& b, const std::optional<std::string>& text) {
  return text ? parse_position(b, *text) : Position{};
}

// (text in normal form, x mask, o mask, ply, side to move, result) of a legal position.
py::tuple describe_position(const Board& b, const Position& p) {
  const Result r = result(b, p);
  return py::make_tuple(format_position(b, p), p.x, p.o, p.ply(), p.to_move() == Side::X ? "X" : "O",
                        std::string(to_string(r)));
}

std::vector<int> cells_of(Mask m) {
  std::vector<int> cells;
  for (; m; m &= m - 1) cells.push_back(std::countr_zero(m));
  return cells;
}

// A key as Python writes it: 'per_group' (kind as it is).
std::string python_key(std::string_view key) { return key == "kind" ? "kind" : "'" + std::string(key) + "'"; }

// The spec of the keys given (a dict of the keyword arguments that are not
// None), checked against the table of kinds as a config is.
PositionSetSpec spec_of(const std::string& kind, const py::dict& keys) {
  PositionSetSpec spec;
  std::vector<std::string> given;
  for (auto item : keys) given.emplace_back(py::str(item.first));
  const SetKindChoice choice = choose_set_kind(kind, given, python_key);
  if (choice.error) throw std::invalid_argument((choice.error->key == "kind" ? "kind" : python_key(choice.error->key)) + " " + choice.error->what);
  spec.kind = choice.kind;
  for (auto item : keys) {
    const std::string key = py::str(item.first);
    const py::handle v = item.second;
    if (key == "plies") spec.plies = v.cast<std::vector<int>>();
    else if (key == "per_group") spec.per_group = v.cast<int>();
    else if (key == "per_ply") spec.per_ply = v.cast<int>();
    else if (key == "per_stratum") spec.per_stratum = v.cast<int>();
    else if (key == "seed") spec.seed = v.cast<std::uint64_t>();
    else if (key == "max_positions") spec.max_positions = v.cast<std::size_t>();
    else if (key == "max_games") spec.max_games = v.cast<std::size_t>();
    else if (key == "first") spec.first = v.cast<std::size_t>();
    else if (key == "budget") spec.budget_seconds = v.cast<double>();
    else if (key == "max_seconds") spec.max_seconds = v.cast<double>();
    else if (key == "builders") spec.builders = v.cast<bool>();
    else if (key == "value_fallback") spec.value_fallback = v.cast<bool>();
    else if (key == "positions") spec.positions = v.cast<std::vector<std::string>>();
    else if (key == "file") spec.file = v.cast<std::string>();
    else if (key == "balance" && !parse_balance(v.cast<std::string>(), spec.balance))
      throw std::invalid_argument("'balance' must be one of auto, on, off");
  }
  return spec;
}

// The position set of a board with exact values (the strong solver's beyond
// 16 cells: set_generator.hpp), as columns, with the generator's notes and
// the positions it left unknown.
py::dict position_set(const Board& b, const std::string& kind, const py::dict& keys) {
  const PositionSetSpec spec = spec_of(kind, keys);
  GeneratedSet set = interruptible([&](const std::atomic<bool>&) { return generate_set(b, spec); });
  std::vector<std::string> text, unknown;
  std::vector<int> ply, value, distance, value_to_move;
  for (const PositionEntry& e : set.entries) {
    text.push_back(format_position(b, e.position));
    ply.push_back(e.ply);
    value.push_back(e.value);
    value_to_move.push_back(e.position.to_move() == Side::X ? e.value : -e.value);
    distance.push_back(e.distance);
  }
  for (const Position& p : set.unknown) unknown.push_back(format_position(b, p));
  py::dict d;
  d["position"] = text;
  d["ply"] = ply;
  d["value"] = value;
  d["distance"] = distance;
  d["value_to_move"] = value_to_move;
  // A stratified set's groups or Pons strata, or a file's stratum column.
  if (std::any_of(set.strata.begin(), set.strata.end(), [](const std::string& x) { return !x.empty(); })) d["stratum"] = set.strata;
  d["notes"] = set.notes;
  d["unknown"] = unknown;
  return d;
}

// The run, its errors worded as `tictac run` words them (run_command.cpp):
// a bad config as it is; any other error with "; nothing was written",
// std::invalid_argument (the CLI's exit 2: ValueError) or
// std::runtime_error (exit 1: RuntimeError).
RunSummary run_of(const ExperimentConfig& config, const RunOptions& ro) {
  try {
    return run_experiment(config, ro);
  } catch (const ConfigError&) {
    throw;
  } catch (const Interrupted&) {
    throw;  // only after a cancel, whose KeyboardInterrupt interruptible() raises
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(std::string(e.what()) + "; nothing was written");
  } catch (const std::exception& e) {
    throw std::runtime_error(std::string(e.what()) + "; nothing was written");
  }
}

// --- move quality and one player's move (issue 32) ---

// Move quality as `tictac quality --out` writes it: (moves.csv, totals.csv,
// metadata.json) as text.
std::tuple<std::string, std::string, std::string> quality_of(const Board& b, const std::string& kind, const py::dict& keys,
                                                             const std::vector<std::string>& players, int repeat,
                                                             std::uint64_t seed, bool seeds_chosen, int resamples,
                                                             const std::string& command) {
  check_quality_board(b);
  const PositionSetSpec spec = spec_of(kind, keys);
  return interruptible([&](const std::atomic<bool>& cancel) {
    const auto started = std::chrono::steady_clock::now();
    const std::string started_utc = utc_now_iso8601();
    SetOptions so;
    so.cancel = &cancel;
    const GeneratedSet set = generate_set(b, spec, so);
    QualityOptions o;
    o.players = players;
    o.repeat = repeat;
    o.seed = seed;
    o.seeds_chosen = seeds_chosen;
    o.resamples = resamples;
    o.cancel = &cancel;
    const QualityResult r = measure_quality(b, set, o);
    std::ostringstream moves, totals;
    write_quality_moves(moves, r);
    write_quality_totals(totals, r);
    const double duration = std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    const auto metadata = quality_metadata(r, {command, kind, started_utc, duration, o});
    return std::make_tuple(moves.str(), totals.str(), metadata.dump());
  });
}

// The move a player (or a strategy: its best move) chooses in a position; -1 when it is finished.
int play_move_of(const Board& b, const std::string& position, const std::string& spec) {
  const Position p = parse_position(b, position);
  if (is_terminal(b, p)) return -1;
  return interruptible([&](const std::atomic<bool>& cancel) {
    if (is_player(StrategySpec::parse(spec).name)) return make_player(b, spec)->choose(p).move;
    return make_strategy(b, spec)->search_cancellable(p, cancel).best_move;
  });
}

// --- end of move quality ---

}  // namespace

// ---- tictac.match (issue 32): a match as the CSV text of its files -------
// (match.hpp, match_files.hpp), so that Python reads the columns `tictac
// match` writes.  Its own includes here, to keep the block whole.
}  // namespace tictac
#include <sstream>

#include "harness/experiment/match.hpp"
#include "harness/experiment/match_files.hpp"
#include "harness/formats/metadata.hpp"
namespace tictac {

namespace {

// (games.csv, moves.csv, summary.csv, metadata.json) as text.
py::tuple match_texts(const Board& b, const std::vector<std::string>& players, const std::string& openings,
                      const py::dict& keys, std::size_t repeat, std::uint64_t seed, bool gauntlet,
                      const std::string& command) {
  MatchSpec spec;
  spec.board = b;
  spec.players = players;
  spec.openings = spec_of(openings, keys);
  spec.repeat = repeat;
  spec.seed = seed;
  spec.gauntlet = gauntlet;
  const std::string started = utc_now_iso8601();
  const MatchResult r = interruptible([&](const std::atomic<bool>& cancel) {
    MatchOptions o;
    o.interrupt = &cancel;
    return run_match(spec, o);
  });
  std::ostringstream games, moves, summary;
  write_match_games(games, r);
  write_match_moves(moves, r);
  write_match_summary(summary, r);
  return py::make_tuple(games.str(), moves.str(), summary.str(), match_metadata(r, command, started).dump());
}

}  // namespace

void bind_match(py::module_& m) {
  m.def("match", &match_texts, "board"_a, "players"_a, "openings"_a, "keys"_a, "repeat"_a, "seed"_a, "gauntlet"_a,
        "command"_a);
}
// ---- end of tictac.match --------------------------------------------------

}  // namespace tictac

PYBIND11_MODULE(_core, m) {
  using namespace tictac;
  m.doc() = "The C++ side of the tictac module; use the functions of `tictac`, not these.";

  py::class_<Board>(m, "Board")
      .def(py::init<int, int, int, bool>(), "rows"_a, "cols"_a, "k"_a, "gravity"_a)
      .def_property_readonly("rows", &Board::rows)
      .def_property_readonly("cols", &Board::cols)
      .def_property_readonly("k", &Board::k)
      .def_property_readonly("cells", &Board::cells)
      .def_property_readonly("gravity", &Board::gravity)
      .def("name", &Board::name)
      .def("size_name", &Board::size_name);

  m.def("parse_position", [](const Board& b, const std::string& text) { return describe_position(b, parse_position(b, text)); });
  // Pons's move sequence ("4453") on a gravity board (notation.hpp).
  m.def("parse_moves", [](const Board& b, const std::string& moves) { return describe_position(b, parse_moves(b, moves)); });
  m.def("legal_moves", [](const Board& b, const std::string& text) {
    const Position p = parse_position(b, text);
    return is_terminal(b, p) ? std::vector<int>{} : cells_of(p.legal_moves(b));
  });
  m.def("cell_name", [](const Board& b, int cell) {
    if (cell < 0 || cell >= b.cells())
      throw std::invalid_argument("cell " + std::to_string(cell) + " is not on " + b.size_name() + " (cells 0 to " +
                                  std::to_string(b.cells() - 1) + ")");
    return cell_name(b, cell);
  });
  m.def("parse_cell", [](const Board& b, const std::string& text) { return parse_cell(b, text); });
  m.def("symmetries", [](const Board& b) {
    const SymmetryGroup g(b);
    std::vector<std::pair<std::string, std::vector<int>>> out;
    for (int s = 0; s < g.size(); ++s) {
      std::vector<int> to;
      for (int c = 0; c < b.cells(); ++c) to.push_back(g.map_cell(s, c));
      out.emplace_back(std::string(g.name(s)), std::move(to));
    }
    return out;
  });

  m.def("strategies", [] {
    std::vector<py::tuple> out;
    for (const StrategyInfo& s : strategy_catalog()) {
      std::vector<py::tuple> options;
      for (const StrategyOption& o : s.options) options.push_back(py::make_tuple(o.key, o.default_value, o.choices, o.help));
      out.push_back(py::make_tuple(s.name, s.summary, options));
    }
    return out;
  });
  m.def("default_strategy", &default_strategy);

  // (the JSON of `tictac solve --format json`, the distance or None, the timed search)
  m.def(
      "solve",
      [](const Board& b, const std::optional<std::string>& position, const std::string& strategy, bool all_optimal,
         bool distance) {
        const Position root = position_of(b, position);
        return interruptible([&](const std::atomic<bool>& cancel) {
          // The distance mode of the strategy (tictac solve --distance) when it
          // has one; a strategy without one takes the exact solution's
          // distance, on boards of at most 16 cells.
          bool mode = false;
          if (distance) try {
              (void)distance_strategy(b, strategy);
              mode = true;
            } catch (const std::invalid_argument&) {
              if (b.cells() > StateSpace::kMaxCells) throw;
            }
          const SolveReport rep = solve_report(b, root, strategy, all_optimal, true, &cancel, mode);
          std::optional<int> d;
          if (mode && rep.result.distance >= 0) d = rep.result.distance;
          else if (distance) d = exact_solution(b)->distance(root);
          return std::make_tuple(solve_json(rep).dump(), d, rep.timing);
        });
      },
      "board"_a, "position"_a, "strategy"_a, "all_optimal"_a, "distance"_a);

  // The JSON of `tictac analyze --format json`.
  m.def("analyze", [](const Board& b) {
    return interruptible([&](const std::atomic<bool>&) {
      // As `tictac analyze` does it: the cached exact solution (its errors
      // are the CLI's), then the analysis.
      const auto exact = exact_solution(b);
      const SymmetryGroup group(b);
      return analysis_json(b, analyze(*exact, group)).dump();
    });
  });

  m.def("positions", &position_set, "board"_a, "kind"_a, "keys"_a);
  m.def("position_set_keys", [] {
    std::vector<std::string> keys;
    for (std::string_view k : position_set_keys()) keys.emplace_back(k);
    return keys;
  });

  // (rows, cells, the disagreement message or None); the files are in `out`.
  m.def(
      "run",
      [](const std::string& config, bool is_text, const std::string& out, unsigned jobs, const std::string& command,
         bool force) {
        return interruptible([&](const std::atomic<bool>& cancel) {
          const ExperimentConfig c = is_text ? parse_config(config, "<text>") : load_config(config);
          RunOptions ro;
          ro.out = out;
          ro.jobs = jobs > 0 ? jobs : std::max(1u, std::thread::hardware_concurrency());
          ro.command_line = command;
          ro.interrupt = &cancel;
          ro.cancellable_searches = true;
          ro.force = force;
          const RunSummary s = run_of(c, ro);
          std::optional<std::string> message;
          if (!s.disagreements.empty()) message = disagreement_message(s.disagreements);
          return std::make_tuple(s.rows, s.cells, message);
        });
      },
      "config"_a, "is_text"_a, "out"_a, "jobs"_a, "command"_a, "force"_a);

  bind_match(m);  // tictac.match (its block above)
  // Move quality and one player's move (issue 32).
  m.def("quality", &quality_of, "board"_a, "kind"_a, "keys"_a, "players"_a, "repeat"_a, "seed"_a, "seeds_chosen"_a,
        "resamples"_a, "command"_a);
  m.def("play_move", &play_move_of, "board"_a, "position"_a, "spec"_a);
}
