// The connect solver ("connect"): an exact solver for gravity boards
// (Connect-Four and its family: R rows, C columns, k in a row, a stone drops
// to the lowest empty cell of its column), after Pascal Pons's and Christophe
// Steininger's solvers: alpha-beta negamax on column-major bitboards
// (connect_bitboard.hpp) with a transposition table of both bounds
// (algorithms/tables/connect_table.hpp), built as an ablation ladder.
//
// It solves gravity boards only (Board::stone_opens_cell_above(); names like 6x7k4g): the
// constructor refuses a board without gravity, and a search refuses a
// position with a stone above an empty cell.  Boards need (R + 1) * C <= 64
// (the bitboard's sentinel row); the constructor refuses larger ones with a
// message saying so, so that the harness can fall back to another strategy.
//
// Scores (Pons's): from the side to move's view, a win with the stone of ply
// t (t stones on the board when it lands) scores (cells + 2 - t) / 2, rounded
// down: the winner's stones still unplayed, plus one.  A loss scores the
// negative of the winner's score, a draw 0.  The winner wins as soon as it
// can and the loser holds out as long as it can, so the score gives the
// project's distance (algorithms/exact/solution.hpp) back: distance().
//
// Options (spec keys of `connect:key=value,...`; the defaults are the full solver):
//   mode=weak|distance  weak: the value only (win, draw or loss; score is
//                       -1, 0, +1); distance: Pons's score, hence the exact
//                       distance.
//   window=null|full    null: null-window searches on the score: first "is it a
//                       win?" (and "is it at least a draw?" when not), then, in
//                       distance mode, a bisection of the remaining range;
//                       full: one search with a window around every score.
//   anticipate=on|off   on: no move that lets the opponent win at once is
//                       searched (a single opponent threat is blocked, no stone
//                       goes below an opponent threat; two threats lose); off:
//                       every legal move, and a position whose side to move can
//                       win at once scores that win.
//   order=threats|column  threats: moves by the number of threat cells the
//                       mover holds after them (Pons's ordering); a move after
//                       which the opponent cannot stop an immediate win is a
//                       win found without search (with anticipate=on).  column:
//                       centre columns first, ties to the left.
//   tt=symmetric|exact|none  a table of both bounds keyed by the position or by
//                       the lesser of it and its mirror image, or no table.  The
//                       table's best move goes first in either ordering.
//   tt_mb=N             table size in MiB, rounded down to a power of two (0:
//                       sized to the board by default_table_bits()).
//   near=N              positions with at most N empty cells go to a second,
//                       small table (1 MiB, near_bits()) that stays in the
//                       cache, and the others to the main one; 0: one table.
//                       Most nodes are near the end of the game and each is
//                       little work, so a miss in a large table costs them
//                       more than their entry saves (Connect-Four's weak solve:
//                       25.8 s with one 512 MiB table, 12.5 s with near=20 and
//                       a 64 MiB main table; 20 measured against 12 to 28).
//   bounds=on|off       on: static bounds: a side with no line left among its
//                       stones and the empty cells cannot win; on boards with an
//                       even number of rows, when the first player is to move,
//                       the second player's claimeven strategy (answer every
//                       move on top of it, in the same column) gives an upper
//                       bound (see evens_bound() below), and when the second
//                       player is to move, the bound of each child is a lower
//                       bound, found before any child is searched.
//   etc=on|off          on (with a table): enhanced transposition cutoffs: the
//                       table entries of the children tighten the bounds before
//                       any child is searched (the parent has their entries
//                       prefetched anyway; measured on Connect-Four, probing
//                       them everywhere beats probing them near the root only).
//
// Conventions that decide the node count:
//   - A node is one call of the search function for a position, as defined in
//     statistics.hpp: stats.node() is its first statement.  The root is
//     entered once per null-window search.  A root that is finished, or whose
//     side to move wins at once, is one node and no search.
//   - No finished position is ever entered: with anticipate=on no move that
//     lets the opponent win at once is played, and a parent never plays its
//     own immediate win (it scores it); with anticipate=off a position whose
//     side to move can win at once returns that win on entry.  So
//     terminal_nodes counts only a finished root.
//   - Order of the tests on entering a position: immediate win (anticipate=off
//     only) -> forced loss (two opponent threats, or no move that does not lose
//     at once) -> draw by a board too full to win -> static bounds -> table
//     probe (never at the root) -> the moves, each in turn checked for a win in
//     three plies and, at the second player's nodes, for the child's claimeven
//     bound (either may answer the position) -> enhanced transposition cutoff
//     -> search.  Nothing answered before the move loop is stored; every
//     searched position is, with both bounds.
//   - A cutoff (stats.cutoff) is a move whose score reached beta.
//   - The table starts empty at every search() call, so node counts are
//     deterministic.
//
// best_move is an optimal move (by value in weak mode, by score in distance
// mode) as a cell of the project's numbering, or -1 for a finished position.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/search/cancellable.hpp"
#include "algorithms/search/connect/connect_bitboard.hpp"
#include "algorithms/search/move_sorter.hpp"
#include "algorithms/search/policy.hpp"
#include "algorithms/search/search_result.hpp"
#include "algorithms/search/statistics.hpp"
#include "algorithms/tables/connect_table.hpp"

