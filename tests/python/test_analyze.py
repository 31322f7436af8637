"""tictac.analyze: the keys and figures of `tictac analyze --format json`."""

import pytest

import tictac


def test_analyze_gives_the_ground_truth_figures_of_3x3(board):
    a = tictac.analyze(board)
    # ground-truth.md
    assert a["reachable_states"] == 5478
    assert a["nonterminal_states"] == 4520
    assert a["states_by_ply"] == [1, 9, 72, 252, 756, 1260, 1520, 1140, 390, 78]
    assert a["orbits"] == a["orbits_burnside"] == a["orbits_enumerated"] == 765
    assert a["game_tree_nodes"] == 549946
    assert a["games"] == {"total": 255168, "x_wins": 131184, "o_wins": 77904, "draws": 46080}
    assert (a["value"], a["value_text"]) == (0, "draw")


@pytest.mark.parametrize("size,k", [("3x3", 3), ("3x4", 3), ("2x5", 2)])
def test_analyze_has_the_keys_and_values_of_the_clis_json(cli_json, size, k):
    rows, cols = map(int, size.split("x"))
    assert tictac.analyze(tictac.Board(rows, cols, k)) == cli_json("analyze", "--board", size, "--k", str(k))


def test_analyze_refuses_a_board_over_16_cells_with_the_clis_message(cli):
    with pytest.raises(ValueError) as e:
        tictac.analyze(tictac.Board(5, 4, 4))
    code, _, err = cli("analyze", "--board", "5x4", "--k", "4")
    assert code == 2 and err.strip() == f"tictac: error: {e.value}"
