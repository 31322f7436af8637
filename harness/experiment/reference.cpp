#include "harness/experiment/reference.hpp"

#include <bit>

#include "algorithms/game/rules.hpp"
#include "algorithms/exact/state_space.hpp"
#include "algorithms/search/cancellable.hpp"
#include "harness/experiment/disagreements.hpp"
#include "harness/registry/budgeted_search.hpp"
#include "harness/registry/default_policy.hpp"
#include "harness/registry/exact_cache.hpp"
#include "harness/formats/notation.hpp"
#include "algorithms/exact/published_values.hpp"

namespace tictac {

namespace {

ReferenceFamilies& current_families() {
  static ReferenceFamilies f;
  return f;
}

}  // namespace

const char* to_string(ReferenceKind k) {
  switch (k) {
    case ReferenceKind::exact:
      return "exact";
    case ReferenceKind::two_families:
      break;
  }
  return "two_families";
}

const ReferenceFamilies& reference_families() { return current_families(); }

ScopedReferenceFamilies::ScopedReferenceFamilies(ReferenceFamilies f) : saved_(current_families()) {
  current_families() = std::move(f);
}
ScopedReferenceFamilies::~ScopedReferenceFamilies() { current_families() = saved_; }

Reference::Reference(const Board& board, bool search_only) : Reference(board, reference_families(), search_only) {}

Reference::Reference(const Board& board, const ReferenceFamilies& f, bool search_only) : board_(board) {
  if (board.cells() <= StateSpace::kMaxCells && !search_only) {
    exact_ = exact_solution(board);
    return;
  }
  time_budget_ = f.time_budget;
  auto make = [&](const std::string& spec) { return f.make ? f.make(board, spec) : make_strategy(board, spec); };
  families_.push_back(make(board.every_empty_cell_playable() ? f.alpha_beta : f.gravity_alpha_beta));
  families_.push_back(make(connect_holds(board) ? f.gravity : f.proof));
}

Reference::~Reference() = default;

std::vector<std::string> Reference::family_specs() const {
  std::vector<std::string> specs;
  for (const auto& s : families_) specs.push_back(s->spec());
  return specs;
}

std::string Reference::budget_text() const {
  if (exact_) return {};
  return "per position and family at most " + std::to_string(time_budget_.count()) +
         " ms of wall time, and a prover's node budget where its spec has one (nodes=N); beyond a budget the "
         "position is not certified and the run stops";
}

std::string Reference::move_rule() const {
  if (exact_) return "a move is optimal when the exact solution gives the position after it the position's value";
  return "a move is optimal when both families give the position after it the position's value: a family whose own "
         "search of the position proved that move best gives it so, the other searches the position after the move";
}

std::string Reference::description() const {
  if (exact_) return "exact solver (retrograde analysis of every reachable position)";
  const auto specs = family_specs();
  std::string d = "two independent families that must agree: " + specs[0] + " (alpha-beta) and " + specs[1] +
                  (connect_holds(board_) ? " (the connect solver)" : " (proof-number search)") + "; " + move_rule();
  d += "; " + budget_text() + "; distance unknown";
  if (const auto pv = published_value(board_))
    d += "; the empty board, where a set holds it, also checked against the published value (" +
         std::string(pv->source) + ")";
  return d;
}

SearchResult Reference::family_search(std::size_t f, const Position& p, const std::string& text) {
  Strategy& s = *families_[f];
  const std::optional<SearchResult> r = search_within(s, p, time_budget_, interrupt_);
  if (!r && interrupt_ && interrupt_->load()) throw SearchCancelled();  // Ctrl-C, not the budget
  if (!r || !r->proved)
    throw ReferenceUnknown("the reference cannot certify position " + text + " on board " + board_.name() + ": " +
                               s.spec() + " ran out of its budget (" +
                               (r ? std::string("its node budget") :
                                    std::to_string(time_budget_.count()) + " ms of wall time") +
                               "); the run stops, since a row the reference cannot certify is not checked",
                           text);
  return *r;
}

const Reference::Certified& Reference::certify(const Position& p) {
  const Key key{p.x, p.o};
  if (const auto it = values_.find(key); it != values_.end()) return it->second;
  const std::string text = format_position(board_, p);
  std::vector<FamilyValue> answers;
  Certified c;
  for (std::size_t f = 0; f < families_.size(); ++f) {
    const SearchResult r = family_search(f, p, text);
    answers.push_back({families_[f]->spec(), r.value});
    c.moves.push_back(r.move_proved ? r.best_move : -1);
  }
  for (std::size_t i = 1; i < answers.size(); ++i)
    if (answers[i].value != answers[0].value)
      throw ReferenceDisagreement(family_disagreement_message(board_.name(), text, answers[0], answers[i]), text);
  c.value = answers[0].value;
  if (p.ply() == 0)
    if (const auto pv = published_value(board_); pv && pv->value != c.value)
      throw std::runtime_error("the reference (" + description() + ") gives the empty " + board_.name() +
                               " board the value " + std::to_string(c.value) + ", but " + pv->source + " gives " +
                               std::to_string(pv->value));
  return values_.emplace(key, std::move(c)).first->second;
}

int Reference::value(const Position& p) {
  if (exact_) return exact_->value(p);
  return certify(p).value;
}

int Reference::family_value(std::size_t f, const Position& p) {
  const Key key{p.x, p.o};
  if (const auto it = values_.find(key); it != values_.end()) return it->second.value;
  if (family_values_.size() < families_.size()) family_values_.resize(families_.size());
  if (const auto it = family_values_[f].find(key); it != family_values_[f].end()) return it->second;
  const int v = family_search(f, p, format_position(board_, p)).value;
  family_values_[f].emplace(key, v);
  return v;
}

std::optional<int> Reference::distance(const Position& p) const {
  if (exact_) return exact_->distance(p);
  return std::nullopt;
}

bool Reference::optimal(const Position& p, int move) {
  if (exact_) return exact_->is_optimal(p, move);
  if (result(board_, p) != Result::ongoing) return move < 0;
  if (move < 0 || move >= board_.cells() || !((p.legal_moves(board_) >> move) & 1)) return false;
  const Certified c = certify(p);  // a copy: certify and family_value below may grow values_
  Position q = p;
  q.play(move, p.to_move());
  // What each family says of q: the position's value when its own search of
  // p proved this move best, else the value its search of q gives.
  std::vector<FamilyValue> said;
  for (std::size_t f = 0; f < families_.size(); ++f)
    said.push_back({families_[f]->spec(), c.moves[f] == move ? c.value : family_value(f, q)});
  for (std::size_t i = 1; i < said.size(); ++i)
    if (said[i].value != said[0].value) {
      const std::string text = format_position(board_, q);
      throw ReferenceDisagreement(family_disagreement_message(board_.name(), text, said[0], said[i]), text);
    }
  return said[0].value == c.value;
}

Mask Reference::optimal_moves(const Position& p) {
  if (exact_) return exact_->optimal_moves(p);
  Mask m = 0;
  if (result(board_, p) != Result::ongoing) return m;
  for (Mask e = p.legal_moves(board_); e; e &= e - 1)
    if (optimal(p, std::countr_zero(e))) m |= Mask{1} << std::countr_zero(e);
  return m;
}

}  // namespace tictac
