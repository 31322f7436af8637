#include <catch2/catch.hpp>

#include <atomic>
#include <cstdlib>
#include <fstream>
#include <new>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "algorithms/search/proof/dfpn.hpp"
#include "algorithms/search/proof/pns.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/players.hpp"
#include "harness/registry/strategy.hpp"

// Every operator new of this test program goes through here and is
// counted; the memory comes from malloc as before, so nothing else changes
// (ASan sees malloc and free in pairs).
namespace {
std::atomic<std::uint64_t> g_allocations{0};

void* counted(std::size_t n) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n ? n : 1)) return p;
  throw std::bad_alloc();
}
void* counted(std::size_t n, std::align_val_t a) {
  g_allocations.fetch_add(1, std::memory_order_relaxed);
  const std::size_t align = static_cast<std::size_t>(a);
  if (void* p = std::aligned_alloc(align, (n + align - 1) / align * align)) return p;
  throw std::bad_alloc();
}
}  // namespace

void* operator new(std::size_t n) { return counted(n); }
void* operator new[](std::size_t n) { return counted(n); }
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  try {
    return counted(n);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, const std::nothrow_t& t) noexcept { return operator new(n, t); }
void* operator new(std::size_t n, std::align_val_t a) { return counted(n, a); }
void* operator new[](std::size_t n, std::align_val_t a) { return counted(n, a); }
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  try {
    return counted(n, a);
  } catch (...) {
    return nullptr;
  }
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t& t) noexcept {
  return operator new(n, a, t);
}
void operator delete(void* p) noexcept { std::free(p); }
void operator delete[](void* p) noexcept { std::free(p); }
void operator delete(void* p, std::size_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t) noexcept { std::free(p); }
void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept { std::free(p); }
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept { std::free(p); }

using namespace tictac;

namespace {

// The strategy specs of the golden file, each once.
std::set<std::string> golden_specs() {
  std::ifstream in(TICTAC_SOURCE_DIR "/tests/golden/node_counts.tsv");
  std::set<std::string> specs;
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) {
    std::istringstream row(line);
    std::string board, k, spec;
    row >> board >> k >> spec;
    specs.insert(spec);
  }
  return specs;
}

bool has_table(const std::string& spec) {
  return spec.rfind("mtdf", 0) == 0 || spec.rfind("memo", 0) == 0 || spec.rfind("best", 0) == 0 ||
         spec.find("tt=zobrist") != std::string::npos;
}

// The allocations of a second search, counting and statistics-free, with a
// strategy object that has searched p once each way (which builds its
// instantiations, tables and memos, and grows what grows).
std::uint64_t second_search_allocations(Strategy& s, const Position& p) {
  s.search(p);
  s.search_fast(p);
  const std::uint64_t before = g_allocations.load();
  const SearchResult counted = s.search(p);
  const SearchResult fast = s.search_fast(p);
  const std::uint64_t during = g_allocations.load() - before;
  CHECK(counted.value == fast.value);
  return during;
}

}  // namespace

TEST_CASE("the allocation counter of this test program sees every operator new", "[allocation]") {
  const std::uint64_t before = g_allocations.load();
  ::operator delete(::operator new(24));
  {
    const std::string s(100, 'x');  // longer than the small-string buffer: on the heap, inside libstdc++
    CHECK(s.size() == 100);
  }
  CHECK(g_allocations.load() - before == 2);
}

TEST_CASE("a second search allocates nothing, for every strategy of the golden file", "[allocation]") {
  const std::set<std::string> specs = golden_specs();
  REQUIRE(specs.size() > 30);
  const Board b;
  for (const std::string& spec : specs) {
    if (spec.rfind("connect", 0) == 0) continue;  // gravity boards only: the gravity case below
    INFO(spec);
    auto s = make_strategy(b, spec);
    for (const char* text : {".........", "X...O...."}) CHECK(second_search_allocations(*s, parse_position(b, text)) == 0);
  }
}

