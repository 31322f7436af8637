// libFuzzer target: the strategy-spec parser and registry.  Any text either
// makes a strategy or is refused with std::invalid_argument; a strategy's
// normal form makes the same strategy again.  Nothing is searched.
#include <cstdint>
#include <stdexcept>
#include <string>

#include "harness/registry/strategy.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  const tictac::Board b(3, 3, 3);
  try {
    const auto s = tictac::make_strategy(b, text);
    if (tictac::make_strategy(b, s->spec())->spec() != s->spec()) __builtin_trap();
  } catch (const std::invalid_argument&) {
  }
  return 0;
}
