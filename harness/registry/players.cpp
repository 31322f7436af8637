// The player table (players.hpp): its lines, the evaluations' table, and
// the players behind the Player interface.
#include "harness/registry/players.hpp"

#include <algorithm>
#include <stdexcept>
#include <utility>

#include "algorithms/exact/state_space.hpp"
#include "algorithms/players/alphabeta_player.hpp"
#include "algorithms/players/eval/flat.hpp"
#include "algorithms/players/eval/lines.hpp"
#include "algorithms/players/eval/parity.hpp"
#include "algorithms/players/eval/threats.hpp"
#include "algorithms/players/mcts.hpp"
#include "algorithms/players/perfect_player.hpp"
#include "algorithms/players/random_player.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/option_table.hpp"

namespace tictac {

namespace {

// A player algorithm (a class template on its statistics policy, made from
// the board and Args) behind the interface; each instantiation is made on
// first use, so a player used only for timing holds one tree or table.
template <template <class> class Algo, class... Args>
class ErasedPlayer final : public Player {
 public:
  ErasedPlayer(StrategyIdentity identity, const Board& board, std::shared_ptr<const ExactSolution> exact, Args... args)
      : Player(std::move(identity)), board_(board), exact_(std::move(exact)), args_(args...) {}

  PlayerMove choose(const Position& p) override {
    PlayerCountingStats stats;
    PlayerMove m = get(counting_).choose(p, stats);
    m.stats.search = stats.result();
    m.stats.playouts = stats.playouts;
    m.stats.depth_reached = stats.depth;
    return m;
  }
  int choose_fast(const Position& p) override {
    PlayerNoStats stats;
    return get(fast_).choose(p, stats).move;
  }

 private:
  template <class A>
  A& get(std::unique_ptr<A>& a) {
    if (!a) a = std::apply([&](const Args&... args) { return std::make_unique<A>(board_, args...); }, args_);
    return *a;
  }

