#include "harness/experiment/strong_solve.hpp"

#include <chrono>
#include <stdexcept>
#include <vector>

#include "algorithms/exact/state_space.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/search/cancellable.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/budgeted_search.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/registry/default_policy.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac {

std::string strong_solver_spec(const Board& board, bool distance) {
  return distance ? distance_strategy(board, "").to_string() : default_strategy(board);
}

const char* to_string(StrongValue::Status s) {
  switch (s) {
    case StrongValue::Status::solved: return "solved";
    case StrongValue::Status::value_only: return "value_only";
    case StrongValue::Status::unknown: return "unknown";
  }
  return "?";
}

StrongSolver::StrongSolver(const Board& board, double budget_seconds) : board_(board), budget_(budget_seconds) {
  if (board.cells() <= StateSpace::kMaxCells) {
    exact_ = exact_solution(board);
    return;
  }
  distance_spec_ = strong_solver_spec(board, true);
  weak_spec_ = strong_solver_spec(board, false);
  value_first_ = !connect_holds(board);
  if (value_first_) partner_spec_ = partner_strategy(board);
}

// The strategies are made at the first search, so that a set refused for
// another reason (a kind, a limit) says that reason first.
void StrongSolver::make() {
  if (distance_) return;
  try {
    distance_ = make_strategy(board_, distance_spec_);
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument("board " + board_.name() + " has no strong solver beyond the exact solution's " +
                                std::to_string(StateSpace::kMaxCells) + " cells: " + distance_spec_ + " is refused (" +
                                e.what() + ")");
  }
  weak_ = make_strategy(board_, weak_spec_);
  if (!partner_spec_.empty()) partner_ = make_strategy(board_, partner_spec_);
}

StrongSolver::~StrongSolver() = default;

std::string StrongSolver::certification() const {
  if (exact_) return "";
  const auto family = [](const std::string& spec) { return spec.substr(0, spec.find(':')); };
  const std::string distance_family = family(distance_spec_);
  if (!value_first_)
    return "beyond 16 cells the values and distances come from one family, " + distance_family + " (" + distance_spec_ +
           "); no column is certified by two";
  // The race's proof counts first; the distance search must then agree on
  // the value of a win or a loss.
  std::vector<std::string> others;
  for (const std::string& spec : {weak_spec_, partner_spec_})
    if (!spec.empty() && family(spec) != distance_family) others.push_back(spec);
  const bool all_other = others.size() == (partner_spec_.empty() ? 1u : 2u);
  std::string value;
  if (others.empty()) value = "no column is certified by two families (the value search is " + distance_family + " too)";
  else if (all_other)
    value = "the value of every win and loss is certified by two families (the value search, " + weak_spec_ +
            (partner_spec_.empty() ? "" : " raced against " + partner_spec_) + ", and the distance search agree on it)";
  else
    value = "the value of a win or a loss is certified by two families where the value search's race was won by " +
            others.front() + " (the distance search agrees on it); by " + distance_family + " alone where " +
            (family(weak_spec_) == distance_family ? weak_spec_ : partner_spec_) + " won";
  return "beyond 16 cells the distances come from one family, " + distance_family + "'s distance mode (" + distance_spec_ +
         "); " + value + "; a draw's value comes from the value search alone (its distance is its empty cells)";
}

std::string StrongSolver::description() const {
  if (exact_) return "the exact retrograde solution";
  std::string budget = budget_ > 0 ? std::to_string(static_cast<long>(budget_ * 1000)) + " ms" : std::string("no");
  if (value_first_)
    return weak_spec_ + (partner_spec_.empty() ? "" : " raced against " + partner_spec_) +
           " for the value (a draw's distance: its empty cells), then " + distance_spec_ +
           " for a win's or a loss's distance, " + budget + " budget per search";
  return distance_spec_ + " (value only: " + weak_spec_ + "), " + budget + " budget per search";
}

bool StrongSolver::run(Strategy& s, const Position& p, SearchResult& out, Strategy* rival) {
  const auto budget = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::duration<double>(budget_));
  const auto r = race_within(s, rival, p, budget, interrupt_);
  if (!r && interrupt_ && interrupt_->load()) throw SearchCancelled();  // Ctrl-C, not the budget
  if (!r) return false;
  out = *r;
  return out.proved;
}

StrongValue StrongSolver::solve(const Position& p, bool value_fallback) {
  StrongValue v;
  if (exact_) {
    v.status = StrongValue::Status::solved;
    v.value = exact_->value(p);
    v.distance = exact_->distance(p);
    return v;
  }
  make();
  const int empty = board_.cells() - p.ply();
  SearchResult r;
  if (value_first_) {
    if (!run(*weak_, p, r, partner_.get())) return v;
    v.value = r.value;
    if (r.value == 0) {
      v.status = StrongValue::Status::solved;
      v.distance = empty;
      return v;
    }
    v.status = StrongValue::Status::value_only;
    if (run(*distance_, p, r) && r.distance >= 0) {
      if (r.value != v.value)
        throw std::logic_error("the strong solver's searches disagree on " + format_position(board_, p) + " (" +
                               board_.name() + "): " + weak_spec_ +
                               (partner_ ? " raced against " + partner_spec_ : "") + " proves value " + std::to_string(v.value) + ", " +
                               distance_spec_ + " value " + std::to_string(r.value) + " at distance " +
                               std::to_string(r.distance));
      v.status = StrongValue::Status::solved;
      v.distance = r.distance;
    }
    return v;
  }
  if (run(*distance_, p, r) && r.distance >= 0) {
    v.status = StrongValue::Status::solved;
    v.value = r.value;
    v.distance = r.distance;
    return v;
  }
  if (value_fallback && run(*weak_, p, r)) {
    v.value = r.value;
    v.status = r.value == 0 ? StrongValue::Status::solved : StrongValue::Status::value_only;
    v.distance = r.value == 0 ? empty : -1;
  }
  return v;
}

}  // namespace tictac
