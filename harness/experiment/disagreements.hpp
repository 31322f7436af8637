// The messages of a run that disagrees with its reference: rows that
// disagree with it (what `tictac run` prints before it exits 1, and what
// `tictac.run` raises), and the two families of the reference disagreeing
// with each other on a position (reference.hpp), which stops the run.
#pragma once

#include <string>
#include <vector>

namespace tictac {

// "N position(s) disagree with the reference (matches_exact = false):" and
// the first 50 of RunSummary::disagreements, one a line, indented by two
// spaces, then "... and M more" for the rest.  No final newline.
std::string disagreement_message(const std::vector<std::string>& disagreements);

// One family's answer on a position.
struct FamilyValue {
  std::string spec;  // the strategy spec
  int value = 0;     // X's point of view
};

// "the reference's families disagree on board B, position P: S1 gives V1,
// S2 gives V2; the rows of this position are not certified and the run
// stops".  Values are written as "X wins", "a draw", "O wins".
std::string family_disagreement_message(const std::string& board, const std::string& position,
                                        const FamilyValue& a, const FamilyValue& b);

}  // namespace tictac
