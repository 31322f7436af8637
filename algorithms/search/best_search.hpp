// The project's strongest exact solver ("best", the default of `tictac
// solve`): alpha-beta negamax on the three game values, built as an ablation
// ladder in which every enhancement is an option that can be switched off.
//
// Options (spec keys of `best:key=value,...`; the defaults are the full solver):
//   wins=on|off        on: a side with an immediate win takes it without search,
//                      and a side facing one immediate win of the opponent only
//                      tries the block(s).
//   threats=on|off     on: a side with no immediate win facing two or more
//                      immediate wins of the opponent has lost, without search.
//   window=null|full   null: the root is searched with null windows on the three
//                      values (first "is it a win?", then, if not, "is it at
//                      least a draw?"); full: one search with the window (-1, +1).
//   tt=canonical|exact|none
//                      the transposition table of bounds (algorithms/tables/bound_table.hpp),
//                      keyed by the canonical form under the board's symmetries,
//                      by the position itself, or no table.  Boards above 48 cells
//                      always run without a table (the entry holds the whole key).
//   tt_bits=N          log2 of the table entries (16 bytes each); 0 (default):
//                      sized to the board by BoundTable::bits_for.
//   live=on|off        on: pruning by live lines.  A window holding both colours is
//                      dead.  No live window for either side: a draw.  No live
//                      window for one side: that side cannot win (a bound).  Empty
//                      cells in no live window are interchangeable: only the lowest
//                      one is tried.
//   order=eval|index   eval: moves in decreasing order of an evaluation of the live
//                      windows through each cell (attack weighted above defence);
//                      index: in cell order.
//   history=on|off     on: the history heuristic orders moves the evaluation
//                      leaves tied (with order=index, it is the whole ordering);
//                      a cutoff adds (empty cells)^2 to the (side, cell) entry.
//   Remaining ties go in cell order.
//
// Conventions that decide the node count:
//   - A node is one call of the search function for a position, as defined in
//     statistics.hpp: stats.node() is its first statement.  With window=null
//     the root is entered once per null-window search (once or twice).
//   - Scores are -1, 0, +1 from the side to move's view.  The search is
//     fail-soft: a result at or below alpha is an upper bound on the value, a
//     result at or above beta a lower bound, in between the exact value.
//   - Order of the tests on entering a position: finished (won by the last
//     move, only tested when wins=off since with wins=on no search move
//     completes a line; full board) -> immediate win -> double threat ->
//     no live window -> live-window bounds -> table probe (never at the root)
//     -> moves.  Finished positions and the answers before the probe are not
//     stored in the table; every searched position is, with both bounds.
//   - A cutoff (stats.cutoff) is a move whose score reached beta.
//   - The history table and the transposition table start empty at every
//     search() call, so node counts are deterministic.
//
// best_move is an optimal move (the first one found in move order), or -1
// for a finished position.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/tables/bound_table.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/search/search_result.hpp"
#include "algorithms/search/statistics.hpp"
#include "algorithms/game/symmetric_images.hpp"

namespace tictac {

struct BestOptions {
  enum class Window : std::uint8_t { null, full };
  enum class Table : std::uint8_t { canonical, exact, none };
  enum class Order : std::uint8_t { eval, index };

  bool wins = true;
  bool threats = true;
  Window window = Window::null;
  Table tt = Table::canonical;
  int tt_bits = 0;
  bool live = true;
  Order order = Order::eval;
  bool history = true;

  friend bool operator==(const BestOptions&, const BestOptions&) = default;
};

// The ablation ladder: each step switches one more enhancement on, from a
// plain full-window alpha-beta in cell order to the full solver (the last
// step equals BestOptions{}).  Names are short labels for tables and benchmarks.
inline std::vector<std::pair<std::string, BestOptions>> best_ladder() {
  BestOptions o;
  o.wins = o.threats = o.live = o.history = false;
  o.window = BestOptions::Window::full;
  o.tt = BestOptions::Table::none;
  o.order = BestOptions::Order::index;
  std::vector<std::pair<std::string, BestOptions>> steps;
  steps.emplace_back("alphabeta", o);
  o.wins = true, steps.emplace_back("+wins", o);
  o.threats = true, steps.emplace_back("+threats", o);
  o.window = BestOptions::Window::null, steps.emplace_back("+null_window", o);
  o.tt = BestOptions::Table::exact, steps.emplace_back("+tt_exact", o);
  o.tt = BestOptions::Table::canonical, steps.emplace_back("+tt_canonical", o);
  o.live = true, steps.emplace_back("+live", o);
  o.order = BestOptions::Order::eval, steps.emplace_back("+order_eval", o);
  o.history = true, steps.emplace_back("+history", o);
  return steps;
}

template <class Stats>
class BestSearch {
 public:
  using Options = BestOptions;

