"""tictac.run: an experiment's results as a DataFrame and its metadata as a dict."""

import json
import os
import signal
import subprocess
import sys
import textwrap
import time

import pandas as pd
import pytest

import tictac

CONFIG = textwrap.dedent("""\
    [experiment]
    name = "python-run"
    question = "Does tictac.run return what it writes?"
    boards = ["3x3k3", "3x4k3"]
    repetitions = 2
    [[strategy]]
    name = "alphabeta"
    order = ["index", "history"]
    [[strategy]]
    name = "memo"
    keys = "canonical"
    [[position_set]]
    name = "canonical"
    kind = "canonical"
    boards = ["3x3k3"]
    [[position_set]]
    name = "empty"
    kind = "empty"
    """)


def test_the_dataframe_equals_read_csv_of_results_csv_dtypes_included(tmp_path):
    config = tmp_path / "run.toml"
    config.write_text(CONFIG)
    results, metadata = tictac.run(config, out=tmp_path / "out", jobs=1)
    from_file = pd.read_csv(tmp_path / "out" / "results.csv")
    pd.testing.assert_frame_equal(results, from_file, check_dtype=True, check_exact=True)
    assert (results.dtypes == from_file.dtypes).all()
    assert metadata == json.loads((tmp_path / "out" / "metadata.json").read_text())
    assert metadata["result_rows"] == len(results)
    assert results.matches_exact.all()
    assert results.nodes.dtype == "int64"


def test_a_run_has_the_clis_rows_but_for_time_ns(tmp_path, cli):
    config = tmp_path / "run.toml"
    config.write_text(CONFIG)
    results, metadata = tictac.run(config, out=tmp_path / "py")
    code, _, err = cli("run", str(config), "--out", str(tmp_path / "cli"))
    assert code == 0, err
    from_cli = pd.read_csv(tmp_path / "cli" / "results.csv")
    timing = [c for c in from_cli.columns if "time" in c]  # time_ns, timed_runs, time_spread, time_cold_ns
    pd.testing.assert_frame_equal(results.drop(columns=timing), from_cli.drop(columns=timing))
    assert metadata["command"].startswith("tictac.run(")


def test_without_out_nothing_is_left_on_disk(tmp_path):
    before = set(os.listdir(tmp_path))
    results, metadata = tictac.run(CONFIG, jobs=1)  # TOML text
    assert len(results) == metadata["result_rows"] > 0
    assert set(os.listdir(tmp_path)) == before
    assert not os.path.exists(os.path.join("results", "python-run"))


def test_a_bad_config_raises_value_error_with_the_clis_message(tmp_path, cli):
    config = tmp_path / "bad.toml"
    config.write_text(CONFIG.replace('keys = "canonical"', 'keys = "canon"'))
    with pytest.raises(ValueError) as e:
        tictac.run(config, out=tmp_path / "out")
    assert "bad.toml:11: key 'keys'" in str(e.value)
    code, _, err = cli("run", str(config), "--out", str(tmp_path / "cli"))
    assert code == 2 and err.strip() == f"tictac run: {e.value}"
    assert not (tmp_path / "out").exists() and not (tmp_path / "cli").exists()


def test_an_output_folder_that_cannot_be_made_raises_value_error_with_the_clis_message(tmp_path, cli):
    config = tmp_path / "run.toml"
    config.write_text(CONFIG)
    (tmp_path / "a-file").write_text("")
    with pytest.raises(ValueError) as e:
        tictac.run(config, out=tmp_path / "a-file" / "out")
    code, _, err = cli("run", str(config), "--out", str(tmp_path / "a-file" / "out"))
    assert code == 2 and err.strip() == f"tictac run: {e.value}"
    assert str(e.value).endswith("; nothing was written")


GRAVITY = textwrap.dedent("""\
    [experiment]
    name = "gravity"
    question = "Do tictac.run and tictac run fail alike?"
    boards = ["3x3k3g"]
    [[strategy]]
    name = "negamax"
    [[strategy]]
    name = "alphabeta"
    [[position_set]]
    name = "canonical"
    kind = "canonical"
    """)


def test_rows_that_disagree_with_the_exact_solver_raise_runtime_error_with_the_clis_message(tmp_path, cli):
    # Whatever the CLI does here, the module must do the same.  Since every
    # strategy searches the legal drops on gravity boards, no strategy
    # disagrees and this takes the exit-0 branch; the exit-1 branch is kept
    # for the day a strategy disagrees (no fault injection exists to force it).
    config = tmp_path / "gravity.toml"
    config.write_text(GRAVITY)
    code, _, err = cli("run", str(config), "--out", str(tmp_path / "cli"))
    from_cli = pd.read_csv(tmp_path / "cli" / "results.csv")
    if code == 0:
        results, _ = tictac.run(config, out=tmp_path / "py")
    else:
        assert code == 1
        with pytest.raises(RuntimeError) as e:
            tictac.run(config, out=tmp_path / "py")
        assert isinstance(e.value, tictac.DisagreementError)
        assert err.strip() == f"tictac run: {e.value}"
        results = e.value.results
        assert not results.matches_exact.all()
        assert e.value.metadata == json.loads((tmp_path / "py" / "metadata.json").read_text())
    timing = [c for c in from_cli.columns if "time" in c]  # time_ns, timed_runs, time_spread, time_cold_ns
    pd.testing.assert_frame_equal(results.drop(columns=timing), from_cli.drop(columns=timing))


INTERRUPTED = textwrap.dedent("""\
    import signal, sys
    signal.signal(signal.SIGINT, signal.default_int_handler)
    import tictac
    print("ready", flush=True)
    try:
        tictac.run(sys.argv[1], out=sys.argv[2], jobs=1)
    except KeyboardInterrupt:
        print("KeyboardInterrupt", flush=True)
        sys.exit(0)
    sys.exit(3)
    """)


LONG_RUNS = {
    # thousands of short searches, minutes of them: the runner reads the flag between them
    "many short searches": ("3x3k3", "all", 1000),
    # one search of days (negamax over the whole 3x4 tree): the counting search reads it every 2^16 nodes
    "one long search": ("3x4k3", "empty", 1),
}


@pytest.mark.parametrize("what", LONG_RUNS)
def test_ctrl_c_interrupts_a_run_and_leaves_no_file(tmp_path, what):
    board, kind, reps = LONG_RUNS[what]
    config = tmp_path / "long.toml"
    config.write_text(textwrap.dedent(f"""\
        [experiment]
        name = "long"
        question = "Is an interrupted run removed?"
        boards = ["{board}"]
        repetitions = {reps}
        [[strategy]]
        name = "negamax"
        [[position_set]]
        name = "set"
        kind = "{kind}"
        """))
    out = tmp_path / "out"
    p = subprocess.Popen([sys.executable, "-c", INTERRUPTED, str(config), str(out)], stdout=subprocess.PIPE, text=True)
    try:
        assert p.stdout.readline().strip() == "ready"
        time.sleep(1.0)
        p.send_signal(signal.SIGINT)
        stdout, _ = p.communicate(timeout=60)
    finally:
        if p.poll() is None:
            p.kill()
    assert p.returncode == 0 and "KeyboardInterrupt" in stdout
    assert not out.exists()
    assert os.listdir(tmp_path) == ["long.toml"]
