#include "algorithms/exact/state_space.hpp"

#include "algorithms/exact/cancel_poll.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <stdexcept>
#include <string>
#include <utility>

namespace tictac {

namespace {

constexpr auto pow3 = [] {
  std::array<std::uint64_t, StateSpace::kMaxCells + 1> p{};
  p[0] = 1;
  for (int i = 1; i <= StateSpace::kMaxCells; ++i) p[i] = p[i - 1] * 3;
  return p;
}();

}  // namespace

void StateSpace::init_codes() {
  const int n = board_.cells();
  if (n > kMaxCells)
    throw std::invalid_argument("the state space is enumerated for boards of at most " +
                                std::to_string(kMaxCells) + " cells; " + board_.size_name() +
                                " has " + std::to_string(n));
  for (int chunk = 0; chunk < 2; ++chunk)
    for (int byte = 0; byte < 256; ++byte)
      for (int bit = 0; bit < 8; ++bit)
        if (byte >> bit & 1) code3_[chunk][byte] += pow3[chunk * 8 + bit];
}

StateSpace::StateSpace(const Board& board, const std::atomic<bool>* cancel) : board_(board) {
  init_codes();
  enumerate(cancel);
}

StateSpace::StateSpace(const Board& board, Tables tables)
    : board_(board), tables_(std::move(tables)) {
  init_codes();
  const int n = board.cells();
  auto fail = [&](const std::string& what) {
    throw std::invalid_argument("the tables are not a state space of " + board.name() + ": " + what);
  };
  const std::size_t size = tables_.packed.size();
  if (tables_.result.size() != size || tables_.paths.size() != size)
    fail("the positions, results and path counts number " + std::to_string(size) + ", " +
         std::to_string(tables_.result.size()) + " and " + std::to_string(tables_.paths.size()));
  if (tables_.ply_begin.size() != static_cast<std::size_t>(n) + 2 || tables_.ply_begin[0] != 0 || tables_.ply_begin[1] != 1 ||
      tables_.ply_begin.back() != size || !std::is_sorted(tables_.ply_begin.begin(), tables_.ply_begin.end()))
    fail("the ply ranges do not cover the positions in order");
  index_of_.assign(pow3[n], npos);
  for (int ply = 0; ply <= n; ++ply)
    for (Index i = tables_.ply_begin[ply]; i < tables_.ply_begin[ply + 1]; ++i) {
      const Position p = position(i);
      if ((p.occupied() & ~board.full()) != 0 || (p.x & p.o) != 0 || std::popcount(p.x) != (ply + 1) / 2 ||
          std::popcount(p.o) != ply / 2)
        fail("position " + std::to_string(i) + " does not have the stones of ply " + std::to_string(ply));
      Index& slot = index_of_[code(p)];
      if (slot != npos) fail("position " + std::to_string(i) + " appears twice");
      slot = i;
      if (tables_.result[i] != tictac::result(board, p))
        fail("position " + std::to_string(i) + " has a result that its stones do not give");
    }
}

void StateSpace::enumerate(const std::atomic<bool>* cancel) {
  CancelPoll poll(cancel);
  const Board& board = board_;
  const int n = board.cells();
  index_of_.assign(pow3[n], npos);
  tables_.packed.clear();
  tables_.result.clear();
  tables_.paths.clear();
  tables_.ply_begin.clear();
  constexpr Index kSeen = npos - 1;

  tables_.packed.push_back(0);
  tables_.result.push_back(n == 0 ? Result::draw : Result::ongoing);
  tables_.paths.push_back(1);
  index_of_[0] = 0;
  tables_.ply_begin.push_back(0);
  tables_.ply_begin.push_back(1);

  std::vector<std::uint64_t>& next = frontier_;
  for (int ply = 0; ply < n; ++ply) {
    const Index begin = tables_.ply_begin[ply], end = tables_.ply_begin[ply + 1];
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
      index_of_[cc] = static_cast<Index>(tables_.packed.size());
      Mask x = 0, o = 0;
      std::uint64_t rest = cc;
      for (int cell = 0; cell < n; ++cell, rest /= 3) {
        if (rest % 3 == 1) x |= Mask{1} << cell;
        if (rest % 3 == 2) o |= Mask{1} << cell;
      }
      tables_.packed.push_back(static_cast<std::uint32_t>(x | o << 16));
      tables_.result.push_back(Result::ongoing);
      tables_.paths.push_back(0);
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
        tables_.paths[j] += tables_.paths[i];
        if (tables_.result[j] != Result::ongoing) continue;
        Position q = p;
        q.play(cell, s);
        if (board.wins_through(q.stones(s), cell))
          tables_.result[j] = s == Side::X ? Result::x_wins : Result::o_wins;
        else if (q.occupied() == board.full())
          tables_.result[j] = Result::draw;
      }
    }
    tables_.ply_begin.push_back(static_cast<Index>(tables_.packed.size()));
  }
}

}  // namespace tictac
