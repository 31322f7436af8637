// Primitives of the game core: win check, play/undo, move generation,
// canonical form and Zobrist update, on 3x3 and 4x4.
#include <benchmark/benchmark.h>

#include "algorithms/tables/memo.hpp"
#include "algorithms/game/symmetry.hpp"
#include "algorithms/search/statistics.hpp"
#include "algorithms/tables/tt.hpp"
#include "algorithms/tables/zobrist.hpp"
#include "harness/formats/notation.hpp"

namespace {

using namespace tictac;

Board board_for(const benchmark::State& state) {
  const int n = static_cast<int>(state.range(0));
  return Board(n, n, n);
}

void BM_WinCheck(benchmark::State& state) {
  const Board b = board_for(state);
  Mask stones = 0x5a5a & b.full();
  for (auto _ : state) {
    for (int c = 0; c < b.cells(); ++c) benchmark::DoNotOptimize(b.wins_through(stones, c));
  }
  state.SetItemsProcessed(state.iterations() * b.cells());
}
BENCHMARK(BM_WinCheck)->Arg(3)->Arg(4);

void BM_PlayUndo(benchmark::State& state) {
  const Board b = board_for(state);
  Position p;
  for (auto _ : state) {
    for (int c = 0; c < b.cells(); ++c) {
      p.play(c, Side::X);
      benchmark::DoNotOptimize(p);
      p.undo(c, Side::X);
    }
  }
  state.SetItemsProcessed(state.iterations() * b.cells());
}
BENCHMARK(BM_PlayUndo)->Arg(3)->Arg(4);

void BM_MoveGeneration(benchmark::State& state) {
  const Board b = board_for(state);
  Position p;
  p.x = 0x0421 & b.full();
  p.o = 0x1812 & b.full() & ~p.x;
  for (auto _ : state) {
    int n = 0;
    for (Mask e = p.empty(b); e; e &= e - 1) n += std::countr_zero(e);
    benchmark::DoNotOptimize(n);
  }
}
BENCHMARK(BM_MoveGeneration)->Arg(3)->Arg(4);

void BM_CanonicalForm(benchmark::State& state) {
  const Board b = board_for(state);
  const SymmetryGroup s(b);
  Position p;
  p.x = 0x0421 & b.full();
  p.o = 0x1812 & b.full() & ~p.x;
  for (auto _ : state) {
    benchmark::DoNotOptimize(s.canonical(p));
    p.x ^= 1;
  }
}
BENCHMARK(BM_CanonicalForm)->Arg(3)->Arg(4);

void BM_ZobristStep(benchmark::State& state) {
  const Board b = board_for(state);
  const Zobrist z;
  Key k = 0;
  for (auto _ : state) {
    for (int c = 0; c < b.cells(); ++c) k = z.step(k, Side::X, c);
    benchmark::DoNotOptimize(k);
  }
  state.SetItemsProcessed(state.iterations() * b.cells());
}
BENCHMARK(BM_ZobristStep)->Arg(3)->Arg(4);

void BM_TableStoreProbe(benchmark::State& state) {
  const Board b = board_for(state);
  const Zobrist z;
  TranspositionTable tt(16, Replacement::two_tier);
  NoStats stats;
  Position p;
  p.x = 0x0421 & b.full();
  Key k = z.key(p);
  int i = 0;
  for (auto _ : state) {
    k = z.step(k, Side::O, i++ % b.cells());
    tt.store<Replacement::two_tier>(k, 1, Bound::exact, 3, 5, stats);
    benchmark::DoNotOptimize(tt.probe<Replacement::two_tier>(k, p, stats));
  }
}
BENCHMARK(BM_TableStoreProbe)->Arg(3)->Arg(4);

void BM_MemoLookup(benchmark::State& state) {
  const Board b = board_for(state);
  Memo<MemoLayout::hashed> memo(12);
  std::vector<Position> keys;
  for (Mask m = 1; keys.size() < 1000; ++m) keys.push_back({m & b.full(), (m >> 3) & b.full() & ~m});
  for (std::size_t i = 0; i < keys.size(); ++i) memo.insert(keys[i], static_cast<int>(i % 3) - 1);
  std::size_t i = 0;
  for (auto _ : state) benchmark::DoNotOptimize(memo.find(keys[i++ % keys.size()]));
}
BENCHMARK(BM_MemoLookup)->Arg(3)->Arg(4);

}  // namespace

BENCHMARK_MAIN();
