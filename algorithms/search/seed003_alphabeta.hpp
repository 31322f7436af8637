// Seed 003's engine (its TicTacToeAI.findBestMove and alphaBeta, with its
// ZobristHasher and TranspositionTable), reproduced exactly so that its
// figures can be measured under its own convention.  It differs from this
// project's alpha-beta (alphabeta.hpp) in every way that moves a count:
//
//   - minimax form: X maximises, O minimises; scores are a flat +1000 (X has
//     a line), -1000 (O has a line), 0 (full board), from X's view;
//   - the root is not searched by the alpha-beta function: each root move's
//     child is searched with the full window (INT_MIN, INT_MAX), so alpha is
//     never raised between root moves; the root probes and stores nothing;
//     the best move is the first, in index order, with the best score;
//   - a child of the root is searched with depth 9 on 3x3 (the board's cell
//     count in general), one less per ply; depth 0 would score a draw but is
//     never reached, since the game ends first;
//   - the finished-position check comes first, then the depth check, then
//     the table probe;
//   - the table: 65,536 slots indexed by the key's low 16 bits, empty at the
//     start of each search (findBestMove is always preceded by reset() in
//     the article's program), verified by the whole 64-bit key, always
//     replaced on store; a hit is a slot holding this key; a hit with depth
//     >= the depth now needed answers the node when it is exact, a lower
//     bound >= beta or an upper bound <= alpha (the window is not narrowed
//     by the other bounds); whatever the hit's bounds, its move is tried
//     first; the stored bound is upper when the result is <= the alpha the
//     node was entered with, lower when >= the entry beta, exact otherwise;
//   - keys: XOR of one number per (cell, player), no side-to-move number,
//     drawn from java.util.Random(12345).nextLong() in [cell][player] order
//     (cell 0 X, cell 0 O, cell 1 X, ...), so the same positions share the
//     same slots as in the article's program;
//   - order: cells in index order (or the oracle order, for the ideal-order
//     figure the article states without code), after the table's move.
//
// Statistics (statistics.hpp defines the node): every call of the alpha-beta
// function is a node, and so is the root, which the project counts as the
// entry into search() (the article's own count, nodesEvaluated, leaves the
// root out: it is nodes - 1 from a root that is not finished, and
// nodes_by_ply below the root's ply).  Probes, hits and the hit rate are the
// article's: a probe at every unfinished call, hits over probes
// (hits / (hits + misses)).  A slot held by another key is a collision; a
// store into such a slot an overwrite.
//
// Table = false is the same search with no table (its alpha-beta alone).
// Checked against the article's Java program, compiled and run on the JVM
// (tests/search/test_seed003_alphabeta.cpp records the command and figures).
#pragma once

#include <climits>
#include <cstdint>
#include <vector>

#include "algorithms/exact/solution.hpp"
#include "algorithms/game/random.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/search/move_order.hpp"
#include "algorithms/search/scoring.hpp"
#include "algorithms/search/search_result.hpp"

namespace tictac {

template <class Stats, bool Table>
class Seed003AlphaBeta {
 public:
  static constexpr int kTableBits = 16;  // the article's SIZE = 1 << 16
  static constexpr int kWin = 1000;
  static constexpr std::int64_t kKeySeed = 12345;

  // `base` is OrderBase::index (the article's code) or OrderBase::oracle;
  // `exact` is needed for the oracle and must outlive the search.
  Seed003AlphaBeta(const Board& board, OrderBase base, const ExactSolution* exact)
      : board_(board), order_(board, OrderSpec{Table, false, base}, 1, exact) {
    JavaRandom random(kKeySeed);
    for (int cell = 0; cell < board.cells(); ++cell)
      for (Side s : {Side::X, Side::O}) keys_[cell][static_cast<int>(s)] = random.next_long();
    if constexpr (Table) slots_.resize(std::size_t{1} << kTableBits);
  }

  SearchResult search(const Position& root, Stats& stats) {
    order_.reset();
    if constexpr (Table) {
      if (++generation_ == 0) {  // after 2^32 searches: empty the slots for real
        for (Slot& s : slots_) s.generation = 0;
        generation_ = 1;
      }
    }
    occupancy_ = 0;
    SearchResult r;
    stats.node(root.ply(), root);
    const Result res = result(board_, root);
    int best_score;
    if (res != Result::ongoing) {
      stats.terminal();
      best_score = res == Result::x_wins ? kWin : res == Result::o_wins ? -kWin : 0;
    } else {
      const Side s = root.to_move();
      const bool maximizing = s == Side::X;
      std::int8_t moves[Board::kMaxCells];
      const int n = order_.order(root, s, root.ply(), -1, moves);
      best_score = maximizing ? INT_MIN : INT_MAX;
      const std::int64_t key = key_of(root);
      for (int i = 0; i < n; ++i) {
        const int m = moves[i];
        Position child = root;
        child.play(m, s);
        const int score = visit(child, s, m, root.ply() + 1, board_.cells(), INT_MIN, INT_MAX, !maximizing,
                                key ^ keys_[m][static_cast<int>(s)], stats);
        if (maximizing ? score > best_score : score < best_score) {
          best_score = score;
          r.best_move = m;
        }
      }
    }
    r.value = sign_of(best_score);
    r.score = root.to_move() == Side::X ? best_score : -best_score;
    if constexpr (Stats::enabled && Table) {
      stats.s.tt_capacity = slots_.size();
      stats.s.tt_occupancy = occupancy_;
      stats.s.table_bytes = slots_.size() * sizeof(Slot);
    }
    return r;
  }

