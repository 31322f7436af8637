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
//                      On gravity boards (with wins=on) also: a move into the
//                      cell just below an opponent's hole is not tried, since
//                      it opens the hole (Pons's "anticipate losing moves");
//                      a side all of whose moves are such has lost.
//   window=null|full   null: the root is searched with null windows on the three
//                      values (first "is it a win?", then, if not, "is it at
//                      least a draw?"); full: one search with the window (-1, +1).
//   question=value|win|notlose
//                      value: the game value (the window option above).  win:
//                      one null-window search (0, 1) of the root, "does the side
//                      to move win?"; notlose: one null-window search (-1, 0),
//                      "does it at least draw?".  No second window: the answer
//                      is exact when it is "yes, it wins" or "no, it loses",
//                      else a bound (SearchResult::bound: "it does not win",
//                      the value at most 0 for the side to move; "it does not
//                      lose", at least 0), with no value and no move.  Asked at
//                      the root only, so a field of the options, not a feature
//                      of the instantiation; not with window=full or
//                      distance=on (std::logic_error: the registry refuses
//                      them first).
//   tt=canonical|exact|none
//                      the transposition table of bounds (algorithms/tables/bound_table.hpp),
//                      keyed by the canonical form under the board's symmetries,
//                      by the position itself, or no table.  The entry holds the
//                      whole key, so the table is exact on every board: up to 48
//                      cells in 16-byte entries (BoundTable), above in 24-byte
//                      ones (WideBoundTable, chosen at compile time: BestFeatures::wide,
//                      which the registry sets by board size; an instantiation
//                      without it runs boards above 48 cells without a table).
//   tt_bits=N          log2 of the table entries (16 or 24 bytes each); 0 (default):
//                      sized to the board by BoundTable::bits_for.
//   live=on|off        on: pruning by live lines.  A window holding both colours is
//                      dead.  No live window for either side: a draw.  No live
//                      window for one side: that side cannot win (a bound).  Empty
//                      cells in no live window are interchangeable: only the lowest
//                      one is tried (not on gravity boards: see below).
//   order=eval|index   eval: moves in decreasing order of an evaluation of the live
//                      windows through each cell (attack weighted above defence);
//                      index: in cell order.
//   history=on|off     on: the history heuristic orders moves the evaluation
//                      leaves tied (with order=index, it is the whole ordering);
//                      a cutoff adds (empty cells)^2 to the (side, cell) entry.
//   Remaining ties go in cell order.
//   pairing=on|off     on: the pairing test (breaker_pairing.hpp): at a node whose
//                      window asks whether a side can win (alpha >= 0 for the
//                      side to move, beta <= 0 for the opponent), a pairing of
//                      the other side against that side's live windows bounds
//                      the value by 0 (it cannot win), without search; when
//                      the other side is to move, a pairing after one of its
//                      moves does too (the cells in most of those windows
//                      tried first; at the root that move is the best move).
//                      It proves the deep draws of k=5 boards, where alpha-beta
//                      alone does not finish (7x7 k=5: 12,505 nodes).  Off by
//                      default (the ladder's rungs and node counts are those
//                      without it); never on gravity boards (the breaker's
//                      answer may not be playable yet).  Tested after the
//                      table probe; a bound it gives is stored.
//   distance=on|off    on: after the value, the exact distance to the end
//                      (SearchResult::distance), by null-window bisection on a
//                      distance score; see "Distance mode" below.  Off (default):
//                      the three-valued search alone, with its node counts.
//
// On gravity boards (Board::gravity) the moves are the legal drops
// (Position::legal_moves), and the knowledge follows: an immediate win,
// a threat or a forced block is a one-hole window whose hole is a legal
// move now (a hole above an empty cell is no threat yet), a move just
// below an opponent's hole is not tried (threats=on: it loses at the next
// ply; in distance mode it loses two plies on, as early as any loss, so
// leaving it out changes no score), and the
// pruning of interchangeable dead cells is off, since a stone in a dead
// cell opens the cell above it, so two dead cells are not
// interchangeable.  The live-window draw and bounds, the evaluation
// order, the history and the canonical table (keyed under the board's
// group, {identity, mirror_lr} with gravity) are sound as they are.
//
// Conventions that decide the node count:
//   - A node is one call of the search function for a position, as defined in
//     statistics.hpp: stats.node() is its first statement.  With window=null
//     the root is entered once per null-window search (once or twice; once
//     with question=win or notlose).
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
//
// Distance mode (distance=on).  The distance convention is the exact
// solver's (algorithms/exact/solution.hpp): the winner ends the game as soon
// as it can, the loser as late as it can, a draw's distance is the number of
// empty cells.  On a board of n cells, a position of ply p whose game ends
// with the stone of ply e = p + d has the distance score, from the side to
// move's view,
//     n + 1 - e    when the side to move wins   (1 .. n - p),
//     -(n + 1 - e) when it loses                (-(n + 1 - p) .. -1),
//     0            for a draw,
// so a higher score is better for the side to move, a position's score does
// not depend on the path to it (e counts stones), and negamax holds: a
// parent's score is the best of its children's negated.  The search first
// finds the value (the three-valued search above, the same nodes); a draw
// then has score 0 and distance n - p, and its drawing move is
// distance-optimal.  A win or a loss is bisected with null windows on the
// score (as Pons does for Connect-Four's score), the table cleared and then
// holding bounds on the score; SearchResult::score is that score,
// distance = n + 1 - |score| - p, and best_move a move that reaches it (the
// fastest win, the slowest loss).  The knowledge stays exact for distances:
// an immediate win is score n - p (distance 1); a side with no immediate win
// facing two immediate wins loses in exactly 2 (one stone blocks one hole,
// and a stone never makes a legal hole illegal), score -(n - 1 - p); a side
// facing one immediate win loses in 2 by any move but a block, so the blocks
// lose no later; no live window is a draw (distance = empty cells, exact);
// no live window for one side bounds the score by 0 as it bounds the value;
// and two dead empty cells are interchangeable for the distance too (no
// line can ever be completed through them, so swapping them maps the game's
// continuations onto each other ply for ply).  Distance mode runs in the
// run-time-features instantiations only (features_of).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string_view>
#include <type_traits>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/tables/bound_table.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/search/best/breaker_pairing.hpp"
#include "algorithms/search/move_sorter.hpp"
#include "algorithms/search/policy.hpp"
#include "algorithms/search/scoring.hpp"
#include "algorithms/search/search_result.hpp"
#include "algorithms/search/statistics.hpp"
#include "algorithms/game/symmetric_images.hpp"

