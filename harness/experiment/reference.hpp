// What the runner checks every row against: the game value of a position,
// its distance to the end, and whether a move is optimal.
//
//   boards of at most 16 cells: the exact solver (retrograde analysis of
//     every reachable position, exact_cache.hpp);
//   larger boards: two independent families of search, which must agree.
//     A value is certified when both give it; a move is optimal when both
//     families say the position after it has the position's own value.  A
//     family says so either by its own search of that position, or by its
//     search of the position itself, when that search proved this very move
//     best (SearchResult::move_proved: its proof of the position's value is a
//     proof that this move keeps it).  Only a family whose proven move is
//     another searches the position after the move; when the families' word
//     on it differs, that is a disagreement like any other.  So every move
//     is still certified by both families, and the position after a move
//     that both families chose themselves costs no search (measured on
//     Connect-Four, experiments/connect-four.toml: most of the reference's
//     time was these searches of the positions after the rows' moves).
//
// The two families (ReferenceFamilies, kind two_families):
//   without gravity  the alpha-beta family, `best:pairing=on` (algorithms/
//                    search/best/best_search.hpp, with its pairing test), and the proof-number family, `dfpn`
//                    (algorithms/search/proof/dfpn.hpp) with keys=exact.
//   with gravity     `best` (no pairing test under gravity) and `connect` (algorithms/search/connect/connect_solver.hpp),
//                    Connect-Four's own solver, where its bitboards hold the
//                    board ((rows + 1) * cols <= 64); elsewhere (8x8 with
//                    gravity, say) `best` and `dfpn` as without gravity: the
//                    provers search gravity boards with the part of their
//                    knowledge that is sound there (proof_knowledge.hpp).
// Independence: the two share no pruning code.  best's pruning (immediate
//   wins, double threats, live windows, its pairing test search/
//   best/breaker_pairing.hpp, its move order and history, its bound table,
//   tables/bound_table.hpp and game/symmetric_images.hpp) and dfpn's
//   (its own knowledge, search/proof/proof_knowledge.hpp with threat_scan,
//   threat_sequence and pairing, its own table proof_table.hpp) include none
//   of each other's files; what they share is the game itself
//   (game/board, position, rules), what a search returns
//   (search/search_result, statistics) and the bound enum of the statistics.
//   dfpn runs with keys=exact, so that even the symmetry group
//   (game/symmetry.hpp, behind best's canonical table) is not shared.
//   connect's pruning (search/connect/, tables/connect_table) likewise
//   shares nothing with best but board, position, search_result and
//   statistics.
//
// Budgets, per position and family (kDfpnNodeBudget, kFamilySeconds): dfpn
//   at most kDfpnNodeBudget nodes (deterministic); every family at most
//   kFamilySeconds of wall time (best has no budget of its own: it runs
//   through its cancellable search, stopped by a timer).  A family that runs
//   out of its budget leaves the position uncertified: value() throws
//   ReferenceUnknown naming the board, the position and the family.  The
//   runner lets it stop the run (nothing is written): a row the reference
//   cannot certify is not reported as checked.
//
// When the families disagree, value() throws ReferenceDisagreement (both
//   values, the board, the position; disagreements.hpp writes the message),
//   which stops the run.  The value of the empty board is also checked
//   against the published values (published_values.hpp): a certified value
//   that disagrees with one stops the run too.
//
// The distance to the end is known only from the exact solver (distance()
//   is nullopt beyond 16 cells).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "algorithms/game/board.hpp"
#include "algorithms/game/position.hpp"
#include "algorithms/exact/solution.hpp"
#include "harness/registry/strategy.hpp"