  BestSearch(const Board& board, Options options = {})
      : board_(board),
        opt_(options),
        windows_(board.windows()),
        table_(options.tt == Options::Table::none || board.cells() > BoundTable::kMaxCells ? 0
               : options.tt_bits > 0 ? options.tt_bits
                                     : BoundTable::bits_for(board)),
        images_(board),
        live_(static_cast<std::size_t>(board.cells() + 2) * windows_.size()) {
    // Evaluation weights by the number of stones of one colour in a live
    // window: a window the side to move can still fill, holding m of its
    // stones, counts 16 * 4^m (an empty window counts 16, once); a window
    // only the opponent can still fill, holding o of its stones, counts
    // 5 * 4^o, so attack outweighs defence by 3.2.  Chosen by measuring
    // 4x4, 5x4, 5x5, 6x5, 5x6 and 6x6 with k=4 (see bench/bench_best_search.cpp).
    // The weights stop growing at 8 stones so that sums cannot overflow.
    for (int m = 0; m <= Board::kMaxCells; ++m) {
      const int e = std::min(m, 8);
      attack_[m] = 16u << (2 * e);
      defence_[m] = m == 0 ? 0 : 5u << (2 * e);
    }
  }

  const Options& options() const { return opt_; }

  SearchResult search(const Position& root, Stats& stats) {
    stats_ = &stats;
    SearchResult r;
    const Side mover = root.to_move();
    const int sign = mover == Side::X ? 1 : -1;
    const Result finished = result(board_, root);
    if (finished != Result::ongoing) {
      stats.node(root.ply(), root);
      stats.terminal();
      r.value = finished == Result::x_wins ? 1 : finished == Result::o_wins ? -1 : 0;
      r.score = r.value * sign;
      r.best_move = -1;
    } else {
      pos_ = root;
      ply0_ = root.ply();
      if (opt_.tt == Options::Table::canonical) images_.set(root);
      table_.clear();
      history_ = {};
      std::copy(windows_.begin(), windows_.end(), live_.begin());
      live_count_[0] = static_cast<int>(windows_.size());
      int score;
      if (opt_.window == Options::Window::full) {
        score = visit(-1, 1, -1, 0, mover);
      } else {
        score = visit(0, 1, -1, 0, mover) >= 1 ? 1 : visit(-1, 0, -1, 0, mover) >= 0 ? 0 : -1;
      }
      r.score = score;
      r.value = score * sign;
      r.best_move = root_move_;
    }
    if constexpr (requires { stats.s; }) {
      stats.s.tt_capacity = table_.capacity();
      stats.s.table_bytes = table_.bytes();
      stats.s.tt_occupancy = table_.occupancy();
      r.stats = stats.result();
    }
    return r;
  }

 private:
  Mask stones(Side s) const { return s == Side::X ? pos_.x : pos_.o; }

  void play(int cell, Side s) {
    pos_.play(cell, s);
    if (opt_.tt == Options::Table::canonical) images_.toggle(cell, s);
  }
  void undo(int cell, Side s) {
    pos_.undo(cell, s);
    if (opt_.tt == Options::Table::canonical) images_.toggle(cell, s);
  }
  Position key() const { return opt_.tt == Options::Table::canonical ? images_.canonical() : pos_; }