namespace tictac {

struct BestOptions {
  enum class Window : std::uint8_t { null, full };
  enum class Table : std::uint8_t { canonical, exact, none };
  enum class Order : std::uint8_t { eval, index };
  enum class Question : std::uint8_t { value, win, notlose };

  bool wins = true;
  bool threats = true;
  Window window = Window::null;
  Table tt = Table::canonical;
  int tt_bits = 0;
  bool live = true;
  Order order = Order::eval;
  bool history = true;
  bool pairing = false;
  bool distance = false;
  Question question = Question::value;

  friend bool operator==(const BestOptions&, const BestOptions&) = default;
};

// The ablation ladder: each step switches one more enhancement on, from a
// plain full-window alpha-beta in cell order to the full solver (the last
// step equals BestOptions{}).  Names are short labels for tables and benchmarks.
inline constexpr auto kBestLadder = [] {
  BestOptions o;
  o.wins = o.threats = o.live = o.history = false;
  o.window = BestOptions::Window::full;
  o.tt = BestOptions::Table::none;
  o.order = BestOptions::Order::index;
  std::array<std::pair<std::string_view, BestOptions>, 9> steps{};
  std::size_t n = 0;
  steps[n++] = {"alphabeta", o};
  o.wins = true, steps[n++] = {"+wins", o};
  o.threats = true, steps[n++] = {"+threats", o};
  o.window = BestOptions::Window::null, steps[n++] = {"+null_window", o};
  o.tt = BestOptions::Table::exact, steps[n++] = {"+tt_exact", o};
  o.tt = BestOptions::Table::canonical, steps[n++] = {"+tt_canonical", o};
  o.live = true, steps[n++] = {"+live", o};
  o.order = BestOptions::Order::eval, steps[n++] = {"+order_eval", o};
  o.history = true, steps[n++] = {"+history", o};
  return steps;
}();

inline std::vector<std::pair<std::string, BestOptions>> best_ladder() {
  std::vector<std::pair<std::string, BestOptions>> steps;
  for (const auto& [name, o] : kBestLadder) steps.emplace_back(std::string(name), o);
  return steps;
}

// The switches that the search tests at every node (the window is used at
// the root only and tt_bits is a size), as a compile-time value.  With
// `fixed` they are constants of the instantiation, so a rung that switches
// a feature off does not pay for its tests; without, the one instantiation
// that reads them from the options at run time (kRunTimeFeatures).
// `wide` is not an option: the table layout, 16-byte entries up to 48 cells
// and 24-byte entries above (bound_table.hpp); kRunTimeWideFeatures is the
// one instantiation with the wide table, for boards above 48 cells.
struct BestFeatures {
  bool fixed = false;
  bool wins = true;
  bool threats = true;
  BestOptions::Table tt = BestOptions::Table::canonical;
  bool live = true;
  BestOptions::Order order = BestOptions::Order::eval;
  bool history = true;
  bool pairing = false;
  bool wide = false;

