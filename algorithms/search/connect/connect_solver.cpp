// The connect solver's instantiations for the statistics policies of the
// registry (harness/registry/erased_strategy.hpp), the tests and the
// benchmarks; connect_solver.hpp declares them extern.
#include "algorithms/search/connect/connect_solver.hpp"

namespace tictac {

template class ConnectSolver<NoStats>;
template class ConnectSolver<CountingStats>;
template class ConnectSolver<TracingStats>;
template class ConnectSolver<Cancellable<NoStats>>;
template class ConnectSolver<Cancellable<CountingStats>>;

}  // namespace tictac
