// The difficulty levels (harness/cli/play/level) and `tictac play`, including a game
// typed into a pseudo-terminal the way a person would play it.
#include <catch2/catch.hpp>

#include <bit>
#include <cctype>
#include <chrono>
#include <cmath>
#include <csignal>
#include <fmt/core.h>
#include <nlohmann/json.hpp>
#include <poll.h>
#include <pty.h>
#include <sys/wait.h>
#include <unistd.h>

#include "harness/cli/play/level.hpp"
#include "algorithms/game/rules.hpp"
#include "algorithms/exact/solution.hpp"
#include "tests/cli_support.hpp"
#include "harness/formats/notation.hpp"
#include "harness/registry/exact_cache.hpp"

using namespace tictac;
using tictac::test::run_tictac;
using json = nlohmann::json;

namespace {

const Level& level(std::string_view name) {
  const Level* l = find_level(name);
  REQUIRE(l != nullptr);
  return *l;
}

double sum(const std::vector<double>& v) {
  double s = 0;
  for (double x : v) s += x;
  return s;
}

}  // namespace

TEST_CASE("the levels are random, easy, medium and hard, and unknown names are not levels", "[play]") {
  std::vector<std::string_view> names;
  for (const Level& l : levels()) names.push_back(l.name);
  CHECK(names == std::vector<std::string_view>{"random", "easy", "medium", "hard"});
  CHECK(find_level("impossible") == nullptr);
  CHECK_FALSE(level("random").needs_oracle());
  CHECK_FALSE(level("easy").needs_oracle());
  CHECK(level("medium").needs_oracle());
  CHECK(level("hard").needs_oracle());
}

TEST_CASE("hard keeps the exact value of every position and wins fastest or loses slowest", "[play]") {
  // 3x3 is a draw; 4x3 with k=3 is a win for X, so O is lost in many positions.
  for (const Board& b : {Board(3, 3, 3), Board(4, 3, 3)}) {
    const auto exact = exact_solution(b);
    const ExactSolution& solution = *exact;
    const StateSpace& space = solution.space();
    const ValueOracle oracle = exact_oracle(solution);
    Rng rng(42);
    for (StateSpace::Index i = 0; i < space.size(); ++i) {
      if (space.terminal(i)) continue;
      const Position p = space.position(i);
      for (int draw = 0; draw < 3; ++draw) {
        const int c = choose_move(level("hard"), b, p, oracle, rng);
        REQUIRE(((p.empty(b) >> c) & 1) == 1);
        Position q = p;
        q.play(c, p.to_move());
        INFO(b.name() << " " << format_position(b, p) << " move " << c);
        REQUIRE(solution.value(q) == solution.value(i));
        // The solution's distance is the fastest win and the slowest loss.
        REQUIRE(solution.distance(q) == solution.distance(i) - 1);
      }
    }
  }
}

TEST_CASE("depth-limited scores see wins in one and, at depth 2, the opponent's win in one", "[play]") {
  const Board b(3, 3, 3);
  // X X .      X to move: c1 wins; elsewhere nothing is decided in 1 ply.
  // O O .
  // . . .
  const Position p = parse_position(b, "XX./OO./...");
  CHECK(limited_move_score(b, p, 2, 1) == 1);
  CHECK(limited_move_score(b, p, 8, 1) == 0);
  // At depth 2 a move that leaves c2 to O loses.
  CHECK(limited_move_score(b, p, 8, 2) == -1);
  // O to move with X threatening c1: only c1 does not lose in 2 plies.
  // X X .
  // O . .
  // . . .
  const Position q = parse_position(b, "XX./O../...");
  for (Mask e = q.empty(b); e; e &= e - 1) {
    const int c = std::countr_zero(e);
    CHECK(limited_move_score(b, q, c, 2) == (c == 2 ? 0 : -1));
  }
}

TEST_CASE("easy wins in one and blocks a win in one, except for its blunders", "[play]") {
  const Board b(3, 3, 3);
  const Level& easy = level("easy");
  const ValueOracle none;
  const auto p = move_probabilities(easy, b, parse_position(b, "XX./OO./..."), none);
  CHECK(sum(p) == Approx(1.0));
  const int legal = 5;
  CHECK(p[2] == Approx(1.0 - easy.blunder + easy.blunder / legal));
  CHECK(p[8] == Approx(easy.blunder / legal));
  const auto q = move_probabilities(easy, b, parse_position(b, "XX./O../..."), none);
  CHECK(q[2] == Approx(1.0 - easy.blunder + easy.blunder / 6));
}