  friend constexpr bool operator==(const BestFeatures&, const BestFeatures&) = default;
};

inline constexpr BestFeatures kRunTimeFeatures{};
inline constexpr BestFeatures kRunTimeWideFeatures{.wide = true};

constexpr BestFeatures fixed_features(const BestOptions& o) {
  return {true, o.wins, o.threats, o.tt, o.live, o.order, o.history, o.pairing, false};
}

// The feature sets with an instantiation of their own: the rungs of the
// ladder, and the full solver with the table keyed by position, without
// live lines, or in cell order (the golden file's and the benchmarks'
// cells); then kRunTimeFeatures for every other combination, and
// kRunTimeWideFeatures for every board above 48 cells.  Each entry
// is one more instantiation per statistics policy: keep the list short.
inline constexpr auto kBestFeatures = [] {
  std::array<BestFeatures, 13> all{};
  std::size_t n = 0;
  auto add = [&](const BestOptions& o) {
    const BestFeatures f = fixed_features(o);
    for (std::size_t i = 0; i < n; ++i)
      if (all[i] == f) return;
    all[n++] = f;
  };
  for (const auto& step : kBestLadder) add(step.second);
  BestOptions o;
  o.tt = BestOptions::Table::exact, add(o);
  o = {}, o.live = false, add(o);
  o = {}, o.order = BestOptions::Order::index, add(o);
  all[n++] = kRunTimeFeatures;
  all[n++] = kRunTimeWideFeatures;
  if (n != all.size()) throw "kBestFeatures: the array size must equal the number of distinct entries";
  return all;
}();

// The features options are searched with on boards of at most 48 cells:
// their own when specialised, kRunTimeFeatures otherwise (and always in
// distance mode).
constexpr BestFeatures features_of(const BestOptions& o) {
  if (o.distance) return kRunTimeFeatures;
  const BestFeatures f = fixed_features(o);
  for (const BestFeatures& g : kBestFeatures)
    if (g == f) return f;
  return kRunTimeFeatures;
}

// The same for a board: above 48 cells, with a table, kRunTimeWideFeatures
// (the one instantiation whose table is exact there).
inline BestFeatures features_of(const BestOptions& o, const Board& board) {
  if (board.cells() > BoundTable::kMaxCells && o.tt != BestOptions::Table::none) return kRunTimeWideFeatures;
  return features_of(o);
}

template <class Stats, BestFeatures F = kRunTimeFeatures>
class BestSearch {
 public:
  using Options = BestOptions;
  // A cancel flag (a time limit) and the node budget are read every 1,024
  // nodes (cancellable.hpp): with the pairing test a node can take 30 us,
  // and 2^16 of them overran play's 1 s a move by 0.6 s.
  static constexpr std::uint32_t kCancelPollNodes = 1024;
  using Table = std::conditional_t<F.wide, WideBoundTable, BoundTable>;

  // Throws std::logic_error when F is fixed and the options do not have
  // these features (or ask for distance mode).
  BestSearch(const Board& board, Options options = {})
      : board_(board),
        opt_(options),
        windows_(board.windows()),
        table_(options.tt == Options::Table::none || board.cells() > Table::kMaxCells ? 0
               : options.tt_bits > 0 ? options.tt_bits
                                     : Table::bits_for(board)),
        images_(board),
        interchangeable_(board.every_empty_cell_playable() ? board.full() : 0),
        pairing_(options.pairing && board.every_empty_cell_playable()),
        below_holes_(board.stone_opens_cell_above() && board.rows() > 1 ? board.cols() : 0),
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
    if (F.fixed && (fixed_features(options) != F || options.distance))
      throw std::logic_error("BestSearch: the options do not have the instantiation's features");
    if (options.question != Options::Question::value && (options.distance || options.window == Options::Window::full))
      throw std::logic_error("BestSearch: a one-sided question is one null window, without distance");
  }

