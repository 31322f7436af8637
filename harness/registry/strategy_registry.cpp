// The registry: spec strings to runnable strategies (strategy.hpp), from one
// table, strategy_table().  A line of it is what `tictac strategies` lists (name,
// summary, options) and the factory that builds the strategy from its option
// values (erased_strategy.hpp).
#include <algorithm>
#include <charconv>
#include <stdexcept>

#include "algorithms/search/alphabeta.hpp"
#include "algorithms/search/best_search.hpp"
#include "algorithms/search/connect_bitboard.hpp"
#include "algorithms/search/connect_solver.hpp"
#include "algorithms/search/memo_negamax.hpp"
#include "algorithms/search/minimax.hpp"
#include "algorithms/search/mtdf.hpp"
#include "algorithms/search/negamax.hpp"
#include "algorithms/search/order/oracle.hpp"
#include "algorithms/search/policy.hpp"
#include "algorithms/search/proof/dfpn.hpp"
#include "algorithms/search/proof/pns.hpp"
#include "algorithms/search/pvs.hpp"
#include "algorithms/search/retrograde.hpp"
#include "algorithms/search/seed003_alphabeta.hpp"
#include "harness/registry/erased_strategy.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/orderings.hpp"
#include "harness/registry/strategy.hpp"
#include "harness/registry/strategy_spec.hpp"

