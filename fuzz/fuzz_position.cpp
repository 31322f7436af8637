// libFuzzer target: the position parser and the move-sequence parser.  Any
// text either parses or is refused with std::invalid_argument; what parses
// prints back to text that parses to the same position, and a legal position
// passes the rules.  A move sequence that parses reaches a position that
// keeps the rules (on gravity boards, of 7 and of 10 columns).
#include <cstdint>
#include <stdexcept>
#include <string>

#include "algorithms/game/rules.hpp"
#include "harness/formats/notation.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  // Built once: a board's tables cost more than parsing one input.
  static const tictac::Board gravity_boards[] = {tictac::Board(6, 7, 4, true), tictac::Board(4, 10, 4, true)};
  static const tictac::Board boards[] = {tictac::Board(3, 3, 3), tictac::Board(3, 4, 3), tictac::Board(8, 8, 5),
                                         tictac::Board(6, 7, 4, true)};
  for (const tictac::Board& b : gravity_boards) {
    try {
      const tictac::Position p = tictac::parse_moves(b, text);
      if (tictac::check_legality(b, p) != tictac::Legality::legal) __builtin_trap();
    } catch (const std::invalid_argument&) {
    }
  }
  for (const tictac::Board& b : boards) {
    try {
      const tictac::Position p = tictac::parse_stones(b, text);
      const std::string printed = tictac::format_position(b, p);
      if (!(tictac::parse_stones(b, printed) == p)) __builtin_trap();
      try {
        const tictac::Position q = tictac::parse_position(b, text);
        if (tictac::check_legality(b, q) != tictac::Legality::legal) __builtin_trap();
      } catch (const std::invalid_argument&) {
        if (tictac::check_legality(b, p) == tictac::Legality::legal) __builtin_trap();
      }
    } catch (const std::invalid_argument&) {
    }
  }
  return 0;
}
