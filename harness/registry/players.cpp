// The player table (players.hpp): its lines, the evaluations' table, and
// the players behind the Player interface.
#include "harness/registry/players.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
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
#include "harness/registry/budgeted_search.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/option_table.hpp"

namespace tictac {

namespace {

// A player algorithm (a class template on its statistics policy, made from
// the board and Args) behind the interface, instantiated with counting
// statistics only (players.hpp: choose_fast); its tree or table is made on
// first use.
// With a time budget (time_ms > 0, for the algorithms whose choose takes a
// stop flag), the harness's timer (budgeted_search.hpp) sets the flag once
// the time has passed.
template <template <class> class Algo, class... Args>
class ErasedPlayer final : public Player {
 public:
  ErasedPlayer(StrategyIdentity identity, const Board& board, std::shared_ptr<const ExactSolution> exact,
               std::uint64_t time_ms, Args... args)
      : Player(std::move(identity)), board_(board), exact_(std::move(exact)), time_ms_(time_ms), args_(args...) {}

  PlayerMove choose(const Position& p) override {
    PlayerCountingStats stats;
    PlayerMove m = run(get(counting_), p, stats);
    m.stats.search = stats.result();
    m.stats.playouts = stats.playouts;
    m.stats.depth_reached = stats.depth;
    return m;
  }
  int choose_fast(const Position& p) override {
    PlayerCountingStats stats;  // one instantiation a player (players.hpp: choose_fast)
    return run(get(counting_), p, stats).move;
  }
  bool deterministic() const override { return time_ms_ == 0; }

 private:
  template <class A, class S>
  PlayerMove run(A& a, const Position& p, S& stats) {
    if constexpr (requires(const std::atomic<bool>* f) { a.choose(p, stats, f); }) {
      if (time_ms_ > 0) {
        PlayerMove m;
        run_within(std::chrono::milliseconds(time_ms_), [&](const std::atomic<bool>& stop) { m = a.choose(p, stats, &stop); });
        return m;
      }
    }
    return a.choose(p, stats);
  }

  template <class A>
  A& get(std::unique_ptr<A>& a) {
    if (!a) a = std::apply([&](const Args&... args) { return std::make_unique<A>(board_, args...); }, args_);
    return *a;
  }