TEST_CASE("random gives every legal move the same chance and occupied cells none", "[play]") {
  const Board b(3, 3, 3);
  const auto p = move_probabilities(level("random"), b, parse_position(b, "X../.O./..X"), ValueOracle{});
  for (int c = 0; c < 9; ++c) CHECK(p[c] == Approx(c == 0 || c == 4 || c == 8 ? 0.0 : 1.0 / 6));
  CHECK(move_probabilities(level("random"), b, parse_position(b, "XXX/OO./..."), ValueOracle{}) ==
        std::vector<double>(9, 0.0));
}

TEST_CASE("medium draws its move from a softmax over exact values with its temperature", "[play]") {
  const Board b(3, 3, 3);
  const auto exact = exact_solution(b);
  const ExactSolution& solution = *exact;
  const Level& medium = level("medium");
  REQUIRE(medium.temperature > 0);
  // X took the centre; for O the corners draw and the edges lose.
  const Position p = parse_position(b, ".../.X./...");
  const auto prob = move_probabilities(medium, b, p, exact_oracle(solution));
  CHECK(sum(prob) == Approx(1.0));
  for (int corner : {0, 2, 6, 8})
    for (int edge : {1, 3, 5, 7}) CHECK(prob[corner] / prob[edge] == Approx(std::exp(1.0 / medium.temperature)));
  CHECK(prob[4] == 0.0);
}

TEST_CASE("the same seed gives the same moves", "[play]") {
  const Board b(3, 3, 3);
  const auto game = [&](std::uint64_t seed) {
    Rng rng(seed);
    Position p;
    std::vector<int> moves;
    while (!is_terminal(b, p)) {
      const int c = choose_move(level("easy"), b, p, ValueOracle{}, rng);
      moves.push_back(c);
      p.play(c, p.to_move());
    }
    return moves;
  };
  CHECK(game(7) == game(7));
  bool some_differ = false;
  for (std::uint64_t s = 1; s < 20 && !some_differ; ++s) some_differ = game(s) != game(0);
  CHECK(some_differ);
}

// --- the command line -------------------------------------------------------

TEST_CASE("tictac play --self-play: hard draws every game against itself on 3x3", "[play]") {
  const auto r = run_tictac("play --self-play 100 --x hard --o hard --seed 5 --format json");
  REQUIRE(r.exit_code == 0);
  const json j = json::parse(r.out);
  CHECK(j["x_wins"] == 0);
  CHECK(j["o_wins"] == 0);
  CHECK(j["draws"] == 100);
}

TEST_CASE("tictac play --self-play: hard never loses to random on either side", "[play]") {
  for (const char* sides : {"--x hard --o random", "--x random --o hard"}) {
    const auto r = run_tictac(std::string("play --self-play 300 --seed 11 --format json ") + sides);
    REQUIRE(r.exit_code == 0);
    const json j = json::parse(r.out);
    INFO(sides);
    CHECK(j["x_wins"].get<int>() + j["o_wins"].get<int>() + j["draws"].get<int>() == 300);
    CHECK(j[j["x"] == "hard" ? "o_wins" : "x_wins"] == 0);
    // Random is beaten at least sometimes.
    CHECK(j[j["x"] == "hard" ? "x_wins" : "o_wins"].get<int>() > 0);
  }
}

TEST_CASE("random against random wins as often as uniform play does in theory", "[play]") {
  // Under uniformly random play on 3x3, X wins with probability 737/1260, O
  // with 363/1260, and 160/1260 of games are drawn (0.585, 0.288, 0.127).
  // With 20,000 games one standard error is under 0.0035; allow 0.015.
  const auto r = run_tictac("play --self-play 20000 --x random --o random --seed 2 --format json");
  REQUIRE(r.exit_code == 0);
  const json j = json::parse(r.out);
  CHECK(j["x_wins"].get<double>() / 20000 == Approx(737.0 / 1260).margin(0.015));
  CHECK(j["o_wins"].get<double>() / 20000 == Approx(363.0 / 1260).margin(0.015));
  CHECK(j["draws"].get<double>() / 20000 == Approx(160.0 / 1260).margin(0.015));
}