  const Options& options() const { return opt_; }

  SearchResult search(const Position& root, Stats& stats) {
    stats_ = &stats;
    SearchResult r;
    const Side mover = root.to_move();
    const int sign = mover == Side::X ? 1 : -1;
    int score;
    if (finished_root(board_, root, Scoring{false, board_.cells()}, stats, score)) {
      r.score = score;
      r.value = score * sign;
      r.best_move = -1;
      if (opt_.distance) {
        r.distance = 0;
        r.score = score < 0 ? -(board_.cells() + 1 - root.ply()) : 0;
      }
    } else {
      pos_ = root;
      ply0_ = root.ply();
      if (canonical()) images_.set(root);
      table_.clear();
      history_ = {};
      std::copy(windows_.begin(), windows_.end(), live_.begin());
      live_count_[0] = static_cast<int>(windows_.size());
      if (opt_.question != Options::Question::value) return one_sided(mover, stats);
      if (opt_.window == Options::Window::full) {
        score = visit<false>(-1, 1, -1, 0, mover);
      } else {
        score = visit<false>(0, 1, -1, 0, mover) >= 1 ? 1 : visit<false>(-1, 0, -1, 0, mover) >= 0 ? 0 : -1;
      }
      r.score = score;
      r.value = score * sign;
      r.best_move = root_move_;
      if constexpr (!F.fixed) {
        if (opt_.distance) distance_search(score, mover, r);
      }
    }
    if constexpr (requires { stats.s; }) {
      report_tables(stats);
      r.stats = stats.result();
    }
    return r;
  }

  // The next n searches clear their tables without wiping them (the
  // tables' reserve_clears): called before timed searches, not between them.
  void reserve_searches(std::uint64_t n) { table_.reserve_clears(2 * n); }  // the value, then the distance

  // The table's capacity, bytes and occupancy into the statistics: at the
  // end of a search, and by the caller of a search stopped by its budget
  // (erased_strategy.hpp), which never reaches that end.
  void report_tables(Stats& stats) const {
    if constexpr (requires { stats.s; }) {
      stats.s.tt_capacity = table_.capacity();
      stats.s.table_bytes = table_.bytes();
      stats.s.tt_occupancy = table_.occupancy();
    }
  }

 private:
  // question=win|notlose, at an unfinished root set up by search(): its one
  // null window.  "Yes, it wins" and "no, it does not draw" are exact (+1,
  // -1 for the mover, with the move found); the other answers are a bound.
  SearchResult one_sided(Side mover, Stats& stats) {
    SearchResult r;
    const int sign = mover == Side::X ? 1 : -1;
    const bool win = opt_.question == Options::Question::win;
    // The answer as bounds on the mover's score.
    int lower, upper;
    if (win) {
      lower = visit<false>(0, 1, -1, 0, mover) >= 1 ? 1 : -1;
      upper = lower == 1 ? 1 : 0;
    } else {
      upper = visit<false>(-1, 0, -1, 0, mover) >= 0 ? 1 : -1;
      lower = upper == 1 ? 0 : -1;
    }
    if (lower == upper) {
      r.score = lower;
      r.value = lower * sign;
      r.best_move = root_move_;
    } else {
      r.proved = r.move_proved = false;
      r.best_move = -1;
      r.bound = sign > 0 ? ValueBounds{lower, upper} : ValueBounds{-upper, -lower};
    }
    if constexpr (requires { stats.s; }) {
      report_tables(stats);
      r.stats = stats.result();
    }
    return r;
  }

