// Reading a results.csv written by `tictac run` (for `tictac compare`), with
// the Fast C++ CSV Parser.  Rows are keyed by (board, k, gravity, strategy,
// position set, row kind, position); repetitions of a key are gathered.  A
// file from before the gravity column is read as boards without gravity
// ("false"), so committed results still compare with fresh runs.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <tuple>
#include <vector>

namespace tictac {

struct ResultKey {
  std::string board, k, gravity = "false", strategy, set, kind, position;
  auto tie() const { return std::tie(board, k, gravity, strategy, set, kind, position); }
  bool operator<(const ResultKey& o) const { return tie() < o.tie(); }
  // The board as Board::name() names it ("6x7k4g" with gravity), then the rest.
  std::string text() const {
    return board + "k" + k + (gravity == "true" ? "g" : "") + " " + strategy + " " + set +
           (kind == "set_total" ? " (set total)" : " " + position);
  }
};

struct ResultObservations {
  std::uint64_t nodes = 0;
  bool nodes_vary = false;  // repetitions disagree on nodes (never expected)
  std::vector<double> times;
};

using ResultRows = std::map<ResultKey, ResultObservations>;

// Throw std::invalid_argument saying what is wrong (a missing column, a bad
// number, a file that cannot be read), with fccp's file and line.
ResultRows read_results(const std::string& path);
// The same from text in memory; `name` names it in messages.
ResultRows read_results_text(const std::string& name, const std::string& text);

}  // namespace tictac