  Board board_;  // the algorithms keep a reference to it
  std::shared_ptr<const ExactSolution> exact_;
  std::uint64_t time_ms_;
  std::tuple<Args...> args_;
  std::unique_ptr<Algo<PlayerCountingStats>> counting_;
};

// --- ab: the depth-limited alpha-beta player ---

struct AbSettings {
  AlphaBetaPlayerOptions search;
  std::string eval = "lines";
  std::uint64_t time_ms = 0;
};

template <class Eval>
struct AbWith {
  template <class S>
  using Algo = AlphaBetaPlayer<S, Eval>;
};

template <class Eval>
std::unique_ptr<Player> make_ab(const Board& board, const AbSettings& s, StrategyIdentity id) {
  return std::make_unique<ErasedPlayer<AbWith<Eval>::template Algo, AlphaBetaPlayerOptions>>(std::move(id), board,
                                                                                               nullptr, s.time_ms, s.search);
}

// --- mcts's settings (its factory is below the evaluations) ---

struct MctsSettings {
  MctsOptions search;
  PlayoutPolicy playout = PlayoutPolicy::random;
  MctsSolver solver = MctsSolver::off;
  bool puct = false;
  std::string prior = "lines";
  std::uint64_t time_ms = 0;
};

template <PlayoutPolicy P, MctsSolver Solver, class Selection>
struct MctsWith {
  template <class S>
  using Algo = Mcts<S, P, Solver, Selection>;
};

template <PlayoutPolicy P, MctsSolver Solver, class Selection>
std::unique_ptr<Player> make_mcts_with(const Board& board, const MctsSettings& s, StrategyIdentity id) {
  return std::make_unique<ErasedPlayer<MctsWith<P, Solver, Selection>::template Algo, MctsOptions>>(
      std::move(id), board, nullptr, s.time_ms, s.search);
}

// mcts with the selection `Selection`: the playout policy and the solver,
// each a template parameter.
template <class Selection>
std::unique_ptr<Player> make_mcts(const Board& board, const MctsSettings& s, StrategyIdentity id) {
  const auto with_solver = [&]<PlayoutPolicy P>() {
    switch (s.solver) {
      case MctsSolver::off: return make_mcts_with<P, MctsSolver::off, Selection>(board, s, std::move(id));
      case MctsSolver::wins: return make_mcts_with<P, MctsSolver::wins, Selection>(board, s, std::move(id));
      case MctsSolver::bounds: return make_mcts_with<P, MctsSolver::bounds, Selection>(board, s, std::move(id));
    }
    throw std::logic_error("mcts: a solver without a line");
  };
  return s.playout == PlayoutPolicy::random ? with_solver.template operator()<PlayoutPolicy::random>()
                                            : with_solver.template operator()<PlayoutPolicy::tactical>();
}

struct EvaluationLine {
  Evaluation about;
  std::unique_ptr<Player> (*make)(const Board&, const AbSettings&, StrategyIdentity);      // ab:eval=NAME
  std::unique_ptr<Player> (*puct)(const Board&, const MctsSettings&, StrategyIdentity);  // mcts:select=puct,prior=NAME
};

// The evaluations, one line each.
const EvaluationLine kEvaluations[] = {
    {{"flat", "every position at the horizon scores 0, as a draw (seed 003's engine)", false}, &make_ab<FlatEval>, &make_mcts<Puct<FlatEval>>},
    {{"lines",
      "open windows (stones of one side only) weighted 8^(c-1) by their c stones, the side to move's minus the "
      "opponent's",
      false},
     &make_ab<LinesEval>, &make_mcts<Puct<LinesEval>>},
    {{"threats",
      "windows one and two stones short of k for each side, the side to move's threats counted twice (its tempo)",
      false},
     &make_ab<ThreatsEval>, &make_mcts<Puct<ThreatsEval>>},
    {{"parity",
      "gravity boards: threats that can still be filled (none above an opponent's threat in its column), weighted "
      "by Allis's row parity (X odd rows from the bottom, O even rows)",
      true},
     &make_ab<ParityEval>, &make_mcts<Puct<ParityEval>>},
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

std::string eval_help(std::string h = "the evaluation at the horizon:") {
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
                  "the transposition table holds 2^tt_bits entries, allocated once (0: no table)")
          .number("time_ms", 0, 3600000, &AbSettings::time_ms,
                  "a budget of wall time per move, in milliseconds, read every 1,024 nodes: as the node budget, the "
                  "iteration under way is dropped; the move may then vary from run to run (0: none)")
          .hidden_at_default();
  return t;
}

PlayerEntry ab() {
  return {{"ab",
           "depth-limited alpha-beta: negamax with a transposition table and iterative deepening, cut at a depth or "
           "a node or time budget, an evaluation at the horizon; a win found scores above any evaluation, sooner higher",
           ab_options().options()},
          with_options(ab_options(), [](const Board& board, const AbSettings& s, StrategyIdentity id) {
            for (const auto& line : kEvaluations)
              if (line.about.name == s.eval) {
                if (line.about.needs_gravity && !board.stone_opens_cell_above())
                  throw std::invalid_argument("player ab: eval=" + s.eval + " needs a board where a stone opens the cell above it; " +
                                              board.name() + " has no gravity");
                return line.make(board, s, std::move(id));
              }
            throw std::logic_error("ab: an evaluation without a line");
          })};
}

// --- mcts ---

const OptionTable<MctsSettings>& mcts_options() {
  static const OptionTable<MctsSettings> t =
      OptionTable<MctsSettings>()
          .number("playouts", 1000, 10000000, field(&MctsSettings::search, &MctsOptions::playouts),
                  "the budget per move: iterations of selection, expansion, playout and backup (0 is taken as 1); "
                  "the tree's pool is sized for it once")
          .number("time_ms", 0, 3600000, &MctsSettings::time_ms,
                  "a budget of wall time per move, in milliseconds, read every 64 playouts: the search stops at "
                  "the first of playouts and time_ms, and the move may then vary from run to run (0: none)")
          .hidden_at_default()
          .decimal("c", "1.4", 100, field(&MctsSettings::search, &MctsOptions::c),
                   "the exploration constant: UCT's reward + c sqrt(ln(parent visits) / visits), or PUCT's "
                   "q + c prior sqrt(parent visits) / (1 + visits)")
          .choice<bool>("select", "uct", {{"uct", false}, {"puct", true}}, &MctsSettings::puct,
                        "the selection: uct (Kocsis and Szepesvari 2006: every child once, then UCB1) or puct "
                        "(AlphaZero's, with a prior from the evaluation `prior`)")
          .hidden_at_default()
          .choice<std::string>("prior", "lines", eval_choices(), &MctsSettings::prior,
                               eval_help("select=puct's prior: a softmax over the children of the mover's evaluation "
                                         "after the move (a win on the spot above all) over `temperature`; the "
                                         "evaluations:"))
          .hidden_at_default()
          .decimal("temperature", "4", 100000, field(&MctsSettings::search, &MctsOptions::temperature),
                   "select=puct: the softmax's temperature, in the evaluation's units (0 is taken as 1)")
          .hidden_at_default()
          .choice<PlayoutPolicy>("playout", "random", {{"random", PlayoutPolicy::random}, {"tactical", PlayoutPolicy::tactical}},
                                 &MctsSettings::playout,
                                 "random: uniform legal moves; tactical: a win now if any, else a block of the "
                                 "opponent's win now, else uniform")
          .choice<MctsSolver>("solver", "off", {{"off", MctsSolver::off}, {"on", MctsSolver::wins}, {"bounds", MctsSolver::bounds}},
                              &MctsSettings::solver,
                              "on: MCTS-Solver (Winands, Bjornsson and Saito 2008), proven wins and losses backed up; "
                              "bounds: score-bounded MCTS (Cazenave and Saffidine 2010), a lower and an upper bound "
                              "of each node's value backed up, which proves draws too; both stop once the root is "
                              "proven")
          .number("seed", 1, UINT64_MAX, field(&MctsSettings::search, &MctsOptions::seed),
                  "the playouts' random numbers (with the position: the same seed, the same move)");
  return t;
}

PlayerEntry mcts() {
  return {{"mcts",
           "Monte-Carlo tree search: UCT or PUCT over a node pool sized once, a budget of playouts (or time) per "
           "move, optionally proving wins and losses (solver=on) or draws too (solver=bounds)",
           mcts_options().options()},
          with_options(mcts_options(), [](const Board& board, const MctsSettings& s, StrategyIdentity id) {
            if (!s.puct) {
              // prior and temperature are PUCT's: set with UCT, they would be ignored.
              if (s.prior != MctsSettings{}.prior)
                throw StrategyOptionError("prior", "player mcts: prior=" + s.prior + " needs select=puct (UCT has no prior)");
              if (s.search.temperature != MctsOptions{}.temperature)
                throw StrategyOptionError("temperature", "player mcts: temperature needs select=puct (UCT has no prior)");
              return make_mcts<Uct>(board, s, std::move(id));
            }
            for (const auto& line : kEvaluations)
              if (line.about.name == s.prior) {
                if (line.about.needs_gravity && !board.stone_opens_cell_above())
                  throw std::invalid_argument("player mcts: prior=" + s.prior + " needs a board where a stone opens the cell above it; " +
                                              board.name() + " has no gravity");
                return line.puct(board, s, std::move(id));
              }
            throw std::logic_error("mcts: a prior without a line");
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
                std::make_unique<ErasedPlayer<RandomPlayer, std::uint64_t>>(std::move(id), board, nullptr, 0, s.seed));
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
                    std::move(id), board, exact, 0, std::cref(e), s.choice, s.seed));
          })};
}

// The player table.
const std::vector<PlayerEntry>& player_table() {
  const auto on_gravity = [](PlayerEntry e, std::string gravity) {
    e.info.gravity = std::move(gravity);
    return e;
  };
  static const std::vector<PlayerEntry> t = {
      on_gravity(ab(), "searches the legal drops; eval=parity needs gravity, the other evaluations count windows as "
                       "on any board"),
      on_gravity(mcts(), "expands and plays out the legal drops, a child per column; prior=parity needs gravity"),
      on_gravity(random(), "a legal drop uniformly at random"),
      on_gravity(perfect(), "the exact solution of the gravity board (at most 16 cells)")};
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
