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


def test_a_random_set_beyond_16_cells_agrees_with_another_family():
    b = tictac.Board(5, 5, 4)
    df = tictac.positions(b, kind="random", plies=[4, 6], per_ply=2, seed=3, budget=0)
    assert len(df) == 4 and df.position.is_unique
    assert sorted(df.ply.tolist()) == [4, 4, 6, 6]
    for row in df.itertuples():
        # the strong solver's value, against dfpn (a proof-number search, not best)
        assert tictac.solve(b, row.position, strategy="dfpn").value == row.value
        # the side to move makes the last move of a game it wins
        assert row.distance % 2 == (1 if row.value_to_move > 0 else 0) or row.value == 0
    assert df.attrs["unknown"] == []


def test_a_committed_set_file_beyond_16_cells_reads_back_as_written(source_dir):
    path = source_dir / "experiments" / "sets" / "5x5k4-end-easy.csv"
    df = tictac.positions(tictac.Board(5, 5, 4), kind="file", file=path, first=7)
    written = pd.read_csv(path, comment="#").head(7)
    for column in ["position", "ply", "value", "value_to_move", "distance", "stratum"]:
        assert df[column].tolist() == written[column].tolist()


def test_per_stratum_makes_pons_strata_whose_ply_and_exact_distance_put_each_position_there():
    b = tictac.Board(3, 4, 3)
    df = tictac.positions(b, kind="stratified", per_stratum=3, seed=2)
    assert not df.empty
    assert df.groupby("stratum").size().max() <= 3
    n = 12
    exact = tictac.positions(b, kind="all").set_index("position")
    for row in df.itertuples():
        phase = "begin" if 3 * row.ply <= n else "middle" if 3 * row.ply <= 2 * n else "end"
        level = "easy" if 3 * row.distance < n else "medium" if 3 * row.distance < 2 * n else "hard"
        assert row.stratum == f"{phase}-{level}"
        assert (exact.loc[row.position, "value"], exact.loc[row.position, "distance"]) == (row.value, row.distance)
    with pytest.raises(ValueError, match="'per_group' does not apply"):
        tictac.positions(b, kind="stratified", per_stratum=3, per_group=2)


def test_a_per_group_stratified_set_beyond_16_cells_says_which_family_certified_which_column():
    b = tictac.Board(5, 5, 4)
    df = tictac.positions(b, kind="stratified", plies=[1], per_group=1, seed=1, budget=0)
    assert (df.stratum == [f"ply {p} distance {d}" for p, d in zip(df.ply, df.distance)]).all()
    assert df.groupby("distance").size().max() == 1
    notes = " ".join(df.attrs["notes"])
    assert "distances come from one family, best's distance mode" in notes
    for row in df.itertuples():
        assert tictac.solve(b, row.position, strategy="dfpn").value == row.value


def test_every_key_of_the_table_of_kinds_is_a_keyword_of_positions():
    import inspect

    keywords = set(inspect.signature(tictac.positions).parameters)
    assert set(tictac._core.position_set_keys()) <= keywords
