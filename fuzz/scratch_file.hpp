// For the fuzz targets whose reader takes a path: a private folder per
// process (removed at exit), and the input written to a file in it, so that
// the reader runs exactly as on a user's file.
#pragma once

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>
#include <string_view>

namespace tictac::fuzz {

inline const std::filesystem::path& scratch_folder() {
  static const std::filesystem::path folder = [] {
    std::string tmpl = (std::filesystem::temp_directory_path() / "tictac-fuzz-XXXXXX").string();
    if (!mkdtemp(tmpl.data())) std::abort();
    static const std::filesystem::path made = tmpl;
    std::atexit([] {
      std::error_code ec;
      std::filesystem::remove_all(made, ec);
    });
    return made;
  }();
  return folder;
}

// Writes `text` to NAME in the scratch folder (a folder in it, made if
// needed) and returns its path.
inline std::filesystem::path scratch_file(const std::filesystem::path& name, std::string_view text) {
  const std::filesystem::path p = scratch_folder() / name;
  std::filesystem::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out.write(text.data(), static_cast<std::streamsize>(text.size()));
  out.close();
  if (!out) std::abort();
  return p;
}

inline std::string_view text_of(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

}  // namespace tictac::fuzz