TEST_CASE("tictac play --self-play is deterministic for a seed and prints a table", "[play]") {
  const auto a = run_tictac("play --self-play 50 --x medium --o easy --seed 9");
  const auto b = run_tictac("play --self-play 50 --x medium --o easy --seed 9");
  REQUIRE(a.exit_code == 0);
  CHECK(a.out == b.out);
  CHECK_THAT(a.out, Catch::Contains("x_wins") && Catch::Contains("o_wins") && Catch::Contains("draws"));
  // easy and random need no exact values, so they play on boards over 16 cells.
  const auto big = run_tictac("play --board 5x5 --k 4 --self-play 20 --x easy --o random --format json");
  REQUIRE(big.exit_code == 0);
  const json j = json::parse(big.out);
  CHECK(j["x_wins"].get<int>() + j["o_wins"].get<int>() + j["draws"].get<int>() == 20);
}

TEST_CASE("tictac play --moves plays the moves and lets the engine answer", "[play]") {
  auto r = run_tictac("play --moves 'b2' --x human --o hard --format json");
  REQUIRE(r.exit_code == 0);
  json j = json::parse(r.out);
  REQUIRE(j["moves"].size() == 2);
  CHECK(j["moves"][0] == 4);
  // Against the centre, only a corner holds the draw.
  const int reply = j["moves"][1];
  CHECK((reply == 0 || reply == 2 || reply == 6 || reply == 8));
  CHECK(j["result"] == "ongoing");
  CHECK(j["to_move"] == "X");

  // Two people: nobody answers; a1 a2 b1 b2 c1 is a win for X on the top row.
  r = run_tictac("play --moves 'a1,3 b1 4 c1' --x human --o human --format json");
  REQUIRE(r.exit_code == 0);
  j = json::parse(r.out);
  CHECK(j["position"] == "XXX/OO./...");
  CHECK(j["result"] == "x_wins");
  CHECK(j["to_move"].is_null());

  r = run_tictac("play --moves 'b2 a1' --x human --o human");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("O.../.X./...") || Catch::Contains("O../.X./..."));
}

TEST_CASE("tictac play refuses bad moves, players and boards with exit 2 and the reason", "[play]") {
  auto r = run_tictac("play --moves 'b2 b2'");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("move 2") && Catch::Contains("taken by X"));
  r = run_tictac("play --moves 'b2 d4'");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("off the board"));
  r = run_tictac("play --moves 'a1 a2 b1 b2 c1 c2' --x human --o human");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("move 6") && Catch::Contains("the game is over"));
  r = run_tictac("play --x grandmaster");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("'grandmaster'") && Catch::Contains("random, easy, medium, hard"));
  r = run_tictac("play --self-play 10 --x hard --o human");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--o is human"));
  // Over 16 cells the values come from --search, which must be able to run there.
  r = run_tictac("play --board 5x5 --k 4 --search solve --x hard --o easy --self-play 1");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("at most 16 cells"));
  CHECK(r.out.empty());
}

TEST_CASE("an engine can be a strategy spec, which plays the strategy's best move", "[play]") {
  auto r = run_tictac("play --self-play 10 --x alphabeta:tt=zobrist --o hard --format json");
  REQUIRE(r.exit_code == 0);
  json j = json::parse(r.out);
  CHECK(j["draws"] == 10);
  CHECK_THAT(j["x"].get<std::string>(), Catch::StartsWith("alphabeta:"));
  r = run_tictac("play --x alphabeta:frobnicate=1 --o hard");
  CHECK(r.exit_code == 2);
  CHECK_THAT(r.err, Catch::Contains("--x 'alphabeta:frobnicate=1' is not a player"));
}

TEST_CASE("on a board over 16 cells hard takes its move values from a search strategy", "[play]") {
  // 1x17 with k=2: X to move after a1 and q1 wins (b1 at once, or any cell
  // with two empty neighbours); hard must convert the win.
  const auto r = run_tictac("play --board 1x17 --k 2 --moves 'a1 q1' --x hard --o hard --format json");
  REQUIRE(r.exit_code == 0);
  const json j = json::parse(r.out);
  CHECK(j["result"] == "x_wins");
  CHECK(j["moves"].size() >= 3);
}

