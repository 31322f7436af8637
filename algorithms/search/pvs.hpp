// Principal variation search (NegaScout): alpha-beta in which every move
// after a node's first is searched with a null window (alpha, alpha + 1) and
// searched again with (alpha, beta) only when its score lands strictly
// inside (alpha, beta).  Both searches of a re-searched child count their
// nodes.  Every other convention (window, fail-soft/hard, table, ordering,
// iterative deepening, what is counted) is alphabeta.hpp's.
#pragma once

#include "algorithms/search/alphabeta.hpp"

namespace tictac {

template <class Stats, AlphaBetaPolicy P>
using Pvs = AlphaBetaSearch<Stats, true, P>;

}  // namespace tictac
