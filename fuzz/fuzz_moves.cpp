// libFuzzer target: move sequences as `tictac play --moves` reads them
// (harness/cli/play/game: cells such as "b2 1,4" on boards without gravity,
// Pons's column notation on gravity boards).  Any text either plays or is
// refused with std::invalid_argument; what plays leaves a game whose moves
// are the ones returned and whose position keeps the rules.  A move typed at
// its prompt (one cell, or one column with gravity) is a legal move.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "algorithms/game/rules.hpp"
#include "fuzz/scratch_file.hpp"
#include "harness/cli/play/game.hpp"
#include "harness/formats/notation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text = tictac::fuzz::text_of(data, size);
  static const tictac::Board boards[] = {tictac::Board(3, 3, 3), tictac::Board(4, 5, 4),
                                         tictac::Board(8, 8, 5), tictac::Board(6, 7, 4, true),
                                         tictac::Board(4, 10, 4, true)};
  for (const tictac::Board& b : boards) {
    tictac::cli::Game g(b);
    try {
      const std::vector<int> cells = tictac::cli::parse_moves(g, text);
      if (cells != g.moves || g.position.ply() != static_cast<int>(cells.size())) __builtin_trap();
      if (tictac::check_legality(b, g.position) != tictac::Legality::legal) __builtin_trap();
    } catch (const std::invalid_argument&) {
    }
    // What is typed at play's prompt: one column on a gravity board (from
    // the empty board), one cell on the others; either is a legal move.
    try {
      const tictac::Position empty;
      const int cell = b.gravity() ? tictac::parse_column(b, empty, text) : tictac::parse_cell(b, text);
      if (cell < 0 || cell >= b.cells() || !(empty.legal_moves(b) & (tictac::Mask{1} << cell))) __builtin_trap();
    } catch (const std::invalid_argument&) {
    }
  }
  return 0;
}
