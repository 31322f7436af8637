#include "harness/experiment/match.hpp"

#include <chrono>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

#include "algorithms/exact/solution.hpp"
#include "algorithms/exact/state_space.hpp"
#include "algorithms/game/random.hpp"
#include "harness/experiment/measurement.hpp"
#include "harness/experiment/set_generator.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/players.hpp"
#include "harness/registry/strategy_spec.hpp"

namespace tictac {

namespace {

// The spec with its seed option set to `seed`.
std::string spec_with_seed(const std::string& spec, std::uint64_t seed) {
  StrategySpec s = StrategySpec::parse(spec);
  bool set = false;
  for (auto& [key, value] : s.options)
    if (key == "seed") {
      value = std::to_string(seed);
      set = true;
    }
  if (!set) s.options.emplace_back("seed", std::to_string(seed));
  return s.to_string();
}

std::vector<MatchPairing> schedule(std::size_t players, bool gauntlet) {
  std::vector<MatchPairing> out;
  for (std::size_t i = 0; i < players; ++i)
    for (std::size_t j = i + 1; j < players; ++j)
      if (!gauntlet || i == 0) out.push_back({i, j});
  return out;
}

// The openings of the spec's set, each checked unfinished.
std::vector<Position> openings_of(const MatchSpec& spec, const MatchOptions& options, MatchResult& r) {
  PositionSetSpec set = spec.openings;
  if (!set.kind) set.kind = find_set_kind("empty", {});
  r.openings_kind = std::string(set.kind->name);
  SetOptions so;
  so.defer_values = true;  // the games need the positions only
  so.cancel = options.interrupt;
  GeneratedSet g = generate_set(spec.board, set, so);
  r.opening_notes = g.notes;
  std::vector<Position> out;
  for (const PositionEntry& e : g.entries) {
    if (result(spec.board, e.position) != Result::ongoing)
      throw std::invalid_argument("opening " + std::to_string(out.size()) + " (" + format_position(spec.board, e.position) +
                                  ") is finished: a game needs a move to play");
    out.push_back(e.position);
  }
  if (out.empty()) throw std::invalid_argument("the opening set (kind " + r.openings_kind + ") holds no position");
  return out;
}

// One game from `opening`, its moves appended to r.moves.
void play_game(MatchResult& r, MatchGame& game, Player& x, Player& o, const Position& opening, const ExactSolution* exact) {
  const Board& b = r.board;
  Position p = opening;
  game.first_move = r.moves.size();
  for (Result now = result(b, p); now == Result::ongoing; now = result(b, p)) {
    const Side s = p.to_move();
    Player& mover = s == Side::X ? x : o;
    const PlayerMove m = mover.choose(p);
    if (m.move < 0 || m.move >= b.cells() || !(p.legal_moves(b) >> m.move & 1))
      throw std::logic_error("player " + mover.spec() + " chose " + std::to_string(m.move) + ", not a legal move, in " +
                             format_position(b, p));
    MatchMove mv;
    mv.game = game.index;
    mv.ply = p.ply();
    mv.side = s;
    mv.player = s == Side::X ? game.x_player : game.o_player;
    mv.before = p;
    mv.move = m.move;
    mv.stats = m.stats;
    if (exact) {
      mv.value_to_move = (s == Side::X ? 1 : -1) * exact->value(p);
      mv.grade = grade_move(*exact, p, m.move);
      if (mv.grade->value_loss > 0 && !game.first_value_loss_ply) {
        game.first_value_loss_ply = mv.ply;
        game.first_value_loss_side = s;
      }
    }
    r.moves.push_back(mv);
    game.moves.push_back(m.move);
    p.play(m.move, s);
  }
  game.result = result(b, p);
}

// A player of the match: made once from its spec, and again for each game
// with the game's seed when it has a seed option.
struct Seat {
  MatchPlayer about;
  std::unique_ptr<Player> fixed;  // a player without a seed option, reused in every game
};

std::unique_ptr<Player> player_for(const Board& b, const Seat& seat, std::optional<std::uint64_t> seed) {
  return make_player(b, seed ? spec_with_seed(seat.about.spec, *seed) : seat.about.spec);
}

}  // namespace

std::uint64_t game_seed(std::uint64_t match_seed, std::uint64_t game, int place, std::uint64_t spec_seed) {
  return mix64(mix64(match_seed) ^ mix64(game * 2 + static_cast<std::uint64_t>(place) + 0x9e3779b97f4a7c15ULL) ^
               mix64(~spec_seed));
}

const char* game_result_key(Result r) {
  switch (r) {
    case Result::x_wins: return "x_wins";
    case Result::o_wins: return "o_wins";
    case Result::draw: return "draw";
    case Result::ongoing: return "ongoing";
  }
  return "?";
}

MatchResult run_match(const MatchSpec& spec, const MatchOptions& options) {
  const auto start = std::chrono::steady_clock::now();
  if (spec.players.size() < 2)
    throw std::invalid_argument("a match needs at least two players (give --player twice; the same spec twice plays it "
                                "against itself)");
  if (spec.repeat == 0) throw std::invalid_argument("repeat must be at least 1 (colour pairs per opening and pairing)");
  MatchResult r;
  r.board = spec.board;
  r.seed = spec.seed;
  r.repeat = spec.repeat;
  r.gauntlet = spec.gauntlet;
  std::vector<Seat> seats;
  for (const std::string& text : spec.players) {
    Seat seat;
    std::unique_ptr<Player> p = make_player(spec.board, text);
    seat.about.spec = p->spec();
    seat.about.deterministic = p->deterministic();
    for (const auto& [key, value] : p->identity().options)
      if (key == "seed") seat.about.spec_seed = std::stoull(value);
    if (!seat.about.spec_seed) seat.fixed = std::move(p);
    r.players.push_back(seat.about);
    seats.push_back(std::move(seat));
  }
  r.pairings = schedule(seats.size(), spec.gauntlet);
  r.openings = openings_of(spec, options, r);
  r.graded = spec.board.cells() <= StateSpace::kMaxCells;
  std::shared_ptr<const ExactSolution> exact;
  if (r.graded) exact = exact_solution(spec.board, options.interrupt);

  const std::size_t total = r.pairings.size() * r.openings.size() * spec.repeat * 2;
  r.games.reserve(total);
  std::size_t pair = 0;
  for (std::size_t pi = 0; pi < r.pairings.size(); ++pi) {
    const MatchPairing& pairing = r.pairings[pi];
    for (std::size_t oi = 0; oi < r.openings.size(); ++oi)
      for (std::size_t rep = 0; rep < spec.repeat; ++rep, ++pair)
        for (int colour = 0; colour < 2; ++colour) {
          if (options.interrupt && options.interrupt->load()) throw Interrupted();
          MatchGame g;
          g.index = r.games.size();
          g.pairing = pi;
          g.opening = oi;
          g.repetition = rep;
          g.pair = pair;
          g.colour = colour;
          // colour 0: the pairing's first player is X; colour 1: O.
          const std::size_t places[2] = {colour == 0 ? pairing.first : pairing.second,
                                         colour == 0 ? pairing.second : pairing.first};
          g.x_player = places[0];
          g.o_player = places[1];
          std::unique_ptr<Player> made[2];
          Player* plays[2] = {nullptr, nullptr};
          for (int side = 0; side < 2; ++side) {
            const Seat& seat = seats[places[side]];
            const int place = (side == 0) == (colour == 0) ? 0 : 1;  // 0: the pairing's first player
            std::optional<std::uint64_t> seed;
            if (seat.about.spec_seed) seed = game_seed(spec.seed, g.index, place, *seat.about.spec_seed);
            (side == 0 ? g.x_seed : g.o_seed) = seed;
            if (seat.fixed) {
              plays[side] = seat.fixed.get();
            } else {
              made[side] = player_for(spec.board, seat, seed);
              plays[side] = made[side].get();
            }
          }
          play_game(r, g, *plays[0], *plays[1], r.openings[oi], exact.get());
          r.games.push_back(std::move(g));
          if (options.progress) options.progress(r.games.size(), total);
        }
  }
  for (std::size_t pi = 0; pi < r.pairings.size(); ++pi) r.summaries.push_back(summarize_pairing(r, pi));
  r.duration_s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return r;
}

PairingSummary summarize_pairing(const MatchResult& r, std::size_t pairing) {
  PairingSummary s;
  s.pairing = pairing;
  (void)r.pairings.at(pairing);  // in range
  // The first player's points in each game, in half points, by colour pair.
  std::vector<std::pair<std::size_t, int>> pair_points;  // (pair, half points so far)
  for (const MatchGame& g : r.games) {
    if (g.pairing != pairing) continue;
    const bool first_plays_x = g.colour == 0;
    int half = 1;  // a draw
    if (g.result == Result::x_wins) half = first_plays_x ? 2 : 0;
    if (g.result == Result::o_wins) half = first_plays_x ? 0 : 2;
    if (half == 2) ++s.counts.wins;
    else if (half == 1) ++s.counts.draws;
    else ++s.counts.losses;
    if (pair_points.empty() || pair_points.back().first != g.pair) pair_points.emplace_back(g.pair, half);
    else pair_points.back().second += half;
  }
  for (const auto& [pair, half] : pair_points) ++s.pairs[half];
  s.per_game = per_game_interval(s.counts);
  s.pentanomial = pentanomial_interval(s.pairs);
  s.elo = elo_interval(s.pentanomial);
  for (const MatchMove& m : r.moves) {
    const MatchGame& g = r.games[m.game];
    if (g.pairing != pairing || !m.grade) continue;
    const bool by_first = (m.side == Side::X) == (g.colour == 0);
    MoveTally& t = by_first ? s.first_moves : s.second_moves;
    ++t.moves;
    if (m.grade->optimal) ++t.optimal;
    if (m.grade->value_loss > 0) ++t.value_lost;
    t.value_loss_sum += static_cast<std::uint64_t>(m.grade->value_loss);
  }
  return s;
}

}  // namespace tictac