namespace tictac {

struct ConnectOptions {
  enum class Mode : std::uint8_t { weak, distance };
  enum class Window : std::uint8_t { null, full };
  enum class Order : std::uint8_t { threats, column };
  enum class Table : std::uint8_t { symmetric, exact, none };

  Mode mode = Mode::weak;
  Window window = Window::null;
  bool anticipate = true;
  Order order = Order::threats;
  Table tt = Table::symmetric;
  int tt_mb = 0;
  int near = 20;
  bool bounds = true;
  bool etc = true;

  friend bool operator==(const ConnectOptions&, const ConnectOptions&) = default;
};

// The ablation ladder: each step switches one more enhancement on, from a
// plain full-window alpha-beta in column order to the full solver (the last
// step equals ConnectOptions{} in weak mode).  `mode` is kept as given.
inline std::vector<std::pair<std::string, ConnectOptions>> connect_ladder(
    ConnectOptions::Mode mode = ConnectOptions::Mode::weak) {
  ConnectOptions o;
  o.mode = mode;
  o.window = ConnectOptions::Window::full;
  o.anticipate = o.bounds = o.etc = false;
  o.near = 0;
  o.order = ConnectOptions::Order::column;
  o.tt = ConnectOptions::Table::none;
  std::vector<std::pair<std::string, ConnectOptions>> steps;
  steps.emplace_back("alphabeta", o);
  o.window = ConnectOptions::Window::null, steps.emplace_back("+null_window", o);
  o.anticipate = true, steps.emplace_back("+anticipate", o);
  o.tt = ConnectOptions::Table::exact, steps.emplace_back("+tt_exact", o);
  o.order = ConnectOptions::Order::threats, steps.emplace_back("+order_threats", o);
  o.tt = ConnectOptions::Table::symmetric, steps.emplace_back("+tt_symmetric", o);
  o.bounds = true, steps.emplace_back("+bounds", o);
  o.etc = true, steps.emplace_back("+etc", o);
  o.near = ConnectOptions{}.near, steps.emplace_back("+near", o);
  return steps;
}

// The compile-time form of the options the search tests at every node.
// The rungs of connect_ladder (hence the default, its last rung) are each a
// search of their own, which pays for no test of a feature it lacks; every
// other combination of options shares one search that reads its features at
// run time (`dynamic`), so that the builds stay fast: 7 + 1 searches, not
// 40, each instantiated for two k and five statistics policies.
struct ConnectFeatures {
  bool anticipate = true;
  bool threats = true;  // order=threats
  bool table = true;
  bool symmetric = true;
  bool bounds = true;
  bool etc = true;
  bool dynamic = false;  // the features are the options', read at run time