 private:
  enum Flag : std::int8_t { exact = 0, lower = 1, upper = 2 };  // the article's EXACT / LOWERBOUND / UPPERBOUND
  struct Slot {
    std::int64_t key;
    std::uint32_t generation;  // the search that filled it; 0: never filled
    std::int32_t score;
    std::int8_t depth;
    std::int8_t flag;
    std::int8_t move;
  };
  static_assert(sizeof(Slot) == 24);

  std::int64_t key_of(const Position& p) const {
    std::int64_t k = 0;
    for (int c = 0; c < board_.cells(); ++c) {
      if (p.x >> c & 1) k ^= keys_[c][0];
      else if (p.o >> c & 1) k ^= keys_[c][1];
    }
    return k;
  }

  static Bound bound_of(std::int8_t flag) { return flag == exact ? Bound::exact : flag == lower ? Bound::lower : Bound::upper; }

  // The article's alphaBeta(state, depth, alpha, beta, maximizing): X's
  // score of p, where `mover` has just played `last`.
  int visit(Position& p, Side mover, int last, int ply, int depth, int alpha, int beta, bool maximizing,
            std::int64_t key, Stats& stats) {
    stats.node(ply, p);
    if (board_.wins_through(p.stones(mover), last)) {
      stats.terminal();
      return mover == Side::X ? kWin : -kWin;
    }
    if (ply == board_.cells()) {
      stats.terminal();
      return 0;
    }
    if (depth == 0) return 0;

    int tt_move = -1;
    Slot* slot = nullptr;
    if constexpr (Table) {
      slot = &slots_[static_cast<std::uint64_t>(key) & (slots_.size() - 1)];
      stats.tt_probe();
      const bool filled = slot->generation == generation_;
      if (filled && slot->key == key) {
        stats.tt_hit(bound_of(slot->flag), p);
        if (slot->depth >= depth) {
          if (slot->flag == exact || (slot->flag == lower && slot->score >= beta) ||
              (slot->flag == upper && slot->score <= alpha)) {
            stats.tt_hit_cutoff(p);
            return slot->score;
          }
        }
        tt_move = slot->move;
      } else if (filled) {
        stats.tt_collision();
      }
    }

    const Side s = other(mover);
    std::int8_t moves[Board::kMaxCells];
    const int n = order_.order(p, s, ply, tt_move, moves);
    const int alpha_in = alpha, beta_in = beta;
    int best = maximizing ? INT_MIN : INT_MAX, best_move = -1;
    for (int i = 0; i < n; ++i) {
      const int m = moves[i];
      p.play(m, s);
      const int v = visit(p, s, m, ply + 1, depth - 1, alpha, beta, !maximizing, key ^ keys_[m][static_cast<int>(s)], stats);
      p.undo(m, s);
      if (maximizing ? v > best : v < best) {
        best = v;
        best_move = m;
      }
      if (maximizing) alpha = alpha > v ? alpha : v;
      else beta = beta < v ? beta : v;
      if (beta <= alpha) {
        stats.cutoff(i);
        if constexpr (Stats::enabled) {
          Mask rest = 0;
          for (int j = i + 1; j < n; ++j) rest |= Mask{1} << moves[j];
          if (rest) stats.pruned(p, rest);
        }
        break;
      }
    }

    if constexpr (Table) {
      const std::int8_t flag = best <= alpha_in ? upper : best >= beta_in ? lower : exact;
      const bool filled = slot->generation == generation_;
      stats.tt_store(filled && slot->key != key);
      occupancy_ += !filled;
      *slot = Slot{key, generation_, best, static_cast<std::int8_t>(depth), flag, static_cast<std::int8_t>(best_move)};
    }
    return best;
  }

  const Board& board_;
  MoveOrder order_;
  std::int64_t keys_[Board::kMaxCells][2] = {};
  std::vector<Slot> slots_;
  std::uint32_t generation_ = 0;
  std::uint64_t occupancy_ = 0;
};

// The article's engine, and its alpha-beta with no table.
template <class Stats>
using Seed003WithTable = Seed003AlphaBeta<Stats, true>;
template <class Stats>
using Seed003Plain = Seed003AlphaBeta<Stats, false>;

}  // namespace tictac
