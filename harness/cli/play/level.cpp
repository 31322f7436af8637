#include "harness/cli/play/level.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cmath>

#include "algorithms/game/rules.hpp"
#include "algorithms/exact/solution.hpp"

namespace tictac {

namespace {

// The catalogue.  Each level leans on one idea: random is all blunder, easy
// is short-sighted and careless, medium sees everything but picks by a
// softmax that sometimes takes a worse move, hard always plays a best move.
constexpr std::array<Level, 4> kLevels{{
    {"random", 1, 0.0, 1.0, "every move uniformly at random among the legal moves"},
    {"easy", 2, 0.0, 0.25,
     "looks 2 plies ahead (wins in one, blocks a win in one, otherwise any move), "
     "and 1 move in 4 is a random blunder"},
    {"medium", 0, 0.25, 0.0,
     "knows the exact value of every move but draws its move from a softmax over those "
     "values with temperature 0.25 (a losing move is e^4, about 55 times, less likely than a drawing one)"},
    {"hard", 0, 0.0, 0.0,
     "always plays an exactly best move (fastest win, slowest loss); never loses a game "
     "that can be saved"},
}};

// Depth-limited negamax from the side to move's view; p is unfinished.
int limited_value(const Board& b, const Position& p, int depth) {
  if (depth == 0) return 0;
  int best = -1;
  for (Mask e = p.legal_moves(b); e; e &= e - 1) {
    best = std::max(best, limited_move_score(b, p, std::countr_zero(e), depth));
    if (best == 1) break;
  }
  return best;
}

}  // namespace

ValueOracle exact_oracle(const ExactSolution& solution) {
  return [&solution](const Position& p) { return Valuation{solution.value(p), solution.distance(p)}; };
}

std::span<const Level> levels() { return kLevels; }

const Level* find_level(std::string_view name) {
  for (const Level& l : kLevels)
    if (l.name == name) return &l;
  return nullptr;
}

int limited_move_score(const Board& b, const Position& p, int cell, int depth) {
  const Side s = p.to_move();
  Position q = p;
  q.play(cell, s);
  if (b.wins_through(q.stones(s), cell)) return 1;
  if (q.empty(b) == 0) return 0;
  return -limited_value(b, q, depth - 1);
}

std::vector<double> move_probabilities(const Level& level, const Board& b, const Position& p,
                                       const ValueOracle& oracle) {
  std::vector<double> prob(b.cells(), 0.0);
  if (is_terminal(b, p)) return prob;
  const Mask legal = p.legal_moves(b);
  const int n = std::popcount(legal);
  const double uniform = level.blunder / n;
  for (Mask e = legal; e; e &= e - 1) prob[std::countr_zero(e)] = uniform;
  if (level.blunder >= 1.0) return prob;

  // The policy of a careful move: scores from the side to move's view.
  const int sign = p.to_move() == Side::X ? 1 : -1;
  std::vector<int> cells, score, distance;
  for (Mask e = legal; e; e &= e - 1) {
    const int c = std::countr_zero(e);
    cells.push_back(c);
    if (level.depth > 0) {
      score.push_back(limited_move_score(b, p, c, level.depth));
      distance.push_back(-1);
    } else {
      Position q = p;
      q.play(c, p.to_move());
      const Valuation v = oracle(q);
      score.push_back(sign * v.value);
      distance.push_back(v.distance);
    }
  }
  const int top = *std::max_element(score.begin(), score.end());
  std::vector<double> policy(cells.size(), 0.0);
  if (level.temperature > 0) {
    for (std::size_t i = 0; i < cells.size(); ++i)
      policy[i] = std::exp((score[i] - top) / level.temperature);
  } else {
    // Greedy: the best value; among those, the fastest win or the slowest
    // loss when distances are known (a drawn line has no preference).
    int best_distance = -1;
    for (std::size_t i = 0; i < cells.size(); ++i) {
      if (score[i] != top || distance[i] < 0 || top == 0) continue;
      if (best_distance < 0 || (top > 0 ? distance[i] < best_distance : distance[i] > best_distance))
        best_distance = distance[i];
    }
    for (std::size_t i = 0; i < cells.size(); ++i)
      policy[i] = score[i] == top && (best_distance < 0 || distance[i] == best_distance) ? 1.0 : 0.0;
  }
  double total = 0;
  for (double w : policy) total += w;
  for (std::size_t i = 0; i < cells.size(); ++i)
    prob[cells[i]] += (1.0 - level.blunder) * policy[i] / total;
  return prob;
}

int choose_move(const Level& level, const Board& b, const Position& p, const ValueOracle& oracle,
                Rng& rng) {
  const std::vector<double> prob = move_probabilities(level, b, p, oracle);
  const double u = rng.unit();
  double acc = 0;
  int last = -1;
  for (int c = 0; c < b.cells(); ++c) {
    if (prob[c] <= 0) continue;
    last = c;
    acc += prob[c];
    if (u < acc) return c;
  }
  return last;  // rounding left u just above the sum
}

}  // namespace tictac