  friend constexpr bool operator==(const ConnectFeatures&, const ConnectFeatures&) = default;
};

// The features the search tests for a set of options.
constexpr ConnectFeatures connect_features(const ConnectOptions& o) {
  ConnectFeatures f;
  f.anticipate = o.anticipate;
  f.threats = o.order == ConnectOptions::Order::threats;
  f.table = o.tt != ConnectOptions::Table::none;
  f.symmetric = f.table && o.tt == ConnectOptions::Table::symmetric;
  f.bounds = o.bounds;
  f.etc = f.table && o.etc;
  return f;
}

// The feature sets of connect_ladder's rungs, in ladder order (the window,
// near and mode are not features): each has its own search.
inline constexpr ConnectFeatures kConnectSpecialised[] = {
    {false, false, false, false, false, false},  // alphabeta, +null_window
    {true, false, false, false, false, false},   // +anticipate
    {true, false, true, false, false, false},    // +tt_exact
    {true, true, true, false, false, false},     // +order_threats
    {true, true, true, true, false, false},      // +tt_symmetric
    {true, true, true, true, true, false},       // +bounds
    {true, true, true, true, true, true},        // +etc, +near: the default
};

// The place of a feature set in kConnectSpecialised, or -1: the shared
// search, with run-time tests.
constexpr int connect_specialised_index(const ConnectFeatures& f) {
  for (std::size_t i = 0; i < std::size(kConnectSpecialised); ++i)
    if (kConnectSpecialised[i] == f) return static_cast<int>(i);
  return -1;
}

// Whether a set of options runs one of the specialised searches.
constexpr bool connect_specialised(const ConnectOptions& o) {
  return connect_specialised_index(connect_features(o)) >= 0;
}

// One search of the connect solver, the value dispatch() (policy.hpp) picks
// an instantiation by: its features, and k when the search is the one
// specialised for k = 4 (0: any k).
struct ConnectSearch {
  ConnectFeatures features;
  int k = 0;
  friend constexpr bool operator==(const ConnectSearch&, const ConnectSearch&) = default;
};
inline constexpr ConnectFeatures kConnectDynamic{.dynamic = true};
// Every search built: each feature set of kConnectSpecialised and the shared
// one, for k = 4 and for any k.
inline constexpr auto kConnectSearches = [] {
  std::array<ConnectSearch, 2 * (std::size(kConnectSpecialised) + 1)> all{};
  std::size_t n = 0;
  for (const int k : {4, 0}) {
    for (const ConnectFeatures& f : kConnectSpecialised) all[n++] = {f, k};
    all[n++] = {kConnectDynamic, k};
  }
  return all;
}();
// Traced searches (the DAG overlay, where speed does not matter) all take
// the shared search, as best's and alphabeta's do.
inline constexpr ConnectSearch kConnectTracedSearches[] = {{kConnectDynamic, 4}, {kConnectDynamic, 0}};

template <class Stats>
class ConnectSolver {
 public:
  using Options = ConnectOptions;
  using Bits = ConnectBitboard::Bits;


  // Throws std::invalid_argument when the board has no gravity, does not fit
  // the bitboard ((rows + 1) * cols > 64) or tt_mb is too small for its keys.
  ConnectSolver(const Board& board, Options options = {})
      : opt_(options),
        g_(checked(board).rows(), board.cols(), board.k()),
        n_(board.cells()),
        table_(g_.key_bits(), options.tt == Options::Table::none ? 0 : table_bits(g_, options.tt_mb), max_score(g_),
               g_.cols()),
        near_(g_.key_bits(), options.tt == Options::Table::none || options.near <= 0 ? 0 : near_bits(g_), max_score(g_),
              g_.cols()) {
    for (int c = 0; c < g_.cols(); ++c) {
      order_[c] = c;
      mirror_shift_[c] = (g_.cols() - 1 - 2 * c) * (g_.rows() + 1);
    }
    // Centre first, ties to the left.
    std::stable_sort(order_.begin(), order_.begin() + g_.cols(), [&](int a, int b) {
      return std::abs(2 * a - (g_.cols() - 1)) < std::abs(2 * b - (g_.cols() - 1));
    });
    for (int i = 0; i < g_.cols(); ++i) rank_[order_[i]] = i;
  }

  const Options& options() const { return opt_; }

  // Throws what the constructor would, without allocating the table.
  static void validate(const Board& board, const Options& options) {
    const ConnectBitboard g(checked(board).rows(), board.cols(), board.k());
    if (options.tt != Options::Table::none) table_bits(g, options.tt_mb);
  }

  // Log2 of the table's buckets (16 bytes each) for a board: about 2^(cells -
  // 20), from 2^10 (16 KiB) to 2^22 (64 MiB, Connect-Four), and never fewer
  // than the keys need (ConnectTable::min_bits).  With the near table taking
  // the positions close to the end, a larger table only costs cache misses:
  // on Connect-Four's weak solve 64 MiB took 12.5 s, 512 MiB 12.9 s.
  static int default_table_bits(const ConnectBitboard& g) {
    const int bits = std::min(std::clamp(g.cells() - 20, 10, 22), g.key_bits());
    return std::max(bits, ConnectTable::min_bits(g.key_bits(), max_score(g), g.cols()));
  }

