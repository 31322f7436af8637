#include "harness/experiment/set_generator.hpp"

#include <algorithm>
#include <array>
#include <chrono>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>

#include "algorithms/exact/position_set_sample.hpp"
#include "algorithms/exact/state_space.hpp"
#include "algorithms/game/random.hpp"
#include "algorithms/game/rules.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/exact_cache.hpp"

namespace tictac {

const std::vector<std::string>& pons_strata() {
  static const std::vector<std::string> names = {"end-easy",   "middle-easy",  "middle-medium",
                                                 "begin-easy", "begin-medium", "begin-hard"};
  return names;
}

std::string pons_stratum(int n, int ply, int distance) {
  if (ply >= n) return "";
  const char* phase = 3 * ply <= n ? "begin" : 3 * ply <= 2 * n ? "middle" : "end";
  const char* level = 3 * distance < n ? "easy" : 3 * distance < 2 * n ? "medium" : "hard";
  return std::string(phase) + "-" + level;
}

namespace {

using Clock = std::chrono::steady_clock;

int sign_to_move(const Position& p) { return p.to_move() == Side::X ? 1 : -1; }

void check_plies(const Board& board, const std::vector<int>& plies) {
  for (int p : plies)
    if (p < 0 || p >= board.cells())
      throw std::invalid_argument("ply " + std::to_string(p) + " is outside 0.." + std::to_string(board.cells() - 1) +
                                  " (the plies of unfinished positions) on " + board.name());
}

// Values every position; the unknown ones are left out and noted.
void solve_all(const std::vector<Position>& positions, StrongSolver& solver, GeneratedSet& out,
               const SetProgress& progress) {
  std::size_t value_only = 0, done = 0;
  auto last = Clock::now();
  for (const Position& p : positions) {
    const StrongValue v = solver.solve(p);
    ++done;
    if (v.status == StrongValue::Status::unknown) {
      out.unknown.push_back(p);
    } else {
      if (v.status == StrongValue::Status::value_only) ++value_only;
      out.entries.push_back({p, p.ply(), v.value, v.distance});
      out.strata.emplace_back();
    }
    if (progress && Clock::now() - last > std::chrono::seconds(5)) {
      last = Clock::now();
      progress("solved " + std::to_string(done) + " of " + std::to_string(positions.size()) + " positions");
    }
  }
  if (value_only)
    out.notes.push_back(std::to_string(value_only) + " positions carry their value only (distance -1): their distance search ran out of the budget");
  if (!out.unknown.empty())
    out.notes.push_back(std::to_string(out.unknown.size()) + " positions are left out: unknown within the budget");
}

std::vector<Position> enumerate(const Board& board, const SetRequest& r) {
  std::vector<Position> all;
  for (int ply : r.plies) {
    PlyEnumeration e = enumerate_ply(board, ply, r.kind == PositionSetKind::canonical, r.max_positions, 20 * r.max_positions);
    if (!e.complete)
      throw std::invalid_argument(
          "there are more than " + std::to_string(e.stopped_at == ply ? r.max_positions : 20 * r.max_positions) +
          (r.kind == PositionSetKind::canonical ? " symmetry classes" : " positions") + " at ply " +
          std::to_string(e.stopped_at) + " on " + board.name() + (e.stopped_at == ply ? "" : " (on the way to ply " + std::to_string(ply) + ")") +
          "; max_positions is " + std::to_string(r.max_positions) + ": raise it, or use kind 'random' or 'stratified'");
    all.insert(all.end(), e.positions.begin(), e.positions.end());
  }
  return all;
}

// A position kept for a stratum, with its place in the order of sampling.
struct Kept {
  std::size_t order;
  PositionEntry e;
};

// A phase of Pons's strata: its plies lo..hi and its strata (indices into pons_strata()).
struct Phase {
  int lo, hi;
  std::vector<std::size_t> strata;
};

// Pons's strata by seeded random play (set_generator.hpp): sample() draws and
// solves positions until every stratum has what it wants, or the games or the
// time run out; set() then chooses each stratum's positions and notes how.
class PonsSampler {
 public:
  PonsSampler(const Board& board, const SetRequest& r, StrongSolver& solver, const SetProgress& progress)
      : r_(r),
        solver_(solver),
        progress_(progress),
        board_(board),
        n_(board.cells()),
        want_(static_cast<std::size_t>(r.per_stratum)),
        max_games_(r.max_games ? r.max_games : 100 * want_ * names_.size()),
        quota_((want_ + 2) / 3),
        phases_{Phase{0, n_ / 3, {3, 4, 5}}, Phase{n_ / 3 + 1, 2 * n_ / 3, {1, 2}}, Phase{2 * n_ / 3 + 1, n_ - 1, {0}}},
        kept_(names_.size()),
        rng_(r.seed) {}

