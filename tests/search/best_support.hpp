// Shared by the tests of best (test_best_search, test_best_distance,
// test_best_pairing): best against the exact retrograde solution, and the
// rungs of its ladder.
#pragma once

#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "algorithms/exact/solution.hpp"
#include "algorithms/search/best/best_search.hpp"

namespace tictac::best_test {

// `base`, then `base` with each option of best's ladder switched off alone:
// wins, threats, the null window, the canonical table (exact keys instead,
// then no table), live, the evaluation ordering, history.
inline std::vector<BestOptions> one_off_each(const BestOptions& base) {
  std::vector<BestOptions> all{base};
  auto off = [&](auto change) {
    BestOptions o = base;
    change(o);
    all.push_back(o);
  };
  off([](BestOptions& o) { o.wins = false; });
  off([](BestOptions& o) { o.threats = false; });
  off([](BestOptions& o) { o.window = BestOptions::Window::full; });
  off([](BestOptions& o) { o.tt = BestOptions::Table::exact; });
  off([](BestOptions& o) { o.tt = BestOptions::Table::none; });
  off([](BestOptions& o) { o.live = false; });
  off([](BestOptions& o) { o.order = BestOptions::Order::index; });
  off([](BestOptions& o) { o.history = false; });
  return all;
}

inline std::string describe(const BestOptions& o) {
  auto on = [](bool b) { return b ? "on" : "off"; };
  return std::string("wins=") + on(o.wins) + ",threats=" + on(o.threats) +
         ",window=" + (o.window == BestOptions::Window::null ? "null" : "full") + ",tt=" +
         (o.tt == BestOptions::Table::canonical ? "canonical" : o.tt == BestOptions::Table::exact ? "exact" : "none") +
         ",live=" + on(o.live) + ",order=" + (o.order == BestOptions::Order::eval ? "eval" : "index") +
         ",history=" + on(o.history) + ",pairing=" + on(o.pairing) + ",distance=" + on(o.distance);
}

// best with `o` (statistics policy Stats) on every position of `ps` against
// the exact solution: the value and a move that keeps it; in distance mode
// also the distance, the distance score, and a move that reaches the
// distance (the position after it one ply nearer the end).  Returns the
// failures; the first three are reported through UNSCOPED_INFO.
template <class Stats = NoStats>
int failures(const ExactSolution& sol, const BestOptions& o, const std::vector<Position>& ps) {
  const Board& b = sol.board();
  BestSearch<Stats> search(b, o);
  int failed = 0;
  for (const Position& p : ps) {
    Stats stats;
    const SearchResult r = search.search(p, stats);
    const int value = sol.value(p), distance = sol.distance(p);
    bool ok = r.value == value && r.best_move >= 0 && (p.legal_moves(b) >> r.best_move & 1);
    if (ok) {
      Position q = p;
      q.play(r.best_move, p.to_move());
      ok = sol.value(q) == value;
      if (o.distance) {
        const int mover = p.to_move() == Side::X ? 1 : -1;
        const int score = value == 0 ? 0 : value * mover * (b.cells() + 1 - (p.ply() + distance));
        ok = ok && r.distance == distance && r.score == score && sol.distance(q) + 1 == distance;
      }
    }
    if (!ok && failed++ < 3)
      UNSCOPED_INFO(b.name() << " " << describe(o) << ": x=" << p.x << " o=" << p.o << " value " << r.value
                             << " (exact " << value << "), distance " << r.distance << " (exact " << distance
                             << "), score " << r.score << ", move " << r.best_move);
  }
  return failed;
}

}  // namespace tictac::best_test