namespace tictac {

namespace {

// The whole-tree searches take the board's gravity as a template parameter
// (Board::legal_moves<Gravity>), so a board without gravity pays nothing for
// the support test; by_gravity picks the instantiation once, here.
template <bool G>
struct MinimaxFlat {
  template <class S>
  using Algo = Minimax<S, false, G>;
};
template <bool G>
struct MinimaxDepth {
  template <class S>
  using Algo = Minimax<S, true, G>;
};
template <bool G>
struct NegamaxOf {
  template <class S>
  using Algo = Negamax<S, G>;
};

template <template <bool> class Pick>
StrategyFactory by_gravity() {
  return [](const Board& board, const OptionValues& values, StrategyIdentity id) {
    return board.gravity() ? erased<Pick<true>::template Algo>()(board, values, std::move(id))
                           : erased<Pick<false>::template Algo>()(board, values, std::move(id));
  };
}

constexpr auto kNumber = StrategyOption::Kind::number;

// The options of the alpha-beta family, less the keys in `without`.
std::vector<StrategyOption> alphabeta_family_options(std::initializer_list<std::string_view> without = {}) {
  std::vector<StrategyOption> o = {
      {"order", "index", order_examples(), order_help(), StrategyOption::Kind::move_order, true},
      {"window", "full", {"full", "narrow"}, "root window: (-inf, +inf), or the extreme scores of a game"},
      {"fail", "soft", {"soft", "hard"}, "fail-soft returns scores outside (alpha, beta); fail-hard clamps them"},
      {"score", "flat", {"flat", "depth"}, "flat +1/0/-1, or depth-scored (sooner wins score higher)"},
      {"tt", "none", {"none", "zobrist"}, "transposition table"},
      {"keys", "exact", {"exact", "canonical"}, "table keys: the position's Zobrist key, or its canonical form's"},
      {"tt_bits", "0", {}, "table size as a power of two, 1 to 28 (0: sized to the board)", kNumber},
      {"replace", "always", {"always", "depth", "two-tier"}, "table replacement scheme"},
      {"seed", "1", {}, "seed for the random orderings", kNumber},
      {"iterative", "false", {"false", "true"}, "iterative deepening (depth 1, 2, ..., all empty cells)"},
  };
  std::erase_if(o, [&](const StrategyOption& option) {
    return std::find(without.begin(), without.end(), option.key) != without.end();
  });
  return o;
}

// The option values of the alpha-beta family as the algorithm's options.
AlphaBetaOptions to_alphabeta_options(OptionValues& v, const std::string& name) {
  AlphaBetaOptions o;
  o.order = parse_order(v["order"]);
  o.narrow_window = v["window"] == "narrow";
  o.fail_hard = v["fail"] == "hard";
  o.depth_score = v["score"] == "depth";
  o.tt = name == "mtdf" || v["tt"] == "zobrist";
  o.canonical_keys = v["keys"] == "canonical";
  o.tt_bits = std::stoi(v["tt_bits"]);
  o.replace = v["replace"] == "depth" ? Replacement::depth : v["replace"] == "two-tier" ? Replacement::two_tier
                                                                                         : Replacement::always;
  o.seed = std::stoull(v["seed"]);
  o.iterative = v["iterative"] == "true";
  if (o.order.tt_first && !o.tt)
    throw std::invalid_argument("strategy " + name + ": order=" + v["order"] + " puts the table move first, which needs tt=zobrist");
  return o;
}

// The algorithms of the alpha-beta family, each an instantiation per policy
// (algorithms/search/alphabeta.hpp: AlphaBetaPolicy).
enum class AlphaBetaKind { alphabeta, pvs, mtdf };

// The factory of alphabeta, pvs and mtdf: the options, the exact solution for
// an ordering that reads it, and the instantiation for the options' policy
// (chosen once here, so the search tests none of them at a node).
template <AlphaBetaKind Kind>
StrategyFactory alphabeta_family() {
  return [](const Board& board, const OptionValues& values, StrategyIdentity id) -> std::unique_ptr<Strategy> {
    OptionValues v = values;
    const AlphaBetaOptions o = to_alphabeta_options(v, id.name);
    if (needs_exact(o.order) && board.cells() > StateSpace::kMaxCells)
      throw std::invalid_argument("strategy " + id.name + ": order=" + v["order"] +
                                  " reads the exact solution, which needs a board of at most 16 cells; " +
                                  board.size_name() + " has " + std::to_string(board.cells()));
    std::shared_ptr<const ExactSolution> exact = needs_exact(o.order) ? exact_solution(board) : nullptr;
    const ExactSolution* e = exact.get();
    return dispatch<kAlphaBetaPolicies>(policy_of(o), [&]<AlphaBetaPolicy P>() -> std::unique_ptr<Strategy> {
      auto make = [&]<template <class> class Algo>() -> std::unique_ptr<Strategy> {
        return std::make_unique<ErasedStrategy<Algo, AlphaBetaOptions, const ExactSolution*>>(std::move(id), board,
                                                                                              exact, o, e);
      };
      if constexpr (Kind == AlphaBetaKind::alphabeta) {
        return make.template operator()<AlphaBetaWith<P>::template AlphaBeta>();
      } else if constexpr (Kind == AlphaBetaKind::pvs) {
        return make.template operator()<AlphaBetaWith<P>::template Pvs>();
      } else if constexpr (!P.fixed || P.keys != TableKeys::none) {  // mtdf always has its table
        return make.template operator()<MtdfWith<P>::template Mtdf>();
      } else {
        throw std::logic_error("mtdf without a table: the registry gave it a policy it never takes");
      }
    });
  };
}

BestOptions to_best_options(const OptionValues& values) {
  auto v = [&](const char* key) -> const std::string& { return values.at(key); };
  BestOptions b;
  b.wins = v("wins") == "on";
  b.threats = v("threats") == "on";
  b.window = v("window") == "full" ? BestOptions::Window::full : BestOptions::Window::null;
  b.tt = v("tt") == "exact" ? BestOptions::Table::exact
         : v("tt") == "none" ? BestOptions::Table::none : BestOptions::Table::canonical;
  b.tt_bits = std::stoi(v("tt_bits"));
  b.live = v("live") == "on";
  b.order = v("order") == "index" ? BestOptions::Order::index : BestOptions::Order::eval;
  b.history = v("history") == "on";
  b.distance = v("distance") == "on";
  return b;
}

std::vector<StrategyOption> best_options() {
  return {{"wins", "on", {"on", "off"}, "immediate wins first, and forced blocks of the opponent's immediate win"},
          {"threats", "on", {"on", "off"}, "an opponent with two immediate winning threats wins: no further search"},
          {"window", "null", {"null", "full"}, "null-window searches on the three values, or one full-window search"},
          {"tt", "canonical", {"canonical", "exact", "none"}, "table holding both bounds, keyed by canonical form or position"},
          {"tt_bits", "0", {}, "table size as a power of two, 1 to 28 (0: sized to the board)", kNumber},
          {"live", "on", {"on", "off"}, "live-line pruning: dead windows ignored, no live window is a draw, one of the "
                                         "cells in no live window is tried"},
          {"order", "eval", {"eval", "index"}, "moves by an evaluation of live windows (attack above defence), or by cell",
           StrategyOption::Kind::choice, true},
          {"history", "on", {"on", "off"}, "the history heuristic as tie-break"},
          {"distance", "off", {"on", "off"}, "also the exact distance to the end (null-window bisection on a distance "
                                             "score after the value)"}};
}

// The memo: one instantiation per layout and key kind (memo_negamax.hpp: MemoPolicy).
StrategyFactory memo() {
  return [](const Board& board, const OptionValues& values, StrategyIdentity id) -> std::unique_ptr<Strategy> {
    const bool canonical = values.at("keys") == "canonical";
    return dispatch<kMemoPolicies>(memo_policy(board, canonical), [&]<MemoPolicy P>() -> std::unique_ptr<Strategy> {
      return std::make_unique<ErasedStrategy<MemoNegamaxWith<P>::template Search, bool>>(std::move(id), board, nullptr,
                                                                                         canonical);
    });
  };
}

// best: the rungs of its ladder and the golden specs have instantiations of
// their own; every other combination shares one, and boards above 48 cells
// share the one with the wide table (best_search.hpp: BestFeatures).
StrategyFactory best() {
  return [](const Board& board, const OptionValues& values, StrategyIdentity id) -> std::unique_ptr<Strategy> {
    const BestOptions b = to_best_options(values);
    return dispatch<kBestFeatures>(features_of(b, board), [&]<BestFeatures F>() -> std::unique_ptr<Strategy> {
      return std::make_unique<ErasedStrategy<BestSearchWith<F>::template Search, BestOptions>>(std::move(id), board,
                                                                                               nullptr, b);
    });
  };
}

StrategyFactory retrograde() {
  return [](const Board& board, const OptionValues& values, StrategyIdentity id) {
    if (board.cells() > StateSpace::kMaxCells)
      throw std::invalid_argument("strategy solve (retrograde analysis) needs a board of at most 16 cells; " +
                                  board.size_name() + " has " + std::to_string(board.cells()));
    return erased<Retrograde>()(board, values, std::move(id));
  };
}

// Seed 003's engine: with or without its table, in index or oracle order.
StrategyFactory seed003() {
  return [](const Board& board, const OptionValues& values, StrategyIdentity id) -> std::unique_ptr<Strategy> {
    const bool oracle = values.at("order") == "oracle";
    const OrderBase* base = oracle ? &kOracleOrder : &kIndexOrder;
    std::shared_ptr<const ExactSolution> exact = oracle ? exact_solution(board) : nullptr;
    const ExactSolution* e = exact.get();
    if (values.at("tt") == "none")
      return std::make_unique<ErasedStrategy<Seed003Plain, const OrderBase*, const ExactSolution*>>(std::move(id), board, exact,
                                                                                            base, e);
    return std::make_unique<ErasedStrategy<Seed003WithTable, const OrderBase*, const ExactSolution*>>(std::move(id), board,
                                                                                              exact, base, e);
  };
}

// What the strategies without game knowledge do on gravity boards.
constexpr const char* kDropsOnly = "searches the legal drops (one per column that is not full); nothing to switch off";
constexpr const char* kOrderedDrops =
    "orders the legal drops (static: by column, centre first, ties to the left); nothing to switch off";

// The connect solver (gravity boards): its options and its factory.
std::vector<StrategyOption> connect_options() {
  return {{"mode", "weak", {"weak", "distance"}, "the value only, or Pons's score (hence the exact distance)"},
          {"window", "null", {"null", "full"}, "null-window searches on the score, or one search with a full window"},
          {"anticipate", "on", {"on", "off"}, "never search a move that lets the opponent win at once"},
          {"order", "threats", {"threats", "column"}, "moves by the threats they make, or centre columns first",
           StrategyOption::Kind::choice, true},
          {"tt", "symmetric", {"symmetric", "exact", "none"}, "table keyed by position or mirror-symmetric, or none"},
          {"tt_mb", "0", {}, "table size in MiB, rounded down to a power of two (0: sized to the board)", kNumber},
          {"near", "20", {}, "positions with at most this many empty cells use a second, 1 MiB table (0: one table)",
           kNumber},
          {"bounds", "on", {"on", "off"}, "static bounds: no line left, and the second player's claimeven"},
          {"etc", "on", {"on", "off"}, "enhanced transposition cutoffs at every node"}};
}

StrategyFactory connect() {
  return [](const Board& board, const OptionValues& values, StrategyIdentity id) -> std::unique_ptr<Strategy> {
    auto v = [&](const char* key) -> const std::string& { return values.at(key); };
    ConnectOptions o;
    o.mode = v("mode") == "distance" ? ConnectOptions::Mode::distance : ConnectOptions::Mode::weak;
    o.window = v("window") == "full" ? ConnectOptions::Window::full : ConnectOptions::Window::null;
    o.anticipate = v("anticipate") == "on";
    o.order = v("order") == "column" ? ConnectOptions::Order::column : ConnectOptions::Order::threats;
    o.tt = v("tt") == "exact" ? ConnectOptions::Table::exact
           : v("tt") == "none" ? ConnectOptions::Table::none : ConnectOptions::Table::symmetric;
    if (std::stoull(v("tt_mb")) > 16384)
      throw std::invalid_argument("strategy connect: tt_mb=" + v("tt_mb") + " is above the table's limit (16384 MiB)");
    o.tt_mb = std::stoi(v("tt_mb"));
    if (std::stoull(v("near")) > 64)
      throw std::invalid_argument("strategy connect: near=" + v("near") + " is more empty cells than a board has (64)");
    o.near = std::stoi(v("near"));
    o.bounds = v("bounds") == "on";
    o.etc = v("etc") == "on";
    ConnectSolver<NoStats>::validate(board, o);  // the board and the table size, before any search
    return std::make_unique<ErasedStrategy<ConnectSolver, ConnectOptions>>(std::move(id), board, nullptr, o);
  };
}

// Why the provers refuse gravity boards: make_strategy refuses them through
// gravity_supported = false, before anything is built (their constructors
// refuse them too, proof_value.hpp: refuse_gravity).
constexpr const char* kProverGravity =
    "refused: threats, pairings, dead cells, relevance zones and strategy-stealing assume that any empty cell can be "
    "played";

// The options of pns and dfpn: their knowledge ladder, then the search's own.
std::vector<StrategyOption> proof_options(bool dfpn) {
  std::vector<StrategyOption> o = {
      {"wins", "on", {"on", "off"}, "immediate wins, forced replies to one, and a loss to two"},
      {"threats", "on", {"on", "off"},
       "threat sequences: victory by continuous fours proves; the defender's moves against a threat sequence are "
       "restricted to its zone"},
      {"live", "on", {"on", "off"}, "live windows: no live window disproves, cells live for neither side are not tried"},
      {"pairing", "on", {"on", "off"}, "the breaker's pairing strategies disprove, at every node"},
      {"potential", "on", {"on", "off"}, "the Erdos-Selfridge criterion: a small potential of live windows disproves"},
      {"dominance", "on", {"on", "off"},
       "weak game: a cell whose live windows all hold another empty cell is not tried (that cell is as good)"},
      {"mb", "off", {"on", "off"},
       "the maker-breaker reduction on whole questions: a search of the weak game beside the real one, whose "
       "breaker win disproves (its certificates, pairings and the potential, act at every node either way)"},
      {"stealing", "on", {"on", "off"},
       "strategy-stealing: from the empty board the first player does not lose (never used on gravity boards)"},
      {"keys", "canonical", {"canonical", "exact"}, "table keys: the canonical form under the board's symmetries, or the position"},
      {"nodes", "0", {}, "node budget (0: none); beyond it the result is unknown", kNumber},
  };
  if (dfpn) {
    o.push_back({"tt_bits", "0", {}, "table size as a power of two, 1 to 28 (0: sized to the board; 40 bytes an entry)", kNumber});
    o.push_back({"epsilon", "0.25", {"0", "0.125", "0.25", "0.5", "1"}, "the 1+epsilon threshold trick (0: Nagai's df-pn)"});
  } else {
    o.push_back({"memory_mb", "0", {}, "memory budget of the search graph in MiB (0: sized to the board)", kNumber});
  }
  return o;
}

ProofKnowledgeOptions to_knowledge_options(const OptionValues& values) {
  auto on = [&](const char* key) { return values.at(key) == "on"; };
  ProofKnowledgeOptions k;
  k.wins = on("wins");
  k.threats = on("threats");
  k.live = on("live");
  k.pairing = on("pairing");
  k.potential = on("potential");
  k.dominance = on("dominance");
  return k;
}

ProofValueOptions to_value_options(const OptionValues& values) {
  ProofValueOptions v;
  v.maker_breaker = values.at("mb") == "on";
  v.stealing = values.at("stealing") == "on";
  return v;
}

PnsOptions to_pns_options(const OptionValues& values) {
  return {to_knowledge_options(values), to_value_options(values), values.at("keys") == "canonical",
          std::stoull(values.at("nodes")), std::stoull(values.at("memory_mb"))};
}

DfpnOptions to_dfpn_options(const OptionValues& values) {
  const std::string& e = values.at("epsilon");
  const int permille = e == "0" ? 0 : e == "0.125" ? 125 : e == "0.5" ? 500 : e == "1" ? 1000 : 250;
  return {to_knowledge_options(values), to_value_options(values), values.at("keys") == "canonical",
          std::stoi(values.at("tt_bits")), permille, std::stoull(values.at("nodes"))};
}

// The strategy table: one line per strategy (README: "Adding a strategy").
std::vector<StrategyEntry>& strategy_table() {
  static std::vector<StrategyEntry> t = {
      {{"minimax", "plain minimax over the whole tree, X max / O min, scores +1/0/-1 (seed 004)", {}, 100, kDropsOnly},
       by_gravity<MinimaxFlat>()},
      {{"minimax-depth",
        "depth-scored minimax: a win scores higher the sooner it comes, a loss is put off (seed 004's 10 - depth, "
        "for any board)",
        {}, 1.0, kDropsOnly},
       by_gravity<MinimaxDepth>()},
      {{"negamax", "minimax in negamax form over the whole tree, +1/0/-1 (seed 000's baseline)", {}, 100, kDropsOnly},
       by_gravity<NegamaxOf>()},
      {{"alphabeta", "negamax alpha-beta with orderings, windows, fail-soft/hard, and a Zobrist table",
        alphabeta_family_options(), 10, kOrderedDrops},
       alphabeta_family<AlphaBetaKind::alphabeta>()},
      {{"pvs", "principal variation search (NegaScout): null windows after the first move, re-search on success",
        alphabeta_family_options(), 1.0, kOrderedDrops},
       alphabeta_family<AlphaBetaKind::pvs>()},
      // mtdf always has its table, and makes null windows of its own.
      {{"mtdf", "MTD(f): null-window alpha-beta passes over a transposition table, converging on the value",
        alphabeta_family_options({"window", "tt"}), 1.0, kOrderedDrops},
       alphabeta_family<AlphaBetaKind::mtdf>()},
      {{"memo",
        "negamax with a memo of solved positions; keys=canonical is seed 000's symmetry memo (2,271 nodes on 3x3)",
        {{"keys", "exact", {"exact", "canonical"}, "memo keys: the position, or its canonical form"}}, 1.0,
        "searches the legal drops; keys=canonical folds the gravity group, the identity and the left-right mirror; "
        "nothing to switch off"},
       memo()},
      {{"solve", "the exact solver: retrograde analysis labels every reachable position (boards of at most 16 cells)",
        {}, 1.0, "the reachable positions and their labels follow the drops; nothing to switch off"},
       retrograde()},
      {{"best",
        "the strongest exact solver, an ablation ladder: every enhancement below can be switched off "
        "(algorithms/search/best_search.hpp)",
        best_options(), 1.0,
        "searches the legal drops; wins, threats and forced blocks count only holes that are legal drops now; "
        "live's pruning of interchangeable dead cells is OFF (a stone in a dead cell opens the cell above it); the "
        "live-window draw and bounds, the eval order, history and the canonical table (identity and mirror) are "
        "as without gravity"},
       best()},
      // Seed 003's engine as its Java code runs it (algorithms/search/seed003_alphabeta.hpp).
      {{"alphabeta-seed003",
        "seed 003's engine exactly: minimax-form alpha-beta, each root move searched with the full window, "
        "+-1000 scores, a 65,536-slot always-replace table keyed by java.util.Random(12345) Zobrist numbers",
        {{"tt", "zobrist", {"zobrist", "none"}, "the article's table, or none (its alpha-beta alone)"},
         {"order", "index", {"index", "oracle"},
          "cells in index order (the article's code) or the oracle order (its 'ideal ordering'), after the table move",
          StrategyOption::Kind::choice, true}},
        1.0, "searches the legal drops, in index or oracle order; nothing to switch off"},
       seed003()},
      {{"connect",
        "exact solver for gravity boards (Connect-Four and its family; a gravity board with (rows + 1) * cols <= 64): "
        "bitboards, threat ordering, claimeven bounds, a table of both bounds (algorithms/search/connect_solver.hpp)",
        connect_options(), 1.0,
        "made for gravity: the legal drops on column-major bitboards, every option sound there (boards without "
        "gravity are refused)"},
       connect()},
      // The proof-number family (algorithms/search/proof/), issue 14.
      {{"pns",
        "Allis's proof-number search: best-first over the AND/OR graph with transpositions merged, game knowledge "
        "as a ladder (algorithms/search/proof/pns.hpp)",
        proof_options(false), 1.0, kProverGravity, false},
       erased<Pns>(to_pns_options)},
      {{"dfpn",
        "depth-first proof-number search (Nagai) with the 1+epsilon trick over a fixed table, the same knowledge "
        "(algorithms/search/proof/dfpn.hpp)",
        proof_options(true), 1.0, kProverGravity, false},
       erased<Dfpn>(to_dfpn_options)},
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
  for (std::size_t i = 0; i < info.options.size(); ++i) {
    const StrategyOption& o = info.options[i];
    std::string v = values.at(o.key);
    if (o.kind == StrategyOption::Kind::move_order) {
      const OrderSpec order = parse_order(v);
      v = order_text(order);
      id.seeded = id.seeded || seeded(order);
    }
    if (o.ordering) id.ordering = v;
    id.spec += (i ? "," : ":") + o.key + "=" + v;
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

// Chosen per board from measurements of the empty board (`tictac solve
// --format json`, the statistics-free search's time_ns, best against dfpn
// and pns; the figures are in the commit that set this):
//   - k <= 3, and every other gravity board (the provers refuse them): best.  On
//     k = 3 boards both answer in microseconds; best is the yardstick.
//   - 6x6 and 8x8 with k = 4 (first-player wins that best finds in few
//     nodes): best, 5 and 1.7 times faster than dfpn.
//   - every other board with k >= 4: dfpn.  It proves the draws (4x5 100
//     times faster than best, 5x5 8, 4x7 and 7x4 5; 6x6 and 7x7 with k = 5,
//     where best does not finish) and the wins of 5x6, 6x5, 6x7 and 7x7
//     with k = 4 (4 to 300 times faster); pns is about as fast on the draws
//     but slower on the wins, and holds its whole graph in memory.
// dfpn proves a draw of an empty board by strategy-stealing, which proves
// no move: `tictac solve` then says so.  On 4x4 best's history tie-break is
// off: measured with bench/bench_best_search.cpp, it costs nodes there (k=4:
// 23,259 with it, 18,985 without) and saves them on 5x5, 6x5 and 6x6.
//
// On gravity boards that its bitboards hold, connect (Connect-Four's weak
// solve: about 15 s, bench/bench_connect.cpp; best is built for boards
// without gravity).
std::string default_strategy(const Board& board) {
  if (board.gravity() && ConnectBitboard::fits(board.rows(), board.cols())) return "connect";
  const bool square = board.rows() == board.cols();
  if (board.gravity() || board.k() <= 3 || (board.k() == 4 && square && (board.rows() == 6 || board.rows() == 8))) {
    if (board.rows() == 4 && board.cols() == 4) return "best:history=off";
    return "best";
  }
  return "dfpn";
}

std::string distance_strategy(const Board& board, std::string_view spec) {
  const bool connect = board.gravity() && ConnectBitboard::fits(board.rows(), board.cols());
  if (spec.empty()) return connect ? "connect:mode=distance" : "best:distance=on";
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