  // The value of pos_ for `me` (to move), as described in the header.
  // `last` is the cell of the move that led here (-1 at the root); `depth`
  // counts plies from the root.
  int visit(int alpha, int beta, int last, int depth, Side me) {
    stats_->node(ply0_ + depth, pos_);
    const Mask mine = stones(me), theirs = stones(other(me));
    const Mask empty = board_.full() & ~(mine | theirs);
    if (!opt_.wins && last >= 0 && board_.wins_through(theirs, last)) {
      stats_->terminal();
      return -1;
    }
    if (!empty) {
      stats_->terminal();
      return 0;
    }
    if (depth == 0) root_move_ = std::countr_zero(empty);

    // One pass over the windows still live at the parent: keep the live ones
    // for the children, and find the immediate wins of both sides.
    const Mask* in = &live_[depth * windows_.size()];
    const int n_in = live_count_[depth];
    Mask* out = &live_[(depth + 1) * windows_.size()];
    int n_out = 0;
    Mask my_wins = 0, their_wins = 0, live_cells = 0;
    bool my_live = false, their_live = false;
    for (int i = 0; i < n_in; ++i) {
      const Mask w = in[i], a = w & mine, b = w & theirs;
      if (a && b) continue;
      out[n_out++] = w;
      live_cells |= w;
      // A live window with one empty cell is an immediate win for the side
      // whose stones fill the rest.
      const Mask hole = w & ~(a | b);
      const bool one_hole = (hole & (hole - 1)) == 0;
      if (!b) {
        my_live = true;
        if (one_hole) my_wins |= hole;
      }
      if (!a) {
        their_live = true;
        if (one_hole) their_wins |= hole;
      }
    }
    live_count_[depth + 1] = n_out;

    if (opt_.wins && my_wins) {
      if (depth == 0) root_move_ = std::countr_zero(my_wins);
      return 1;
    }
    if (opt_.threats && !my_wins && (their_wins & (their_wins - 1))) {
      if (depth == 0) root_move_ = std::countr_zero(their_wins);
      return -1;
    }
    int lower = -1, upper = 1;
    if (opt_.live) {
      if (!my_live && !their_live) return 0;
      if (!my_live) upper = 0;
      if (!their_live) lower = 0;
      if (lower >= beta) return lower;
      if (upper <= alpha) return upper;
    }
    Position k{};
    if (table_.enabled()) {
      k = key();
      if (depth > 0) {
        const BoundTable::Bounds e = table_.probe(k.x, k.o, *stats_);
        lower = std::max(lower, e.lower);
        upper = std::min(upper, e.upper);
        if (lower >= beta || upper <= alpha || lower == upper) {
          stats_->tt_hit_cutoff(pos_);
          return lower >= beta ? lower : upper;
        }
      }
    }

    // The moves to try, best first.
    Mask cand = opt_.wins && their_wins ? their_wins : empty;
    if (opt_.live) {
      const Mask dead = cand & ~live_cells;
      if (dead) cand = (cand & live_cells) | (dead & -dead);
    }
    std::array<std::uint64_t, Board::kMaxCells> moves;  // (order key << 8) | cell
    int n = 0;
    if (std::has_single_bit(cand)) {
      moves[n++] = static_cast<std::uint64_t>(std::countr_zero(cand));
    } else {
      std::array<std::uint32_t, Board::kMaxCells> score;
      if (opt_.order == Options::Order::eval) {
        for (Mask m = cand; m; m &= m - 1) score[std::countr_zero(m)] = 0;
        for (int i = 0; i < n_out; ++i) {
          const Mask w = out[i], a = w & mine, b = w & theirs;
          const std::uint32_t weight = b ? defence_[count(b)] : attack_[count(a)];
          for (Mask m = w & cand; m; m &= m - 1) score[std::countr_zero(m)] += weight;
        }
      }
      const auto& hist = history_[static_cast<int>(me)];
      for (Mask m = cand; m; m &= m - 1) {
        const int c = std::countr_zero(m);
        std::uint64_t key = 0;
        if (opt_.order == Options::Order::eval) key = std::uint64_t{score[c]} << 32;
        if (opt_.history) key |= hist[c];
        // Insertion sort, decreasing key, ties in cell order (stable).
        const std::uint64_t item = key << 8 | static_cast<std::uint64_t>(c);
        int j = n++;
        while (j > 0 && (moves[j - 1] >> 8) < key) {
          moves[j] = moves[j - 1];
          --j;
        }
        moves[j] = item;
      }
    }

    const int a0 = std::max(alpha, lower), b0 = std::min(beta, upper);
    int a = a0, best = -2;
    for (int i = 0; i < n; ++i) {
      const int c = static_cast<int>(moves[i] & 0xff);
      play(c, me);
      const int v = -visit(-b0, -a, c, depth + 1, other(me));
      undo(c, me);
      if (v > best) {
        best = v;
        if (depth == 0) root_move_ = c;
      }
      if (v >= b0) {
        stats_->cutoff(i);
        if constexpr (Stats::enabled) {
          Mask rest = 0;
          for (int j = i + 1; j < n; ++j) rest |= Mask{1} << (moves[j] & 0xff);
          if (rest) stats_->pruned(pos_, rest);
        }
        if (opt_.history) bump_history(me, c, board_.cells() - ply0_ - depth);
        break;
      }
      if (v > a) a = v;
    }

    if (table_.enabled()) {
      int lo = lower, hi = upper;
      if (best >= b0) lo = std::max(lo, best);
      else if (best <= a0) hi = std::min(hi, best);
      else lo = hi = best;
      table_.store(k.x, k.o, lo, hi, *stats_);
    }
    return best;
  }

  // The stones of a window (a few bits: faster than a popcount call on a
  // target without the popcnt instruction).
  static int count(Mask m) {
    int n = 0;
    for (; m; m &= m - 1) ++n;
    return n;
  }

  void bump_history(Side s, int cell, int empties) {
    auto& h = history_[static_cast<int>(s)];
    h[cell] += static_cast<std::uint32_t>(empties * empties);
    if (h[cell] >= (1u << 30))
      for (auto& v : h) v >>= 1;
  }

  Board board_;
  Options opt_;
  std::vector<Mask> windows_;
  BoundTable table_;
  SymmetricImages images_;
  // live_[d * windows + i]: the windows still live at depth d (the first
  // live_count_[d] of them).
  std::vector<Mask> live_;
  std::array<int, Board::kMaxCells + 2> live_count_{};
  std::array<std::array<std::uint32_t, Board::kMaxCells>, 2> history_{};
  std::array<std::uint32_t, Board::kMaxCells + 1> attack_{}, defence_{};

  Stats* stats_ = nullptr;
  Position pos_;
  int ply0_ = 0;
  int root_move_ = -1;
};

}  // namespace tictac
