"""tictac.solve and tictac.strategies: the CLI's solve, from Python."""

import signal
import subprocess
import sys
import textwrap
import threading
import time

import pandas as pd
import pytest

import tictac


def test_negamax_visits_549946_nodes_on_the_empty_board(board):
    s = tictac.solve(board, strategy="negamax")
    assert s.nodes == 549946  # ground-truth.md: every game-tree node
    assert s.stats["nodes_by_ply"] == [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
    assert (s.value, s.value_text) == (0, "draw")


def test_the_canonical_memo_visits_2271_nodes_and_keeps_627_entries(board):
    s = tictac.solve(board, strategy="memo:keys=canonical")
    assert (s.nodes, s.memo_entries) == (2271, 627)  # ground-truth.md, seed 000


def test_a_solution_has_the_keys_and_values_of_the_clis_json(board, cli_json):
    for args in [(), ("--position", "X.O/.X./..O", "--strategy", "alphabeta:order=history"),
                 ("--position", "XXX/OO./..."), ("--board", "4x4", "--k", "4"),
                 ("--board", "3x4", "--k", "3", "--strategy", "pvs")]:
        cli = cli_json("solve", *args)
        opts = dict(zip(args[::2], args[1::2]))
        rows, cols = map(int, opts.get("--board", "3x3").split("x"))
        b = tictac.Board(rows, cols, int(opts.get("--k", 3)))
        s = tictac.solve(b, opts.get("--position"), opts.get("--strategy"))
        for key, value in cli.items():
            if key in ("time_ns", "timed_search"):
                continue
            mine = s.stats[key] if key in s.stats else getattr(s, key)
            if key == "best_move" and value == -1:
                assert mine is None and s.best_move_name is None
            else:
                assert mine == value, key
        assert set(s.stats) | {f.name for f in tictac.Solution.__dataclass_fields__.values()} >= set(cli)


def test_the_best_move_comes_with_its_name_and_every_optimal_move(board):
    s = tictac.solve(board, "X.O/.X./..O", strategy="negamax", distance=True)
    assert (s.value, s.value_text) == (0, "draw")
    assert s.best_move_name == board.cell_name(s.best_move)
    assert s.best_move in s.best_moves
    assert s.best_move_names == [board.cell_name(c) for c in s.best_moves]
    assert s.distance == len(s.principal_variation)
    over = tictac.solve(board, "XXX/OO./...")
    assert (over.best_move, over.best_moves, over.distance) == (None, [], None)


def test_a_one_sided_question_gives_bounds_and_no_value(board):
    # 3x3 is a draw (ground-truth.md): X does not win, and X at least draws.
    win = tictac.solve(board, strategy="best:question=win")
    assert (win.value, win.lower, win.upper, win.value_text) == (None, -1, 0, "O at least draws")
    notlose = tictac.solve(board, strategy="best:question=notlose")
    assert (notlose.value, notlose.lower, notlose.upper, notlose.value_text) == (None, 0, 1, "X at least draws")
    exact = tictac.solve(board, strategy="best")
    assert (exact.value, exact.lower, exact.upper) == (0, 0, 0)


def test_an_unknown_strategy_raises_value_error_listing_the_choices(board, cli):
    with pytest.raises(ValueError) as e:
        tictac.solve(board, strategy="alphabet")
    assert "minimax, minimax-depth, negamax, alphabeta" in str(e.value)
    code, _, err = cli("solve", "--strategy", "alphabet")
    assert code == 2 and err.strip() == f"tictac: error: {e.value}"
    with pytest.raises(ValueError, match="choices: full, narrow"):
        tictac.solve(board, strategy="alphabeta:window=wide")


def test_every_nonterminal_position_gets_the_exact_value_of_a_kind_all_run(board, tmp_path):
    config = tmp_path / "all.toml"
    config.write_text(textwrap.dedent("""\
        [experiment]
        name = "all-positions"
        question = "Does tictac.solve give every position the exact value of the run?"
        boards = ["3x3k3"]
        [[strategy]]
        name = "negamax"
        [[position_set]]
        name = "all"
        kind = "all"
        """))
    results, _ = tictac.run(config, jobs=1)
    rows = results[results.row_kind == "position"]
    assert len(rows) == 4520  # ground-truth.md: positions not terminal
    exact = dict(zip(rows.position, rows.exact_value))
    for position, value in exact.items():
        assert tictac.solve(board, position).value == value, position


def test_strategies_is_the_catalogue_of_the_cli(cli_json):
    cli = [s for s in cli_json("strategies") if s["kind"] == "strategy"]  # the players follow them
    mine = tictac.strategies()
    assert [s.name for s in mine] == [s["name"] for s in cli]
    for s, c in zip(mine, cli):
        assert s.summary == c["summary"]
        assert [(o.key, o.default, list(o.choices), o.help) for o in s.options] == [
            (o["key"], o["default"], o["choices"], o["help"]) for o in c["options"]]


def test_searches_release_the_gil_so_python_threads_run_meanwhile():
    board = tictac.Board(4, 4, 4)  # about a second: two searches of ~358,000 nodes
    done = []
    worker = threading.Thread(target=lambda: done.append(tictac.solve(board, strategy="mtdf:keys=canonical")))
    worker.start()
    ticks = 0
    while worker.is_alive():
        ticks += 1
        time.sleep(0.001)
    worker.join()
    assert done and done[0].value == 0
    assert ticks > 50  # with the GIL held by the search the loop would not turn at all


INTERRUPTED = textwrap.dedent("""\
    import signal, sys, time
    signal.signal(signal.SIGINT, signal.default_int_handler)  # even if SIGINT came ignored
    import tictac
    print("ready", flush=True)
    t = time.monotonic()
    try:
        tictac.solve(tictac.Board(4, 4, 4), strategy="minimax")  # would run for days
    except KeyboardInterrupt:
        print("KeyboardInterrupt after %.2f s" % (time.monotonic() - t), flush=True)
        tictac.solve(tictac.Board(), strategy="negamax")  # the module still works
        sys.exit(0)
    sys.exit(3)
    """)


def test_ctrl_c_interrupts_a_long_search_with_keyboard_interrupt():
    p = subprocess.Popen([sys.executable, "-c", INTERRUPTED], stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "ready"
        time.sleep(0.5)
        sent = time.monotonic()
        p.send_signal(signal.SIGINT)
        out, _ = p.communicate(timeout=30)
        stopped = time.monotonic() - sent
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 0, out
    assert "KeyboardInterrupt" in out
    assert stopped < 10