  void sample() {
    std::size_t turn = 0;
    const auto start = Clock::now();
    auto last = start;
    while (games_ < max_games_) {
      if (r_.max_seconds > 0 && std::chrono::duration<double>(Clock::now() - start).count() > r_.max_seconds) {
        timed_out_ = true;
        break;
      }
      std::vector<const Phase*> open;
      for (const Phase& ph : phases_)
        if (phase_open(ph)) open.push_back(&ph);
      if (open.empty()) break;
      int ply = 0;
      const std::optional<Position> p = play_into(*open[turn++ % open.size()], ply);
      if (!p || !seen_.insert(*p).second) continue;
      const StrongValue v = solver_.solve(*p, r_.value_fallback);
      if (progress_ && Clock::now() - last > std::chrono::seconds(10)) {
        last = Clock::now();
        progress_(status());
      }
      keep(*p, ply, v);
    }
    if (progress_) progress_(status());
  }

  GeneratedSet set() {
    GeneratedSet out;
    const bool balanced = balancing();
    note_sampling(out, balanced);
    for (std::size_t s = 0; s < names_.size(); ++s) {
      std::vector<Kept> chosen = balanced ? take_values_in_turn(s) : take_first_sampled(s);
      std::sort(chosen.begin(), chosen.end(), [](const Kept& a, const Kept& b) {
        return a.e.ply != b.e.ply ? a.e.ply < b.e.ply : a.e.position < b.e.position;
      });
      add_stratum(out, s, chosen);
    }
    out.unknown = std::move(unknown_);
    return out;
  }

 private:
  // Balance by value: always when asked, and by default once most of at least
  // 30 solved positions are draws.
  bool balancing() const {
    return r_.balance == SetRequest::Balance::on ||
           (r_.balance == SetRequest::Balance::automatic && 2 * draws_ > solved_ && solved_ >= 30);
  }
  std::size_t total(std::size_t s) const { return kept_[s][0].size() + kept_[s][1].size() + kept_[s][2].size(); }
  // A balanced stratum is satisfied when each value has its quota, or, short
  // of a value, when it holds twice what it wants.
  bool satisfied(std::size_t s) const {
    if (total(s) < want_) return false;
    if (!balancing() || total(s) >= 2 * want_) return true;
    return std::all_of(kept_[s].begin(), kept_[s].end(), [&](const auto& k) { return k.size() >= quota_; });
  }
  bool phase_open(const Phase& ph) const {
    return ph.lo <= ph.hi && std::any_of(ph.strata.begin(), ph.strata.end(), [&](std::size_t s) { return !satisfied(s); });
  }
  std::string status() const {
    std::string s = std::to_string(games_) + " games, " + std::to_string(solved_) + " solved, " +
                    std::to_string(unknown_.size()) + " unknown, " + std::to_string(value_only_) + " value only;";
    for (std::size_t i = 0; i < names_.size(); ++i)
      s += " " + names_[i] + " " + std::to_string(total(i)) + "/" + std::to_string(want_);
    return s;
  }