  Board board_;  // the algorithms keep a reference to it
  std::shared_ptr<const ExactSolution> exact_;
  std::tuple<Args...> args_;
  std::unique_ptr<Algo<PlayerCountingStats>> counting_;
  std::unique_ptr<Algo<PlayerNoStats>> fast_;
};

// --- ab: the depth-limited alpha-beta player ---

struct AbSettings {
  AlphaBetaPlayerOptions search;
  std::string eval = "lines";
};

template <class Eval>
struct AbWith {
  template <class S>
  using Algo = AlphaBetaPlayer<S, Eval>;
};

template <class Eval>
std::unique_ptr<Player> make_ab(const Board& board, const AlphaBetaPlayerOptions& o, StrategyIdentity id) {
  return std::make_unique<ErasedPlayer<AbWith<Eval>::template Algo, AlphaBetaPlayerOptions>>(std::move(id), board,
                                                                                               nullptr, o);
}

struct EvaluationLine {
  Evaluation about;
  std::unique_ptr<Player> (*make)(const Board&, const AlphaBetaPlayerOptions&, StrategyIdentity);
};

// The evaluations, one line each.
const EvaluationLine kEvaluations[] = {
    {{"flat", "every position at the horizon scores 0, as a draw (seed 003's engine)", false}, &make_ab<FlatEval>},
    {{"lines",
      "open windows (stones of one side only) weighted 8^(c-1) by their c stones, the side to move's minus the "
      "opponent's",
      false},
     &make_ab<LinesEval>},
    {{"threats",
      "windows one and two stones short of k for each side, the side to move's threats counted twice (its tempo)",
      false},
     &make_ab<ThreatsEval>},
    {{"parity",
      "gravity boards: threats that can still be filled (none above an opponent's threat in its column), weighted "
      "by Allis's row parity (X odd rows from the bottom, O even rows)",
      true},
     &make_ab<ParityEval>},
};

const std::vector<Evaluation>& evaluation_list() {
  static const std::vector<Evaluation> v = [] {
    std::vector<Evaluation> e;
    for (const auto& line : kEvaluations) e.push_back(line.about);
    return e;
  }();
  return v;
}

std::vector<std::pair<std::string, std::string>> eval_choices() {
  std::vector<std::pair<std::string, std::string>> c;
  for (const auto& line : kEvaluations) c.emplace_back(line.about.name, line.about.name);
  return c;
}

std::string eval_help() {
  std::string h = "the evaluation at the horizon:";
  for (const auto& line : kEvaluations) h.append(" ").append(line.about.name).append(" (").append(line.about.help).append(");");
  h.back() = '.';
  return h;
}

const OptionTable<AbSettings>& ab_options() {
  static const OptionTable<AbSettings> t =
      OptionTable<AbSettings>()
          .number("depth", 4, Board::kMaxCells, field(&AbSettings::search, &AlphaBetaPlayerOptions::depth),
                  "plies searched, by iterative deepening from 1 (at most the empty cells; 0 is taken as 1)")
          .number("nodes", 0, UINT64_MAX, field(&AbSettings::search, &AlphaBetaPlayerOptions::nodes),
                  "a budget of nodes per move: the iteration under way at the budget is dropped and the last "
                  "finished one's move played (0: no budget)")
          .choice<std::string>("eval", "lines", eval_choices(), &AbSettings::eval, eval_help())
          .number("tt_bits", 16, 28, field(&AbSettings::search, &AlphaBetaPlayerOptions::tt_bits),
                  "the transposition table holds 2^tt_bits entries, allocated once (0: no table)");
  return t;
}

PlayerEntry ab() {
  return {{"ab",
           "depth-limited alpha-beta: negamax with a transposition table and iterative deepening, cut at a depth or "
           "a node budget, an evaluation at the horizon; a win found scores above any evaluation, sooner higher",
           ab_options().options()},
          with_options(ab_options(), [](const Board& board, const AbSettings& s, StrategyIdentity id) {
            for (const auto& line : kEvaluations)
              if (line.about.name == s.eval) {
                if (line.about.needs_gravity && !board.stone_opens_cell_above())
                  throw std::invalid_argument("player ab: eval=" + s.eval + " needs a board where a stone opens the cell above it; " +
                                              board.name() + " has no gravity");
                return line.make(board, s.search, std::move(id));
              }
            throw std::logic_error("ab: an evaluation without a line");
          })};
}

// --- mcts ---

struct MctsSettings {
  MctsOptions search;
  PlayoutPolicy playout = PlayoutPolicy::random;
  bool solver = false;
};

template <PlayoutPolicy P, bool Solver>
struct MctsWith {
  template <class S>
  using Algo = Mcts<S, P, Solver>;
};

template <PlayoutPolicy P, bool Solver>
std::unique_ptr<Player> make_mcts(const Board& board, const MctsOptions& o, StrategyIdentity id) {
  return std::make_unique<ErasedPlayer<MctsWith<P, Solver>::template Algo, MctsOptions>>(std::move(id), board, nullptr, o);
}

const OptionTable<MctsSettings>& mcts_options() {
  static const OptionTable<MctsSettings> t =
      OptionTable<MctsSettings>()
          .number("playouts", 1000, 10000000, field(&MctsSettings::search, &MctsOptions::playouts),
                  "the budget per move: iterations of selection, expansion, playout and backup (0 is taken as 1); "
                  "the tree's pool is sized for it once")
          .decimal("c", "1.4", 100, field(&MctsSettings::search, &MctsOptions::c),
                   "UCT's exploration constant: reward + c sqrt(ln(parent visits) / visits)")
          .choice<PlayoutPolicy>("playout", "random", {{"random", PlayoutPolicy::random}, {"tactical", PlayoutPolicy::tactical}},
                                 &MctsSettings::playout,
                                 "random: uniform legal moves; tactical: a win now if any, else a block of the "
                                 "opponent's win now, else uniform")
          .on_off("solver", false, &MctsSettings::solver,
                  "MCTS-Solver (Winands, Bjornsson and Saito 2008): proven wins and losses backed up; the search "
                  "stops once the root is proven")
          .number("seed", 1, UINT64_MAX, field(&MctsSettings::search, &MctsOptions::seed),
                  "the playouts' random numbers (with the position: the same seed, the same move)");
  return t;
}

PlayerEntry mcts() {
  return {{"mcts", "Monte-Carlo tree search: UCT over a node pool sized once, a budget of playouts per move", mcts_options().options()},
          with_options(mcts_options(), [](const Board& board, const MctsSettings& s, StrategyIdentity id) {
            if (s.playout == PlayoutPolicy::random)
              return s.solver ? make_mcts<PlayoutPolicy::random, true>(board, s.search, std::move(id))
                              : make_mcts<PlayoutPolicy::random, false>(board, s.search, std::move(id));
            return s.solver ? make_mcts<PlayoutPolicy::tactical, true>(board, s.search, std::move(id))
                            : make_mcts<PlayoutPolicy::tactical, false>(board, s.search, std::move(id));
          })};
}

// --- random and perfect ---

struct SeedSettings {
  std::uint64_t seed = 1;
  PerfectChoice choice = PerfectChoice::fastest;
};

const OptionTable<SeedSettings>& random_options() {
  static const OptionTable<SeedSettings> t = OptionTable<SeedSettings>().number(
      "seed", 1, UINT64_MAX, &SeedSettings::seed, "the random numbers (with the position: the same seed, the same move)");
  return t;
}

const OptionTable<SeedSettings>& perfect_options() {
  static const OptionTable<SeedSettings> t =
      OptionTable<SeedSettings>()
          .choice<PerfectChoice>("choose", "fastest", {{"fastest", PerfectChoice::fastest}, {"uniform", PerfectChoice::uniform}},
                                 &SeedSettings::choice,
                                 "among the optimal moves: fastest (the fastest win or slowest loss, the lowest "
                                 "cell among equals) or uniform (at random, by the seed)")
          .number("seed", 1, UINT64_MAX, &SeedSettings::seed, "choose=uniform's random numbers");
  return t;
}

PlayerEntry random() {
  return {{"random", "a legal move uniformly at random, seeded", random_options().options()},
          with_options(random_options(), [](const Board& board, const SeedSettings& s, StrategyIdentity id) {
            return std::unique_ptr<Player>(
                std::make_unique<ErasedPlayer<RandomPlayer, std::uint64_t>>(std::move(id), board, nullptr, s.seed));
          })};
}

template <class S>
using PerfectOf = PerfectPlayer<S>;

PlayerEntry perfect() {
  return {{"perfect", "a move that keeps the exact value, from the exact solution (boards of at most 16 cells)",
           perfect_options().options()},
          with_options(perfect_options(), [](const Board& board, const SeedSettings& s, StrategyIdentity id) {
            if (board.cells() > StateSpace::kMaxCells)
              throw std::invalid_argument("player perfect reads the exact solution, which needs a board of at most 16 "
                                          "cells; " + board.size_name() + " has " + std::to_string(board.cells()));
            std::shared_ptr<const ExactSolution> exact = exact_solution(board);
            const ExactSolution& e = *exact;
            return std::unique_ptr<Player>(
                std::make_unique<ErasedPlayer<PerfectOf, std::reference_wrapper<const ExactSolution>, PerfectChoice, std::uint64_t>>(
                    std::move(id), board, exact, std::cref(e), s.choice, s.seed));
          })};
}

// The player table.
const std::vector<PlayerEntry>& player_table() {
  static const std::vector<PlayerEntry> t = {ab(), mcts(), random(), perfect()};
  return t;
}

const PlayerEntry* find_player(std::string_view name) {
  for (const auto& e : player_table())
    if (e.info.name == name) return &e;
  return nullptr;
}

}  // namespace

std::vector<StrategyInfo> player_catalog() {
  std::vector<StrategyInfo> c;
  for (const auto& e : player_table()) c.push_back(e.info);
  return c;
}

bool is_player(std::string_view name) { return find_player(name) != nullptr; }

std::unique_ptr<Player> make_player(const Board& board, std::string_view text) {
  const StrategySpec spec = StrategySpec::parse(text);
  const PlayerEntry* entry = find_player(spec.name);
  if (!entry) {
    std::string valid;
    for (const auto& e : player_table()) valid += (valid.empty() ? "" : ", ") + e.info.name;
    throw std::invalid_argument("unknown player '" + spec.name + "' (players: " + valid + ")");
  }
  const OptionValues values = resolve_options(entry->info, spec);
  return entry->make(board, values, identity_of(entry->info, values));
}

std::span<const Evaluation> evaluations() { return evaluation_list(); }

}  // namespace tictac