  // The project's distance (plies to the end under perfect play) of a
  // position with `ply` stones on a board of `cells` cells whose score
  // (distance mode, side to move's view) is `score`.
  static int distance(int score, int ply, int cells) {
    if (score == 0) return cells - ply;
    // The ply t of the winning stone: (cells + 2 - t) / 2 == |score|, and t
    // has the winner's parity (ply + 1 for the side to move, ply for the other).
    const int parity = score > 0 ? (ply + 1) % 2 : ply % 2;
    int t = cells + 2 - 2 * std::abs(score);
    if (t % 2 != parity) --t;
    return t - ply;
  }

  // The next n searches clear their tables without wiping them (the
  // tables' reserve_clears): called before timed searches, not between them.
  void reserve_searches(std::uint64_t n) {
    table_.reserve_clears(n);
    near_.reserve_clears(n);
  }

  SearchResult search(const Position& root, Stats& stats) {
    stats_ = &stats;
    const Bits x = g_.from_cells(root.x), o = g_.from_cells(root.o);
    const Bits mask = x | o;
    const int ply = root.ply();
    const int xs = std::popcount(root.x), os = std::popcount(root.o);
    if (xs != os && xs != os + 1)
      throw std::invalid_argument("connect: X has " + std::to_string(xs) + " stones and O " + std::to_string(os) +
                                  "; X must have as many as O or one more");
    if (!g_.stacked(mask)) throw std::invalid_argument("connect: not a gravity position (a stone above an empty cell)");
    const bool x_to_move = xs == os;
    const int sign = x_to_move ? 1 : -1;
    const Bits cur = x_to_move ? x : o;
    table_.clear();
    near_.clear();
    nodes_ = 0;

    SearchResult r;
    const bool weak = opt_.mode == Options::Mode::weak;
    const bool x_line = g_.has_line<0>(x), o_line = g_.has_line<0>(o);
    if (x_line || o_line || mask == g_.board()) {
      stats.node(ply, root);
      stats.terminal();
      r.value = x_line ? 1 : o_line ? -1 : 0;
      r.score = r.value == 0 ? 0 : r.value * sign * (weak ? 1 : (n_ + 2 - ply) / 2);
      r.best_move = -1;
    } else if (const Bits wins = g_.threats<0>(cur, mask) & g_.playable(mask)) {
      stats.node(ply, root);
      r.score = weak ? 1 : win(ply + 1);
      r.value = sign;
      r.best_move = g_.cell_of(wins & -wins);
    } else {
      // The score lies in [lo, hi]: the opponent cannot win before ply + 2,
      // the side to move not before ply + 3.
      int lo = weak ? -1 : loss(ply + 2), hi = weak ? 1 : win(ply + 3);
      int proved = -1;  // the column of the last search that failed high
      auto test = [&](int alpha, int beta) {
        const int v = root_search(cur, mask, ply, alpha, beta);
        if (v >= beta) proved = root_move_;
        return v;
      };
      if (opt_.window == Options::Window::full) {
        // Weak: (-1, 1) tells the three values apart; distance: every score.
        const int v = weak ? test(-1, 1) : test(lo - 1, hi + 1);
        lo = hi = std::clamp(v, lo, hi);
        if (proved < 0) proved = root_move_;
      } else {
        // "Is it a win?", then "is it at least a draw?", then bisection.  At
        // least one search, for the move (lo == hi on the last empty cell).
        do {
          const int m = lo < 0 && hi > 0 ? 1 : lo < 0 && hi == 0 ? 0 : lo + (hi - lo + 1) / 2;
          const int v = test(m - 1, m);
          if (v >= m) lo = std::min(v, hi);
          else hi = std::max(v, lo);
        } while (lo < hi);
      }
      r.score = lo;
      r.value = (lo > 0) - (lo < 0);
      if (weak) r.score = r.value;
      r.value *= sign;
      // No search failed high: every move loses as fast as any (the score is
      // the lowest bound), so any legal move is optimal.
      r.best_move = proved >= 0 ? proved : fallback_;
    }
    if (!weak) r.distance = distance(r.score, ply, n_);
    if constexpr (requires { stats.s; }) {
      stats.s.tt_capacity = table_.capacity() + near_.capacity();
      stats.s.table_bytes = table_.bytes() + near_.bytes();
      stats.s.tt_occupancy = table_.occupancy() + near_.occupancy();
      r.stats = stats.result();
    }
    return r;
  }

