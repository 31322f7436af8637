// The default-strategy policy (default_policy.hpp): the table of rules, and
// the race partner and distance strategy that follow from it.
//
// The rules were chosen from measurements of the empty board: the whole
// process of `tictac solve --no-timing` (what a user waits for; dfpn's
// tables cost it about 15 ms of set-up), median of 5 runs on the 2-core VM,
// best, best:pairing=on and dfpn (the figures are in the commits that set
// them; those quoted beside a rule are milliseconds, X against Y):
//   - 4x4: measured with bench/bench_best_search.cpp, the history tie-break
//     costs nodes there (k=4: 23,259 with it, 18,985 without) and saves
//     them on 5x5, 6x5 and 6x6.
//   - k = 4 with both sides at least 6: best (8x8 125 ms against dfpn's 480,
//     6x8 103 against 409, 7x8 137 against 288, 7x7 68 against 107; the
//     pairing test only costs time there), but dfpn on 6x7 and 7x6 (166 ms
//     against 281 for best:pairing=on and 350 for best).  6x6 was dfpn until
//     issue 31: best proves its empty board in about half dfpn's time (the
//     search alone 58 ms against 150; the whole process of `tictac solve
//     --board 6x6 --k 4` measured again, 5 runs each on the loaded 2-core VM:
//     0.22-0.27 s against 0.36-0.46 s, --no-timing 0.09-0.12 s against
//     0.17-0.23 s; again at a lighter load, 0.05-0.09 s against 0.12-0.13 s).  It had been kept on dfpn for the positions after the
//     empty board, where dfpn was twice as fast (first 20 positions of the
//     shipped 6x6k4 sets, median whole process, begin-medium 0.30 s against
//     0.16, begin-hard 0.59 against 0.32; one stone in, best 0.07 to 2.4 s
//     against 0.11 to 0.96); but play and the strong solver of the sets race
//     the default against its partner (partner_strategy), so there both run
//     whichever is the default, and the default decides alone only what
//     `tictac solve` answers without --strategy.
//   - every other board with k >= 4 and over 16 cells: best:pairing=on.  It
//     proves the draws of 4x5 (17 ms against dfpn's 33), 5x5 (40 against
//     57), 4x7 (325 against 390), 6x6 k=5 (16 against 23) and 7x7 k=5 (0.92
//     s against 1.44 s), and of 6x7 k=5 (80 against 555), and the wins of
//     5x6, 5x7 and 5x8 with k=4, with a proven move each; dfpn proves a draw
//     of an empty board by strategy-stealing, which proves none.  4x8 and
//     6x8 k=5 are about even (3 to 4 s, and 2 s).  Boards not measured (8x8
//     k=5 and beyond, where neither finished in 10 s) take it too.
//   - On gravity boards that its bitboards hold, connect (Connect-Four's weak
//     solve: about 15 s, bench/bench_connect.cpp).
#include "harness/registry/default_policy.hpp"

#include <algorithm>
#include <array>
#include <stdexcept>

#include "algorithms/search/connect/connect_bitboard.hpp"
#include "harness/registry/strategy_spec.hpp"

