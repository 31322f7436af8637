// The main of the benchmark programs that register their benchmarks at run
// time (benchmark::RegisterBenchmark): the registration, then Google
// Benchmark's own argument handling, where an argument it does not know is
// an error.  bench_core.cpp, whose benchmarks are static, has BENCHMARK_MAIN.
#pragma once

#include <benchmark/benchmark.h>

namespace tictac {

inline int run_benchmarks(int argc, char** argv, void (*register_all)()) {
  register_all();
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}

}  // namespace tictac
