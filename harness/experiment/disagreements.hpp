// The message of a run whose rows disagree with the reference: what
// `tictac run` prints before it exits 1, and what `tictac.run` raises.
#pragma once

#include <string>
#include <vector>

namespace tictac {

// "N position(s) disagree with the reference (matches_exact = false):" and
// the first 50 of RunSummary::disagreements, one a line, indented by two
// spaces, then "... and M more" for the rest.  No final newline.
std::string disagreement_message(const std::vector<std::string>& disagreements);

}  // namespace tictac
