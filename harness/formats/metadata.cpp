#include "harness/formats/metadata.hpp"

#include <array>
#include <cstdint>
#include <cstdio>
#include <ctime>
#include <fstream>
#include <thread>
#include <sys/resource.h>
#include <unistd.h>

#ifndef TICTAC_BUILD_SYSTEM
#define TICTAC_BUILD_SYSTEM "unknown"
#endif
#ifndef TICTAC_BUILD_TYPE
#define TICTAC_BUILD_TYPE "unknown"
#endif
#ifndef TICTAC_COMPILER
#define TICTAC_COMPILER "unknown"
#endif
#ifndef TICTAC_CXX_FLAGS
#define TICTAC_CXX_FLAGS "unknown"
#endif

#if __has_include(<tictac_build_commit.hpp>)
#include <tictac_build_commit.hpp>  // generated at build time by scripts/build-commit
#endif
#ifndef TICTAC_BUILD_COMMIT
#define TICTAC_BUILD_COMMIT "unknown"
#endif

namespace tictac {

BuildInfo build_info() {
  BuildInfo b{TICTAC_BUILD_SYSTEM, TICTAC_BUILD_TYPE, TICTAC_COMPILER, TICTAC_CXX_FLAGS, TICTAC_BUILD_COMMIT, false};
  constexpr std::string_view dirty = "-dirty";
  if (b.commit.size() > dirty.size() && b.commit.ends_with(dirty)) {
    b.commit.resize(b.commit.size() - dirty.size());
    b.dirty = true;
  }
  if (b.commit == "unknown") b.commit.clear();
  return b;
}

long max_rss_kib() {
  rusage u{};
  return getrusage(RUSAGE_SELF, &u) == 0 ? u.ru_maxrss : -1;
}

HostInfo host_info() {
  HostInfo h;
  std::array<char, 256> name{};
  if (gethostname(name.data(), name.size() - 1) == 0) h.name = name.data();
  std::ifstream cpuinfo("/proc/cpuinfo");
  for (std::string line; std::getline(cpuinfo, line);)
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) h.cpu_model = line.substr(line.find_first_not_of(' ', colon + 1));
      break;
    }
  if (h.cpu_model.empty()) h.cpu_model = "unknown";
  h.cpus = std::thread::hardware_concurrency();
  return h;
}

namespace {
// Runs a read-only command; returns its stdout, or nothing when it fails.
bool capture(const std::string& command, std::string& out) {
  out.clear();
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return false;
  std::array<char, 4096> buf;
  while (std::size_t n = std::fread(buf.data(), 1, buf.size(), pipe)) out.append(buf.data(), n);
  return pclose(pipe) == 0;
}
std::string quoted(const std::filesystem::path& p) {
  std::string q = "'";
  for (char c : p.string()) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}
}  // namespace

GitInfo git_info(const std::filesystem::path& dir) {
  GitInfo g;
  const std::string git = "git --no-optional-locks -C " + quoted(dir.empty() ? "." : dir);
  std::string out;
  if (!capture(git + " rev-parse HEAD 2>/dev/null", out)) return g;
  g.known = true;
  g.commit = out.substr(0, out.find('\n'));
  if (capture(git + " status --porcelain 2>/dev/null", out)) {
    g.dirty = !out.empty();
    g.status = out;
  }
  return g;
}

std::string fnv1a64_hex(std::string_view bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (unsigned char c : bytes) {
    h ^= c;
    h *= 0x100000001b3ULL;
  }
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::string utc_now_iso8601() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

}  // namespace tictac