  // Games until one reaches a ply of the phase unfinished, so that each open
  // phase gets its turn of solved positions (games rarely last into the end
  // phase); nothing when the games run out first.
  std::optional<Position> play_into(const Phase& ph, int& ply) {
    std::optional<Position> p;
    while (!p && games_ < max_games_) {
      ply = ph.lo + static_cast<int>(rng_.next() % static_cast<std::uint64_t>(ph.hi - ph.lo + 1));
      ++games_;
      // Builders' games: the odd games of the begin phase, the builder X and O in turn.
      if (r_.builders && &ph == &phases_[0] && begin_games_++ % 2 == 1) {
        p = builder_play(board_, ply, begin_games_ / 2 % 2 == 1 ? Side::X : Side::O, rng_);
      } else {
        p = random_play(board_, ply, rng_);
      }
    }
    return p;
  }

  // Counts a new position's value and keeps it if its stratum and value still want positions.
  void keep(const Position& p, int ply, const StrongValue& v) {
    if (v.status == StrongValue::Status::unknown) {
      unknown_.push_back(p);
      return;
    }
    if (v.status == StrongValue::Status::value_only) {
      ++value_only_;
      return;
    }
    ++solved_;
    if (v.value == 0) ++draws_;
    const std::string name = pons_stratum(n_, ply, v.distance);
    const std::size_t s = static_cast<std::size_t>(std::find(names_.begin(), names_.end(), name) - names_.begin());
    auto& bucket = kept_[s][static_cast<std::size_t>(v.value * sign_to_move(p) + 1)];
    if (bucket.size() < want_) bucket.push_back({order_++, {p, ply, v.value, v.distance}});
  }

  // The notes on how the strata were cut and sampled, and what was left out.
  void note_sampling(GeneratedSet& out, bool balanced) const {
    const int n = n_;
    out.notes.push_back("strata of Pascal Pons's benchmark on " + std::to_string(n) + " cells: begin ply <= " +
                        std::to_string(n / 3) + ", middle ply " + std::to_string(n / 3 + 1) + ".." + std::to_string(2 * n / 3) +
                        ", end ply >= " + std::to_string(2 * n / 3 + 1) + "; easy distance < n/3 (<= " +
                        std::to_string((n - 1) / 3) + "), medium < 2n/3 (<= " + std::to_string((2 * n - 1) / 3) +
                        "), hard the rest");
    out.notes.push_back("sampled by seeded random play (seed " + std::to_string(r_.seed) + ", SplitMix64, move = next() % legal moves): " +
                        std::to_string(games_) + " games, " + std::to_string(solved_) + " distinct positions strong-solved by " +
                        solver_.description());
    if (r_.builders)
      out.notes.push_back(std::to_string(begin_games_ / 2) + " of the games are builders' games: every other game of the begin phase, "
                          "X and O in turn build lines (each of the builder's moves: next() & 1 == 1, a random legal move; "
                          "0, uniform among the legal cells that add a stone to one of its fullest live windows), the other "
                          "side plays at random");
    out.notes.push_back(balanced ? "balanced by value: each stratum takes the side to move's losses, draws and wins in turn (" +
                                       std::to_string(draws_) + " of the " + std::to_string(solved_) + " solved positions are draws)"
                                 : "not balanced by value (" + std::to_string(draws_) + " of the " + std::to_string(solved_) +
                                       " solved positions are draws); each stratum keeps the first positions sampled");
    if (timed_out_)
      out.notes.push_back("sampling stopped after " + std::to_string(static_cast<long>(r_.max_seconds)) +
                          " s (max_seconds): the strata that are short would have needed more time");
    if (!unknown_.empty())
      out.notes.push_back(std::to_string(unknown_.size()) + " sampled positions are left out: unknown within the budget" +
                          (solver_.value_first() ? " (their value search ran out)"
                           : r_.value_fallback   ? ""
                                                 : " (their distance search ran out; no weak search was tried for the value)"));
    if (value_only_)
      out.notes.push_back(std::to_string(value_only_) + " sampled positions are left out: a win or a loss whose distance search ran out of the budget (no stratum without it)");
  }