 private:
  static constexpr bool kTrace = requires(Stats& s) { s.trace; };

  static const Board& checked(const Board& b) {
    if (!b.stone_opens_cell_above())
      throw std::invalid_argument("connect: " + b.name() +
                                  " has no gravity; the connect solver solves gravity boards only (" + b.name() +
                                  "g)");
    if (!ConnectBitboard::fits(b.rows(), b.cols()))
      throw std::invalid_argument("connect: a " + b.size_name() + " board needs (rows + 1) * cols = " +
                                  std::to_string((b.rows() + 1) * b.cols()) +
                                  " bits; the solver's bitboards hold 64 (another strategy must solve it)");
    return b;
  }

  static int table_bits(const ConnectBitboard& g, int tt_mb) {
    if (tt_mb <= 0) return default_table_bits(g);
    // 2^bits buckets of 16 bytes in tt_mb MiB.
    const int bits = std::bit_width(static_cast<std::uint64_t>(tt_mb)) - 1 + 16;
    const int need = ConnectTable::min_bits(g.key_bits(), max_score(g), g.cols());
    if (bits < need)
      throw std::invalid_argument("connect: tt_mb=" + std::to_string(tt_mb) + " is too small for a " +
                                  std::to_string(g.rows()) + "x" + std::to_string(g.cols()) + " board (at least " +
                                  std::to_string(std::uint64_t{1} << (need - 16)) + " MiB)");
    return std::min({bits, ConnectTable::kMaxBits, g.key_bits()});
  }

  // Log2 of the near table's buckets: 2^16 (1 MiB, the size of a core's
  // second-level cache here), or what the keys need, and no more buckets
  // than keys.
  static int near_bits(const ConnectBitboard& g) {
    return std::min(std::max(16, ConnectTable::min_bits(g.key_bits(), max_score(g), g.cols())), g.key_bits());
  }

  // The largest |score| of a board (a win with the first stone).
  static int max_score(const ConnectBitboard& g) { return (g.cells() + 1) / 2; }

  // Scores of a win (for the side to move) or a loss with the stone of ply t.
  int win(int t) const { return (n_ + 2 - t) / 2; }
  int loss(int t) const { return -((n_ + 2 - t) / 2); }

  // The column of the i-th move of `moves`, in column order (for traces).
  int nth_column(Bits moves, int i) const {
    for (; i > 0; --i) moves &= moves - 1;
    return g_.column_of(moves & -moves);
  }

  Position trace_position(Bits cur, Bits mask, int ply) const {
    if constexpr (kTrace) return g_.position(cur, mask, ply);
    else return Position{};
  }

  // The root search of the instantiation for search_, picked by dispatch().
  // Defined below the class, not inline: it instantiates every search, and
  // the extern template declarations there keep that to one file.
  int root_search(Bits cur, Bits mask, int ply, int alpha, int beta);
  // The search for the options (kConnectSearches): a specialised search,
  // or the shared one.
  static ConnectSearch search_for(const Options& o, int k) {
    const ConnectFeatures f = connect_features(o);
    const bool specialised = !kTrace && connect_specialised_index(f) >= 0;
    return {specialised ? f : kConnectDynamic, k == 4 ? 4 : 0};
  }
  // The features a search of F tests: F's own, constants the compiler folds,
  // or in the shared search the options'.
  template <ConnectFeatures F>
  ConnectFeatures features() const {
    if constexpr (F.dynamic) return features_;
    else return F;
  }

  // The table key of a position: cur + mask, or with symmetric keys the
  // lesser of it and its mirror image mcur + mmask (then `mirrored` is set).
  static ConnectTable::Key key_of(bool symmetric, Bits cur, Bits mask, Bits mcur, Bits mmask, bool& mirrored) {
    const Bits key = cur + mask;
    mirrored = false;
    if (symmetric) {
      const Bits m = mcur + mmask;
      if (m < key) {
        mirrored = true;
        return m;
      }
    }
    return key;
  }

  // A single bit of column c moved to the mirror column.
  Bits mirror_bit(Bits bit, int c) const {
    const int s = mirror_shift_[c];
    return s >= 0 ? bit << s : bit >> -s;
  }

