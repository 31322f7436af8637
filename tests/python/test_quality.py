"""tictac.quality and tictac.play_move: move quality as pandas DataFrames, and one player's move."""

import pandas as pd
import pytest

import tictac


def test_the_perfect_player_keeps_every_value_of_a_ply(board):
    totals = tictac.quality(board, "perfect", kind="plies", plies=[4])
    assert list(totals.columns[:9]) == ["board", "k", "gravity", "player", "breakdown", "group", "positions",
                                         "repetitions", "moves"]
    overall = totals[totals.breakdown == "all"].iloc[0]
    # the unfinished positions at ply 4: all 756 of ply 4 (ground-truth.md), none finished yet
    assert overall.positions == 756
    assert overall.optimal_rate == 1.0 and overall.mean_value_loss == 0.0 and overall.best_distance_rate == 1.0
    assert overall.rate_interval == "wilson"
    assert totals.attrs["metadata"]["players"][0]["player"] == "perfect:choose=fastest"


def test_the_moves_frame_grades_each_move_as_the_cli_writes_it(board, cli, tmp_path):
    moves = tictac.quality(board, ["random", "ab:depth=1"], kind="list", positions=["XX./OO./..."], rows="moves",
                           repeat=3, seed=5)
    # X to move wins at c1 (cell 2); O's row threatens a2-c2.
    assert len(moves) == 3 + 1  # three seeds of random, ab once
    assert moves[moves.player == "random"].seed.tolist() == [5, 6, 7]
    assert pd.isna(moves[moves.player != "random"].seed).all()
    ab = moves[moves.player != "random"].iloc[0]
    assert ab.move == 2 and ab.move_name == "c1" and ab.optimal and ab.distance_loss == 0 and ab.best_distance
    code, out, err = cli("quality", "--player", "random", "--player", "ab:depth=1", "--set", "list", "--position",
                         "XX./OO./...", "--repeat", "3", "--seed", "5", "-q", "--out", str(tmp_path / "q"))
    assert code == 0, err
    written = pd.read_csv(tmp_path / "q" / "moves.csv", dtype={"seed": "Int64", "distance_loss": "Int64"},
                          keep_default_na=False, na_values={"seed": [""], "distance_loss": [""]})
    pd.testing.assert_frame_equal(written, moves.reset_index(drop=True), check_dtype=False)


def test_quality_refuses_a_board_beyond_the_exact_solution_and_clashing_seeds(board):
    with pytest.raises(ValueError, match="at most 16 cells"):
        tictac.quality(tictac.Board(5, 5, 4), "random")
    with pytest.raises(ValueError, match="its own seed"):
        tictac.quality(board, "random:seed=3", kind="empty", repeat=2)
    with pytest.raises(ValueError, match="unknown player"):
        tictac.quality(board, "nobody", kind="empty")


def test_play_move_gives_a_player_s_move_and_a_strategy_s_best_move(board):
    assert tictac.play_move(board, "XX./OO./...", "perfect") == 2  # the win in one
    assert tictac.play_move(board, "XX./OO./...", "best") == 2
    seeded = tictac.play_move(board, None, "mcts:playouts=50,seed=9")
    assert seeded == tictac.play_move(board, board.empty(), "mcts:playouts=50,seed=9")  # the same seed, the same move
    assert seeded in board.legal_moves()
    assert tictac.play_move(board, "XXX/OO./...", "random") is None  # the game is over
    with pytest.raises(ValueError):
        tictac.play_move(board, "XX./OO./...", "nobody")
