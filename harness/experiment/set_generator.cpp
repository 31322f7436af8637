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

GeneratedSet pons_sets(const Board& board, const SetRequest& r, StrongSolver& solver, const SetProgress& progress) {
  const int n = board.cells();
  const std::size_t want = static_cast<std::size_t>(r.per_stratum);
  const auto& names = pons_strata();
  const std::size_t strata = names.size();
  // The phases and their plies.
  struct Phase {
    int lo, hi;
    std::vector<std::size_t> strata;
  };
  const std::array<Phase, 3> phases = {Phase{0, n / 3, {3, 4, 5}},
                                       Phase{n / 3 + 1, 2 * n / 3, {1, 2}},
                                       Phase{2 * n / 3 + 1, n - 1, {0}}};
  struct Kept {
    std::size_t order;
    PositionEntry e;
  };
  // By stratum, by the side to move's value + 1 (loss, draw, win).
  std::vector<std::array<std::vector<Kept>, 3>> kept(strata);
  std::size_t solved = 0, draws = 0, value_only = 0, games = 0, order = 0;
  std::vector<Position> unknown;
  std::set<Position> seen;
  const std::size_t max_games = r.max_games ? r.max_games : 100 * want * strata;
  const std::size_t quota = (want + 2) / 3;
  auto balancing = [&] {
    return r.balance == SetRequest::Balance::on || (r.balance == SetRequest::Balance::automatic && 2 * draws > solved && solved >= 30);
  };
  auto total = [&](std::size_t s) { return kept[s][0].size() + kept[s][1].size() + kept[s][2].size(); };
  auto satisfied = [&](std::size_t s) {
    if (total(s) < want) return false;
    if (!balancing() || total(s) >= 2 * want) return true;
    return std::all_of(kept[s].begin(), kept[s].end(), [&](const auto& k) { return k.size() >= quota; });
  };
  auto phase_open = [&](const Phase& ph) {
    return ph.lo <= ph.hi && std::any_of(ph.strata.begin(), ph.strata.end(), [&](std::size_t s) { return !satisfied(s); });
  };
  auto status = [&] {
    std::string s = std::to_string(games) + " games, " + std::to_string(solved) + " solved, " +
                    std::to_string(unknown.size()) + " unknown, " + std::to_string(value_only) + " value only;";
    for (std::size_t i = 0; i < strata; ++i) s += " " + names[i] + " " + std::to_string(total(i)) + "/" + std::to_string(want);
    return s;
  };
  Rng rng(r.seed);
  std::size_t turn = 0;
  const auto start = Clock::now();
  auto last = start;
  bool timed_out = false;
  while (games < max_games) {
    if (r.max_seconds > 0 && std::chrono::duration<double>(Clock::now() - start).count() > r.max_seconds) {
      timed_out = true;
      break;
    }
    std::vector<const Phase*> open;
    for (const Phase& ph : phases)
      if (phase_open(ph)) open.push_back(&ph);
    if (open.empty()) break;
    const Phase& ph = *open[turn++ % open.size()];
    // Games until one reaches a ply of the phase unfinished, so that each
    // open phase gets its turn of solved positions (games rarely last into
    // the end phase).
    std::optional<Position> p;
    int ply = 0;
    while (!p && games < max_games) {
      ply = ph.lo + static_cast<int>(rng.next() % static_cast<std::uint64_t>(ph.hi - ph.lo + 1));
      ++games;
      p = random_play(board, ply, rng);
    }
    if (!p || !seen.insert(*p).second) continue;
    const StrongValue v = solver.solve(*p, r.value_fallback);
    if (progress && Clock::now() - last > std::chrono::seconds(10)) {
      last = Clock::now();
      progress(status());
    }
    if (v.status == StrongValue::Status::unknown) {
      unknown.push_back(*p);
      continue;
    }
    if (v.status == StrongValue::Status::value_only) {
      ++value_only;
      continue;
    }
    ++solved;
    if (v.value == 0) ++draws;
    const std::string name = pons_stratum(n, ply, v.distance);
    const std::size_t s = static_cast<std::size_t>(std::find(names.begin(), names.end(), name) - names.begin());
    auto& bucket = kept[s][static_cast<std::size_t>(v.value * sign_to_move(*p) + 1)];
    if (bucket.size() < want) bucket.push_back({order++, {*p, ply, v.value, v.distance}});
  }
  if (progress) progress(status());
  GeneratedSet out;
  const bool balanced = balancing();
  out.notes.push_back("strata of Pascal Pons's benchmark on " + std::to_string(n) + " cells: begin ply <= " +
                      std::to_string(n / 3) + ", middle ply " + std::to_string(n / 3 + 1) + ".." + std::to_string(2 * n / 3) +
                      ", end ply >= " + std::to_string(2 * n / 3 + 1) + "; easy distance < n/3 (<= " +
                      std::to_string((n - 1) / 3) + "), medium < 2n/3 (<= " + std::to_string((2 * n - 1) / 3) +
                      "), hard the rest");
  out.notes.push_back("sampled by seeded random play (seed " + std::to_string(r.seed) + ", SplitMix64, move = next() % legal moves): " +
                      std::to_string(games) + " games, " + std::to_string(solved) + " distinct positions strong-solved by " +
                      solver.description());
  out.notes.push_back(balanced ? "balanced by value: each stratum takes the side to move's losses, draws and wins in turn (" +
                                     std::to_string(draws) + " of the " + std::to_string(solved) + " solved positions are draws)"
                               : "not balanced by value (" + std::to_string(draws) + " of the " + std::to_string(solved) +
                                     " solved positions are draws); each stratum keeps the first positions sampled");
  if (timed_out)
    out.notes.push_back("sampling stopped after " + std::to_string(static_cast<long>(r.max_seconds)) +
                        " s (max_seconds): the strata that are short would have needed more time");
  if (!unknown.empty())
    out.notes.push_back(std::to_string(unknown.size()) + " sampled positions are left out: unknown within the budget" +
                        (solver.value_first() ? " (their value search ran out)"
                         : r.value_fallback   ? ""
                                              : " (their distance search ran out; no weak search was tried for the value)"));
  if (value_only)
    out.notes.push_back(std::to_string(value_only) + " sampled positions are left out: a win or a loss whose distance search ran out of the budget (no stratum without it)");
  for (std::size_t s = 0; s < strata; ++s) {
    std::vector<Kept> chosen;
    if (balanced) {
      std::array<std::size_t, 3> at{};
      while (chosen.size() < want) {
        bool any = false;
        for (std::size_t c = 0; c < 3 && chosen.size() < want; ++c)
          if (at[c] < kept[s][c].size()) {
            chosen.push_back(kept[s][c][at[c]++]);
            any = true;
          }
        if (!any) break;
      }
    } else {
      for (auto& c : kept[s]) chosen.insert(chosen.end(), c.begin(), c.end());
      std::sort(chosen.begin(), chosen.end(), [](const Kept& a, const Kept& b) { return a.order < b.order; });
      if (chosen.size() > want) chosen.resize(want);
    }
    std::sort(chosen.begin(), chosen.end(), [](const Kept& a, const Kept& b) {
      return a.e.ply != b.e.ply ? a.e.ply < b.e.ply : a.e.position < b.e.position;
    });
    std::array<std::size_t, 3> by_value{};
    for (const Kept& k : chosen) {
      out.entries.push_back(k.e);
      out.strata.push_back(names[s]);
      ++by_value[static_cast<std::size_t>(k.e.value * sign_to_move(k.e.position) + 1)];
    }
    out.notes.push_back(names[s] + ": " + std::to_string(chosen.size()) + " positions (side to move: " +
                        std::to_string(by_value[2]) + " wins, " + std::to_string(by_value[1]) + " draws, " +
                        std::to_string(by_value[0]) + " losses)" +
                        (chosen.size() < want ? "; short of the " + std::to_string(want) + " wanted: random play found no more within " +
                                                    std::to_string(games) + " games" + (timed_out ? " and the time limit" : "")
                                              : ""));
  }
  out.unknown = std::move(unknown);
  return out;
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
  const bool small = board.cells() <= StateSpace::kMaxCells;
  check_plies(board, r.plies);
  GeneratedSet out;
  switch (r.kind) {
    case PositionSetKind::stratified:
      if (r.per_stratum > 0) return pons_sets(board, r, solver, progress);
      [[fallthrough]];
    case PositionSetKind::all:
    case PositionSetKind::empty:
    case PositionSetKind::canonical:
    case PositionSetKind::plies:
    case PositionSetKind::list:
      if (small) {
        PositionSetSpec spec{r.kind, r.plies, r.per_group, r.seed, r.positions};
        out.entries = generate_position_set(*exact_solution(board), spec);
        if (r.kind == PositionSetKind::canonical && !r.plies.empty())
          std::erase_if(out.entries, [&](const PositionEntry& e) {
            return std::find(r.plies.begin(), r.plies.end(), e.ply) == r.plies.end();
          });
        out.strata.assign(out.entries.size(), "");
        return out;
      }
      break;
    case PositionSetKind::random:
      break;
  }
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
    case PositionSetKind::random: {
      if (r.plies.empty() || r.per_ply <= 0)
        throw std::invalid_argument("kind 'random' needs plies and per_ply (positions per ply) of at least 1");
      const std::size_t per_ply = static_cast<std::size_t>(r.per_ply);
      for (std::size_t i = 0; i < r.plies.size(); ++i) {
        const int ply = r.plies[i];
        // Each ply draws from its own stream, so adding a ply leaves the others alone.
        const RandomSample s = random_positions(board, ply, per_ply, mix64(r.seed + 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(ply + 1)),
                                                r.max_games ? r.max_games : 100 * per_ply);
        if (s.all && s.positions.size() < per_ply)
          out.notes.push_back("ply " + std::to_string(ply) + ": only " + std::to_string(s.positions.size()) +
                              " unfinished positions exist; all are in the set");
        else if (!s.all && s.positions.size() < per_ply)
          out.notes.push_back("ply " + std::to_string(ply) + ": " + std::to_string(s.positions.size()) + " distinct positions found in " +
                              std::to_string(s.games) + " games of random play, fewer than the " + std::to_string(per_ply) + " wanted");
        std::vector<Position> ps = s.positions;
        std::sort(ps.begin(), ps.end());
        positions.insert(positions.end(), ps.begin(), ps.end());
      }
      break;
    }
  }
  solve_all(positions, solver, out, progress);
  return out;
}

}  // namespace tictac
