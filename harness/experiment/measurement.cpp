#include "harness/experiment/measurement.hpp"

#include <bit>
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

#include "algorithms/search/cancellable.hpp"
#include "harness/formats/notation.hpp"

namespace tictac {

namespace {

std::string moves_text(const Board& b, Mask m) {
  std::string s;
  for (; m; m &= m - 1) {
    if (!s.empty()) s += ' ';
    s += cell_name(b, std::countr_zero(m));
  }
  return s.empty() ? "none" : s;
}

bool interrupted(const std::atomic<bool>* interrupt) { return interrupt && interrupt->load(); }

// PositionMeasurement::fast_value when the timed runs of one position gave
// different values (no game value: they range over -1..1).
constexpr int kValuesDiffer = 2;

}  // namespace

const char* to_string(MeasurementStatus s) {
  switch (s) {
    case MeasurementStatus::agrees:
      return "agrees";
    case MeasurementStatus::disagrees:
      return "disagrees";
    case MeasurementStatus::unknown:
      break;
  }
  return "unknown";
}

PositionMeasurement measure_position(Strategy& strategy, Reference& ref, const PositionEntry& e, int repetitions,
                                     const TimingPolicy& policy, const std::optional<SearchResult>& counted,
                                     const std::atomic<bool>* cancel) {
  PositionMeasurement m;
  try {
    m.counted = counted ? *counted : cancel ? strategy.search_cancellable(e.position, *cancel) : strategy.search(e.position);
    m.fast_value = e.value;
    m.proved = m.counted.proved;
    for (int r = 0; r < repetitions; ++r) {
      m.timings.push_back(r == 0 ? time_search(strategy, e.position, policy, cancel)
                                 : timed_runs(strategy, e.position, policy, m.timings.front().cancellable, cancel));
      const Timing& t = m.timings.back();
      m.proved = m.proved && t.proved;
      if (!t.values_agree) m.fast_value = kValuesDiffer;
      else if (t.value != e.value && m.fast_value != kValuesDiffer) m.fast_value = t.value;
    }
  } catch (const SearchCancelled&) {
    throw Interrupted();
  }
  // An unproven value is not compared: the row is unknown, not a disagreement.
  m.best_ok = !m.counted.move_proved || ref.optimal(e.position, m.counted.best_move);
  if (m.proved) {
    m.bounds = {m.counted.value, m.counted.value};
    m.matches = m.counted.value == e.value && m.fast_value == e.value && m.best_ok;
  } else if (m.counted.bound) {
    // A bound claims no move (SearchResult::bound); every timed run must give it too.
    m.bounded = true;
    m.bounds = *m.counted.bound;
    bool fast_agrees = true;
    for (const Timing& t : m.timings) fast_agrees = fast_agrees && t.values_agree && t.bounds == m.bounds;
    if (!fast_agrees) m.fast_value = kValuesDiffer;
    m.matches = m.bounds.contains(e.value) && fast_agrees && m.best_ok;
  }
  return m;
}

std::string mismatch(const Board& b, Reference& ref, const PositionEntry& e, const PositionMeasurement& m) {
  std::string why;
  if (m.bounded) {
    if (!m.bounds.contains(e.value))
      why += "bounds " + std::to_string(m.bounds.lower) + ".." + std::to_string(m.bounds.upper) + ", exact " +
             std::to_string(e.value) + "; ";
    if (m.fast_value == kValuesDiffer) why += "search_fast gave other bounds than the counting search; ";
  } else {
    if (m.counted.value != e.value) why += "value " + std::to_string(m.counted.value) + ", exact " + std::to_string(e.value) + "; ";
    if (m.fast_value == kValuesDiffer) why += "search_fast gave different values in its timed runs; ";
    else if (m.fast_value != e.value) why += "search_fast value " + std::to_string(m.fast_value) + "; ";
  }
  if (!m.best_ok)
    why += "best move " + (m.counted.best_move < 0 ? std::string("none") : cell_name(b, m.counted.best_move)) +
           ", optimal " + moves_text(b, ref.optimal_moves(e.position)) + "; ";
  if (!why.empty()) why.resize(why.size() - 2);
  return why;
}

std::vector<std::vector<SearchResult>> count_on_threads(const RunPlan& plan, const std::vector<PreparedBoard>& boards,
                                                        unsigned threads, const std::atomic<bool>* interrupt,
                                                        bool cancellable, std::atomic<std::size_t>* done) {
  std::vector<std::vector<SearchResult>> counted(plan.mine.size());
  std::atomic<std::size_t> next{0};
  std::atomic<bool> stop{false};
  std::mutex mutex;  // guards error and make_strategy
  std::exception_ptr error;
  auto worker = [&] {
    try {
      for (std::size_t ci; (ci = next++) < plan.mine.size();) {
        const Cell cell = plan.cell(ci);
        const PreparedBoard& pb = boards[cell.board];
        std::unique_ptr<Strategy> own;
        {
          std::lock_guard lock(mutex);
          own = make_strategy(pb.board, pb.strategies[cell.strategy]->spec());
        }
        for (std::size_t pi : plan.mine[ci].positions) {
          const PositionEntry& e = pb.sets[cell.set][pi];
          if (stop.load() || interrupted(interrupt)) return;
          counted[ci].push_back(cancellable && interrupt ? own->search_cancellable(e.position, *interrupt)
                                                         : own->search(e.position));
          if (done) ++*done;
        }
      }
    } catch (const SearchCancelled&) {
      return;  // interrupted: reported below
    } catch (...) {
      std::lock_guard lock(mutex);
      if (!error) error = std::current_exception();
      stop.store(true);
    }
  };
  std::vector<std::thread> pool;
  for (unsigned j = 0; j < threads; ++j) pool.emplace_back(worker);
  for (auto& t : pool) t.join();
  if (error) std::rethrow_exception(error);
  if (interrupted(interrupt)) throw Interrupted();
  return counted;
}

}  // namespace tictac