TEST_CASE("on a board over 16 cells hard searches the position: proven moves, the fastest win", "[play]") {
  // 5x5 k=4 is a draw (published_values.hpp; Hsu et al. list it too): hard
  // against itself must draw, every move proven.  --move-time is generous so
  // that a slow machine (ASan) still proves each move; the one-second target
  // is measured outside the tests.
  auto r = run_tictac("play --board 5x5 --k 4 --moves '' --x hard --o hard --move-time 300 --format json");
  REQUIRE(r.exit_code == 0);
  json j = json::parse(r.out);
  CHECK(j["result"] == "draw");
  CHECK(j["moves"].size() == 25);
  CHECK(j["unproven"].empty());

  // O to move; X threatens a2 and e2 on row 2, so X wins.  Played out by hard
  // on both sides (fastest win against slowest loss), the game lasts exactly
  // the distance that solve --distance computes for the position.
  const std::string pos = "O...O/.XXX./...../...../.....";
  r = run_tictac("solve --board 5x5 --k 4 --position " + pos + " --distance --format json");
  REQUIRE(r.exit_code == 0);
  const json solved = json::parse(r.out);
  REQUIRE(solved["value"] == 1);
  const int distance = solved["distance"];
  r = run_tictac("play --board 5x5 --k 4 --moves 'b2 a1 c2 e1 d2' --x hard --o hard --move-time 300 --format json");
  REQUIRE(r.exit_code == 0);
  j = json::parse(r.out);
  REQUIRE(j["given_moves"] == 5);
  CHECK(j["result"] == "x_wins");
  CHECK(static_cast<int>(j["moves"].size()) - 5 == distance);
  CHECK(j["unproven"].empty());
}

TEST_CASE("out of its time per move, hard plays a look-ahead's move and says it is not proven", "[play]") {
  // 8x8 k=5 took its first prover 17.4 hours (Hsu et al. 2020): 10 ms proves
  // nothing from the empty board.  best, whose nodes are cheap, reads its
  // cancel flag within milliseconds (dfpn's nodes are slow on 8x8: it can
  // overrun a budget by minutes, engines.hpp).
  const auto r =
      run_tictac("play --board 8x8 --k 5 --moves '' --x hard --o human --search best --move-time 0.01 --format json");
  REQUIRE(r.exit_code == 0);
  const json j = json::parse(r.out);
  REQUIRE(j["moves"].size() == 1);
  REQUIRE(j["unproven"].size() == 1);
  CHECK(j["unproven"][0]["move"] == 0);
  CHECK_THAT(j["unproven"][0]["why"].get<std::string>(), Catch::Contains("not proven"));
  const auto bad = run_tictac("play --board 5x5 --k 4 --move-time 0 --x hard --o hard --self-play 1");
  CHECK(bad.exit_code == 2);
  CHECK_THAT(bad.err, Catch::Contains("--move-time"));
}

TEST_CASE("tictac play with two engines plays a whole game without input", "[play]") {
  const auto r = run_tictac("play --x hard --o hard");
  REQUIRE(r.exit_code == 0);
  CHECK_THAT(r.out, Catch::Contains("X (hard) plays") && Catch::Contains("O (hard) plays") &&
                        Catch::Contains(": draw"));
}

// --- a person at a terminal -------------------------------------------------

namespace {

// `tictac ARGS...` on a pseudo-terminal: what it prints is read like a screen,
// and lines are typed into it.
class Terminal {
 public:
  explicit Terminal(std::vector<std::string> args) {
    pid_ = forkpty(&fd_, nullptr, nullptr, nullptr);
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      std::vector<char*> argv;
      static std::string exe = TICTAC_EXE;
      argv.push_back(exe.data());
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(exe.c_str(), argv.data());
      _exit(127);
    }
  }
  ~Terminal() {
    if (pid_ > 0 && !exited_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    close(fd_);
  }

  // Types a line, and returns what the screen shows until one of `until`
  // appears.
  std::string type(const std::string& line, const std::vector<std::string>& until) {
    mark_ = screen_.size();
    const std::string text = line + "\n";
    REQUIRE(write(fd_, text.data(), text.size()) == static_cast<ssize_t>(text.size()));
    return wait_for(until);
  }
  std::string type(const std::string& line, const std::string& until) {
    return type(line, std::vector<std::string>{until});
  }
  // What the screen shows from the mark until one of `until` appears (10 s
  // at most).
  std::string wait_for(const std::vector<std::string>& until) {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    const auto seen = [&] {
      for (const auto& u : until)
        if (screen_.find(u, mark_) != std::string::npos) return true;
      return false;
    };
    while (!seen()) {
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
      INFO("screen so far:\n" << screen_);
      REQUIRE(left > 0);
      pollfd pfd{fd_, POLLIN, 0};
      if (poll(&pfd, 1, static_cast<int>(left)) <= 0) continue;
      char buf[4096];
      const ssize_t n = read(fd_, buf, sizeof buf);
      INFO("waiting for '" << until.front() << "', screen so far:\n" << screen_);
      REQUIRE(n > 0);  // the program ended (EIO) before printing it
      screen_.append(buf, static_cast<std::size_t>(n));
    }
    return screen_.substr(mark_);
  }
  std::string wait_for(const std::string& until) { return wait_for(std::vector<std::string>{until}); }
  int wait_exit() {
    int status = 0;
    REQUIRE(waitpid(pid_, &status, 0) == pid_);
    exited_ = true;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

 private:
  int fd_ = -1;
  pid_t pid_ = -1;
  bool exited_ = false;
  std::string screen_;
  std::size_t mark_ = 0;
};

// The last "position ...: ..." status line on a screen.
// (A scan, not std::regex: <regex> costs 12 s of compile under ASan.)
std::pair<std::string, std::string> last_status(const std::string& screen) {
  auto run = [&](std::size_t from, auto in) {  // the end of the run of characters `in` accepts
    while (from < screen.size() && in(screen[from])) ++from;
    return from;
  };
  const auto cell = [](char c) { return c == 'X' || c == 'O' || c == '.' || c == '/'; };
  const auto word = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == ' '; };
  std::pair<std::string, std::string> last;
  const std::string tag = "position ";
  for (std::size_t at = screen.find(tag); at != std::string::npos; at = screen.find(tag, at + 1)) {
    const std::size_t p = at + tag.size(), p_end = run(p, cell);
    if (p_end == p || screen.compare(p_end, 2, ": ") != 0) continue;
    const std::size_t w = p_end + 2, w_end = run(w, word);
    if (w_end > w) last = {screen.substr(p, p_end - p), screen.substr(w, w_end - w)};
  }
  return last;
}

}  // namespace

