#include "harness/registry/exact_cache.hpp"

#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "harness/formats/atomic_file.hpp"

namespace tictac {

namespace {

struct Solved {
  StateSpace space;
  ExactSolution solution;
  Solved(const Board& b, const std::atomic<bool>* cancel) : space(b, cancel), solution(space, cancel) {}
  Solved(const Board& b, StateSpace::Tables tables, ExactSolution::Labels labels)
      : space(b, std::move(tables)), solution(space, std::move(labels)) {}
};

// The file: a text header (the format's name and version, the board's
// name, the byte order), then the counts and the six tables as they are in
// memory, then a checksum of the tables' bytes.  Version 1.
constexpr const char* kMagic = "tictac exact solution, version 1";
constexpr std::uint32_t kByteOrder = 0x01020304;

// FNV-1a over 8-byte words (the tail byte by byte): a damaged or truncated
// file is told from a whole one in milliseconds.
class Checksum {
 public:
  void add(const void* data, std::size_t bytes) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (; bytes >= 8; p += 8, bytes -= 8) {
      std::uint64_t w;
      std::memcpy(&w, p, 8);
      mix(w);
    }
    for (; bytes > 0; ++p, --bytes) mix(*p);
  }
  std::uint64_t value() const { return h_; }

 private:
  void mix(std::uint64_t w) { h_ = (h_ ^ w) * 0x100000001b3ULL; }
  std::uint64_t h_ = 0xcbf29ce484222325ULL;
};

template <class T>
void put(std::ostream& out, Checksum& sum, const std::vector<T>& v) {
  sum.add(v.data(), v.size() * sizeof(T));
  out.write(reinterpret_cast<const char*>(v.data()), static_cast<std::streamsize>(v.size() * sizeof(T)));
}

template <class T>
bool get(std::istream& in, Checksum& sum, std::vector<T>& v, std::uint64_t count) {
  v.resize(count);
  in.read(reinterpret_cast<char*>(v.data()), static_cast<std::streamsize>(count * sizeof(T)));
  if (!in) return false;
  sum.add(v.data(), count * sizeof(T));
  return true;
}

template <class T>
void put_value(std::ostream& out, T value) {
  out.write(reinterpret_cast<const char*>(&value), sizeof value);
}

template <class T>
bool get_value(std::istream& in, T& value) {
  return static_cast<bool>(in.read(reinterpret_cast<char*>(&value), sizeof value));
}

// No board has more positions than fillings of its cells, 3^cells (a bound
// on what a header may ask to be read).
std::uint64_t max_positions(const Board& board) {
  std::uint64_t n = 1;
  for (int i = 0; i < board.cells(); ++i) n *= 3;
  return n;
}

std::shared_ptr<const Solved> read_solved(const Board& board, const std::filesystem::path& file) {
  if (board.cells() > StateSpace::kMaxCells) return nullptr;
  std::ifstream in(file, std::ios::binary);
  if (!in) return nullptr;
  std::string magic, name;
  std::uint32_t order = 0;
  std::uint64_t size = 0, plies = 0, checksum = 0;
  if (!std::getline(in, magic) || magic != kMagic || !std::getline(in, name) || name != board.name() ||
      !get_value(in, order) || order != kByteOrder || !get_value(in, size) || !get_value(in, plies) ||
      size > max_positions(board) || plies != static_cast<std::uint64_t>(board.cells()) + 2)
    return nullptr;
  Checksum sum;
  StateSpace::Tables tables;
  ExactSolution::Labels labels;
  if (!get(in, sum, tables.packed, size) || !get(in, sum, tables.result, size) ||
      !get(in, sum, tables.paths, size) || !get(in, sum, tables.ply_begin, plies) ||
      !get(in, sum, labels.value, size) || !get(in, sum, labels.distance, size) || !get_value(in, checksum) ||
      checksum != sum.value() || in.peek() != std::char_traits<char>::eof())
    return nullptr;
  try {
    return std::make_shared<const Solved>(board, std::move(tables), std::move(labels));
  } catch (const std::invalid_argument&) {  // whole but not a solution of this board: a miss
    return nullptr;
  }
}

}  // namespace

std::filesystem::path exact_cache_file(const std::filesystem::path& folder, const Board& board) {
  return folder / (board.name() + ".exact");
}

void write_exact_cache(const ExactSolution& solution, const std::filesystem::path& file) {
  const StateSpace::Tables& tables = solution.space().tables();
  const ExactSolution::Labels& labels = solution.labels();
  AtomicFile out(file);
  std::ostream& os = out.stream();
  os << kMagic << '\n' << solution.board().name() << '\n';
  put_value(os, kByteOrder);
  put_value(os, static_cast<std::uint64_t>(tables.packed.size()));
  put_value(os, static_cast<std::uint64_t>(tables.ply_begin.size()));
  Checksum sum;
  put(os, sum, tables.packed);
  put(os, sum, tables.result);
  put(os, sum, tables.paths);
  put(os, sum, tables.ply_begin);
  put(os, sum, labels.value);
  put(os, sum, labels.distance);
  put_value(os, sum.value());
  out.commit();
}

std::shared_ptr<const ExactSolution> read_exact_cache(const Board& board, const std::filesystem::path& file) {
  auto solved = read_solved(board, file);
  if (!solved) return nullptr;
  return {solved, &solved->solution};
}

std::shared_ptr<const ExactSolution> exact_solution(const Board& board, const std::atomic<bool>* cancel) {
  static std::mutex mutex;
  static std::map<std::string, std::shared_ptr<const Solved>> cache;
  if (board.cells() > StateSpace::kMaxCells)
    throw std::invalid_argument("the exact solution needs a board of at most 16 cells; " + board.size_name() +
                                " has " + std::to_string(board.cells()));
  std::lock_guard lock(mutex);
  auto& slot = cache[board.name()];
  if (!slot) {
    const char* folder = std::getenv("TICTAC_EXACT_CACHE");
    const bool cached = folder != nullptr && *folder != '\0';
    if (cached) slot = read_solved(board, exact_cache_file(folder, board));
    if (!slot) {
      auto built = std::make_shared<const Solved>(board, cancel);
      if (cached) {
        try {
          write_exact_cache(built->solution, exact_cache_file(folder, board));
        } catch (const std::exception&) {  // a folder that cannot be written: the cache only saves time
        }
      }
      slot = std::move(built);
    }
  }
  return {slot, &slot->solution};
}

}  // namespace tictac
