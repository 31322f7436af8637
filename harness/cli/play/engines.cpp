#include "harness/cli/play/engines.hpp"

#include <fmt/core.h>

#include <stdexcept>

#include "harness/formats/notation.hpp"
#include "harness/registry/exact_cache.hpp"

namespace tictac::cli {

char side_char(Side s) { return s == Side::X ? 'X' : 'O'; }

std::string level_names() {
  std::string s;
  for (const Level& l : levels()) s += (s.empty() ? "" : ", ") + std::string(l.name);
  return s;
}

Knowledge::Knowledge(const Board& b, const std::string& search) : board_(b) {
  if (!exact()) {
    spec_ = search.empty() ? default_strategy(b) : search;
    strategy_ = make_strategy(b, spec_);  // refuses a bad spec now, before any output
    spec_ = strategy_->spec();
  }
}

const ValueOracle& Knowledge::oracle() {
  if (oracle_) return oracle_;
  if (exact()) {
    solution_ = exact_solution(board_);
    oracle_ = exact_oracle(*solution_);
  } else {
    Strategy* s = strategy_.get();
    // A search that ran out of its budget has no value to give.
    oracle_ = [s, b = board_](const Position& p) {
      const SearchResult r = s->search_fast(p);
      if (!r.proved)
        throw std::runtime_error(fmt::format("{} ran out of its budget on {}: no value for the engine", s->spec(),
                                             format_position(b, p)));
      return Valuation{r.value, -1};
    };
  }
  return oracle_;
}

std::string Player::label(Side s) const {
  return human() ? std::string(1, side_char(s)) : fmt::format("{} ({})", side_char(s), name);
}

Player make_player(const Board& b, std::string_view text, std::string_view option, std::uint64_t seed, Side s) {
  Player p;
  p.name = std::string(text);
  // One stream per side, both from --seed: the same seed, the same games.
  std::uint64_t mix = seed ^ (s == Side::X ? 0x5851f42d4c957f2dULL : 0x14057b7ef767814fULL);
  p.rng = Rng(splitmix64(mix));
  if (text == "human") return p;
  p.level = find_level(text);
  if (p.level) return p;
  try {
    p.strategy = make_strategy(b, text);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format("{} '{}' is not a player: give human, a level ({}) or a strategy spec ({})",
                                            option, text, level_names(), e.what()));
  }
  p.name = p.strategy->spec();
  return p;
}

int engine_move(Player& player, const Board& b, const Position& p, Knowledge& knowledge) {
  if (player.strategy) {
    // A proof-number strategy can prove a value without a move (a draw by
    // strategy-stealing) or run out of its budget: no move to play.
    const SearchResult r = player.strategy->search_fast(p);
    if (r.best_move < 0)
      throw std::runtime_error(fmt::format("{} gives no move for {}: {}", player.strategy->spec(), format_position(b, p),
                                           !r.proved ? "it ran out of its budget"
                                                     : "its value comes from strategy-stealing, which proves no move "
                                                       "(use stealing=off)"));
    return r.best_move;
  }
  static const ValueOracle none;
  const ValueOracle& oracle = player.level->needs_oracle() ? knowledge.oracle() : none;
  return choose_move(*player.level, b, p, oracle, player.rng);
}

}  // namespace tictac::cli
