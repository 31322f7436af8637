#include "algorithms/search/move_order.hpp"

#include <algorithm>
#include <cstdlib>
#include <stdexcept>

#include "algorithms/tables/zobrist.hpp"

namespace tictac {

namespace {
constexpr std::pair<std::string_view, OrderBase> kBases[] = {
    {"index", OrderBase::index},     {"static", OrderBase::static_lines}, {"random", OrderBase::random},
    {"random-fixed", OrderBase::random_fixed}, {"history", OrderBase::history},
    {"oracle", OrderBase::oracle},   {"worst", OrderBase::worst}};

void move_to_front(std::int8_t* moves, int n, int move) {
  for (int j = 0; j < n; ++j)
    if (moves[j] == move) {
      std::rotate(moves, moves + j, moves + j + 1);
      return;
    }
}
}  // namespace

std::string OrderSpec::to_string() const {
  std::string s = tt_first ? "tt" : "";
  if (killers) s += s.empty() ? "killer" : "+killer";
  for (auto [name, base_value] : kBases)
    if (base_value == base) {
      if (base != OrderBase::index || s.empty()) {
        if (!s.empty()) s += '+';
        s += name;
      }
    }
  return s;
}

OrderSpec OrderSpec::parse(std::string_view text) {
  OrderSpec spec;
  bool base_seen = false;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t plus = text.find('+', start);
    const std::string_view part = text.substr(start, plus == std::string_view::npos ? std::string_view::npos : plus - start);
    bool known = false;
    if (part == "tt" && !spec.tt_first && !spec.killers && !base_seen) {
      spec.tt_first = known = true;
    } else if (part == "killer" && !spec.killers && !base_seen) {
      spec.killers = known = true;
    } else if (!base_seen) {
      for (auto [name, base] : kBases)
        if (part == name) {
          spec.base = base;
          base_seen = known = true;
        }
    }
    if (!known)
      throw std::invalid_argument(
          "order '" + std::string(text) +
          "' is not valid: give an optional 'tt+' prefix, an optional 'killer+' prefix, then one of "
          "index, static, random, random-fixed, history, oracle, worst (for example tt+killer+history)");
    if (plus == std::string_view::npos) break;
    start = plus + 1;
  }
  return spec;
}

MoveOrder::MoveOrder(const Board& board, OrderSpec spec, std::uint64_t seed, const ExactSolution* exact)
    : board_(board), spec_(spec), seed_(seed), rng_(seed), exact_(exact) {
  if (spec.needs_exact() && !exact)
    throw std::invalid_argument("order=" + spec.to_string() + " reads the exact solution, which needs a board of at most 16 cells");
  for (int c = 0; c < board.cells(); ++c) static_order_.push_back(static_cast<std::int8_t>(c));
  if (spec.base == OrderBase::static_lines && board.gravity()) {
    // Twice the distance of a cell's column from the centre: on seven
    // columns, 4, 3, 5, 2, 6, 1, 7 (from 1); a stable sort keeps ties to the
    // left and, within a column, the cells in index order.
    std::stable_sort(static_order_.begin(), static_order_.end(), [&](int a, int b) {
      auto off = [&](int c) { return std::abs(2 * board.col_of(c) - (board.cols() - 1)); };
      return off(a) < off(b);
    });
  } else if (spec.base == OrderBase::static_lines) {
    std::stable_sort(static_order_.begin(), static_order_.end(), [&](int a, int b) {
      return board.windows_through(a).size() > board.windows_through(b).size();
    });
  } else if (spec.base == OrderBase::random_fixed) {
    std::uint64_t state = seed;
    for (int i = board.cells() - 1; i > 0; --i)
      std::swap(static_order_[i], static_order_[splitmix64(state) % static_cast<std::uint64_t>(i + 1)]);
  }
  reset();
}

void MoveOrder::reset() {
  rng_ = seed_;
  for (auto& k : killers_) k = {-1, -1};
  for (auto& h : history_) h.fill(0);
}

int MoveOrder::order(const Position& p, Side s, int ply, int tt_move, std::int8_t* out) {
  const Mask legal = p.legal_moves(board_);
  int n = 0;
  switch (spec_.base) {
    case OrderBase::static_lines:
    case OrderBase::random_fixed:
      for (std::int8_t c : static_order_)
        if (legal >> c & 1) out[n++] = c;
      break;
    default:
      for (Mask e = legal; e; e &= e - 1) out[n++] = static_cast<std::int8_t>(std::countr_zero(e));
      break;
  }
  switch (spec_.base) {
    case OrderBase::random:
      for (int i = n - 1; i > 0; --i) std::swap(out[i], out[splitmix64(rng_) % static_cast<std::uint64_t>(i + 1)]);
      break;
    case OrderBase::history: {
      const auto& h = history_[static_cast<int>(s)];
      std::stable_sort(out, out + n, [&h](int a, int b) { return h[a] > h[b]; });
      break;
    }
    case OrderBase::oracle:
    case OrderBase::worst: {
      const int sign = s == Side::X ? 1 : -1;
      int key[Board::kMaxCells];
      for (int i = 0; i < n; ++i) {
        Position q = p;
        q.play(out[i], s);
        const int v = sign * exact_->value(q), d = exact_->distance(q);
        key[static_cast<int>(out[i])] = v * 1000 + (v > 0 ? -d : v < 0 ? d : 0);
      }
      std::stable_sort(out, out + n, [&key](int a, int b) { return key[a] > key[b]; });
      if (spec_.base == OrderBase::worst) std::reverse(out, out + n);
      break;
    }
    default:
      break;
  }
  if (spec_.killers) {
    if (killers_[ply][1] >= 0) move_to_front(out, n, killers_[ply][1]);
    if (killers_[ply][0] >= 0) move_to_front(out, n, killers_[ply][0]);
  }
  if (spec_.tt_first && tt_move >= 0) move_to_front(out, n, tt_move);
  return n;
}

}  // namespace tictac
