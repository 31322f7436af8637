// The registry: spec strings to runnable strategies (strategy.hpp), from one
// table, strategy_table().  A line of it is what `tictac strategies` lists (name,
// summary, options) and the factory that builds the strategy from its option
// values (erased_strategy.hpp); the built-in families' factories are in
// families/, one file each (families.hpp).
#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "algorithms/search/connect/connect_bitboard.hpp"
#include "harness/registry/families/families.hpp"
#include "harness/registry/orderings.hpp"
#include "harness/registry/strategy.hpp"
#include "harness/registry/strategy_spec.hpp"

namespace tictac {

namespace {

// What the strategies without game knowledge do on gravity boards.
constexpr const char* kDropsOnly = "searches the legal drops (one per column that is not full); nothing to switch off";
constexpr const char* kOrderedDrops =
    "orders the legal drops (static: by column, centre first, ties to the left); nothing to switch off";

// What the provers keep on gravity boards (proof_knowledge.hpp and
// proof_value.hpp switch the rest off, whatever the spec says).
constexpr const char* kProverGravity =
    "searches the legal drops; keeps wins (holes that can be dropped into now) and live's disproof (no live window); "
    "switches off threats, pairing, potential, dominance, live's dead-cell pruning, mb and stealing, which assume "
    "that any empty cell can be played";

// The strategy table: one line per strategy (README: "Adding a strategy").
std::vector<StrategyEntry>& strategy_table() {
  static std::vector<StrategyEntry> t = {
      {{"minimax", "plain minimax over the whole tree, X max / O min, scores +1/0/-1 (seed 004)", {}, 100, kDropsOnly},
       family::minimax()},
      {{"minimax-depth",
        "depth-scored minimax: a win scores higher the sooner it comes, a loss is put off (seed 004's 10 - depth, "
        "for any board)",
        {}, 1.0, kDropsOnly},
       family::minimax_depth()},
      {{"negamax", "minimax in negamax form over the whole tree, +1/0/-1 (seed 000's baseline)", {}, 100, kDropsOnly},
       family::negamax()},
      {{"alphabeta", "negamax alpha-beta with orderings, windows, fail-soft/hard, and a Zobrist table",
        family::alphabeta_family_options(), 10, kOrderedDrops},
       family::alphabeta()},
      {{"pvs", "principal variation search (NegaScout): null windows after the first move, re-search on success",
        family::alphabeta_family_options(), 1.0, kOrderedDrops},
       family::pvs()},
      // mtdf always has its table, and makes null windows of its own.
      {{"mtdf", "MTD(f): null-window alpha-beta passes over a transposition table, converging on the value",
        family::alphabeta_family_options({"window", "tt"}), 1.0, kOrderedDrops},
       family::mtdf()},
      {{"memo",
        "negamax with a memo of solved positions; keys=canonical is seed 000's symmetry memo (2,271 nodes on 3x3)",
        {{"keys", "exact", {"exact", "canonical"}, "memo keys: the position, or its canonical form"}}, 1.0,
        "searches the legal drops; keys=canonical folds the gravity group, the identity and the left-right mirror; "
        "nothing to switch off"},
       family::memo()},
      {{"solve", "the exact solver: retrograde analysis labels every reachable position (boards of at most 16 cells)",
        {}, 1.0, "the reachable positions and their labels follow the drops; nothing to switch off"},
       family::retrograde()},
      {{"best",
        "the strongest exact solver, an ablation ladder: every enhancement below can be switched off "
        "(algorithms/search/best/best_search.hpp)",
        family::best_options(), 1.0,
        "searches the legal drops; wins, threats and forced blocks count only holes that are legal drops now; "
        "threats also skips a move just below an opponent's hole (it would open the hole); "
        "live's pruning of interchangeable dead cells is OFF (a stone in a dead cell opens the cell above it); pairing "
        "is OFF (the breaker's answer may not be playable yet); the "
        "live-window draw and bounds, the eval order, history and the canonical table (identity and mirror) are "
        "as without gravity"},
       family::best()},
      // Seed 003's engine as its Java code runs it (algorithms/search/seed003_alphabeta.hpp).
      {{"alphabeta-seed003",
        "seed 003's engine exactly: minimax-form alpha-beta, each root move searched with the full window, "
        "+-1000 scores, a 65,536-slot always-replace table keyed by java.util.Random(12345) Zobrist numbers",
        {{"tt", "zobrist", {"zobrist", "none"}, "the article's table, or none (its alpha-beta alone)"},
         {"order", "index", {"index", "oracle"},
          "cells in index order (the article's code) or the oracle order (its 'ideal ordering'), after the table move",
          StrategyOption::Kind::choice, true}},
        1.0, "searches the legal drops, in index or oracle order; nothing to switch off"},
       family::seed003()},
      {{"connect",
        "exact solver for gravity boards (Connect-Four and its family; a gravity board with (rows + 1) * cols <= 64): "
        "bitboards, threat ordering, claimeven bounds, a table of both bounds (algorithms/search/connect/connect_solver.hpp)",
        family::connect_options(), 1.0,
        "made for gravity: the legal drops on column-major bitboards, every option sound there (boards without "
        "gravity are refused)"},
       family::connect()},
      // The proof-number family (algorithms/search/proof/), issue 14.
      {{"pns",
        "Allis's proof-number search: best-first over the AND/OR graph with transpositions merged, game knowledge "
        "as a ladder (algorithms/search/proof/pns.hpp)",
        family::proof_options(false), 1.0, kProverGravity},
       family::pns()},
      {{"dfpn",
        "depth-first proof-number search (Nagai) with the 1+epsilon trick over a fixed table, the same knowledge "
        "(algorithms/search/proof/dfpn.hpp)",
        family::proof_options(true), 1.0, kProverGravity},
       family::dfpn()},
  };
  return t;
}

const StrategyEntry* find_entry(std::string_view name) {
  for (const auto& e : strategy_table())
    if (e.info.name == name) return &e;
  return nullptr;
}

// Whether `value` is valid for `option`; throws with the valid values if not.
void check_value(const StrategyInfo& info, const StrategyOption& option, const std::string& value) {
  const std::string what = "strategy " + info.name + ": " + option.key + "=" + value + " is not valid";
  switch (option.kind) {
    case StrategyOption::Kind::move_order:
      parse_order(value);  // throws with the valid parts
      return;
    case StrategyOption::Kind::choice:
      if (std::find(option.choices.begin(), option.choices.end(), value) == option.choices.end()) {
        std::string valid;
        for (const auto& c : option.choices) valid += (valid.empty() ? "" : ", ") + c;
        throw std::invalid_argument(what + " (choices: " + valid + ")");
      }
      return;
    case StrategyOption::Kind::number: {
      std::uint64_t n = 0;
      auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (ec != std::errc{} || ptr != value.data() + value.size() || (option.key == "tt_bits" && n > 28))
        throw std::invalid_argument(what + " (" + option.help + ")");
      return;
    }
  }
}

// Option values in catalogue order, validated; unknown keys refused.
OptionValues resolve(const StrategyInfo& info, const StrategySpec& spec) {
  OptionValues values;
  for (const auto& o : info.options) values[o.key] = o.default_value;
  for (const auto& [key, value] : spec.options) {
    const auto option = std::find_if(info.options.begin(), info.options.end(), [&k = key](const auto& o) { return o.key == k; });
    if (option == info.options.end()) {
      std::string valid;
      for (const auto& o : info.options) valid += (valid.empty() ? "" : ", ") + o.key;
      throw std::invalid_argument("strategy " + info.name + " has no option '" + key + "'" +
                                  (valid.empty() ? " (it takes none)" : " (its options: " + valid + ")"));
    }
    check_value(info, *option, value);
    values[key] = value;
  }
  return values;
}

// The identity of the strategy with these (resolved) values.
StrategyIdentity identity_of(const StrategyInfo& info, const OptionValues& values) {
  StrategyIdentity id{info.name, info.name, "none", false, info.cost_weight};
  bool first = true;
  for (const StrategyOption& o : info.options) {
    std::string v = values.at(o.key);
    if (o.kind == StrategyOption::Kind::move_order) {
      const OrderSpec order = parse_order(v);
      v = order_text(order);
      id.seeded = id.seeded || seeded(order);
    }
    id.options.emplace_back(o.key, v);
    if (!o.shown_at_default && values.at(o.key) == o.default_value) continue;
    if (o.ordering) id.ordering = v;
    id.spec += (first ? ":" : ",") + o.key + "=" + v;
    first = false;
  }
  return id;
}

}  // namespace

std::vector<StrategyInfo> strategy_catalog() {
  std::vector<StrategyInfo> c;
  for (const auto& e : strategy_table()) c.push_back(e.info);
  return c;
}

void register_strategy(StrategyEntry entry) {
  if (find_entry(entry.info.name))
    throw std::invalid_argument("a strategy named '" + entry.info.name + "' is already registered");
  strategy_table().push_back(std::move(entry));
}

std::unique_ptr<Strategy> make_strategy(const Board& board, std::string_view text) {
  const StrategySpec spec = StrategySpec::parse(text);
  const StrategyEntry* entry = find_entry(spec.name);
  if (!entry) {
    std::string valid;
    for (const auto& e : strategy_table()) valid += (valid.empty() ? "" : ", ") + e.info.name;
    throw std::invalid_argument("unknown strategy '" + spec.name + "' (strategies: " + valid + ")");
  }
  const OptionValues values = resolve(entry->info, spec);
  if (board.gravity() && !entry->info.gravity_supported)
    throw std::invalid_argument("strategy " + spec.name + " does not support gravity boards such as " + board.name() +
                                (entry->info.gravity.empty() ? std::string() : ": " + entry->info.gravity));
  return entry->make(board, values, identity_of(entry->info, values));
}

std::optional<std::size_t> seeded_option(std::string_view name,
                                         const std::vector<std::pair<std::string, std::string>>& options) {
  const StrategyEntry* entry = find_entry(name);
  if (!entry) return std::nullopt;
  for (std::size_t i = 0; i < options.size(); ++i)
    for (const auto& o : entry->info.options)
      if (o.key == options[i].first && o.kind == StrategyOption::Kind::move_order) try {
          if (seeded(parse_order(options[i].second))) return i;
        } catch (const std::invalid_argument&) {
        }
  return std::nullopt;
}

// Chosen per board from measurements of the empty board: the whole process
// of `tictac solve --no-timing` (what a user waits for; dfpn's tables cost
// it about 15 ms of set-up), median of 5 runs on the 2-core VM, best,
// best:pairing=on and dfpn (the figures are in the commit that set this):
//   - k <= 3, and every gravity board connect does not hold: best.  On k = 3
//     boards every strategy answers in microseconds; best is the yardstick.
//   - 4x4: best:history=off.  Measured with bench/bench_best_search.cpp,
//     the history tie-break costs nodes there (k=4: 23,259 with it, 18,985
//     without) and saves them on 5x5, 6x5 and 6x6.
//   - k = 4 with both sides at least 6 (first-player wins that best finds in
//     few nodes): best (8x8 125 ms against dfpn's 480, 6x8 103 against 409,
//     7x8 137 against 288, 7x7 68 against 107; the pairing test only costs
//     time there), but dfpn on 6x7 and 7x6 (166 ms against 281 for
//     best:pairing=on and 350 for best) and on 6x6.  On 6x6 best proves the
//     empty board faster (the search alone: 58 ms against 150), but the
//     positions after it are what play and the sets meet, and there dfpn is
//     twice as fast: on the first 20 positions of the shipped 6x6k4 sets,
//     median (max) whole process, best against dfpn, begin-medium 0.30 s
//     (0.42) against 0.16 (0.37), begin-hard 0.59 (1.09) against 0.32
//     (0.50); the six positions one stone in, 0.07 to 2.4 s against 0.11 to
//     0.96.  (On 5x5 k=4 and 6x6 k=5 best:pairing=on stays ahead there too.)
//   - every other board with k >= 4 and over 16 cells: best with its pairing
//     test (best:pairing=on); up to 16 cells, dfpn, as before.  It proves the draws of 4x5 (17 ms against dfpn's
//     33), 5x5 (40 against 57), 4x7 (325 against 390), 6x6 k=5 (16 against
//     23) and 7x7 k=5 (0.92 s against 1.44 s), and of 6x7 k=5 (80 against
//     555), and the wins of 5x6, 5x7 and 5x8 with k=4, with a proven move
//     each; dfpn proves a draw of an empty board by strategy-stealing, which
//     proves none.  4x8 and 6x8 k=5 are about even (3 to 4 s, and 2 s).
//     Boards not measured (8x8 k=5 and beyond, where neither finished in 10 s)
//     take it too.
//
// On gravity boards that its bitboards hold, connect (Connect-Four's weak
// solve: about 15 s, bench/bench_connect.cpp; best is built for boards
// without gravity).
bool connect_holds(const Board& board) {
  return board.gravity() && ConnectBitboard::fits(board.rows(), board.cols());
}

namespace {

// Where best's pairing test pays for its cost (10 to 30 us a node), by the
// measurements above and below: boards without gravity with k >= 5, and
// with k = 4 unless both sides are at least 6 (there the first player wins
// fast and a pairing rarely exists).
bool pairing_pays(const Board& board) {
  const bool big_k4 = board.k() == 4 && std::min(board.rows(), board.cols()) >= 6;
  return !board.gravity() && board.k() >= 4 && !big_k4 && board.cells() > 16;
}

}  // namespace

std::string default_strategy(const Board& board) {
  if (connect_holds(board)) return "connect";
  const int r = board.rows(), c = board.cols();
  if (r == 4 && c == 4) return "best:history=off";
  if (pairing_pays(board)) return "best:pairing=on";
  if (board.gravity() || board.k() <= 3) return "best";
  return r + c <= 13 ? "dfpn" : "best";  // k = 4 with both sides >= 6: dfpn on 6x6, 6x7 and 7x6
}

// Measured where a race pays (the positions of the shipped sets, and of
// play): on 6x6 k=5, best:pairing=on took 2.6 s on a position of ply 2
// that dfpn proves in 0.05 s; on 6x6 k=4 one stone in, best took up to
// 2.4 s where dfpn took 0.2 s, and dfpn up to 0.96 s where best took 0.07 s;
// on 7x7 k=5, the strong solver with best:pairing=on alone left 252 of 2,148
// sampled positions unknown within 1 s (dfpn alone: 15 of 1,578).
std::string partner_strategy(const Board& board) {
  if (board.gravity()) return "";
  if (default_strategy(board).starts_with("dfpn")) return pairing_pays(board) ? "best:pairing=on" : "best";
  return "dfpn";
}

// The distance strategy takes best's pairing test where it pays
// (pairing_pays): a side facing a pairing of its windows cannot win, so a
// null-window test of "wins within d plies" fails there at once.  Measured on
// 20 win or loss positions of the shipped 6x6k5 begin-easy and 7x7k5
// middle-easy sets (the same value and distance on every one): 0.6 to 2.8
// million nodes without it, 30 to 2,209 with it; on the wins and losses of
// 5x5k4's begin-medium set, median 0.12 s with it against 0.22 s.  On 6x6
// k=4 it costs more than it saves: begin-medium 0.72 s against 0.41 s.
std::string distance_strategy(const Board& board, std::string_view spec) {
  if (spec.empty()) {
    if (connect_holds(board)) return "connect:mode=distance";
    return pairing_pays(board) ? "best:distance=on,pairing=on" : "best:distance=on";
  }
  StrategySpec s = StrategySpec::parse(spec);
  const char* key = s.name == "best" ? "distance" : s.name == "connect" ? "mode" : nullptr;
  const std::string on = s.name == "best" ? "on" : "distance";
  const std::string choices =
      "the strategies with a distance mode are best (best:distance=on) and, on gravity boards, connect "
      "(connect:mode=distance)";
  if (!key) throw std::invalid_argument("--distance: strategy " + s.name + " has no distance mode; " + choices);
  auto it = std::find_if(s.options.begin(), s.options.end(), [&](const auto& kv) { return kv.first == key; });
  if (it == s.options.end())
    s.options.emplace_back(key, on);
  else if (it->second != on)
    throw std::invalid_argument("--distance: " + std::string(spec) + " switches the distance mode off (" + key + "=" +
                                it->second + "); " + choices);
  return s.to_string();
}

}  // namespace tictac
