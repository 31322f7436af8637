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


def test_gravity_is_accepted_as_an_argument_but_refused_until_the_board_has_it():
    with pytest.raises(NotImplementedError, match="gravity"):
        tictac.Board(6, 7, 4, gravity=True)
    assert tictac.Board(gravity=False) == tictac.Board()


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
