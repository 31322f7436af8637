// The registry: spec strings to runnable strategies (strategy.hpp).
#include <charconv>
#include <functional>
#include <map>
#include <stdexcept>
#include <tuple>

#include "algorithms/search/alphabeta.hpp"
#include "algorithms/search/best_search.hpp"
#include "algorithms/search/memo_negamax.hpp"
#include "algorithms/search/minimax.hpp"
#include "algorithms/search/mtdf.hpp"
#include "algorithms/search/negamax.hpp"
#include "algorithms/search/proof/dfpn.hpp"
#include "algorithms/search/proof/pns.hpp"
#include "algorithms/search/pvs.hpp"
#include "algorithms/search/retrograde.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/strategy.hpp"
#include "harness/registry/strategy_spec.hpp"

namespace tictac {

namespace {

// The three instantiations of one algorithm behind the Strategy interface,
// each built on first use from the same constructor arguments.
template <template <class> class Algo, class... Args>
class Erased final : public Strategy {
 public:
  Erased(std::string spec, const Board& board, std::shared_ptr<const ExactSolution> exact, Args... args)
      : spec_(std::move(spec)), board_(board), exact_(std::move(exact)), args_(args...) {}

  const std::string& spec() const override { return spec_; }

  SearchResult search(const Position& p) override {
    CountingStats stats;
    SearchResult r = get(counting_).search(p, stats);
    r.stats = stats.result();
    return r;
  }
  SearchResult search_fast(const Position& p) override {
    NoStats stats;
    return get(fast_).search(p, stats);
  }
  SearchResult search_traced(const Position& p, SearchTrace& trace) override {
    TracingStats stats;
    stats.trace = &trace;
    SearchResult r = get(traced_).search(p, stats);
    r.stats = stats.result();
    return r;
  }

 private:
  template <class S>
  Algo<S>& get(std::unique_ptr<Algo<S>>& algo) {
    if (!algo)
      algo = std::apply([this](const auto&... a) { return std::make_unique<Algo<S>>(board_, a...); }, args_);
    return *algo;
  }

  std::string spec_;
  Board board_;
  std::shared_ptr<const ExactSolution> exact_;
  std::tuple<Args...> args_;
  std::unique_ptr<Algo<CountingStats>> counting_;
  std::unique_ptr<Algo<NoStats>> fast_;
  std::unique_ptr<Algo<TracingStats>> traced_;
};

template <class S>
using MinimaxFlat = Minimax<S, false>;
template <class S>
using MinimaxDepth = Minimax<S, true>;

const std::vector<std::string> kOrders = {"index",   "static", "random", "random-fixed", "history",
                                          "oracle",  "worst",  "tt",     "killer",       "tt+history",
                                          "tt+killer", "tt+static", "tt+killer+history"};

std::vector<StrategyOption> alphabeta_options(bool with_tt_choice) {
  std::vector<StrategyOption> o = {
      {"order", "index", kOrders,
       "move ordering: a base (index, static, random, random-fixed, history, oracle, worst), optionally "
       "after the prefixes tt+ and killer+ (any such combination is accepted)"},
      {"window", "full", {"full", "narrow"}, "root window: (-inf, +inf), or the extreme scores of a game"},
      {"fail", "soft", {"soft", "hard"}, "fail-soft returns scores outside (alpha, beta); fail-hard clamps them"},
      {"score", "flat", {"flat", "depth"}, "flat +1/0/-1, or depth-scored (sooner wins score higher)"},
      {"tt", "none", {"none", "zobrist"}, "transposition table"},
      {"keys", "exact", {"exact", "canonical"}, "table keys: the position's Zobrist key, or its canonical form's"},
      {"tt_bits", "0", {}, "table size as a power of two, 1 to 28 (0: sized to the board)"},
      {"replace", "always", {"always", "depth", "two-tier"}, "table replacement scheme"},
      {"seed", "1", {}, "seed for the random orderings"},
      {"iterative", "false", {"false", "true"}, "iterative deepening (depth 1, 2, ..., all empty cells)"},
  };
  if (!with_tt_choice) o.erase(o.begin() + 4);  // mtdf always has its table
  if (!with_tt_choice) o.erase(o.begin() + 1);  // ...and null windows of its own
  return o;
}

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
      {"stealing", "on", {"on", "off"}, "strategy-stealing: from the empty board the first player does not lose"},
      {"keys", "canonical", {"canonical", "exact"}, "table keys: the canonical form under the board's symmetries, or the position"},
      {"nodes", "0", {}, "node budget (0: none); beyond it the result is unknown"},
  };
  if (dfpn) {
    o.push_back({"tt_bits", "0", {}, "table size as a power of two, 1 to 28 (0: sized to the board; 40 bytes an entry)"});
    o.push_back({"epsilon", "0.25", {"0", "0.125", "0.25", "0.5", "1"}, "the 1+epsilon threshold trick (0: Nagai's df-pn)"});
  } else {
    o.push_back({"memory_mb", "0", {}, "memory budget of the search graph in MiB (0: sized to the board)"});
  }
  return o;
}

