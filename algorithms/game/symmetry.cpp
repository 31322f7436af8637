#include "algorithms/game/symmetry.hpp"

#include <stdexcept>
#include <string_view>

namespace tictac {

SymmetryGroup::SymmetryGroup(const Board& b) : cells_(b.cells()), chunks_((b.cells() + 7) / 8) {
  const int R = b.rows(), C = b.cols(), n = R;
  struct Named {
    const char* name;
    bool square_only;
    int (*row)(int r, int c, int R, int C, int n);
    int (*col)(int r, int c, int R, int C, int n);
  };
  static const Named all[] = {
      {"identity", false, [](int r, int, int, int, int) { return r; },
       [](int, int c, int, int, int) { return c; }},
      {"rot90", true, [](int, int c, int, int, int) { return c; },
       [](int r, int, int, int, int n) { return n - 1 - r; }},
      {"rot180", false, [](int r, int, int R, int, int) { return R - 1 - r; },
       [](int, int c, int, int C, int) { return C - 1 - c; }},
      {"rot270", true, [](int, int c, int, int, int n) { return n - 1 - c; },
       [](int r, int, int, int, int) { return r; }},
      {"mirror_lr", false, [](int r, int, int, int, int) { return r; },
       [](int, int c, int, int C, int) { return C - 1 - c; }},
      {"mirror_ud", false, [](int r, int, int R, int, int) { return R - 1 - r; },
       [](int, int c, int, int, int) { return c; }},
      {"diagonal", true, [](int, int c, int, int, int) { return c; },
       [](int r, int, int, int, int) { return r; }},
      {"anti_diagonal", true, [](int, int c, int, int, int n) { return n - 1 - c; },
       [](int r, int, int, int, int n) { return n - 1 - r; }},
  };
  for (const Named& s : all) {
    if (s.square_only && !b.square()) continue;
    // Rules that fix which way is down keep only the symmetries that keep
    // every row in place (the identity and the left-right mirror).
    if (b.rows_are_fixed() && std::string_view(s.name) != "identity" && std::string_view(s.name) != "mirror_lr") continue;
    names_.emplace_back(s.name);
    std::array<std::uint8_t, Board::kMaxCells> to{};
    for (int r = 0; r < R; ++r)
      for (int c = 0; c < C; ++c)
        to[b.cell(r, c)] = static_cast<std::uint8_t>(b.cell(s.row(r, c, R, C, n), s.col(r, c, R, C, n)));
    to_.push_back(to);
    for (int chunk = 0; chunk < chunks_; ++chunk) {
      std::array<Mask, 256> t{};
      for (int byte = 0; byte < 256; ++byte)
        for (int bit = 0; bit < 8; ++bit) {
          int cell = chunk * 8 + bit;
          if (byte >> bit & 1 && cell < cells_) t[byte] |= Mask{1} << to[cell];
        }
      tables_.push_back(t);
    }
  }
}

int SymmetryGroup::find(std::string_view name) const {
  for (int g = 0; g < size(); ++g)
    if (names_[g] == name) return g;
  return -1;
}

int SymmetryGroup::compose(int g, int h) const {
  for (int f = 0; f < size(); ++f) {
    bool same = true;
    for (int c = 0; c < cells_ && same; ++c) same = to_[f][c] == to_[g][to_[h][c]];
    if (same) return f;
  }
  throw std::logic_error("symmetry group is not closed under composition");
}

int SymmetryGroup::inverse(int g) const {
  for (int f = 0; f < size(); ++f)
    if (compose(f, g) == 0) return f;
  throw std::logic_error("symmetry has no inverse in the group");
}

}  // namespace tictac