TEST_CASE("a person plays hard at a terminal, with bad input, a hint and an undo", "[play]") {
  const Board b(3, 3, 3);
  const auto exact = exact_solution(b);
  const ExactSolution& solution = *exact;
  Terminal t({"play", "--x", "human", "--o", "hard", "--seed", "3"});
  std::string screen = t.wait_for("X to move>");
  CHECK_THAT(screen, Catch::Contains("  a   b   c") && Catch::Contains("  1 | . | . | . |"));

  // Text that is not a move, a cell off the board by name and by number.
  CHECK_THAT(t.type("hello", "X to move>"), Catch::Contains("'hello' is not a move"));
  CHECK_THAT(t.type("d1", "X to move>"), Catch::Contains("'d1' is off the board"));
  CHECK_THAT(t.type("9", "X to move>"), Catch::Contains("cell 9 is off the board"));

  // The centre, by name; the engine answers in a corner (the only draws).
  screen = t.type("b2", "X to move>");
  CHECK_THAT(screen, Catch::Contains("X plays b2 (4)") && Catch::Contains("O (hard) plays"));
  auto [pos, who] = last_status(screen);
  CHECK(who == "X to move");
  const Position after = parse_position(b, pos);
  CHECK(after.x == Mask{1} << 4);
  CHECK(std::popcount(after.o) == 1);
  CHECK((after.o & 0b101000101) == after.o);
  CHECK_THAT(screen, Catch::Contains("  2 | . | X | . |"));

  // An occupied cell, by number.
  CHECK_THAT(t.type("4", "X to move>"), Catch::Contains("b2 (4) is taken by X"));

  // The hint lists every empty cell with its exact value for X.
  screen = t.type("hint", "X to move>");
  int listed = 0;
  for (Mask e = after.empty(b); e; e &= e - 1) {
    const int c = std::countr_zero(e);
    Position q = after;
    q.play(c, Side::X);
    const int v = solution.value(q);
    const std::string word = v > 0 ? "win" : v < 0 ? "loss" : "draw";
    CHECK_THAT(screen, Catch::Contains(fmt::format("{:<4} ({:>2})  {:+d}  {}", cell_name(b, c), c, v, word)));
    ++listed;
  }
  CHECK(listed == 7);

  // Undo takes back the engine's answer and the move.
  screen = t.type("undo", "X to move>");
  CHECK(last_status(screen) == std::pair<std::string, std::string>{".../.../...", "X to move"});

  // Play on, always the first empty cell, with a bad line before each move,
  // until the game ends: hard never loses, so X cannot have won.
  for (int turn = 0;; ++turn) {
    REQUIRE(turn < 5);
    CHECK_THAT(t.type("x", "X to move>"), Catch::Contains("'x' is not a move"));
    const Position p = parse_position(b, last_status(screen).first);
    screen = t.type(std::to_string(std::countr_zero(p.empty(b))), std::vector<std::string>{"X to move>", "game over>"});
    if (screen.find("game over>") != std::string::npos) break;
  }
  const auto [final_pos, result] = last_status(screen);
  CHECK((result == "draw" || result == "O wins"));
  CHECK(tictac::result(b, parse_position(b, final_pos)) != Result::x_wins);
  CHECK_THAT(t.type("a1", "game over>"), Catch::Contains("the game is over"));
  t.type("quit", "bye");
  CHECK(t.wait_exit() == 0);
}

