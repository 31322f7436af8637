#include "harness/cli/play/game.hpp"

#include <fmt/core.h>

#include <stdexcept>

#include "harness/formats/notation.hpp"

namespace tictac::cli {

void Game::play(int cell) {
  position.play(cell, position.to_move());
  moves.push_back(cell);
  result = tictac::result(board, position);
}

void Game::undo() {
  const int cell = moves.back();
  moves.pop_back();
  position.undo(cell, other(position.to_move()));
  result = Result::ongoing;
}

std::string refusal(const Game& g, int cell) {
  if (g.over()) return fmt::format("the game is over ({})", to_string(g.result));
  const Mask bit = Mask{1} << cell;
  if (g.position.occupied() & bit)
    return fmt::format("{} ({}) is taken by {}; choose an empty cell", cell_name(g.board, cell), cell,
                       g.position.x & bit ? 'X' : 'O');
  if (!(g.position.legal_moves(g.board) & bit))
    return fmt::format("{} ({}) is not the lowest empty cell of column {}; with gravity a stone drops to it",
                       cell_name(g.board, cell), cell, g.board.col_of(cell) + 1);
  return {};
}

std::vector<int> parse_moves(Game& g, std::string_view text) {
  if (g.board.move_is_a_column()) {
    // Pons's notation (notation.hpp), which reads a whole game from the
    // empty board and names a move into a full column or after the end.
    if (!g.moves.empty()) throw std::logic_error("parse_moves: Pons's notation starts from the empty board");
    std::vector<int> cells;
    try {
      cells = parse_drops(g.board, text);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(fmt::format("--moves: {}", e.what()));
    }
    for (const int cell : cells) g.play(cell);
    return cells;
  }
  std::vector<int> cells;
  std::size_t i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == ',' || text[i] == '\t') {
      ++i;
      continue;
    }
    std::size_t j = i;
    while (j < text.size() && text[j] != ' ' && text[j] != ',' && text[j] != '\t') ++j;
    const std::string_view token = text.substr(i, j - i);
    const int n = static_cast<int>(cells.size()) + 1;
    int cell;
    try {
      cell = parse_cell(g.board, token);
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(fmt::format("--moves: move {}: {}", n, e.what()));
    }
    if (const std::string why = refusal(g, cell); !why.empty())
      throw std::invalid_argument(fmt::format("--moves: move {} ({}): {}", n, token, why));
    g.play(cell);
    cells.push_back(cell);
    i = j;
  }
  return cells;
}

void play_engines(Game& g, std::array<Player, 2>& players, Knowledge& knowledge,
                  const std::function<void(Side, const EngineMove&)>& on_move) {
  while (!g.over()) {
    const Side s = g.position.to_move();
    Player& pl = players[static_cast<int>(s)];
    if (pl.human()) return;
    const EngineMove m = engine_move(pl, g.board, g.position, knowledge);
    g.play(m.cell);
    if (on_move) on_move(s, m);
  }
}

std::string result_key(Result r) {
  switch (r) {
    case Result::x_wins: return "x_wins";
    case Result::o_wins: return "o_wins";
    case Result::draw: return "draw";
    case Result::ongoing: break;
  }
  return "ongoing";
}

}  // namespace tictac::cli
