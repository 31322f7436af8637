"""tictac.Board: positions, legal moves, symmetries, as the CLI reads them."""

import pytest

import tictac


def test_the_default_board_is_tic_tac_toe(board):
    assert (board.rows, board.cols, board.k, board.cells) == (3, 3, 3, 9)
    assert board.size_name == "3x3" and board.name == "3x3k3"
    assert tictac.Board(4, 5, 4).name == "4x5k4"


def test_a_bad_board_raises_value_error_naming_the_rule(cli):
    with pytest.raises(ValueError) as e:
        tictac.Board(3, 3, 4)
    code, _, err = cli("analyze", "--board", "3x3", "--k", "4")
    assert code == 2
    assert str(e.value) in err


def test_a_gravity_board_is_named_with_a_g_and_differs_from_the_board_without():
    c4 = tictac.Board(6, 7, 4, gravity=True)
    assert c4.gravity and (c4.name, c4.size_name) == ("6x7k4g", "6x7")
    assert c4 != tictac.Board(6, 7, 4) and tictac.Board(gravity=False) == tictac.Board()
    assert repr(c4) == "tictac.Board(rows=6, cols=7, k=4, gravity=True)"
    assert [s.name for s in c4.symmetries()] == ["identity", "mirror_lr"]


def test_parse_gives_the_position_in_normal_form(board):
    p = board.parse("x.o.x...o")
    assert p.text == "X.O/.X./..O"
    assert (p.x, p.o) == (1 << 0 | 1 << 4, 1 << 2 | 1 << 8)
    assert (p.ply, p.to_move, p.result) == (4, "X", "ongoing")
    assert board.parse("XXX/OO./...").result == "X wins"


def test_an_illegal_position_raises_value_error_with_the_clis_message_naming_the_rule(board, cli):
    for text, rule in [("XXX/OOO/...", "both sides have a line"), ("XX./.../...", "stone count")]:
        with pytest.raises(ValueError, match=rule) as e:
            board.parse(text)
        code, _, err = cli("solve", "--position", text)
        assert code == 2
        assert err.strip() == f"tictac: error: {e.value}"


def test_legal_moves_are_the_empty_cells_and_none_once_the_game_is_over(board):
    assert board.legal_moves() == list(range(9))
    assert board.legal_moves("X.O/.X./..O") == [1, 3, 5, 6, 7]
    assert board.legal_moves(board.parse("XXX/OO./...")) == []


def test_cells_are_named_as_the_cli_names_them(board):
    assert [board.cell_name(c) for c in (0, 4, 8)] == ["a1", "b2", "c3"]
    assert board.cell("b2") == 4 and board.cell(7) == 7
    assert board.play(None, "b2").text == ".../.X./..."


def every_reachable_position(board):
    """Breadth-first from the empty board through legal_moves and play."""
    seen = {board.empty().text: board.empty()}
    frontier = [board.empty()]
    while frontier:
        nxt = []
        for p in frontier:
            for c in board.legal_moves(p):
                q = board.play(p, c)
                if q.text not in seen:
                    seen[q.text] = q
                    nxt.append(q)
        frontier = nxt
    return list(seen.values())


def test_symmetries_give_765_classes_of_the_5478_positions_and_burnsides_fixed_points(board):
    syms = board.symmetries()
    assert [s.name for s in syms] == ["identity", "rot90", "rot180", "rot270", "mirror_lr", "mirror_ud",
                                      "diagonal", "anti_diagonal"]
    for s in syms:
        assert sorted(s.cells) == list(range(9))
    positions = every_reachable_position(board)
    assert len(positions) == 5478  # ground-truth.md

    def image(s, p):
        cells = [ch for ch in p.text if ch != "/"]
        out = ["."] * 9
        for i, ch in enumerate(cells):
            out[s.cells[i]] = ch
        return "".join(out)

    orbits = {min(image(s, p) for s in syms) for p in positions}
    assert len(orbits) == 765  # ground-truth.md
    fixed = {s.name: sum(image(s, p) == p.text.replace("/", "") for p in positions) for s in syms}
    assert fixed == {"identity": 5478, "rot90": 6, "rot180": 42, "rot270": 6, "mirror_lr": 136,
                     "mirror_ud": 136, "diagonal": 158, "anti_diagonal": 158}