namespace tictac {

bool connect_holds(const Board& board) {
  return board.stone_opens_cell_above() && ConnectBitboard::fits(board.rows(), board.cols());
}

namespace {

bool is_4x4(const Board& b) { return b.rows() == 4 && b.cols() == 4; }
// k = 4 with both sides at least 6: first-player wins that best finds in few nodes.
bool big_k4(const Board& b) { return b.k() == 4 && std::min(b.rows(), b.cols()) >= 6; }
bool six_by_seven(const Board& b) { return b.rows() + b.cols() == 13 && std::min(b.rows(), b.cols()) == 6; }
bool plain(const Board& b) { return b.every_empty_cell_playable() && !is_4x4(b); }  // no gravity, and not 4x4

// Where best's pairing test pays for its cost (10 to 30 us a node): boards
// without gravity over 16 cells with k >= 4, but k = 4 with both sides at
// least 6 (there the first player wins fast and a pairing rarely exists).
bool pairing_pays(const Board& b) { return plain(b) && b.k() >= 4 && b.cells() > 16 && !big_k4(b); }

constexpr std::array<DefaultRule, 8> kRules = {{
    {"gravity boards whose bitboards connect holds ((rows + 1) * cols <= 64)", connect_holds, "connect",
     "the solver made for gravity boards (Connect-Four's weak solve); best is made for boards without gravity"},
    {"gravity boards connect does not hold ((rows + 1) * cols > 64)",
     [](const Board& b) { return b.stone_opens_cell_above() && !connect_holds(b); }, "best",
     "best searches the legal drops with its knowledge that holds under gravity; the provers keep too little of "
     "theirs there"},
    {"4x4 without gravity, any k", [](const Board& b) { return b.every_empty_cell_playable() && is_4x4(b); }, "best:history=off",
     "the history tie-break costs nodes on 4x4 (k=4: 23,259 with it, 18,985 without), though it saves them on "
     "larger boards"},
    {"k <= 3 without gravity (but 4x4)", [](const Board& b) { return plain(b) && b.k() <= 3; }, "best",
     "every strategy answers at once there; best is the yardstick"},
    {"k >= 4 without gravity, up to 16 cells (but 4x4)",
     [](const Board& b) { return plain(b) && b.k() >= 4 && b.cells() <= 16; }, "dfpn",
     "the provers' knowledge settles these small boards in few nodes"},
    {"k >= 4 without gravity, over 16 cells, but k = 4 with both sides at least 6", pairing_pays, "best:pairing=on",
     "best with its pairing test proves the draws (4xN and 5x5 with k=4, k=5 boards) with a proven move, where "
     "dfpn's draw of the empty board by strategy-stealing proves none, and the wins of 5xN with k=4; the pairing "
     "test pays for its cost there"},
    {"6x7 and 7x6 with k = 4, without gravity",
     [](const Board& b) { return plain(b) && big_k4(b) && six_by_seven(b); }, "dfpn",
     "measured faster than best and best:pairing=on on the empty board"},
    {"k = 4 with both sides at least 6, without gravity (but 6x7 and 7x6)",
     [](const Board& b) { return plain(b) && big_k4(b) && !six_by_seven(b); }, "best",
     "first-player wins that best finds in few nodes: faster than dfpn on these empty boards, 6x6 included (dfpn "
     "was its default until best was measured faster there); the pairing test only costs time there"},
}};

}  // namespace

std::span<const DefaultRule> default_rules() { return kRules; }

const DefaultRule& default_rule(const Board& board) {
  for (const DefaultRule& r : kRules)
    if (r.applies(board)) return r;
  throw std::logic_error("no default-strategy rule applies to " + board.name());  // the rules cover every board
}

std::string default_strategy(const Board& board) { return std::string(default_rule(board).spec); }

// Measured where a race pays (the positions of the shipped sets, and of
// play): on 6x6 k=5, best:pairing=on took 2.6 s on a position of ply 2
// that dfpn proves in 0.05 s; on 6x6 k=4 one stone in, best took up to
// 2.4 s where dfpn took 0.2 s, and dfpn up to 0.96 s where best took 0.07 s;
// on 7x7 k=5, the strong solver with best:pairing=on alone left 252 of 2,148
// sampled positions unknown within 1 s (dfpn alone: 15 of 1,578).
std::string partner_strategy(const Board& board) {
  if (!board.every_empty_cell_playable()) return "";  // the provers keep too little knowledge there
  if (default_strategy(board).starts_with("dfpn")) return pairing_pays(board) ? "best:pairing=on" : "best";
  return "dfpn";
}

// The distance strategy takes best's pairing test where it pays
// (pairing_pays): a side facing a pairing of its windows cannot win, so a
// null-window test of "wins within d plies" fails there at once.  Measured on
// 20 win or loss positions of the shipped 6x6k5 begin-easy and 7x7k5
// middle-easy sets (the same value and distance on every one): 0.6 to 2.8
// million nodes without it, 30 to 2,209 with it; on the wins and losses of
// 5x5k4's begin-medium set, median 0.12 s with it against 0.22 s.  On 6x6
// k=4 it costs more than it saves: begin-medium 0.72 s against 0.41 s.
StrategySpec distance_strategy(const Board& board, std::string_view spec) {
  if (spec.empty()) {
    if (connect_holds(board)) return {"connect", {{"mode", "distance"}}};
    if (pairing_pays(board)) return {"best", {{"distance", "on"}, {"pairing", "on"}}};
    return {"best", {{"distance", "on"}}};
  }
  StrategySpec s = StrategySpec::parse(spec);
  const char* key = s.name == "best" ? "distance" : s.name == "connect" ? "mode" : nullptr;
  const std::string on = s.name == "best" ? "on" : "distance";
  const std::string choices =
      "the strategies with a distance mode are best (best:distance=on) and, on gravity boards, connect "
      "(connect:mode=distance)";
  if (!key) throw std::invalid_argument("--distance: strategy " + s.name + " has no distance mode; " + choices);
  auto it = std::find_if(s.options.begin(), s.options.end(), [&](const auto& kv) { return kv.first == key; });
  if (it == s.options.end())
    s.options.emplace_back(key, on);
  else if (it->second != on)
    throw std::invalid_argument("--distance: " + std::string(spec) + " switches the distance mode off (" + key + "=" +
                                it->second + "); " + choices);
  return s;
}

}  // namespace tictac
