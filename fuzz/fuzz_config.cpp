// libFuzzer target: the experiment config loader.  Any text either loads or
// is refused with a ConfigError that names the source and a line.
#include <cstdint>
#include <string>
#include <string_view>

#include "harness/experiment/config.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    tictac::parse_config(text, "fuzz.toml");
  } catch (const tictac::ConfigError& e) {
    if (std::string_view(e.what()).rfind("fuzz.toml", 0) != 0) __builtin_trap();
  }
  return 0;
}
