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
#include "algorithms/game/symmetry.hpp"
#include "harness/formats/notation.hpp"
#include "harness/formats/position_set_io.hpp"
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

std::string group_stratum(int ply, int distance) {
  // No comma: position-set files are read by a plain comma split.
  return "ply " + std::to_string(ply) + " distance " + (distance < 0 ? std::string("unknown") : std::to_string(distance));
}

std::uint64_t position_key(const Position& p) { return mix64(p.x) ^ p.o; }

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

std::vector<Position> enumerate(const Board& board, int ply, bool canonical, std::size_t max_positions) {
  PlyEnumeration e = enumerate_ply(board, ply, canonical, max_positions, 20 * max_positions);
  if (!e.complete)
    throw std::invalid_argument(
        "there are more than " + std::to_string(e.stopped_at == ply ? max_positions : 20 * max_positions) +
        (canonical ? " symmetry classes" : " positions") + " at ply " + std::to_string(e.stopped_at) + " on " +
        board.name() + (e.stopped_at == ply ? "" : " (on the way to ply " + std::to_string(ply) + ")") +
        "; max_positions is " + std::to_string(max_positions) + ": raise it, or use kind 'random' or 'stratified'");
  return std::move(e.positions);
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
  PonsSampler(const Board& board, const PositionSetSpec& r, StrongSolver& solver, const SetProgress& progress)
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
    return r_.balance == PositionSetSpec::Balance::on ||
           (r_.balance == PositionSetSpec::Balance::automatic && 2 * draws_ > solved_ && solved_ >= 30);
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

  const PositionSetSpec& r_;
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

GeneratedSet pons_sets(SetContext& c, const PositionSetSpec& r) {
  PonsSampler sampler(c.board, r, c.solver(), c.options.progress);
  sampler.sample();
  return sampler.set();
}

// Positions given (empty, list, file): up to 16 cells valued by the exact
// solution, which also checks that each is reachable; beyond, checked
// reachable in play and then valued by the strong solver, or left to the
// caller's reference (defer_values).
GeneratedSet given(SetContext& c, const std::vector<Position>& positions) {
  GeneratedSet out;
  if (c.exact) {
    out.entries = listed_positions(*c.exact, positions);
    return out;
  }
  for (const Position& p : positions)
    if (!reachable_in_play(c.board, p)) throw std::invalid_argument("a listed position is not reachable on " + c.board.name());
  if (!c.options.defer_values) {
    solve_all(positions, c.solver(), out, c.options.progress);
    return out;
  }
  for (const Position& p : positions) out.entries.push_back({p, p.ply(), 0, -1});
  out.unvalued.assign(out.entries.size(), true);
  return out;
}

GeneratedSet empty_set(SetContext& c, const PositionSetSpec&) { return given(c, {Position{}}); }

GeneratedSet list_set(SetContext& c, const PositionSetSpec& s) {
  std::vector<Position> positions;
  for (const std::string& text : s.positions) positions.push_back(parse_position(c.board, text));
  return given(c, positions);
}

// The file of a set on board b: "{board}" in its name stands for the
// board's name (sets/{board}-begin-hard.csv is sets/5x5k4-begin-hard.csv on
// 5x5k4), so that one set reads each board's own file.
std::filesystem::path file_of(const std::filesystem::path& file, const Board& b) {
  std::string name = file.string();
  const std::string key = "{board}";
  for (std::size_t at = name.find(key); at != std::string::npos; at = name.find(key, at)) {
    name.replace(at, key.size(), b.name());
    at += b.name().size();
  }
  return name;
}

// A position-set file's rows of the board, every row checked
// (position_set_io.hpp); rows without a value beyond 16 cells are valued as
// given positions are.
GeneratedSet file_set(SetContext& c, const PositionSetSpec& s) {
  ReadSet read = read_position_set_file(file_of(s.file, c.board), c.board, c.exact.get(), /*values_required=*/false);
  if (s.first > 0 && read.entries.size() > s.first) {
    read.entries.resize(s.first);
    if (read.unvalued.size() > s.first) read.unvalued.resize(s.first);
    if (read.strata.size() > s.first) read.strata.resize(s.first);
  }
  GeneratedSet out;
  out.entries = std::move(read.entries);
  out.unvalued = std::move(read.unvalued);
  out.unvalued.resize(out.entries.size(), false);
  if (std::any_of(read.strata.begin(), read.strata.end(), [](const std::string& x) { return !x.empty(); }))
    out.strata = std::move(read.strata);
  if (c.options.defer_values) return out;
  std::vector<Position> pending;
  for (std::size_t i = 0; i < out.entries.size(); ++i)
    if (out.unvalued[i]) pending.push_back(out.entries[i].position);
  if (pending.empty()) return out;
  GeneratedSet solved;
  solve_all(pending, c.solver(), solved, c.options.progress);
  std::map<Position, PositionEntry> by_position;
  for (const PositionEntry& e : solved.entries) by_position.emplace(e.position, e);
  GeneratedSet valued;
  for (std::size_t i = 0; i < out.entries.size(); ++i) {
    if (!out.unvalued[i]) {
      valued.entries.push_back(out.entries[i]);
    } else if (auto it = by_position.find(out.entries[i].position); it != by_position.end()) {
      valued.entries.push_back(it->second);
    } else {
      continue;
    }
    if (!out.strata.empty()) valued.strata.push_back(out.strata[i]);
  }
  valued.notes = std::move(solved.notes);
  valued.unknown = std::move(solved.unknown);
  return valued;
}

GeneratedSet all_set(SetContext& c, const PositionSetSpec&) {
  GeneratedSet out;
  out.entries = unfinished_positions(*c.exact, {}, false, c.options.cancel);
  return out;
}

// Kinds plies and canonical: from the exact solution, or enumerated and solved.
GeneratedSet ply_set(SetContext& c, const PositionSetSpec& s, bool canonical) {
  GeneratedSet out;
  if (c.exact) {
    out.entries = unfinished_positions(*c.exact, s.plies, canonical, c.options.cancel);
    return out;
  }
  if (s.plies.empty())
    throw std::invalid_argument(std::string("kind '") + (canonical ? "canonical" : "plies") + "' on " + c.board.name() + " needs its plies");
  std::vector<Position> positions;
  for (int ply : s.plies) {
    const std::vector<Position> layer = enumerate(c.board, ply, canonical, s.max_positions);
    positions.insert(positions.end(), layer.begin(), layer.end());
  }
  solve_all(positions, c.solver(), out, c.options.progress);
  return out;
}
GeneratedSet plies_set(SetContext& c, const PositionSetSpec& s) { return ply_set(c, s, false); }
GeneratedSet canonical_set(SetContext& c, const PositionSetSpec& s) { return ply_set(c, s, true); }

// Kind random: per_ply distinct positions at each ply, sorted; a ply short of them is noted.
std::vector<Position> random_plies(const Board& board, const PositionSetSpec& r, std::vector<std::string>& notes) {
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

GeneratedSet random_set(SetContext& c, const PositionSetSpec& s) {
  GeneratedSet out;
  const std::vector<Position> positions = random_plies(c.board, s, out.notes);
  solve_all(positions, c.solver(), out, c.options.progress);
  return out;
}

// Beyond 16 cells: every position of each wanted ply, one strong-solver
// search per symmetry class, grouped by distance and sampled as
// stratified_positions samples (position_key for the state-space code).
GeneratedSet groups_by_search(SetContext& c, const PositionSetSpec& s) {
  if (s.plies.empty())
    throw std::invalid_argument("kind 'stratified' with per_group on " + c.board.name() +
                                " needs its plies: beyond 16 cells every position of each is strong-solved");
  std::vector<int> plies = s.plies;
  std::sort(plies.begin(), plies.end());
  plies.erase(std::unique(plies.begin(), plies.end()), plies.end());
  const SymmetryGroup group(c.board);
  std::map<Position, StrongValue> by_class;
  GeneratedSet out;
  std::size_t value_only = 0;
  auto last = Clock::now();
  for (int ply : plies) {
    std::map<int, std::vector<std::pair<std::uint64_t, PositionEntry>>> by_distance;
    const std::vector<Position> positions = enumerate(c.board, ply, false, s.max_positions);
    std::size_t seen = 0;
    for (const Position& p : positions) {
      ++seen;
      const Position canonical = group.canonical(p).position;
      auto it = by_class.find(canonical);
      if (it == by_class.end()) it = by_class.emplace(canonical, c.solver().solve(canonical)).first;
      const StrongValue& v = it->second;
      if (v.status == StrongValue::Status::unknown) {
        out.unknown.push_back(p);
      } else if (v.status == StrongValue::Status::value_only) {
        ++value_only;
      } else {
        by_distance[v.distance].push_back({stratified_key(s.seed, position_key(p)), {p, ply, v.value, v.distance}});
      }
      if (c.options.progress && Clock::now() - last > std::chrono::seconds(5)) {
        last = Clock::now();
        c.options.progress("ply " + std::to_string(ply) + ": " + std::to_string(seen) + " of " +
                           std::to_string(positions.size()) + " positions, " + std::to_string(by_class.size()) +
                           " symmetry classes solved");
      }
    }
    for (auto& [distance, members] : by_distance) {
      std::sort(members.begin(), members.end(), [](const auto& a, const auto& b) {
        return a.first != b.first ? a.first < b.first : a.second.position < b.second.position;
      });
      if (s.per_group > 0 && members.size() > static_cast<std::size_t>(s.per_group))
        members.resize(static_cast<std::size_t>(s.per_group));
      std::sort(members.begin(), members.end(), [](const auto& a, const auto& b) { return a.second.position < b.second.position; });
      for (const auto& m : members) out.entries.push_back(m.second);
    }
  }
  out.notes.push_back(c.solver().certification());
  out.notes.push_back("groups by (ply, distance) of every unfinished position at plies " + [&] {
    std::string list;
    for (int p : plies) list += (list.empty() ? "" : " ") + std::to_string(p);
    return list;
  }() + ", up to " + std::to_string(s.per_group) + " per group, chosen by stratified_key(seed " + std::to_string(s.seed) +
                      ", position_key) (set_generator.hpp); " + std::to_string(by_class.size()) + " symmetry classes strong-solved");
  if (value_only)
    out.notes.push_back(std::to_string(value_only) + " positions are left out: a win or a loss whose distance search ran out of the budget (no group without it)");
  if (!out.unknown.empty())
    out.notes.push_back(std::to_string(out.unknown.size()) + " positions are left out: unknown within the budget");
  return out;
}

// Kind stratified, the exact solution's (ply, distance) groups; each entry's
// stratum names its group.
GeneratedSet groups_set(SetContext& c, const PositionSetSpec& s) {
  GeneratedSet out;
  if (c.exact) out.entries = stratified_positions(*c.exact, s.plies, s.per_group, s.seed, c.options.cancel);
  else out = groups_by_search(c, s);
  for (const PositionEntry& e : out.entries) out.strata.push_back(group_stratum(e.ply, e.distance));
  return out;
}

std::string spell_key(std::string_view key) { return std::string(key); }

}  // namespace

// The table of kinds (position_set_spec.hpp): one line per kind.
//   name, chosen_by, title, keys, required keys,
//   needs_solution, beyond_16_cells, written_back, generator
const std::vector<PositionSetKind>& position_set_kinds() {
  static const std::vector<PositionSetKind> kinds = {
      {"empty", "", "empty", {"budget"}, {}, false, true, false, empty_set},
      {"all", "", "all", {}, {}, true, false, false, all_set},
      {"canonical", "", "canonical", {"plies", "max_positions", "budget"}, {}, true, true, false, canonical_set},
      {"plies", "", "plies", {"plies", "max_positions", "budget"}, {"plies"}, true, true, false, plies_set},
      {"random", "", "random", {"plies", "per_ply", "seed", "max_games", "budget"}, {"plies", "per_ply"}, true, true, false, random_set},
      {"stratified", "", "stratified", {"plies", "per_group", "seed", "max_positions", "budget"}, {}, true, true, true, groups_set},
      {"stratified", "per_stratum", "stratified with per_stratum (Pons's strata)",
       {"per_stratum", "seed", "max_games", "budget", "balance", "max_seconds", "builders", "value_fallback"},
       {"per_stratum"}, true, true, true, pons_sets},
      {"list", "", "list", {"positions", "budget"}, {"positions"}, false, true, false, list_set},
      {"file", "", "file", {"file", "first"}, {"file"}, false, true, false, file_set},
  };
  return kinds;
}

const std::vector<std::string_view>& position_set_keys() {
  static const std::vector<std::string_view> keys = {"plies",     "per_group", "per_ply", "per_stratum", "seed",
                                                     "max_positions", "max_games", "budget", "balance", "max_seconds",
                                                     "builders", "value_fallback", "positions", "file", "first"};
  return keys;
}

const PositionSetKind* find_set_kind(std::string_view name, const std::vector<std::string_view>& given) {
  const PositionSetKind* plain = nullptr;
  for (const PositionSetKind& k : position_set_kinds()) {
    if (k.name != name) continue;
    if (k.chosen_by.empty()) plain = &k;
    else if (std::find(given.begin(), given.end(), k.chosen_by) != given.end()) return &k;
  }
  return plain;
}

std::vector<std::string> set_kind_name_list() {
  std::vector<std::string> names;
  for (const PositionSetKind& k : position_set_kinds())
    if (names.empty() || names.back() != k.name) names.emplace_back(k.name);
  return names;
}

std::string set_kind_names() {
  std::string names;
  for (const std::string& name : set_kind_name_list()) {
    if (!names.empty()) names += ", ";
    names += name;
  }
  return names;
}

namespace {

std::optional<SetKeyError> check_set_keys(const PositionSetKind& kind, const std::vector<std::string_view>& given,
                                          std::string (*spell)(std::string_view key)) {
  const auto has = [](const std::vector<std::string_view>& keys, std::string_view key) {
    return std::find(keys.begin(), keys.end(), key) != keys.end();
  };
  for (std::string_view key : given)
    if (!has(kind.keys, key)) {
      std::string where;
      for (const PositionSetKind& k : position_set_kinds())
        if (has(k.keys, key))
          where += (where.empty() ? "" : ", ") + std::string(k.name) + (k.chosen_by.empty() ? "" : " with " + spell(k.chosen_by));
      return SetKeyError{std::string(key), "does not apply to a position set of kind '" + std::string(kind.title) + "'" +
                                               (where.empty() ? "" : "; " + spell(key) + " applies to " + spell("kind") + " " + where)};
    }
  for (std::string_view key : kind.required)
    if (!has(given, key)) return SetKeyError{std::string(key), "is needed by a position set of kind '" + std::string(kind.title) + "'"};
  return std::nullopt;
}

}  // namespace

SetKindChoice choose_set_kind(std::string_view name, const std::vector<std::string>& keys,
                              std::string (*spell)(std::string_view key)) {
  if (!spell) spell = spell_key;
  const auto& known = position_set_keys();
  std::vector<std::string_view> given;
  for (const std::string& key : keys) {
    const auto at = std::find(known.begin(), known.end(), key);
    if (at == known.end()) {
      std::string list;
      for (std::string_view k : known) list += (list.empty() ? "" : ", ") + spell(k);
      return {nullptr, SetKeyError{key, "is not a key of a position set (its keys: " + list + ")"}};
    }
    given.push_back(*at);
  }
  const PositionSetKind* kind = find_set_kind(name, given);
  if (!kind) return {nullptr, SetKeyError{"kind", "'" + std::string(name) + "' is not one of " + set_kind_names()}};
  if (auto error = check_set_keys(*kind, given, spell)) return {nullptr, std::move(error)};
  return {kind, std::nullopt};
}

bool parse_balance(std::string_view text, PositionSetSpec::Balance& out) {
  if (text == "auto") out = PositionSetSpec::Balance::automatic;
  else if (text == "on") out = PositionSetSpec::Balance::on;
  else if (text == "off") out = PositionSetSpec::Balance::off;
  else return false;
  return true;
}

GeneratedSet generate_set(const Board& board, const PositionSetSpec& spec, const SetOptions& options) {
  if (!spec.kind) throw std::invalid_argument("a position set needs a kind (" + set_kind_names() + ")");
  const PositionSetKind& kind = *spec.kind;
  const bool exact = board.cells() <= StateSpace::kMaxCells;
  if (!exact && !kind.beyond_16_cells) {
    std::string others;
    std::string_view last;
    for (const PositionSetKind& k : position_set_kinds())
      if (k.beyond_16_cells && k.name != last) {
        others += (others.empty() ? "" : ", ") + std::string(k.name);
        last = k.name;
      }
    throw std::invalid_argument("kind '" + std::string(kind.name) + "' needs the exact solver (boards of at most " +
                                std::to_string(StateSpace::kMaxCells) + " cells); " + board.name() + " has " +
                                std::to_string(board.cells()) + " cells: use kind " + others);
  }
  check_plies(board, spec.plies);
  SetContext context(board, exact ? exact_solution(board, options.cancel) : nullptr, spec.budget_seconds, options);
  GeneratedSet out = kind.generate(context, spec);
  out.strata.resize(out.entries.size());
  out.unvalued.resize(out.entries.size(), false);
  return out;
}

}  // namespace tictac