  // The switches: constants of a fixed instantiation, the options otherwise.
  bool wins() const { return F.fixed ? F.wins : opt_.wins; }
  bool threats() const { return F.fixed ? F.threats : opt_.threats; }
  bool canonical() const { return (F.fixed ? F.tt : opt_.tt) == Options::Table::canonical; }
  bool live() const { return F.fixed ? F.live : opt_.live; }
  bool eval_order() const { return (F.fixed ? F.order : opt_.order) == Options::Order::eval; }
  bool history() const { return F.fixed ? F.history : opt_.history; }
  bool pairing() const { return F.fixed ? F.pairing : pairing_; }
  // The table is off with tt=none, and on boards above its layout's
  // (48 cells for the narrow table; the wide one holds every board).
  bool use_table() const {
    if constexpr (F.fixed && F.tt == Options::Table::none) return false;
    else return table_.enabled();
  }

  Mask stones(Side s) const { return s == Side::X ? pos_.x : pos_.o; }

  void play(int cell, Side s) {
    pos_.play(cell, s);
    if (canonical()) images_.toggle(cell, s);
  }
  void undo(int cell, Side s) {
    pos_.undo(cell, s);
    if (canonical()) images_.toggle(cell, s);
  }
  Position key() const { return canonical() ? images_.canonical() : pos_; }

  // Distance mode, after the value search left `value` (-1, 0, +1, the
  // side to move's view) and its move in r: the distance score by
  // null-window bisection, as described in the header.
  void distance_search(int value, Side mover, SearchResult& r) {
    const int n = board_.cells(), p = ply0_;
    if (value == 0) {
      r.score = 0;
      r.distance = n - p;
      return;
    }
    // The score's range: a win ends at ply p + 1 at the earliest and at n
    // at the latest; a loss of an unfinished position at p + 2 at the
    // earliest (the loser's own stone never completes the winner's line).
    int lo = value > 0 ? 1 : -(n - 1 - p), hi = value > 0 ? n - p : -1;
    int move = r.best_move;  // a winning (or any losing) move: score >= lo
    table_.clear();
    while (lo < hi) {
      const int mid = lo + (hi - lo + 1) / 2;  // is the score >= mid?
      const int v = visit<true>(mid - 1, mid, -1, 0, mover);
      if (v >= mid) {
        lo = v;
        move = root_move_;
      } else {
        hi = v;
      }
    }
    r.score = lo;
    r.distance = n + 1 - (lo < 0 ? -lo : lo) - p;
    r.best_move = move;
  }

  // What visit() knows of pos_ before it searches a move: the stones, and,
  // from scan_windows(), the windows still live and the immediate wins.
  struct Node {
    Side me;  // to move
    int from_root;
    Mask mine, theirs, empty;
    Mask legal;  // `empty` without gravity
    // Set by scan_windows():
    Mask* live;  // the windows live here, live[0 .. n_live): the children's windows
    int n_live;
    Mask live_cells;            // the cells of those windows
    Mask my_wins, their_wins;   // the holes each side can fill now to complete a line
    Mask under_theirs;          // with gravity, the cells just below the opponent's holes (else 0)
    bool my_live, their_live;   // whether a window is live for the side
  };
  // Bounds on the node's score: lower <= score <= upper.
  struct Bounds {
    int lower, upper;
  };
  // A score beyond every score (D: a distance score), the unknown bound.
  template <bool D>
  static constexpr int kUnknown = D ? Board::kMaxCells + 1 : 1;
  // Returned by a step that does not decide the node.
  static constexpr int kOpen = Board::kMaxCells + 2;

  // The value of pos_ for `me` (to move), as described in the header; with
  // D, its distance score (the header's "Distance mode").
  // `last` is the cell of the move that led here (-1 at the root);
  // `from_root` counts plies from the root.  The steps in the header's
  // order: finished, knowledge, live-window bounds, table, pairing, moves.
  template <bool D>
  int visit(int alpha, int beta, int last, int from_root, Side me) {
    stats_->node(ply0_ + from_root, pos_);
    Node n = node(me, from_root);
    if (const int v = finished<D>(n, last); v != kOpen) return v;
    if (from_root == 0) root_move_ = std::countr_zero(n.legal);
    scan_windows(n);
    if (const int v = decided_by_wins<D>(n); v != kOpen) return v;
    Bounds b{-kUnknown<D>, kUnknown<D>};
    if (live())
      if (const int v = live_bounds(n, alpha, beta, b); v != kOpen) return v;
    Position k{};
    if (use_table()) {
      k = key();
      if (from_root > 0)
        if (const int v = probe<D>(k, alpha, beta, b); v != kOpen) return v;
    }
    if (pairing())
      if (const int v = pairing_bounds(n, alpha, beta, k, b); v != kOpen) return v;

    Mask cand;
    if (const int v = candidates<D>(n, cand); v != kOpen) return v;
    MoveSorter<std::uint64_t, Board::kMaxCells> moves;
    order_moves(n, cand, moves);
    const int a0 = std::max(alpha, b.lower), b0 = std::min(beta, b.upper);
    const int best = search_moves<D>(n, moves, a0, b0);
    if (use_table()) store_result(k, b, a0, b0, best);
    return best;
  }