  // Balanced: the side to move's losses, draws and wins in turn, each in the order sampled.
  std::vector<Kept> take_values_in_turn(std::size_t s) const {
    std::vector<Kept> chosen;
    std::array<std::size_t, 3> at{};
    while (chosen.size() < want_) {
      bool any = false;
      for (std::size_t c = 0; c < 3 && chosen.size() < want_; ++c)
        if (at[c] < kept_[s][c].size()) {
          chosen.push_back(kept_[s][c][at[c]++]);
          any = true;
        }
      if (!any) break;
    }
    return chosen;
  }

  std::vector<Kept> take_first_sampled(std::size_t s) const {
    std::vector<Kept> chosen;
    for (const auto& c : kept_[s]) chosen.insert(chosen.end(), c.begin(), c.end());
    std::sort(chosen.begin(), chosen.end(), [](const Kept& a, const Kept& b) { return a.order < b.order; });
    if (chosen.size() > want_) chosen.resize(want_);
    return chosen;
  }

  // Appends stratum s's chosen positions and the note that counts them by value.
  void add_stratum(GeneratedSet& out, std::size_t s, const std::vector<Kept>& chosen) const {
    std::array<std::size_t, 3> by_value{};
    for (const Kept& k : chosen) {
      out.entries.push_back(k.e);
      out.strata.push_back(names_[s]);
      ++by_value[static_cast<std::size_t>(k.e.value * sign_to_move(k.e.position) + 1)];
    }
    out.notes.push_back(names_[s] + ": " + std::to_string(chosen.size()) +
                        (chosen.size() == 1 ? " position" : " positions") + " (side to move: " +
                        std::to_string(by_value[2]) + " wins, " + std::to_string(by_value[1]) + " draws, " +
                        std::to_string(by_value[0]) + " losses)" +
                        (chosen.size() < want_ ? "; short of the " + std::to_string(want_) + " wanted: " +
                                                     (r_.builders ? "random and builders' play" : "random play") +
                                                     " found no more within " + std::to_string(games_) + " games" +
                                                     (timed_out_ ? " and the time limit" : "")
                                               : ""));
  }