const std::vector<StrategyInfo>& catalog() {
  static const std::vector<StrategyInfo> c = {
      {"minimax", "plain minimax over the whole tree, X max / O min, scores +1/0/-1 (seed 004)", {}},
      {"minimax-depth",
       "depth-scored minimax: a win scores higher the sooner it comes, a loss is put off (seed 004's 10 - depth, "
       "for any board)",
       {}},
      {"negamax", "minimax in negamax form over the whole tree, +1/0/-1 (seed 000's baseline)", {}},
      {"alphabeta", "negamax alpha-beta with orderings, windows, fail-soft/hard, and a Zobrist table",
       alphabeta_options(true)},
      {"pvs", "principal variation search (NegaScout): null windows after the first move, re-search on success",
       alphabeta_options(true)},
      {"mtdf", "MTD(f): null-window alpha-beta passes over a transposition table, converging on the value",
       alphabeta_options(false)},
      {"memo",
       "negamax with a memo of solved positions; keys=canonical is seed 000's symmetry memo (2,271 nodes on 3x3)",
       {{"keys", "exact", {"exact", "canonical"}, "memo keys: the position, or its canonical form"}}},
      {"solve",
       "the exact solver: retrograde analysis labels every reachable position (boards of at most 16 cells)",
       {}},
      {"best",
       "the strongest exact solver, an ablation ladder: every enhancement below can be switched off "
       "(algorithms/search/best_search.hpp)",
       {{"wins", "on", {"on", "off"}, "immediate wins first, and forced blocks of the opponent's immediate win"},
        {"threats", "on", {"on", "off"}, "an opponent with two immediate winning threats wins: no further search"},
        {"window", "null", {"null", "full"}, "null-window searches on the three values, or one full-window search"},
        {"tt", "canonical", {"canonical", "exact", "none"}, "table holding both bounds, keyed by canonical form or position"},
        {"tt_bits", "0", {}, "table size as a power of two, 1 to 28 (0: sized to the board)"},
        {"live", "on", {"on", "off"}, "live-line pruning: dead windows ignored, no live window is a draw, one of the "
                                       "cells in no live window is tried"},
        {"order", "eval", {"eval", "index"}, "moves by an evaluation of live windows (attack above defence), or by cell"},
        {"history", "on", {"on", "off"}, "the history heuristic as tie-break"}}},
      // The proof-number family (algorithms/search/proof/), issue 14.
      {"pns",
       "Allis's proof-number search: best-first over the AND/OR graph with transpositions merged, game knowledge "
       "as a ladder (algorithms/search/proof/pns.hpp)",
       proof_options(false)},
      {"dfpn",
       "depth-first proof-number search (Nagai) with the 1+epsilon trick over a fixed table, the same knowledge "
       "(algorithms/search/proof/dfpn.hpp)",
       proof_options(true)},
  };
  return c;
}

