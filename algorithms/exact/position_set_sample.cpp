#include "algorithms/exact/position_set_sample.hpp"

#include <algorithm>
#include <bit>
#include <set>
#include <unordered_set>

#include "algorithms/game/rules.hpp"
#include "algorithms/game/symmetry.hpp"

namespace tictac {

namespace {

int nth_bit(Mask m, std::uint64_t n) {
  for (; n > 0; --n) m &= m - 1;
  return std::countr_zero(m);
}

struct PositionHash {
  std::size_t operator()(const Position& p) const { return static_cast<std::size_t>(mix64(p.x * 0x9e3779b97f4a7c15ULL ^ p.o)); }
};

}  // namespace

namespace {

// A game to `ply` from the empty board, each move uniform among the cells
// `choose(p, side, legal)` leaves (a subset of the legal moves, drawing from
// rng as it needs); nullopt when the game ends first.
template <typename Choose>
std::optional<Position> play_to(const Board& board, int ply, Rng& rng, Choose choose) {
  Position p;
  for (int t = 0; t < ply; ++t) {
    const Side s = p.to_move();
    const Mask moves = choose(p, s, p.legal_moves(board));
    if (moves == 0) return std::nullopt;
    const int cell = nth_bit(moves, rng.next() % static_cast<std::uint64_t>(std::popcount(moves)));
    p.play(cell, s);
    if (board.wins_through(p.stones(s), cell)) return std::nullopt;
  }
  if (is_terminal(board, p)) return std::nullopt;
  return p;
}

// The legal cells that add a stone to one of `side`'s fullest live windows.
Mask building_cells(const Board& board, const Position& p, Side side, Mask legal) {
  const Mask own = p.stones(side), theirs = p.stones(other(side));
  int best = 0;
  Mask cells = 0;
  for (Mask m = legal; m; m &= m - 1) {
    const int cell = std::countr_zero(m);
    int fullest = 0;
    for (Mask w : board.windows_through(cell))
      if ((w & theirs) == 0) fullest = std::max(fullest, std::popcount(w & own));
    if (fullest > best) best = fullest, cells = 0;
    if (fullest == best) cells |= m & -m;
  }
  return best > 0 ? cells : legal;
}

}  // namespace

std::optional<Position> random_play(const Board& board, int ply, Rng& rng) {
  return play_to(board, ply, rng, [](const Position&, Side, Mask legal) { return legal; });
}

std::optional<Position> builder_play(const Board& board, int ply, Side builder, Rng& rng) {
  return play_to(board, ply, rng, [&](const Position& p, Side s, Mask legal) {
    return legal != 0 && s == builder && (rng.next() & 1) == 0 ? building_cells(board, p, s, legal) : legal;
  });
}

PlyEnumeration enumerate_ply(const Board& board, int ply, bool canonical, std::size_t limit, std::size_t layer_limit) {
  const SymmetryGroup group(board);
  std::vector<Position> layer{Position{}};
  for (int t = 0; t < ply; ++t) {
    std::unordered_set<Position, PositionHash> next;
    for (const Position& p : layer) {
      const Side s = p.to_move();
      for (Mask m = p.legal_moves(board); m; m &= m - 1) {
        const int cell = std::countr_zero(m);
        Position q = p;
        q.play(cell, s);
        if (board.wins_through(q.stones(s), cell) || q.ply() == board.cells()) continue;  // finished
        next.insert(canonical ? group.canonical(q).position : q);
      }
      const std::size_t cap = t + 1 == ply ? limit : layer_limit;
      if (next.size() > cap) return {{}, false, t + 1};
    }
    layer.assign(next.begin(), next.end());
  }
  std::sort(layer.begin(), layer.end());
  return {std::move(layer), true, -1};
}

RandomSample random_positions(const Board& board, int ply, std::size_t count, std::uint64_t seed, std::size_t max_games) {
  RandomSample out;
  PlyEnumeration e = enumerate_ply(board, ply, false, count, 16 * count + 1024);
  if (e.complete) {
    out.positions = std::move(e.positions);
    out.all = true;
    return out;
  }
  Rng rng(seed);
  std::unordered_set<Position, PositionHash> seen;
  while (out.positions.size() < count && out.games < max_games) {
    ++out.games;
    if (auto p = random_play(board, ply, rng); p && seen.insert(*p).second) out.positions.push_back(*p);
  }
  return out;
}

bool reachable_in_play(const Board& board, const Position& p) {
  if (check_legality(board, p) != Legality::legal) return false;
  if (!board.stone_opens_cell_above()) return true;
  // Take off the last mover's top stones, one at a time; the position left
  // must have no line (the game went on after it).  Positions already shown
  // to lead nowhere are remembered.
  std::set<Position> dead;
  auto build = [&](auto&& self, const Position& q) -> bool {
    if (q.ply() == 0) return true;
    if (dead.count(q)) return false;
    const Side last = other(q.to_move());
    for (Mask m = board.tops(q.occupied()) & q.stones(last); m; m &= m - 1) {
      Position r = q;
      r.undo(std::countr_zero(m), last);
      if (!board.has_line(r.x) && !board.has_line(r.o) && self(self, r)) return true;
    }
    dead.insert(q);
    return false;
  };
  return build(build, p);
}

}  // namespace tictac
