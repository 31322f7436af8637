// An independent model of a gravity game for tests: its own windows (by
// coordinates), its own win check and its own drops (by column heights),
// sharing no code with algorithms/.  Cells are numbered as Board numbers
// them (row 0 at the top, cell = row * C + col), so its positions compare
// with the project's.
#pragma once

#include <bit>
#include <cstdint>
#include <unordered_map>
#include <utility>
#include <vector>

namespace tictac::test {

struct GravityWalk {
  int R, C, k;
  std::vector<std::uint64_t> windows;

  GravityWalk(int rows, int cols, int k_) : R(rows), C(cols), k(k_) {
    const int dirs[4][2] = {{0, 1}, {1, 0}, {1, 1}, {1, -1}};
    for (int r = 0; r < R; ++r)
      for (int c = 0; c < C; ++c)
        for (auto [dr, dc] : dirs) {
          std::uint64_t w = 0;
          bool inside = true;
          for (int i = 0; i < k; ++i) {
            const int rr = r + dr * i, cc = c + dc * i;
            if (rr < 0 || rr >= R || cc < 0 || cc >= C) inside = false;
            else w |= std::uint64_t{1} << (rr * C + cc);
          }
          bool seen = false;
          for (auto v : windows) seen = seen || v == w;
          if (inside && !seen) windows.push_back(w);
        }
  }

  struct Pos {
    std::uint64_t x = 0, o = 0;
    friend bool operator==(const Pos&, const Pos&) = default;
  };
  struct Hash {
    std::size_t operator()(const Pos& p) const { return std::hash<std::uint64_t>()(p.x * 0x9e3779b97f4a7c15ULL ^ p.o); }
  };

  bool line(std::uint64_t m) const {
    for (auto w : windows)
      if ((m & w) == w) return true;
    return false;
  }
  int stones(const Pos& p) const { return std::popcount(p.x) + std::popcount(p.o); }
  bool over(const Pos& p) const { return line(p.x) || line(p.o) || stones(p) == R * C; }
  // The stones in column c, counted cell by cell.
  int height(const Pos& p, int c) const {
    int h = 0;
    for (int r = 0; r < R; ++r) h += ((p.x | p.o) >> (r * C + c)) & 1;
    return h;
  }
  // The cell a drop in column c fills, or -1 when the column is full.
  int drop(const Pos& p, int c) const {
    const int h = height(p, c);
    return h == R ? -1 : (R - 1 - h) * C + c;
  }
  Pos child(const Pos& p, int cell) const {
    Pos q = p;
    (stones(p) % 2 == 0 ? q.x : q.o) |= std::uint64_t{1} << cell;
    return q;
  }

  // Every position reachable from the empty board, by plies: by_ply[n] holds
  // the positions after n drops (no moves after a win).
  std::vector<std::vector<Pos>> reachable(int max_ply) const {
    std::vector<std::vector<Pos>> by_ply{{Pos{}}};
    for (int ply = 0; ply < max_ply && ply < R * C; ++ply) {
      std::unordered_map<Pos, bool, Hash> next;
      std::vector<Pos> list;
      for (const Pos& p : by_ply.back()) {
        if (over(p)) continue;
        for (int c = 0; c < C; ++c)
          if (const int cell = drop(p, c); cell >= 0) {
            const Pos q = child(p, cell);
            if (next.emplace(q, true).second) list.push_back(q);
          }
      }
      by_ply.push_back(std::move(list));
    }
    return by_ply;
  }

  // Pascal Pons's score of p for the side to move by his own rule, with a
  // memo: a drop that wins scores (cells + 1 - stones before it) / 2; a full
  // board scores 0; otherwise the best of minus the children's scores.
  int pons(const Pos& p, std::unordered_map<Pos, int, Hash>& memo) const {
    if (const auto it = memo.find(p); it != memo.end()) return it->second;
    const int n = stones(p);
    int best = -R * C;
    for (int c = 0; c < C; ++c) {
      const int cell = drop(p, c);
      if (cell < 0) continue;
      const Pos q = child(p, cell);
      const int score = line(n % 2 == 0 ? q.x : q.o) ? (R * C + 1 - n) / 2 : stones(q) == R * C ? 0 : -pons(q, memo);
      best = score > best ? score : best;
    }
    memo.emplace(p, best);
    return best;
  }
};

}  // namespace tictac::test
