"""tictac.match: a match as pandas DataFrames, the same games as `tictac match`."""

import pandas as pd
import pytest

import tictac


def test_perfect_against_random_on_3x3_never_loses_and_grades_every_move(board):
    games = tictac.match(board, ["perfect", "random"], repeat=10, seed=3)
    assert len(games) == 20
    assert list(games.columns[:6]) == ["board", "k", "gravity", "game", "pairing", "pair"]
    # perfect is X in colour 0 and O in colour 1: it never loses.
    perfect_lost = ((games.colour == 0) & (games.result == "o_wins")) | ((games.colour == 1) & (games.result == "x_wins"))
    assert not perfect_lost.any()
    moves = games.attrs["moves"]
    assert len(moves) == games.plies.sum()
    assert (moves[moves.player_index == 0].value_loss == 0).all()
    assert moves.value_loss.isin([0, 1, 2]).all()
    assert moves[moves.player_index == 0].best_distance.all()  # perfect's fastest choice: the best distance too
    kept = moves[(moves.value_loss == 0) & (moves.value_to_move != 0)]
    assert kept.distance_loss.notna().all() and (kept.distance_loss >= 0).all()  # graded for distance where it counts
    summary = games.attrs["summary"]
    assert len(summary) == 1
    row = summary.iloc[0]
    assert row.wins + row.draws + row.losses == 20 and row.losses == 0
    assert row.score_low <= row.score <= row.score_high
    assert games.attrs["metadata"]["games"] == 20


def test_seeds_are_python_ints_and_the_same_call_gives_the_same_games(board):
    a = tictac.match(board, ["random", "mcts:playouts=10"], "plies", plies=[1], seed=5)
    b = tictac.match(board, ["random", "mcts:playouts=10"], "plies", plies=[1], seed=5)
    pd.testing.assert_frame_equal(a, b)
    assert all(isinstance(s, int) for s in a.x_seed)
    assert max(max(a.x_seed), max(a.o_seed)) > 2**53  # 64-bit seeds, not rounded through a float


def test_the_frames_are_the_cli_files(board, cli, tmp_path):
    code, _, err = cli("match", "--player", "perfect", "--player", "random", "--repeat", "4", "--seed", "9",
                       "--quiet", "--out", str(tmp_path / "m"))
    assert code == 0, err
    games = tictac.match(board, ["perfect", "random"], repeat=4, seed=9)
    from_file = pd.read_csv(tmp_path / "m" / "games.csv", dtype={"x_seed": str, "o_seed": str})
    assert list(from_file.moves) == list(games.moves)
    assert [int(s) for s in from_file.x_seed] == list(games.x_seed)
    summary = pd.read_csv(tmp_path / "m" / "summary.csv")
    pd.testing.assert_frame_equal(summary, games.attrs["summary"])


def test_a_match_refuses_one_player_and_a_key_of_another_kind(board):
    with pytest.raises(ValueError, match="at least two players"):
        tictac.match(board, ["random"])
    with pytest.raises(ValueError, match="plies"):
        tictac.match(board, ["random", "random"], "empty", plies=[2])
