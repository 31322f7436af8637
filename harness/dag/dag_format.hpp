// Writing a position DAG as GraphViz DOT (boost::write_graphviz) or GraphML
// (boost::write_graphml).
//
// DOT, for people and for `dot`:
//   node   a picture of the board (rows of X, O and .), filled by exact value
//          (red X wins, grey draw, blue O wins); a box while the game goes on,
//          an octagon once it is over; one rank per ply.
//   edge   labelled with its move (every symmetric move in a quotient); bold
//          when the move is optimal, thin and grey otherwise.
//   overlay (DotStyle::overlay) a visited node has a thick black border, a
//          node answered from a table or memo a double border, a node the
//          search never entered is dashed and faded; a pruned move is a
//          dashed dark-red edge (in a quotient: a move into that child class
//          was skipped at least once).
// Both formats carry the same data attributes for tools and tests: on nodes
// `position` (notation text), `ply`, `value` (+1, 0, -1), `result`,
// `distance`, and with an overlay `visits` and `table_hit`; on edges `moves`
// (cell names), `optimal`, and with an overlay `pruned`.  Node ids are the
// vertex numbers.
#pragma once

#include <ostream>
#include <string>

#include "harness/dag/dag.hpp"

namespace tictac {

struct DotStyle {
  std::string title;     // the graph label, drawn above the picture
  bool overlay = false;  // draw the --strategy overlay
};

void write_dot(std::ostream& out, const Dag& dag, const DotStyle& style);
void write_graphml(std::ostream& out, const Dag& dag, bool overlay);

}  // namespace tictac
