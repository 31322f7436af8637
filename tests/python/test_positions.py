"""tictac.positions: position sets with exact values as pandas DataFrames."""

import textwrap

import pandas as pd
import pytest

import tictac


def test_kind_all_is_every_nonterminal_position_with_its_exact_value(board):
    df = tictac.positions(board, kind="all")
    assert list(df.columns) == ["board", "k", "gravity", "position", "ply", "value", "value_to_move", "distance"]  # as position files
    assert len(df) == 4520  # ground-truth.md
    # positions by ply (ground-truth.md) less the finished ones: none before ply 5
    assert df.groupby("ply").size().tolist()[:5] == [1, 9, 72, 252, 756]
    assert df.position.is_unique
    assert tictac.solve(board, df.position[0]).value == df.value[0] == 0
    assert df.iloc[0].distance == 9  # a draw ends on a full board


def test_a_stratified_set_equals_the_position_file_a_run_writes(board, tmp_path):
    config = tmp_path / "pons.toml"
    config.write_text(textwrap.dedent("""\
        [experiment]
        name = "pons"
        question = "Is tictac.positions the set the runner searches?"
        boards = ["3x4k3"]
        [[strategy]]
        name = "best"
        [[position_set]]
        name = "pons"
        kind = "stratified"
        plies = [2, 5, 8]
        per_group = 3
        seed = 7
        rows = "totals"
        """))
    tictac.run(config, out=tmp_path / "out", jobs=1)
    written = pd.read_csv(tmp_path / "out" / "positions-pons-3x4k3.csv")
    mine = tictac.positions(tictac.Board(3, 4, 3), kind="stratified", plies=[2, 5, 8], per_group=3, seed=7)
    pd.testing.assert_frame_equal(mine, written)
    # and read back as kind="file", checked against the exact solver
    again = tictac.positions(tictac.Board(3, 4, 3), kind="file", file=tmp_path / "out" / "positions-pons-3x4k3.csv")
    pd.testing.assert_frame_equal(again, written)


def test_a_list_is_checked_position_by_position(board):
    df = tictac.positions(board, kind="list", positions=["X.O/.X./..O", board.parse("X../.O./...")])
    assert sorted(df.position) == ["X.O/.X./..O", "X../.O./..."][::-1]
    assert df.value.tolist() == [tictac.solve(board, p).value for p in df.position]
    with pytest.raises(ValueError, match="stone count"):
        tictac.positions(board, kind="list", positions=["XX./.../..."])


def test_bad_arguments_raise_value_error(board):
    with pytest.raises(ValueError, match="is not one of empty, all, canonical"):
        tictac.positions(board, kind="every")
    with pytest.raises(ValueError, match="'per_group' does not apply"):
        tictac.positions(board, kind="all", per_group=3)
    with pytest.raises(ValueError, match="at most 16 cells"):
        tictac.positions(tictac.Board(5, 4, 4), kind="all")