// Option values in catalogue order, validated; unknown keys refused.
std::map<std::string, std::string> resolve(const StrategyInfo& info, const StrategySpec& spec, std::string& normal) {
  std::map<std::string, std::string> values;
  for (const auto& o : info.options) values[o.key] = o.default_value;
  for (const auto& [key, value] : spec.options) {
    const StrategyOption* option = nullptr;
    for (const auto& o : info.options)
      if (o.key == key) option = &o;
    if (!option) {
      std::string valid;
      for (const auto& o : info.options) valid += (valid.empty() ? "" : ", ") + o.key;
      throw std::invalid_argument("strategy " + info.name + " has no option '" + key + "'" +
                                  (valid.empty() ? " (it takes none)" : " (its options: " + valid + ")"));
    }
    if (option->choices == kOrders) {
      OrderSpec::parse(value);  // throws with the valid parts
    } else if (!option->choices.empty()) {
      if (std::find(option->choices.begin(), option->choices.end(), value) == option->choices.end()) {
        std::string valid;
        for (const auto& c : option->choices) valid += (valid.empty() ? "" : ", ") + c;
        throw std::invalid_argument("strategy " + info.name + ": " + key + "=" + value + " is not valid (choices: " +
                                    valid + ")");
      }
    } else {
      std::uint64_t n = 0;
      auto [ptr, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (ec != std::errc{} || ptr != value.data() + value.size() || (key == "tt_bits" && n > 28))
        throw std::invalid_argument("strategy " + info.name + ": " + key + "=" + value + " is not valid (" +
                                    option->help + ")");
    }
    values[key] = value;
  }
  normal = info.name;
  for (std::size_t i = 0; i < info.options.size(); ++i) {
    std::string v = values[info.options[i].key];
    if (info.options[i].choices == kOrders) v = OrderSpec::parse(v).to_string();
    normal += (i ? "," : ":") + info.options[i].key + "=" + v;
  }
  return values;
}

AlphaBetaOptions alphabeta_options(std::map<std::string, std::string>& v, const std::string& name) {
  AlphaBetaOptions o;
  o.order = OrderSpec::parse(v["order"]);
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

}  // namespace

const std::vector<StrategyInfo>& strategy_catalog() { return catalog(); }

std::unique_ptr<Strategy> make_strategy(const Board& board, std::string_view text) {
  const StrategySpec spec = StrategySpec::parse(text);
  const StrategyInfo* info = nullptr;
  for (const auto& i : catalog())
    if (i.name == spec.name) info = &i;
  if (!info) {
    std::string valid;
    for (const auto& i : catalog()) valid += (valid.empty() ? "" : ", ") + i.name;
    throw std::invalid_argument("unknown strategy '" + spec.name + "' (strategies: " + valid + ")");
  }
  std::string normal;
  auto values = resolve(*info, spec, normal);
  const std::string& name = info->name;
  if (name == "minimax") return std::make_unique<Erased<MinimaxFlat>>(normal, board, nullptr);
  if (name == "minimax-depth") return std::make_unique<Erased<MinimaxDepth>>(normal, board, nullptr);
  if (name == "negamax") return std::make_unique<Erased<Negamax>>(normal, board, nullptr);
  if (name == "memo") return std::make_unique<Erased<MemoNegamax, bool>>(normal, board, nullptr, values["keys"] == "canonical");
  if (name == "solve") {
    if (board.cells() > StateSpace::kMaxCells)
      throw std::invalid_argument("strategy solve (retrograde analysis) needs a board of at most 16 cells; " +
                                  board.size_name() + " has " + std::to_string(board.cells()));
    return std::make_unique<Erased<Retrograde>>(normal, board, nullptr);
  }
  if (name == "best") {
    BestOptions b;
    b.wins = values["wins"] == "on";
    b.threats = values["threats"] == "on";
    b.window = values["window"] == "full" ? BestOptions::Window::full : BestOptions::Window::null;
    b.tt = values["tt"] == "exact" ? BestOptions::Table::exact
           : values["tt"] == "none" ? BestOptions::Table::none : BestOptions::Table::canonical;
    b.tt_bits = std::stoi(values["tt_bits"]);
    b.live = values["live"] == "on";
    b.order = values["order"] == "index" ? BestOptions::Order::index : BestOptions::Order::eval;
    b.history = values["history"] == "on";
    return std::make_unique<Erased<BestSearch, BestOptions>>(normal, board, nullptr, b);
  }
  if (name == "pns" || name == "dfpn") {
    ProofKnowledgeOptions k;
    k.wins = values["wins"] == "on";
    k.threats = values["threats"] == "on";
    k.live = values["live"] == "on";
    k.pairing = values["pairing"] == "on";
    k.potential = values["potential"] == "on";
    k.dominance = values["dominance"] == "on";
    ProofValueOptions v;
    v.maker_breaker = values["mb"] == "on";
    v.stealing = values["stealing"] == "on";
    const bool canonical = values["keys"] == "canonical";
    const std::uint64_t budget = std::stoull(values["nodes"]);
    if (name == "pns") {
      const PnsOptions p{k, v, canonical, budget, std::stoull(values["memory_mb"])};
      return std::make_unique<Erased<Pns, PnsOptions>>(normal, board, nullptr, p);
    }
    const std::string& e = values["epsilon"];
    const int permille = e == "0" ? 0 : e == "0.125" ? 125 : e == "0.5" ? 500 : e == "1" ? 1000 : 250;
    const DfpnOptions d{k, v, canonical, std::stoi(values["tt_bits"]), permille, budget};
    return std::make_unique<Erased<Dfpn, DfpnOptions>>(normal, board, nullptr, d);
  }
  const AlphaBetaOptions o = alphabeta_options(values, name);
  std::shared_ptr<const ExactSolution> exact = o.order.needs_exact() ? exact_solution(board) : nullptr;
  const ExactSolution* e = exact.get();
  if (name == "alphabeta")
    return std::make_unique<Erased<AlphaBeta, AlphaBetaOptions, const ExactSolution*>>(normal, board, exact, o, e);
  if (name == "pvs")
    return std::make_unique<Erased<Pvs, AlphaBetaOptions, const ExactSolution*>>(normal, board, exact, o, e);
  return std::make_unique<Erased<Mtdf, AlphaBetaOptions, const ExactSolution*>>(normal, board, exact, o, e);
}

// The full `best` solver, except that on 4x4 the history tie-break is off:
// measured with bench/bench_best_search.cpp, it costs nodes there (k=4:
// 23,259 with it, 18,985 without) and saves them on 5x5, 6x5 and 6x6.
std::string default_strategy(const Board& board) {
  if (board.rows() == 4 && board.cols() == 4) return "best:history=off";
  return "best";
}

}  // namespace tictac
