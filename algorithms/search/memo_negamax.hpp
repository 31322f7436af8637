// Negamax with a memo (seed 000): +1 / 0 / -1 from the side to move's view,
// with every solved position remembered.
//
// Conventions that decide the node count (seed 000's, so that keys=canonical
// reproduces its 2,271 nodes and 627 memo entries on the empty 3x3 board):
//   - every entry is a node (statistics.hpp), memo hits included;
//   - a finished position is recognised (by its parent, scoring.hpp's
//     finished_child) BEFORE any memo lookup, and is never stored;
//   - moves in index order, the legal moves only (Position::legal_moves: on a
//     gravity board one per column); no pruning.  Under gravity nothing is
//     switched off: keys=canonical uses the board's group, {identity,
//     mirror_lr} with gravity, which maps drops to drops;
//   - keys=exact: the memo is keyed by the position; keys=canonical: by its
//     canonical form (symmetry.hpp).  The side to move is implied by the
//     stones, as in seed 000's (canonical, side) key.
// The best move is the first move in index order with the best score; it is
// found by searching the root's children, since the root itself is never in
// a fresh memo.
//
// The keys (exact or canonical) and the memo's layout (direct on boards of
// at most 12 cells, memo.hpp) are the compile-time MemoPolicy.  With the
// direct layout the key is the position's base-3 code, kept up to date move
// by move; keys=canonical then stores each value under the codes of all the
// position's images (memo.hpp's insert_images), so a lookup hits exactly
// when some position of the orbit was stored, as with canonical keys: the
// same counts, and no canonical form to compute at each node.
#pragma once

#include <array>
#include <cstddef>
#include <stdexcept>
#include <type_traits>

#include "algorithms/game/position_code.hpp"
#include "algorithms/game/symmetric_images.hpp"
#include "algorithms/search/scoring.hpp"
#include "algorithms/search/search_result.hpp"
#include "algorithms/tables/memo.hpp"

namespace tictac {

struct MemoPolicy {
  bool canonical = false;  // keys: the canonical form, or the position
  MemoLayout layout = MemoLayout::direct;

  friend constexpr bool operator==(const MemoPolicy&, const MemoPolicy&) = default;
};

inline MemoPolicy memo_policy(const Board& b, bool canonical_keys) {
  return {canonical_keys, b.cells() <= kMaxDirectCells ? MemoLayout::direct : MemoLayout::hashed};
}

inline constexpr std::array<MemoPolicy, 4> kMemoPolicies{{{false, MemoLayout::direct},
                                                           {true, MemoLayout::direct},
                                                           {false, MemoLayout::hashed},
                                                           {true, MemoLayout::hashed}}};

template <class Stats, MemoPolicy P>
class MemoNegamax {
  static constexpr bool kDirect = P.layout == MemoLayout::direct;
  using Table = Memo<P.layout>;
  using Key = typename Table::Key;
  using Images = std::conditional_t<kDirect, SymmetricCodes, SymmetricImages>;

 public:
  // Throws std::logic_error when the board and keys do not have the policy
  // P.  A hashed memo starts at 2^16 slots and grows.
  MemoNegamax(const Board& board, bool canonical_keys)
      : board_(board), images_(board), memo_(kDirect ? board.cells() : 16) {
    if (memo_policy(board, canonical_keys) != P)
      throw std::logic_error("MemoNegamax: the board and keys do not have the instantiation's policy");
  }

  // The next n searches clear their tables without wiping them (the
  // tables' reserve_clears): called before timed searches, not between them.
  void reserve_searches(std::uint64_t n) { memo_.reserve_clears(n); }

  SearchResult search(const Position& root, Stats& stats) {
    memo_.clear();
    if constexpr (P.canonical && !kDirect) images_.set(root);
    SearchResult r;
    const Side s = root.to_move();
    const PositionCode code = kDirect ? position_code(root) : 0;
    int score;
    if (!finished_root(board_, root, Scoring{false, board_.cells()}, stats, score))
      score = s == Side::X ? visit<true, Side::X>(root, code, root.ply(), stats, &r.best_move)
                           : visit<true, Side::O>(root, code, root.ply(), stats, &r.best_move);
    r.score = score;
    r.value = s == Side::X ? score : -score;
    if constexpr (Stats::enabled) {
      stats.s.memo_entries = memo_.size();
      stats.s.table_bytes = memo_.bytes();
    }
    return r;
  }

 private:
  // The key of p, whose code (direct layout) is `code`.
  Key key(const Position& p, PositionCode code) const {
    if constexpr (kDirect) return code;
    else if constexpr (P.canonical) return images_.canonical();
    else return p;
  }
  // The images are kept move by move only for the hashed canonical memo.
  void play(int cell, Side s) {
    if constexpr (P.canonical && !kDirect) images_.toggle(cell, s);
  }
  void undo(int cell, Side s) {
    if constexpr (P.canonical && !kDirect) images_.toggle(cell, s);
  }
  void store(const Position& p, const Key& k, int value) {
    if constexpr (P.canonical && kDirect) {
      PositionCode codes[SymmetricCodes::kMaxSymmetries];
      memo_.insert_images({codes, static_cast<std::size_t>(images_.codes(p, codes))}, value);
    } else {
      memo_.insert(k, value);
    }
  }

  static constexpr int kInlinedPlies = 2;
  // The score of p, which is not finished, from the side to move's (S's)
  // view.  The position (and its code) go by value and the side as a
  // template argument, as in negamax.hpp; kInlinedPlies plies per call
  // (measured: 2 is as fast as 3, and smaller).
  template <bool Root, Side S, int Level = 0>
  [[gnu::always_inline]] inline int visit_body(const Position p, PositionCode code, int ply, Stats& stats,
                                               int* best_move) {
    stats.node(ply, p);
    const Key k = key(p, code);
    if (!Root) {
      if (const int v = memo_.find(k); v != Table::kMissing) {
        stats.memo_hit(p);
        return v;
      }
    }
    int best = -2;
    std::uint64_t finished = 0;  // finished children, counted in a register
    for (Mask e = p.legal_moves(board_); e; e &= e - 1) {
      const int cell = std::countr_zero(e);
      Position q = p;
      q.play(cell, S);
      int v;
      if (finished_child(board_, q, S, cell, ply + 1, Scoring{false, board_.cells()}, stats, finished, v)) {
        v = -v;
      } else {
        const PositionCode child = kDirect ? code + code_weight(S, cell) : 0;
        play(cell, S);
        if constexpr (Level + 1 < kInlinedPlies)
          v = -visit_body<false, other(S), Level + 1>(q, child, ply + 1, stats, nullptr);
        else
          v = -visit<false, other(S)>(q, child, ply + 1, stats, nullptr);
        undo(cell, S);
      }
      if (v > best) {
        best = v;
        if (Root) *best_move = cell;
      }
    }
    stats.finished_children(ply + 1, finished);
    store(p, k, best);
    return best;
  }
  template <bool Root, Side S>
  [[gnu::noinline]] int visit(const Position p, PositionCode code, int ply, Stats& stats, int* best_move) {
    return visit_body<Root, S>(p, code, ply, stats, best_move);
  }

  const Board& board_;
  Images images_;
  Table memo_;
};

// The memo search with the policy P as a template on the statistics policy
// alone, the shape the registry's type erasure takes.
template <MemoPolicy P>
struct MemoNegamaxWith {
  template <class Stats>
  using Search = MemoNegamax<Stats, P>;
};

}  // namespace tictac