TEST_CASE("two people share the keyboard and undo takes back one move", "[play]") {
  Terminal t({"play", "--x", "human", "--o", "human"});
  t.wait_for("X to move>");
  t.type("a1", "O to move>");
  CHECK_THAT(t.type("a1", "O to move>"), Catch::Contains("a1 (0) is taken by X"));
  t.type("a2", "X to move>");
  auto screen = t.type("undo", "O to move>");
  CHECK(last_status(screen) == std::pair<std::string, std::string>{"X../.../...", "O to move"});
  screen = t.type("quit", "bye");
  CHECK(t.wait_exit() == 0);
}

TEST_CASE("on a gravity board every level plays only drops, and hard keeps the exact value", "[play]") {
  const Board b(3, 4, 3, true);
  const StateSpace space(b);
  const ExactSolution solution(space);
  const ValueOracle oracle = exact_oracle(solution);
  for (const Level& l : levels()) {
    INFO(l.name);
    Rng rng(3);
    for (int game = 0; game < 20; ++game) {
      Position p;
      while (!is_terminal(b, p)) {
        const std::vector<double> prob = move_probabilities(l, b, p, oracle);
        for (int c = 0; c < b.cells(); ++c)
          if (!(p.legal_moves(b) >> c & 1)) REQUIRE(prob[c] == 0.0);
        const int move = choose_move(l, b, p, oracle, rng);
        REQUIRE((p.legal_moves(b) >> move & 1));
        // A drop fills the bottom row or lands on a stone.
        REQUIRE((b.row_of(move) == b.rows() - 1 || (p.occupied() >> (move + b.cols()) & 1)));
        Position q = p;
        q.play(move, p.to_move());
        if (l.name == "hard") REQUIRE(solution.value(q) == solution.value(p));
        p = q;
      }
    }
  }
}

TEST_CASE("two people drop stones by column on a gravity board, with a full column, a bad column and a hint",
          "[play]") {
  Terminal t({"play", "--board", "3x3", "--gravity", "--x", "human", "--o", "human"});
  std::string screen = t.wait_for("X to move>");
  CHECK_THAT(screen, Catch::Contains("3x3k3g") && Catch::Contains("type a column number (1 to 3"));
  CHECK_THAT(screen, Catch::Contains("      1   2   3"));
  // Three stones fill column 2 from the bottom up; rows count from the
  // bottom on gravity boards (b1 is the bottom cell, cell 7).
  CHECK_THAT(t.type("2", "O to move>"), Catch::Contains("X plays column 2 (b1) (7)"));
  CHECK_THAT(t.type("2", "X to move>"), Catch::Contains("O plays column 2 (b2) (4)"));
  screen = t.type("2", "O to move>");
  CHECK_THAT(screen, Catch::Contains("X plays column 2 (b3) (1)"));
  CHECK(last_status(screen) == std::pair<std::string, std::string>{".X./.O./.X.", "O to move"});
  CHECK_THAT(t.type("2", "O to move>"), Catch::Contains("column 2 is full"));
  CHECK_THAT(t.type("4", "O to move>"), Catch::Contains("move '4': column 4 is off the board (columns 1 to 3)"));
  CHECK_THAT(t.type("b2", "O to move>"), Catch::Contains("move 'b2': 'b2' is not a column number"));
  // The hint lists the two columns left, each with its exact value.
  screen = t.type("hint", "O to move>");
  CHECK_THAT(screen, Catch::Contains("column  1 (a1 )") && Catch::Contains("column  3 (c1 )"));
  CHECK_THAT(screen, !Catch::Contains("column  2"));
  // Undo takes back one move when both players are people.
  screen = t.type("undo", "X to move>");
  CHECK(last_status(screen) == std::pair<std::string, std::string>{".../.O./.X.", "X to move"});
  t.type("quit", "bye");
  CHECK(t.wait_exit() == 0);
}