  // The score of (cur, mask) for the side to move, `ply` stones on the board,
  // searched in the window (alpha, beta), fail-soft: a result at or below
  // alpha is an upper bound on the score, one at or above beta a lower bound,
  // one in between the exact score.  (mcur, mmask) is the mirror image (kept
  // only with symmetric keys).  Requires: the game is not over and the side
  // to move cannot win at once (except with anticipate=off, where that is
  // tested here), and, at the root, that it cannot win at once.
  template <ConnectFeatures F, int K, bool Root>
  int negamax(Bits cur, Bits mask, Bits mcur, Bits mmask, int ply, int alpha, int beta) {
    stats_->node(ply, trace_position(cur, mask, ply));
    const ConnectFeatures f = features<F>();
    const std::uint64_t nodes0 = nodes_;
    if (f.table) ++nodes_;
    const Bits possible = g_.playable(mask);
    const Bits opp = cur ^ mask;

    Bits cand = possible;
    Bits opp_threats = 0;
    int lo, hi;
    if (f.anticipate) {
      opp_threats = g_.threats<K>(opp, mask);
      const Bits forced = possible & opp_threats;
      if (forced) {
        if (forced & (forced - 1)) {
          if constexpr (Root) root_any(possible);
          return loss(ply + 2);
        }
        cand = forced;
      }
      cand &= ~(opp_threats >> 1);
      if constexpr (Root) root_any(cand ? cand : possible);
      if (!cand) return loss(ply + 2);
      if (ply >= n_ - 2) return 0;
      lo = loss(ply + 4);
      hi = win(ply + 3);
    } else {
      if constexpr (!Root)
        if (g_.threats<K>(cur, mask) & possible) return win(ply + 1);
      if constexpr (Root) root_any(possible);
      if (ply == n_ - 1) return 0;
      lo = loss(ply + 2);
      hi = win(ply + 3);
    }

    if (f.bounds) {
      const Bits empty = g_.board() & ~mask;
      if (evens_ && ply % 2 == 0) {
        hi = std::min(hi, evens_bound<K>(opp, mask, possible, alpha));
      } else if (!g_.has_line<K>(cur | empty)) {
        hi = std::min(hi, 0);
      }
      if (!g_.has_line<K>(opp | empty)) lo = std::max(lo, 0);
    }
    if constexpr (!Root) {
      if (lo >= beta) return lo;
      if (hi <= alpha) return hi;
      if (lo >= hi) return lo;
    }

    // The table: the parent prefetched this entry while ordering its moves.
    ConnectTable::Key key = 0;
    bool mirrored = false;
    int table_move = -1;
    if (f.table) {
      key = key_of(f.symmetric, cur, mask, mcur, mmask, mirrored);
      if constexpr (!Root) {
        stats_->tt_probe();
        const ConnectTable::Probe p = table_at(ply).probe(key);
        if (p.other && !p.hit) stats_->tt_collision();
        if (p.hit) {
          stats_->tt_hit(p.lower == p.upper ? Bound::exact : p.lower > lo ? Bound::lower : Bound::upper,
                         trace_position(cur, mask, ply));
          lo = std::max(lo, p.lower);
          hi = std::min(hi, p.upper);
          if (p.move >= 0) table_move = mirrored ? g_.cols() - 1 - p.move : p.move;
          if (lo >= beta || hi <= alpha || lo >= hi) {
            stats_->tt_hit_cutoff(trace_position(cur, mask, ply));
            return lo >= beta ? lo : hi <= alpha ? hi : lo;
          }
        }
      }
    }

    // The moves (columns) with their order keys: (score << 8) | (63 - the
    // column's rank in centre-first order), so that ties go centre first
    // (no two keys are equal).  Each child's table entry is prefetched here,
    // in column order, for the enhanced transposition cutoff below and for
    // the child's own probe.
    const Bits mopp = mcur ^ mmask;
    MoveSorter<std::uint32_t, ConnectBitboard::kMaxBits> moves;
    std::array<ConnectTable::Key, ConnectBitboard::kMaxBits> child_key;  // in column order
    int n = 0;
    for (Bits m = cand; m; m &= m - 1) {
      const Bits move = m & -m;
      const int c = g_.column_of(move);
      std::uint32_t score = 0;
      if (f.threats) {
        const Bits mine = g_.threats<K>(cur | move, mask | move);
        const Bits next = g_.playable(mask | move);
        if (f.anticipate) {
          // After this move, can the opponent stop every immediate win?
          const Bits wins = mine & next;
          if ((wins & (wins - 1)) || ((wins ? wins : next) & ~(mine >> 1)) == 0) {
            if constexpr (Root) root_move_ = g_.cell_of(move);
            return win(ply + 3);
          }
        }
        score = order_score(mine, next, opp_threats & ~move);
      }
      if (f.bounds) {
        // The child's claimeven bound (the opponent moves first there) is a
        // lower bound here: this move keeps at least that.
        if (evens_ && ply % 2 == 1) {
          const int b = -evens_bound<K>(cur | move, mask | move, g_.playable(mask | move), -beta);
          if (b > lo) {
            lo = b;
            if (lo >= beta || lo >= hi) {
              if constexpr (Root) root_move_ = g_.cell_of(move);
              return lo;
            }
          }
        }
      }
      if (f.table) {
        bool mir;
        child_key[n] = key_of(f.symmetric, opp, mask | move, mopp, mmask | mirror_bit(move, c), mir);
        table_at(ply + 1).prefetch(child_key[n]);
      }
      if (c == table_move) score = 0xffff;
      moves.add(c, score << 8 | static_cast<std::uint32_t>(63 - rank_[c]));
      ++n;
    }
    if (f.threats && f.anticipate) {
      // No win in three plies: the earliest is in five.
      hi = std::min(hi, win(ply + 5));
      if constexpr (!Root)
        if (hi <= alpha || lo >= hi) return hi;
    }
    if (!Root && f.etc) {
      // Enhanced transposition cutoff: a child's upper bound is a lower bound
      // on this position (the side to move can choose that child).
      for (int i = 0; i < n; ++i) {
        stats_->tt_probe();
        const ConnectTable::Probe q = table_at(ply + 1).probe(child_key[i]);
        if (!q.hit) continue;
        stats_->tt_hit(q.lower == q.upper ? Bound::exact : Bound::upper,
                       kTrace ? trace_position(opp, mask | (cand & g_.column(nth_column(cand, i))), ply + 1)
                              : Position{});
        lo = std::max(lo, -q.upper);
      }
      if (lo >= beta || lo >= hi) {
        stats_->tt_hit_cutoff(trace_position(cur, mask, ply));
        return lo;
      }
    }

    // Best first.
    const int a0 = Root ? alpha : std::max(alpha, lo), b0 = Root ? beta : std::min(beta, hi);
    int a = a0, best = -1000, best_col = -1;
    for (int i = 0; i < n; ++i) {
      const int c = moves[i];
      const Bits move = cand & g_.column(c);
      int v;
      if (f.symmetric) v = -negamax<F, K, false>(opp, mask | move, mopp, mmask | mirror_bit(move, c), ply + 1, -b0, -a);
      else v = -negamax<F, K, false>(opp, mask | move, 0, 0, ply + 1, -b0, -a);
      if (v > best) {
        best = v;
        best_col = c;
        if constexpr (Root) root_move_ = g_.cell_of(move);
      }
      if (v >= b0) {
        stats_->cutoff(i);
        if constexpr (kTrace) {
          Bits rest = 0;
          for (int j = i + 1; j < n; ++j) rest |= cand & g_.column(moves[j]);
          if (rest) stats_->pruned(trace_position(cur, mask, ply), g_.to_cells(rest));
        }
        break;
      }
      if (v > a) a = v;
    }

    if (f.table) {
      int l = lo, u = hi;
      if (best >= b0) l = std::max(l, best);
      else if (best <= a0) u = std::min(u, best);
      else l = u = best;
      const int col = mirrored ? g_.cols() - 1 - best_col : best_col;
      stats_->tt_store(table_at(ply).store(key, l, u, col, nodes_ - nodes0));
    }
    return best;
  }

