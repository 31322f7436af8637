// The players by name: a spec such as `mcts:playouts=1000,c=1.4,solver=on`,
// `mcts:select=puct,prior=lines,solver=bounds` or `ab:depth=4,eval=lines`
// becomes a Player for one board, which chooses
// one move in a position (algorithms/players/).  One table, player_table()
// in players.cpp, in the form of the strategy table (strategy.hpp): each
// line is what `tictac strategies` lists under "Players" (name, summary,
// its options declared once, option_table.hpp) and its factory; the
// options are validated by the same resolve_options as a strategy's.
//
// A player is not a strategy: within its budget it does not know the
// position's exact value, so `tictac solve` and `tictac run` refuse it
// (make_strategy names it a player).  Grading its moves against the exact
// solution is the harness's move-quality measurement
// (harness/experiment/quality.hpp, `tictac quality`).
//
// The evaluation functions of `ab` are a table too (evaluations()): an
// evaluation is its file in algorithms/players/eval/ and one line there.
#pragma once

#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/players/player.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac {

class Player {
 public:
  explicit Player(StrategyIdentity identity) : identity_(std::move(identity)) {}
  virtual ~Player() = default;

  const StrategyIdentity& identity() const { return identity_; }
  const std::string& spec() const { return identity_.spec; }

  // The move in p (-1 when p is finished) with counting statistics.  The
  // same options and position give the same move and statistics.
  virtual PlayerMove choose(const Position& p) = 0;
  // The same move alone (play's engines).  The registry's players make it
  // with choose's instantiation and drop the statistics: a second, stats-free
  // instantiation of every player doubled their compile time (60 of MCTS's
  // alone), and no run times a player's moves.
  virtual int choose_fast(const Position& p) = 0;
  // Whether the same options and position always give the same move: false
  // with a time budget (time_ms), where the move is the one found in the
  // time and may vary from run to run (a run's metadata says so; a move
  // that the time cut short has PlayerMove::stopped).
  virtual bool deterministic() const = 0;

 private:
  StrategyIdentity identity_;
};

using PlayerFactory =
    std::function<std::unique_ptr<Player>(const Board& board, const OptionValues& values, StrategyIdentity identity)>;

struct PlayerEntry {
  StrategyInfo info;
  PlayerFactory make;
};

// Every player with its options, in the order `tictac strategies` lists them.
std::vector<StrategyInfo> player_catalog();
bool is_player(std::string_view name);

// The player of `spec` for `board`.  Throws std::invalid_argument for an
// unknown name (listing the players), StrategyOptionError for an option, and
// std::invalid_argument for a board it cannot play on, saying why.
std::unique_ptr<Player> make_player(const Board& board, std::string_view spec);

// An evaluation function of `ab` (algorithms/players/eval/).
struct Evaluation {
  std::string_view name;
  std::string_view help;
  bool needs_gravity;  // its reasoning holds on gravity boards only (a stone opens the cell above it)
};
std::span<const Evaluation> evaluations();

}  // namespace tictac