def test_a_rectangular_board_has_the_four_symmetries_that_keep_its_shape():
    assert [s.name for s in tictac.Board(3, 4, 3).symmetries()] == ["identity", "rot180", "mirror_lr", "mirror_ud"]


def test_the_modules_docstring_examples_hold():
    import doctest

    failures, tried = doctest.testmod(tictac, verbose=False)
    assert tried >= 5 and failures == 0


def line_of(cells, rows, cols, k, stone):
    """Whether `stone` fills k in a row somewhere (written here, not the library's windows)."""
    for r in range(rows):
        for c in range(cols):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                run = [(r + i * dr, c + i * dc) for i in range(k)]
                if all(0 <= rr < rows and 0 <= cc < cols and cells[rr * cols + cc] == stone for rr, cc in run):
                    return True
    return False


def drops(cells, rows, cols):
    """The cell a stone dropped in each column comes to rest on (None: the column is full)."""
    out = []
    for c in range(cols):
        empty = [r for r in range(rows) if cells[r * cols + c] == "."]
        out.append(max(empty) * cols + c if empty else None)
    return out


def test_a_gravity_boards_positions_and_legal_moves_are_those_of_dropping_stones():
    rows, cols, k = 3, 4, 3
    board = tictac.Board(rows, cols, k, gravity=True)
    seen, frontier = {"." * 12}, ["." * 12]
    while frontier:  # every position that drops reach, and the drops of each
        nxt = []
        for text in frontier:
            cells = list(text)
            x_wins, o_wins = line_of(cells, rows, cols, k, "X"), line_of(cells, rows, cols, k, "O")
            over = x_wins or o_wins or "." not in cells
            p = board.parse(text)
            assert p.result == ("X wins" if x_wins else "O wins" if o_wins else "draw" if over else "ongoing")
            expected = [] if over else sorted(c for c in drops(cells, rows, cols) if c is not None)
            assert board.legal_moves(p) == expected, text
            for c in expected:
                q = cells.copy()
                q[c] = p.to_move
                q = "".join(q)
                if q not in seen:
                    seen.add(q)
                    nxt.append(q)
        frontier = nxt
    assert len(seen) == tictac.analyze(board)["reachable_states"]


def test_a_gravity_position_is_also_read_as_ponss_move_sequence_and_a_floating_stone_is_illegal():
    board = tictac.Board(3, 4, 3, gravity=True)
    assert board.parse("2213").text == "..../.O../XXO."  # X in 2, O on it, X in 1, O in 3
    assert board.parse("") == board.empty()
    assert board.legal_moves("2213") == board.legal_moves("..../.O../XXO.") == [1, 4, 6, 11]
    assert tictac.solve(board, "2213", strategy="alphabeta").position == "..../.O../XXO."
    assert tictac.positions(board, kind="list", positions=["2213"]).position.tolist() == ["..../.O../XXO."]
    with pytest.raises(ValueError, match="floats"):
        board.parse("X.../..../....")
    with pytest.raises(ValueError, match="column 5 is off the board"):
        board.parse("225")
    # On gravity boards rows count from the bottom, as Connect-Four players count: a1 is the bottom-left cell.
    with pytest.raises(ValueError, match="lowest empty cell"):
        board.play(None, "a3")
    assert board.play(None, "a1").text == "..../..../X..."


def test_the_alpha_beta_family_solves_gravity_boards_exactly():
    board = tictac.Board(3, 4, 3, gravity=True)
    exact = tictac.positions(board, kind="stratified", per_group=3, seed=1)  # every (ply, distance) group
    family = ["alphabeta", "pvs", "mtdf", "solve", "alphabeta:order=history,tt=zobrist"]
    for position, value in zip(exact.position, exact.value):
        for strategy in family:  # each checked against the exact solution too (RuntimeError otherwise)
            assert tictac.solve(board, position, strategy=strategy).value == value, (position, strategy)
    # 4x4 Connect-Four is a draw (John Tromp's table of board sizes, issue 16)
    assert tictac.solve(tictac.Board(4, 4, 4, gravity=True), strategy="mtdf:keys=canonical").value == 0
