#include "algorithms/exact/state_space.hpp"

#include "algorithms/exact/cancel_poll.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>
#include <string>

namespace tictac {

namespace {

constexpr auto pow3 = [] {
  std::array<std::uint64_t, StateSpace::kMaxCells + 1> p{};
  p[0] = 1;
  for (int i = 1; i <= StateSpace::kMaxCells; ++i) p[i] = p[i - 1] * 3;
  return p;
}();

}  // namespace

StateSpace::StateSpace(const Board& board, const std::atomic<bool>* cancel) : board_(board) {
  const int n = board.cells();
  if (n > kMaxCells)
    throw std::invalid_argument("the state space is enumerated for boards of at most " +
                                std::to_string(kMaxCells) + " cells; " + board.size_name() +
                                " has " + std::to_string(n));
  for (int chunk = 0; chunk < 2; ++chunk)
    for (int byte = 0; byte < 256; ++byte)
      for (int bit = 0; bit < 8; ++bit)
        if (byte >> bit & 1) code3_[chunk][byte] += pow3[chunk * 8 + bit];
  enumerate(cancel);
}

void StateSpace::enumerate(const std::atomic<bool>* cancel) {
  CancelPoll poll(cancel);
  const Board& board = board_;
  const int n = board.cells();
  index_of_.assign(pow3[n], npos);
  packed_.clear();
  result_.clear();
  paths_.clear();
  ply_begin_.clear();
  constexpr Index kSeen = npos - 1;

  packed_.push_back(0);
  result_.push_back(n == 0 ? Result::draw : Result::ongoing);
  paths_.push_back(1);
  index_of_[0] = 0;
  ply_begin_.push_back(0);
  ply_begin_.push_back(1);

  std::vector<std::uint64_t>& next = frontier_;
  for (int ply = 0; ply < n; ++ply) {
    const Index begin = ply_begin_[ply], end = ply_begin_[ply + 1];
    const Side s = ply % 2 == 0 ? Side::X : Side::O;
    next.clear();
    for (Index i = begin; i < end; ++i) {
      poll.tick();
      if (terminal(i)) continue;
      const Position p = position(i);
      const std::uint64_t c = code(p);
      for (Mask e = p.legal_moves(board); e; e &= e - 1) {
        const int cell = std::countr_zero(e);
        const std::uint64_t cc = c + pow3[cell] * (s == Side::X ? 1 : 2);
        if (index_of_[cc] == npos) {
          index_of_[cc] = kSeen;
          next.push_back(cc);
        }
      }
    }
    std::sort(next.begin(), next.end());
    for (std::uint64_t cc : next) {
      poll.tick();
      index_of_[cc] = static_cast<Index>(packed_.size());
      Mask x = 0, o = 0;
      std::uint64_t rest = cc;
      for (int cell = 0; cell < n; ++cell, rest /= 3) {
        if (rest % 3 == 1) x |= Mask{1} << cell;
        if (rest % 3 == 2) o |= Mask{1} << cell;
      }
      packed_.push_back(static_cast<std::uint32_t>(x | o << 16));
      result_.push_back(Result::ongoing);
      paths_.push_back(0);
    }
    // Results and path counts: a child's only new line can pass through the
    // cell just played, because its parent had none.
    for (Index i = begin; i < end; ++i) {
      poll.tick();
      if (terminal(i)) continue;
      const Position p = position(i);
      const std::uint64_t c = code(p);
      for (Mask e = p.legal_moves(board); e; e &= e - 1) {
        const int cell = std::countr_zero(e);
        const Index j = index_of_[c + pow3[cell] * (s == Side::X ? 1 : 2)];
        paths_[j] += paths_[i];
        if (result_[j] != Result::ongoing) continue;
        Position q = p;
        q.play(cell, s);
        if (board.wins_through(q.stones(s), cell))
          result_[j] = s == Side::X ? Result::x_wins : Result::o_wins;
        else if (q.occupied() == board.full())
          result_[j] = Result::draw;
      }
    }
    ply_begin_.push_back(static_cast<Index>(packed_.size()));
  }
}

}  // namespace tictac