TEST_CASE("a second search allocates nothing for the table-based strategies on a 4x4 k=4 mid-game position",
          "[allocation]") {
  // X O . .
  // . X O .      X to move; X wins
  // . . X .
  // O . . .
  const Board b(4, 4, 4);
  const Position p = parse_position(b, "XO../.XO./..X./O...");
  int tables = 0;
  for (const std::string& spec : golden_specs()) {
    if (!has_table(spec)) continue;
    INFO(spec);
    auto s = make_strategy(b, spec);
    CHECK(second_search_allocations(*s, p) == 0);
    ++tables;
  }
  CHECK(tables >= 12);
}

TEST_CASE("a second search allocates nothing on a gravity board, for every strategy of the golden file",
          "[allocation]") {
  // 4x4 with gravity and k=3, after the drops 2, 3, 2 (columns from 1): O to move.
  const Board b(4, 4, 3, true);
  const Position p = parse_position(b, "..../..../.X../.XO.");
  int searched = 0;
  for (const std::string& spec : golden_specs()) {
    // The whole-tree searches from a later position, to keep this cheap.
    const bool whole_tree = spec.rfind("minimax", 0) == 0 || spec.rfind("negamax", 0) == 0;
    INFO(spec);
    auto s = make_strategy(b, spec);
    CHECK(second_search_allocations(*s, whole_tree ? parse_position(b, "..../.O../OXX./XXOO") : p) == 0);
    ++searched;
  }
  CHECK(searched > 30);
}

TEST_CASE("a second search allocates nothing for connect on Connect-Four mid-game positions", "[allocation]") {
  const Board b(6, 7, 4, true);
  auto s = make_strategy(b, "connect:tt_mb=1");
  auto d = make_strategy(b, "connect:mode=distance,tt_mb=1,near=0");
  for (const char* moves : {"4453462335", "4444443333335555"}) {
    INFO(moves);
    CHECK(second_search_allocations(*s, parse_moves(b, moves)) == 0);
    CHECK(second_search_allocations(*d, parse_moves(b, moves)) == 0);
  }
}

namespace {

// The allocations of searches of `ps` by one prover object that has searched
// the first of them once (its table, graph and buffers are allocated at
// construction; the search loop is sacred).
template <template <class> class Prover, class Stats>
std::uint64_t prover_search_allocations(const Board& b, const std::vector<Position>& ps) {
  Prover<Stats> prover(b);
  Stats warm;
  prover.search(ps.front(), warm);
  const std::uint64_t before = g_allocations.load();
  for (const Position& p : ps) {
    Stats stats;
    const SearchResult r = prover.search(p, stats);
    REQUIRE(r.proved);
  }
  return g_allocations.load() - before;
}

}  // namespace

TEST_CASE("dfpn and pns allocate nothing during a search", "[allocation][prover_allocation]") {
  const Board b(5, 5, 4);
  Position p;
  p.play(12, Side::X);
  p.play(6, Side::O);
  const std::vector<Position> ps = {Position{}, p};
  CHECK(prover_search_allocations<Dfpn, CountingStats>(b, ps) == 0);
  CHECK(prover_search_allocations<Pns, CountingStats>(b, ps) == 0);
  CHECK(prover_search_allocations<Dfpn, NoStats>(b, ps) == 0);
  CHECK(prover_search_allocations<Pns, NoStats>(b, ps) == 0);
}

TEST_CASE("a player's second move allocates nothing, for every player", "[allocation]") {
  for (const Board& b : {Board(), Board(4, 4, 3, true)}) {
    for (const char* spec : {"ab:depth=4,eval=lines", "ab:eval=threats,nodes=300", "mcts:playouts=2000",
                             "mcts:playouts=2000,solver=on,playout=tactical", "random:seed=3", "perfect:choose=uniform"}) {
      INFO(b.name() << " " << spec);
      auto player = make_player(b, spec);
      const Position p{};
      player->choose(p);  // builds its instantiations: the table, the pool
      player->choose_fast(p);
      const std::uint64_t before = g_allocations.load();
      const PlayerMove m = player->choose(p);
      const int fast = player->choose_fast(p);
      CHECK(g_allocations.load() - before == 0);
      CHECK(fast == m.move);
    }
  }
}
