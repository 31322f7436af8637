// Every position reachable from the empty board, with a dense index.
//
// Positions are numbered ply by ply (all of ply 0, then ply 1, ...) and, in a
// ply, by their base-3 code: code = sum over cells i of 3^i * (1 for X, 2 for
// O, 0 for empty).  The code indexes a dense table (3^cells entries), which is
// far faster than a hash map and is why the state space is limited to boards
// of at most 16 cells (3^16 = 43 million codes; 4x4 with k=4 has about ten
// million reachable positions).
//
// On a gravity board the positions are those the drops reach (moves from
// Position::legal_moves), a small part of the fillings that keep the rules.
//
// Along with each position it records the number of move sequences that reach
// it from the empty board (its game-tree multiplicity) and its result.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/game/rules.hpp"

namespace tictac {

class StateSpace {
 public:
  static constexpr int kMaxCells = 16;
  using Index = std::uint32_t;
  static constexpr Index npos = ~Index{0};

  // Throws std::invalid_argument when the board has more than 16 cells, and
  // Cancelled (cancel_poll.hpp) once `cancel` is set: 4x4 takes seconds.
  explicit StateSpace(const Board& board, const std::atomic<bool>* cancel = nullptr);

  // The tables that define a space, as tables() gives them: a cache can keep
  // them (harness/registry/exact_cache.cpp) and restore the space without
  // enumerating it again.
  struct Tables {
    std::vector<std::uint32_t> packed;  // x | o << 16, by index
    std::vector<Result> result;
    std::vector<std::uint64_t> paths;
    std::vector<Index> ply_begin;  // max_ply() + 2 entries
  };
  // The space of `board` from its tables.  Checks what it can without
  // enumerating: the sizes, the ply ranges, that each position has the
  // stones of its ply and appears once, and that a position is finished
  // exactly when its result says so (that is every ply's last or a line's);
  // throws std::invalid_argument naming the first fault.
  StateSpace(const Board& board, Tables tables);
  const Tables& tables() const { return tables_; }

  // Enumerates the positions again, into the storage already held: the same
  // positions, indices and results, and no allocation.  The solve strategy
  // rebuilds its state space at every search this way, so that a search
  // costs the enumeration alone and not the memory's first touch, which
  // made its time depend on what the allocator did before.  Throws
  // Cancelled once `cancel` is set (the space is then half built).
  void enumerate(const std::atomic<bool>* cancel = nullptr);

  const Board& board() const { return board_; }
  Index size() const { return static_cast<Index>(tables_.packed.size()); }
  // Positions of ply p have indices [ply_begin(p), ply_begin(p + 1)).
  Index ply_begin(int ply) const { return tables_.ply_begin[ply]; }
  int max_ply() const { return board_.cells(); }

  Position position(Index i) const {
    return {Mask{tables_.packed[i] & 0xffff}, Mask{tables_.packed[i] >> 16}};
  }
  Result result(Index i) const { return tables_.result[i]; }
  bool terminal(Index i) const { return tables_.result[i] != Result::ongoing; }
  // How many move sequences from the empty board reach position i.
  std::uint64_t paths(Index i) const { return tables_.paths[i]; }

  std::uint64_t code(const Position& p) const {
    return code3_[0][p.x & 0xff] + code3_[1][(p.x >> 8) & 0xff] +
           2 * (code3_[0][p.o & 0xff] + code3_[1][(p.o >> 8) & 0xff]);
  }
  // The index of p, or npos when p is not reachable.
  Index find(const Position& p) const {
    if ((p.occupied() & ~board_.full()) != 0 || (p.x & p.o) != 0) return npos;
    return index_of_[code(p)];
  }
  // Bytes of the tables, from their sizes.
  std::size_t bytes() const {
    return index_of_.size() * sizeof(Index) + tables_.packed.size() * sizeof(std::uint32_t) +
           tables_.result.size() * sizeof(Result) + tables_.paths.size() * sizeof(std::uint64_t) +
           tables_.ply_begin.size() * sizeof(Index);
  }

 private:
  void init_codes();  // code3_, after checking the board's size

  Board board_;
  std::array<std::array<std::uint64_t, 256>, 2> code3_{};
  std::vector<Index> index_of_;  // by code
  Tables tables_;
  std::vector<std::uint64_t> frontier_;  // enumerate's scratch: the codes of the next ply
};

}  // namespace tictac