namespace tictac {

// dfpn's node budget per position: 2^24 nodes (seconds of search; a
// mid-game position of 5x5 or 6x6 with k = 4 takes hundreds to thousands,
// bench/bench_reference.cpp).
inline constexpr std::uint64_t kDfpnNodeBudget = std::uint64_t{1} << 24;
// Wall time per position and family.
inline constexpr std::chrono::seconds kFamilySeconds{60};

// How a board's rows are checked.
enum class ReferenceKind {
  exact,         // the exact solver (boards of at most 16 cells)
  two_families,  // two independent families that must agree
};
// "exact" or "two_families" (metadata.json).
const char* to_string(ReferenceKind k);

// The strategy specs of the families, and their budgets.  The defaults are
// the reference of every run; tests replace them (ScopedReferenceFamilies).
struct ReferenceFamilies {
  // best with its pairing test: it proves the early draws of k=5 boards
  // (6x6 and 7x7), which best without it does not in minutes.
  std::string alpha_beta = "best:pairing=on";
  std::string gravity_alpha_beta = "best";  // on gravity boards, where best has no pairing test
  std::string proof = "dfpn:keys=exact,nodes=" + std::to_string(kDfpnNodeBudget);
  std::string gravity = "connect";  // the second family on gravity boards where it fits
  std::chrono::milliseconds time_budget = kFamilySeconds;
  // How a spec becomes a strategy: make_strategy when empty.  A test seam (a
  // deliberately wrong family, without registering it for everyone).
  std::function<std::unique_ptr<Strategy>(const Board&, const std::string& spec)> make;
};

// The families a Reference built without explicit ones uses.
const ReferenceFamilies& reference_families();

// A test seam: while it lives, Reference(board) uses `f` (a strategy a test
// registered, say, that is deliberately wrong).  Not thread-safe: make one
// before any Reference is built.
class ScopedReferenceFamilies {
 public:
  explicit ScopedReferenceFamilies(ReferenceFamilies f);
  ~ScopedReferenceFamilies();
  ScopedReferenceFamilies(const ScopedReferenceFamilies&) = delete;
  ScopedReferenceFamilies& operator=(const ScopedReferenceFamilies&) = delete;

 private:
  ReferenceFamilies saved_;
};

// The two families give a position different values: the run stops.
struct ReferenceDisagreement : std::runtime_error {
  ReferenceDisagreement(const std::string& what, std::string position) : std::runtime_error(what), position(std::move(position)) {}
  std::string position;  // the position's text (notation.hpp)
};

// A family ran out of its budget on a position: its value is not certified.
struct ReferenceUnknown : std::runtime_error {
  ReferenceUnknown(const std::string& what, std::string position) : std::runtime_error(what), position(std::move(position)) {}
  std::string position;
};

class Reference {
 public:
  // search_only: the families even on a board the exact solver handles (so
  // tests can check the one against the other).
  explicit Reference(const Board& board, bool search_only = false);
  Reference(const Board& board, const ReferenceFamilies& families, bool search_only = false);
  ~Reference();

  const Board& board() const { return board_; }
  // The exact solution, or nullptr on a board over 16 cells (or search_only).
  const std::shared_ptr<const ExactSolution>& exact() const { return exact_; }
  ReferenceKind kind() const { return exact_ ? ReferenceKind::exact : ReferenceKind::two_families; }
  // The strategy specs in normal form of the families (empty with the exact
  // solver).
  std::vector<std::string> family_specs() const;
  // The budgets per position, in words (empty with the exact solver).
  std::string budget_text() const;
  // What the checks come from, for metadata.json.
  std::string description() const;
  // How a move is certified, in words (metadata.json: exactness.reference).
  std::string move_rule() const;

  // The game value of p, X's point of view.  Throws ReferenceDisagreement
  // when the families disagree, ReferenceUnknown when one runs out of its
  // budget, std::runtime_error when a certified value contradicts a
  // published one.
  int value(const Position& p);
  // Plies to the end under perfect play, when known.
  std::optional<int> distance(const Position& p) const;
  // Whether `move` is an optimal move in p (p finished: whether move < 0).
  bool optimal(const Position& p, int move);
  // Every optimal move of p (for messages; on a large board the value of the
  // position after every legal move).
  Mask optimal_moves(const Position& p);
  // A flag (a run's Ctrl-C) that stops the families' searches within 20 ms:
  // the search that was stopped throws SearchCancelled.  Null: none.
  void watch(const std::atomic<bool>* interrupt) { interrupt_ = interrupt; }

 private:
  using Key = std::pair<Mask, Mask>;
  struct Certified {
    int value = 0;           // X's view, given by every family
    std::vector<int> moves;  // by family: the move its search proved best, or -1
  };
  const Certified& certify(const Position& p);
  // Family f's value of p: a certified one, or its own search (kept).
  int family_value(std::size_t f, const Position& p);
  // Family f's search of p within the budget; throws ReferenceUnknown.
  SearchResult family_search(std::size_t f, const Position& p, const std::string& text);

  Board board_;
  std::shared_ptr<const ExactSolution> exact_;
  std::chrono::milliseconds time_budget_{0};
  const std::atomic<bool>* interrupt_ = nullptr;
  std::vector<std::unique_ptr<Strategy>> families_;  // boards over 16 cells
  std::map<Key, Certified> values_;                  // the certified values
  std::vector<std::map<Key, int>> family_values_;    // by family: values of one family only, so far
};

}  // namespace tictac