  // The order key of a move (threats ordering), from the mover's threat cells
  // after it (`mine`), the playable cells after it and the opponent's threat
  // cells: twice the useful threats (those not directly above an opponent
  // threat, which the opponent would fill first), plus four for each that
  // sits right above a playable cell and two for each two above one (the
  // opponent cannot play below them).  Weights measured on Connect-Four
  // positions (bench/bench_connect.cpp); Pons counts every threat once.
  static std::uint32_t order_score(Bits mine, Bits next, Bits opp_threats) {
    const Bits useful = mine & ~(opp_threats << 1);
    return 1 + 2 * ConnectBitboard::count(useful) + 4 * ConnectBitboard::count(useful & (next << 1)) +
           2 * ConnectBitboard::count(useful & (next << 2));
  }

  // The claimeven bound, for the side to move P when an even number of
  // stones is on a board with an even number of rows.  The opponent Q can
  // answer every move of P in a column of even height on top of it (the cell
  // above is at an odd height, so it exists), and every move of P into a
  // column of odd height by a move into another column of odd height (their
  // number is even).  Then Q gets every empty cell at an odd height that is
  // not playable now, and P at most the other empty cells.
  //   - If P's stones and those cells hold no line, P cannot win: the bound
  //     is 0, or -1 (a loss on the last ply) when Q's stones and cells hold a
  //     line, since the board fills up.
  //   - If every line P could make has one of Q's lines in the cells below
  //     it (in the same columns), that line of Q is full before P's can be,
  //     since a cell is filled only after the cells below it: P never wins
  //     first, and the bound is -1.
  //   - In both cases Q wins, at the latest when its first line is full; when
  //     the last cell of a line is filled the cells above it are empty, so a
  //     line whose highest cell is at height h is full by ply cells - (R - 1
  //     - h).  That tighter bound is worked out only when -1 would not reach
  //     alpha (in distance mode).
  // Otherwise there is no bound (1000).
  template <int K>
  int evens_bound(Bits opp, Bits mask, Bits possible, int alpha) const {
    const Bits q = opp | (g_.even_rows() & g_.board() & ~mask & ~possible);
    const Bits p = g_.board() & ~q;
    const bool q_line = g_.has_line<K>(q);
    if (!g_.has_line<K>(p)) {
      if (!q_line) return 0;
    } else if (!q_line || !g_.every_line_above<K>(p, q)) {
      return 1000;
    }
    if (alpha >= -1) return -1;
    for (int h = 0;; ++h)
      if (g_.has_line<K>(q & g_.up_to_height(h))) return loss(n_ - (g_.rows() - 1 - h));
  }

