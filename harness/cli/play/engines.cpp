#include "harness/cli/play/engines.hpp"

#include <fmt/core.h>

#include <algorithm>
#include <bit>
#include <stdexcept>
#include <vector>

#include "harness/cli/play/level.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/budgeted_search.hpp"
#include "harness/registry/default_policy.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/strategy_spec.hpp"

namespace tictac::cli {

char side_char(Side s) { return s == Side::X ? 'X' : 'O'; }

std::string level_names() {
  std::string s;
  for (const Level& l : levels()) s += (s.empty() ? "" : ", ") + std::string(l.name);
  return s;
}

double move_seconds(const Board& b, int ply, double given) {
  if (given > 0) return given;
  if (b.gravity()) return ply >= 12 ? 10.0 : 2.0;
  return 0.9;  // the searches' last poll and the move's output fit in the second
}

Knowledge::Knowledge(const Board& b, const std::string& search, double move_time) : board_(b), move_time_(move_time) {
  if (exact()) return;
  const std::string given = search.empty() ? default_strategy(b) : search;
  strategy_ = make_strategy(b, given);  // refuses a bad spec now, before any output
  spec_ = strategy_->spec();
  // The race's other family (engines.hpp), without --search.
  if (const std::string partner = partner_strategy(b); search.empty() && !partner.empty())
    partner_ = make_strategy(b, partner);
  // The distance mode of --search as given when it has one, else (and
  // without --search) the board's own.  distance_strategy knows which
  // strategies have one and refuses the others; it is given the spec as
  // typed, because the normal form spells distance=off, which it refuses too.
  StrategySpec distance_spec;
  try {
    distance_spec = distance_strategy(b, search);
  } catch (const std::invalid_argument&) {
    distance_spec = distance_strategy(b, "");
  }
  try {
    distance_ = make_strategy(b, distance_spec);
  } catch (const std::invalid_argument&) {
    distance_.reset();  // no distance strategy holds this board: step 1 is skipped
  }
}

EngineMove Knowledge::proven_move(const Position& p, Rng& rng) {
  using Clock = std::chrono::steady_clock;
  const double seconds = move_seconds(board_, p.ply(), move_time_);
  const Clock::time_point deadline =
      Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
  // What is left of the budget; at least 1 ns, because search_within reads
  // zero as no budget at all.
  const auto left = [&] { return std::max<std::chrono::nanoseconds>(deadline - Clock::now(), std::chrono::nanoseconds(1)); };
  const Side s = p.to_move();
  if (const std::optional<SearchResult> weak = race_within(*strategy_, partner_.get(), p, left()); weak && weak->proved) {
    if (weak->value != 0 && distance_)  // step 1: a win or a loss, by the shortest or longest way
      if (const std::optional<SearchResult> d = search_within(*distance_, p, left()); d && d->proved && d->best_move >= 0)
        return {d->best_move, {}};
    if (weak->move_proved && weak->best_move >= 0) return {weak->best_move, {}};  // step 2
    // Step 3: the value is proven without a move.  The cells nearest the
    // centre first: there the equal-valued moves usually are.
    std::vector<int> cells;
    for (Mask e = p.legal_moves(board_); e; e &= e - 1) cells.push_back(std::countr_zero(e));
    const auto off_centre = [&](int c) {
      const int dr = 2 * board_.row_of(c) - (board_.rows() - 1), dc = 2 * board_.col_of(c) - (board_.cols() - 1);
      return dr * dr + dc * dc;
    };
    std::stable_sort(cells.begin(), cells.end(), [&](int a, int b) { return off_centre(a) < off_centre(b); });
    for (const int c : cells) {
      Position q = p;
      q.play(c, s);
      const std::optional<SearchResult> r = race_within(*strategy_, partner_.get(), q, left());
      if (!r) break;
      if (r->proved && r->value == weak->value) return {c, {}};
    }
  }
  // Step 4: out of time.
  static constexpr Level kLookAhead{"look-ahead", 2, 0.0, 0.0, ""};
  static const ValueOracle none;
  return {choose_move(kLookAhead, board_, p, none, rng),
          fmt::format("not proven: {}{} proved no move within {:g} s; a 2-ply look-ahead chose it", spec_,
                      partner_ ? " (raced against " + partner_->spec() + ")" : "", seconds)};
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
    if (is_player(StrategySpec::parse(text).name)) {
      p.bot = tictac::make_player(b, text);
      p.name = p.bot->spec();
      return p;
    }
    p.strategy = make_strategy(b, text);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(fmt::format(
        "{} '{}' is not a player: give human, a level ({}), a strategy spec or a player spec ({})", option, text,
        level_names(), e.what()));
  }
  p.name = p.strategy->spec();
  return p;
}

EngineMove engine_move(Player& player, const Board& b, const Position& p, Knowledge& knowledge) {
  if (player.bot) return {player.bot->choose_fast(p), {}};  // a player's move (p is not finished: a legal one)
  if (player.strategy) {
    // A proof-number strategy can prove a value without a move (a draw by
    // strategy-stealing) or run out of its budget: no move to play.
    const SearchResult r = player.strategy->search_fast(p);
    if (r.best_move < 0)
      throw std::runtime_error(fmt::format("{} gives no move for {}: {}", player.strategy->spec(), format_position(b, p),
                                           !r.proved ? "it ran out of its budget"
                                                     : "its value comes from strategy-stealing, which proves no move "
                                                       "(use stealing=off)"));
    return {r.best_move, {}};
  }
  const Level& l = *player.level;
  const bool perfect = l.depth == 0 && l.temperature == 0 && l.blunder == 0;  // hard
  if (perfect && !knowledge.exact()) return knowledge.proven_move(p, player.rng);
  static const ValueOracle none;
  const ValueOracle& oracle = l.needs_oracle() ? knowledge.oracle() : none;
  return {choose_move(l, b, p, oracle, player.rng), {}};
}

}  // namespace tictac::cli
