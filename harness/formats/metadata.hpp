// What a result file records about where it came from: the build, the
// host, the source tree and the date (metadata.json beside results.csv).
#pragma once

#include <filesystem>
#include <string>
#include <string_view>

namespace tictac {

// Passed from the build as compile definitions (both CMakeLists.txt and
// meson.build set them on harness/formats/metadata.cpp).
struct BuildInfo {
  std::string system;    // cmake or meson
  std::string type;      // Release, Debug, ... (meson: its buildtype)
  std::string compiler;  // id and version
  std::string flags;     // the flags added to every compile
  // The commit the binary was built from (scripts/build-commit, compiled
  // in at build time): empty when unknown (not built from a git checkout).
  std::string commit;
  bool dirty = false;    // tracked files differed from that commit
};
BuildInfo build_info();

struct HostInfo {
  std::string name;
  std::string cpu_model;  // from /proc/cpuinfo
  unsigned cpus = 0;      // hardware threads
};
HostInfo host_info();

// The peak resident memory of this process so far, in KiB (getrusage).
long max_rss_kib();

struct GitInfo {
  bool known = false;  // false when `dir` is not in a git work tree
  std::string commit;
  bool dirty = false;  // tracked changes or untracked files
  std::string status;  // `git status --porcelain`, when dirty
};
// Reads only: rev-parse and status with --no-optional-locks, so the index is
// never touched.
GitInfo git_info(const std::filesystem::path& dir);

// FNV-1a, 64 bits, as 16 hex digits.
std::string fnv1a64_hex(std::string_view bytes);

// "2026-11-29T21:58:22Z"
std::string utc_now_iso8601();

}  // namespace tictac