  const SetRequest& r_;
  StrongSolver& solver_;
  const SetProgress& progress_;
  const Board& board_;
  const std::vector<std::string>& names_ = pons_strata();
  const int n_;
  const std::size_t want_, max_games_, quota_;
  const std::array<Phase, 3> phases_;
  // By stratum, by the side to move's value + 1 (loss, draw, win).
  std::vector<std::array<std::vector<Kept>, 3>> kept_;
  std::size_t solved_ = 0, draws_ = 0, value_only_ = 0, games_ = 0, order_ = 0, begin_games_ = 0;
  std::vector<Position> unknown_;
  std::set<Position> seen_;
  Rng rng_;
  bool timed_out_ = false;
};

GeneratedSet pons_sets(const Board& board, const SetRequest& r, StrongSolver& solver, const SetProgress& progress) {
  PonsSampler sampler(board, r, solver, progress);
  sampler.sample();
  return sampler.set();
}

// Up to 16 cells every kind but random comes from the exact solution
// (position_set.hpp), its positions valued already.
GeneratedSet from_exact_solution(const Board& board, const SetRequest& r) {
  GeneratedSet out;
  PositionSetSpec spec{r.kind, r.plies, r.per_group, r.seed, r.positions};
  out.entries = generate_position_set(*exact_solution(board), spec);
  if (r.kind == PositionSetKind::canonical && !r.plies.empty())
    std::erase_if(out.entries, [&](const PositionEntry& e) {
      return std::find(r.plies.begin(), r.plies.end(), e.ply) == r.plies.end();
    });
  out.strata.assign(out.entries.size(), "");
  return out;
}

// Kind random: per_ply distinct positions at each ply, sorted; a ply short of them is noted.
std::vector<Position> random_plies(const Board& board, const SetRequest& r, std::vector<std::string>& notes) {
  if (r.plies.empty() || r.per_ply <= 0)
    throw std::invalid_argument("kind 'random' needs plies and per_ply (positions per ply) of at least 1");
  std::vector<Position> positions;
  const std::size_t per_ply = static_cast<std::size_t>(r.per_ply);
  for (std::size_t i = 0; i < r.plies.size(); ++i) {
    const int ply = r.plies[i];
    // Each ply draws from its own stream, so adding a ply leaves the others alone.
    const RandomSample s = random_positions(board, ply, per_ply, mix64(r.seed + 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(ply + 1)),
                                            r.max_games ? r.max_games : 100 * per_ply);
    if (s.all && s.positions.size() < per_ply)
      notes.push_back("ply " + std::to_string(ply) + ": only " + std::to_string(s.positions.size()) +
                      " unfinished positions exist; all are in the set");
    else if (!s.all && s.positions.size() < per_ply)
      notes.push_back("ply " + std::to_string(ply) + ": " + std::to_string(s.positions.size()) + " distinct positions found in " +
                      std::to_string(s.games) + " games of random play, fewer than the " + std::to_string(per_ply) + " wanted");
    std::vector<Position> ps = s.positions;
    std::sort(ps.begin(), ps.end());
    positions.insert(positions.end(), ps.begin(), ps.end());
  }
  return positions;
}

// Without the exact solution (beyond 16 cells, or kind random): the positions
// the strong solver is to value, or the reason the kind cannot be made here.
std::vector<Position> positions_to_solve(const Board& board, const SetRequest& r, std::vector<std::string>& notes) {
  std::vector<Position> positions;
  switch (r.kind) {
    case PositionSetKind::all:
      throw std::invalid_argument("kind 'all' lists every reachable position, which needs the exact solver (boards of at most " +
                                  std::to_string(StateSpace::kMaxCells) + " cells); " + board.name() + " has " +
                                  std::to_string(board.cells()) + " cells and far too many positions: use kind 'plies', 'canonical', 'random' or 'stratified'");
    case PositionSetKind::stratified:
      throw std::invalid_argument("per_group (positions per (ply, distance) group) needs the exact solution, on boards of at most " +
                                  std::to_string(StateSpace::kMaxCells) + " cells; on " + board.name() +
                                  " use per_stratum (Pons's six strata, sampled by random play)");
    case PositionSetKind::empty:
      positions.push_back(Position{});
      break;
    case PositionSetKind::list:
      for (const Position& p : r.positions) {
        if (!reachable_in_play(board, p)) throw std::invalid_argument("a listed position is not reachable on " + board.name());
        positions.push_back(p);
      }
      break;
    case PositionSetKind::plies:
    case PositionSetKind::canonical:
      if (r.plies.empty()) throw std::invalid_argument("kind '" + std::string(to_string(r.kind)) + "' on " + board.name() + " needs its plies");
      positions = enumerate(board, r);
      break;
    case PositionSetKind::random:
      positions = random_plies(board, r, notes);
      break;
  }
  return positions;
}

}  // namespace

SetRequest set_request(const PositionSetConfig& ps) {
  SetRequest r;
  r.kind = ps.kind;
  r.plies = ps.plies;
  r.per_group = ps.per_group;
  r.per_ply = ps.per_ply;
  r.per_stratum = ps.per_stratum;
  r.seed = ps.seed;
  r.max_positions = ps.max_positions;
  r.max_games = ps.max_games;
  r.balance = ps.balance == "on" ? SetRequest::Balance::on : ps.balance == "off" ? SetRequest::Balance::off : SetRequest::Balance::automatic;
  return r;
}

GeneratedSet generate_set(const Board& board, const SetRequest& r, StrongSolver& solver, const SetProgress& progress) {
  check_plies(board, r.plies);
  if (r.kind == PositionSetKind::stratified && r.per_stratum > 0) return pons_sets(board, r, solver, progress);
  if (r.kind != PositionSetKind::random && board.cells() <= StateSpace::kMaxCells) return from_exact_solution(board, r);
  GeneratedSet out;
  const std::vector<Position> positions = positions_to_solve(board, r, out.notes);
  solve_all(positions, solver, out, progress);
  return out;
}

}  // namespace tictac
