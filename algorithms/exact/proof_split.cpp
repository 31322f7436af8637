#include "algorithms/exact/proof_split.hpp"

#include <algorithm>
#include <bit>
#include <map>
#include <set>
#include <string>

#include "algorithms/game/rules.hpp"
#include "algorithms/game/symmetry.hpp"

namespace tictac {

ProofSplit split_proof(const Board& board, const Position& root, int plies, std::size_t max_positions) {
  if (is_terminal(board, root)) throw std::invalid_argument("the root is finished: there is nothing to split");
  const int empty = board.cells() - root.ply();
  if (plies < 1 || plies > empty)
    throw std::invalid_argument("a split of " + std::to_string(plies) + " plies: the root has " + std::to_string(empty) +
                                " empty cells, so a split takes 1 to " + std::to_string(empty) + " plies");
  const SymmetryGroup group(board);
  ProofSplit split{root, plies, {}, 0};
  std::set<Position> layer{root}, finished;
  for (int depth = 1; depth <= plies; ++depth) {
    std::set<Position> next;
    for (const Position& p : layer) {
      const Side s = p.to_move();
      for (Mask m = p.legal_moves(board); m; m &= m - 1) {
        Position q = p;
        q.play(std::countr_zero(m), s);
        const Position c = group.canonical(q).position;
        if (is_terminal(board, q))
          finished.insert(c);
        else
          next.insert(c);
        if (next.size() > max_positions)
          throw std::invalid_argument("the split holds more than " + std::to_string(max_positions) + " canonical positions " +
                                      std::to_string(depth) + " plies below the root; split fewer plies");
      }
    }
    layer = std::move(next);
  }
  split.positions.assign(layer.begin(), layer.end());
  split.finished_leaves = finished.size();
  return split;
}

SplitValue split_value(const Board& board, const ProofSplit& split, const SplitLookup& lookup) {
  const SymmetryGroup group(board);
  const int deepest = split.root.ply() + split.plies;
  std::map<Position, int> memo;  // by canonical form: the values found, split positions included
  std::set<Position> unknown;
  auto value = [&](auto&& self, const Position& p) -> int {
    const Position c = group.canonical(p).position;
    if (const auto it = memo.find(c); it != memo.end()) return it->second;
    int v = 0;
    if (const Result r = result(board, c); r != Result::ongoing) {
      v = result_value(r);
    } else if (c.ply() == deepest) {
      const std::optional<int> known = lookup(c);
      if (known) v = *known; else unknown.insert(c);  // the 0 stands in; the value is then unknown
    } else {
      const Side s = c.to_move();
      v = s == Side::X ? -2 : 2;
      for (Mask m = c.legal_moves(board); m; m &= m - 1) {
        Position q = c;
        q.play(std::countr_zero(m), s);
        const int w = self(self, q);
        v = s == Side::X ? std::max(v, w) : std::min(v, w);
      }
    }
    memo.emplace(c, v);
    return v;
  };
  const int v = value(value, split.root);
  SplitValue out;
  out.unknown.assign(unknown.begin(), unknown.end());
  if (out.unknown.empty()) out.value = v;
  return out;
}

}  // namespace tictac