  [[gnu::always_inline]] Node node(Side me, int from_root) const {
    Node n{};
    n.me = me;
    n.from_root = from_root;
    n.mine = stones(me);
    n.theirs = stones(other(me));
    n.empty = board_.full() & ~(n.mine | n.theirs);
    n.legal = board_.legal_moves(n.mine | n.theirs);
    return n;
  }
  // The empty cells of the node; in distance mode, n + 1 - (ply of the
  // end), the magnitude of a score whose game ends at the next ply.
  int soon(const Node& n) const { return board_.cells() - ply0_ - n.from_root; }

  // The score of a finished position (the last move won: tested only with
  // wins=off; or the board is full), else kOpen.
  template <bool D>
  [[gnu::always_inline]] int finished(const Node& n, int last) {
    if (!wins() && last >= 0 && board_.wins_through(n.theirs, last)) {
      stats_->terminal();
      return D ? -(soon(n) + 1) : -1;
    }
    if (!n.empty) {
      stats_->terminal();
      return 0;
    }
    return kOpen;
  }

  // One pass over the windows still live at the parent: keeps the live ones
  // for the children (live_[from_root + 1]) and finds the immediate wins of
  // both sides: the holes of live windows with one empty cell, playable now.
  [[gnu::always_inline]] void scan_windows(Node& n) {
    const Mask* in = &live_[n.from_root * windows_.size()];
    const int n_in = live_count_[n.from_root];
    Mask* out = &live_[(n.from_root + 1) * windows_.size()];
    int n_out = 0;
    Mask my_wins = 0, their_wins = 0, live_cells = 0;
    bool my_live = false, their_live = false;
    for (int i = 0; i < n_in; ++i) {
      const Mask w = in[i], a = w & n.mine, b = w & n.theirs;
      if (a && b) continue;
      out[n_out++] = w;
      live_cells |= w;
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
    live_count_[n.from_root + 1] = n_out;
    n.live = out;
    n.n_live = n_out;
    n.live_cells = live_cells;
    n.my_live = my_live;
    n.their_live = their_live;
    // A stone just below an opponent's hole opens it (with gravity: else
    // below_holes_ is 0 and so is this); a hole wins now only if playable.
    n.under_theirs = below_holes_ ? (their_wins << below_holes_) & board_.full() : 0;
    n.my_wins = my_wins & n.legal;
    n.their_wins = their_wins & n.legal;
  }

  // The score the immediate wins decide (wins=on: a win at the next ply;
  // threats=on: two opponent wins and none of mine, a loss two plies on),
  // its move the root's; else kOpen.
  template <bool D>
  [[gnu::always_inline]] int decided_by_wins(const Node& n) {
    if (wins() && n.my_wins) {
      if (n.from_root == 0) root_move_ = std::countr_zero(n.my_wins);
      return D ? soon(n) : 1;
    }
    if (threats() && !n.my_wins && (n.their_wins & (n.their_wins - 1))) {
      if (n.from_root == 0) root_move_ = std::countr_zero(n.their_wins);
      return D ? -(soon(n) - 1) : -1;
    }
    return kOpen;
  }

  // live=on: no live window is a draw (0); no live window for a side bounds
  // the score by 0 on its side.  Returns the bound outside (alpha, beta), or
  // 0 for the draw, else kOpen.
  [[gnu::always_inline]] static int live_bounds(const Node& n, int alpha, int beta, Bounds& b) {
    if (!n.my_live && !n.their_live) return 0;
    if (!n.my_live) b.upper = 0;
    if (!n.their_live) b.lower = 0;
    if (b.lower >= beta) return b.lower;
    if (b.upper <= alpha) return b.upper;
    return kOpen;
  }

  // Narrows b by the table's entry for k; returns the bound that leaves
  // (alpha, beta) or the exact score (a cutoff), else kOpen.
  template <bool D>
  [[gnu::always_inline]] int probe(const Position& k, int alpha, int beta, Bounds& b) {
    const typename Table::Bounds e = table_.probe(k.x, k.o, *stats_, {-kUnknown<D>, kUnknown<D>});
    b.lower = std::max(b.lower, e.lower);
    b.upper = std::min(b.upper, e.upper);
    if (b.lower >= beta || b.upper <= alpha || b.lower == b.upper) {
      stats_->tt_hit_cutoff(pos_);
      return b.lower >= beta ? b.lower : b.upper;
    }
    return kOpen;
  }

  // pairing=on: a side that wants to know whether it can win, facing a
  // pairing of its windows, cannot (breaker_pairing.hpp): its bound is 0.
  // Returns that bound when it leaves (alpha, beta), stored in the table;
  // else kOpen.
  [[gnu::always_inline]] int pairing_bounds(const Node& n, int alpha, int beta, const Position& k, Bounds& b) {
    if (alpha >= 0 && b.upper > 0) {
      if (paired(n.live, n.n_live, n.theirs, n.empty)) b.upper = 0;
    } else if (beta <= 0 && b.lower < 0) {
      if (paired(n.live, n.n_live, n.mine, n.empty)) b.lower = 0;
      else {
        const int c = paired_after_move(n.live, n.n_live, n.mine, n.empty);
        if (c >= 0) {
          b.lower = 0;
          if (n.from_root == 0) root_move_ = c;
        }
      }
    }
    if (b.lower >= beta || b.upper <= alpha) {
      if (use_table()) table_.store(k.x, k.o, b.lower, b.upper, *stats_);
      return b.lower >= beta ? b.lower : b.upper;
    }
    return kOpen;
  }

  // The moves to try, into `cand`: the blocks when the opponent has an
  // immediate win (wins=on), else the legal moves; with gravity (wins and
  // threats on) none just below an opponent's hole; with live=on, of the
  // interchangeable dead cells the lowest.  When every move is just below an
  // opponent's hole, the side has lost two plies on: returns that score
  // (the root's move the first), else kOpen.
  template <bool D>
  [[gnu::always_inline]] int candidates(const Node& n, Mask& cand) {
    cand = wins() && n.their_wins ? n.their_wins : n.legal;
    if (wins() && threats() && (cand & n.under_theirs)) {
      if (!(cand & ~n.under_theirs)) {
        if (n.from_root == 0) root_move_ = std::countr_zero(cand);
        return D ? -(soon(n) - 1) : -1;
      }
      cand &= ~n.under_theirs;
    }
    if (live()) {
      const Mask dead = cand & ~n.live_cells & interchangeable_;
      if (dead) cand = (cand & n.live_cells) | (dead & -dead);
    }
    return kOpen;
  }

  // The candidates into `moves`, keyed (evaluation << 32) | history, each
  // part 0 when off; added in cell order, so ties stay in cell order.
  [[gnu::always_inline]] void order_moves(const Node& n, Mask cand, MoveSorter<std::uint64_t, Board::kMaxCells>& moves) {
    if (std::has_single_bit(cand)) {
      moves.add(std::countr_zero(cand), 0);
      return;
    }
    std::array<std::uint32_t, Board::kMaxCells> score;
    if (eval_order()) {
      for (Mask m = cand; m; m &= m - 1) score[std::countr_zero(m)] = 0;
      for (int i = 0; i < n.n_live; ++i) {
        const Mask w = n.live[i], a = w & n.mine, b = w & n.theirs;
        const std::uint32_t weight = b ? defence_[count(b)] : attack_[count(a)];
        for (Mask m = w & cand; m; m &= m - 1) score[std::countr_zero(m)] += weight;
      }
    }
    const auto& hist = history_[static_cast<int>(n.me)];
    for (Mask m = cand; m; m &= m - 1) {
      const int c = std::countr_zero(m);
      std::uint64_t key = 0;
      if (eval_order()) key = std::uint64_t{score[c]} << 32;
      if (history()) key |= hist[c];
      moves.add(c, key);
    }
  }

  // The moves searched in turn in the window (a0, b0), fail-soft; returns
  // the best score (below every score when there is no move).  A cutoff
  // bumps the move's history; the root's move is the best one.
  template <bool D>
  [[gnu::always_inline]] int search_moves(const Node& n, const MoveSorter<std::uint64_t, Board::kMaxCells>& moves,
                                          int a0, int b0) {
    int a = a0, best = -kUnknown<D> - 1;
    const int n_moves = moves.size();
    for (int i = 0; i < n_moves; ++i) {
      const int c = moves[i];
      play(c, n.me);
      const int v = -visit<D>(-b0, -a, c, n.from_root + 1, other(n.me));
      undo(c, n.me);
      if (v > best) {
        best = v;
        if (n.from_root == 0) root_move_ = c;
      }
      if (v >= b0) {
        stats_->cutoff(i);
        if constexpr (Stats::enabled) {
          Mask rest = 0;
          for (int j = i + 1; j < n_moves; ++j) rest |= Mask{1} << moves[j];
          if (rest) stats_->pruned(pos_, rest);
        }
        if (history()) bump_history(n.me, c, soon(n));
        break;
      }
      if (v > a) a = v;
    }
    return best;
  }

  // The node's result into the table: a lower bound when it reached b0, an
  // upper bound when it stayed at or below a0, else exact; with the bounds
  // known before the moves.
  [[gnu::always_inline]] void store_result(const Position& k, Bounds b, int a0, int b0, int best) {
    if (best >= b0) b.lower = std::max(b.lower, best);
    else if (best <= a0) b.upper = std::min(b.upper, best);
    else b.lower = b.upper = best;
    table_.store(k.x, k.o, b.lower, b.upper, *stats_);
  }

  // Whether the side with the stones `breaker` pairs the windows live for
  // the other side (among the `n` windows of `live`, live for either).
  bool paired(const Mask* live, int n, Mask breaker, Mask empty) {
    int m = 0;
    for (int i = 0; i < n; ++i)
      if (!(live[i] & breaker)) holes_[m++] = live[i] & empty;
    return pairing_finder_.find(holes_.data(), m, kPairingSteps);
  }
  // The budgets of a pairing test (breaker_pairing.hpp): of the position
  // itself, and of the position after each breaker move tried.  Chosen on
  // 6x6 and 7x7 with k=5 (the commit that added them says how).
  static constexpr int kPairingSteps = 256;
  static constexpr int kMovePairingSteps = 64;

  // A move of the breaker (to move, its stones `breaker`) after which it
  // pairs the other side's live windows, or -1: the cells in most of those
  // windows first.
  int paired_after_move(const Mask* live, int n, Mask breaker, Mask cells) {
    int m = 0;
    std::array<std::uint16_t, Board::kMaxCells> through{};
    Mask in = 0;
    for (int i = 0; i < n; ++i)
      if (!(live[i] & breaker)) {
        const Mask h = live[i] & cells;
        for (Mask b = h; b; b &= b - 1) ++through[std::countr_zero(b)];
        in |= h;
        windows_buf_[m++] = live[i];
      }
    while (in) {
      int c = -1;
      for (Mask b = in; b; b &= b - 1) {
        const int x = std::countr_zero(b);
        if (c < 0 || through[x] > through[c]) c = x;
      }
      in &= ~(Mask{1} << c);
      int k = 0;
      for (int i = 0; i < m; ++i)
        if (!(windows_buf_[i] >> c & 1)) holes_[k++] = windows_buf_[i] & cells;
      if (pairing_finder_.find(holes_.data(), k, kMovePairingSteps)) return c;
    }
    return -1;
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
  Table table_;
  SymmetricImages images_;
  Mask interchangeable_;  // the cells whose dead ones are interchangeable: none with gravity
  bool pairing_;          // pairing=on, not on a gravity board
  int below_holes_;       // with gravity, C: the shift from a cell to the one below it; else 0
  BreakerPairing pairing_finder_;
  std::array<Mask, BreakerPairing::kMaxWindows> holes_{}, windows_buf_{};
  // live_[d * windows + i]: the windows still live d plies from the root (the first
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

// The best search with the features F as a template on the statistics
// policy alone, the shape the registry's type erasure takes.  Traced
// searches (the DAG overlay, where speed does not matter) all share the
// run-time instantiation.
template <BestFeatures F>
struct BestSearchWith {
  template <class Stats>
  using Search = BestSearch<Stats, std::is_same_v<Stats, TracingStats> ? kRunTimeFeatures : F>;
};

}  // namespace tictac