  // At the root: the first of `moves` in column order, the answer when
  // every move is as good (or as bad) as any other, and the root's move until
  // the move loop finds a better one.
  void root_any(Bits moves) {
    for (int i = 0; i < g_.cols(); ++i)
      if (const Bits m = moves & g_.column(order_[i])) {
        fallback_ = root_move_ = g_.cell_of(m);
        return;
      }
  }

  Options opt_;
  ConnectFeatures features_ = connect_features(opt_);  // the shared search's
  ConnectBitboard g_;
  int n_;
  bool evens_ = g_.rows() % 2 == 0;
  ConnectTable table_;
  ConnectTable near_;  // the positions with at most opt_.near empty cells
  ConnectTable& table_at(int ply) { return n_ - ply <= opt_.near ? near_ : table_; }
  const ConnectTable& table_at(int ply) const { return n_ - ply <= opt_.near ? near_ : table_; }
  std::array<int, ConnectBitboard::kMaxBits> order_{};
  std::array<int, ConnectBitboard::kMaxBits> mirror_shift_{};  // column c to C - 1 - c, in bits
  std::array<int, ConnectBitboard::kMaxBits> rank_{};          // a column's place in order_
  ConnectSearch search_ = search_for(opt_, g_.k());
  Stats* stats_ = nullptr;
  std::uint64_t nodes_ = 0;  // for the table's replacement (work)
  int root_move_ = -1, fallback_ = -1;
};

template <class Stats>
int ConnectSolver<Stats>::root_search(Bits cur, Bits mask, int ply, int alpha, int beta) {
  auto search = [&]<ConnectSearch S>() {
    return negamax<S.features, S.k, true>(cur, mask, g_.mirror(cur), g_.mirror(mask), ply, alpha, beta);
  };
  if constexpr (kTrace) return dispatch<kConnectTracedSearches>(search_, search);
  else return dispatch<kConnectSearches>(search_, search);
}

// The statistics policies the registry, the tests and the benchmarks use are
// instantiated once, in connect_solver.cpp: each is 32 search entries (8
// feature sets, k = 4 or any, root or not; 4 for TracingStats, whose
// searches all take the shared one), which every file that made a solver
// compiled again.
extern template class ConnectSolver<NoStats>;
extern template class ConnectSolver<CountingStats>;
extern template class ConnectSolver<TracingStats>;
extern template class ConnectSolver<Cancellable<NoStats>>;
extern template class ConnectSolver<Cancellable<CountingStats>>;

}  // namespace tictac
