// The build's step that fills the tests' exact-solution cache (the folder
// that TICTAC_EXACT_CACHE names in every test's environment; see
// harness/registry/exact_cache.hpp): it empties FOLDER, so that no file from
// an earlier build of the solver survives a change of it (the build runs
// this step again whenever the libraries change), then solves the boards
// that a dozen test processes would otherwise each solve again (4x4 with
// k=3 and k=4: seconds each, more under the sanitizers), and touches STAMP.
// Other boards are written by the first test process that solves them.
// Usage: make_exact_cache FOLDER STAMP
#include <exception>
#include <filesystem>
#include <fstream>
#include <iostream>

#include "algorithms/exact/solution.hpp"
#include "algorithms/exact/state_space.hpp"
#include "harness/registry/exact_cache.hpp"

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: make_exact_cache FOLDER STAMP\n";
    return 2;
  }
  try {
    const std::filesystem::path folder = argv[1];
    std::filesystem::remove_all(folder);
    std::filesystem::create_directories(folder);
    for (const tictac::Board& board : {tictac::Board(4, 4, 3), tictac::Board(4, 4, 4)}) {
      const tictac::StateSpace space(board);
      const tictac::ExactSolution solution(space);
      tictac::write_exact_cache(solution, tictac::exact_cache_file(folder, board));
    }
    std::ofstream(argv[2]) << "the exact solutions of 4x4 k=3 and k=4 are in " << folder.string() << "\n";
  } catch (const std::exception& e) {
    std::cerr << "make_exact_cache: " << e.what() << "\n";
    return 1;
  }
}
