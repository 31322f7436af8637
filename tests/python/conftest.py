"""Fixtures of the Python module's tests (scripts/test-python runs them).

The module comes from PYTHONPATH (BUILD_DIR/python) and the CLI from
TICTAC_EXE (BUILD_DIR/tictac), so each build tests its own module against its
own CLI.
"""

import json
import os
import subprocess
from pathlib import Path

import pytest

import tictac

SOURCE_DIR = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def source_dir() -> Path:
    return SOURCE_DIR


@pytest.fixture(scope="session")
def tictac_exe() -> str:
    exe = os.environ.get("TICTAC_EXE")
    if not exe or not os.access(exe, os.X_OK):
        pytest.fail("TICTAC_EXE must name the tictac CLI of the build under test (scripts/test-python sets it)")
    return exe


@pytest.fixture(scope="session")
def cli(tictac_exe):
    """Runs the CLI; returns (exit code, stdout, stderr)."""

    def run(*args, cwd=None):
        p = subprocess.run([tictac_exe, *args], capture_output=True, text=True, cwd=cwd)
        return p.returncode, p.stdout, p.stderr

    return run


@pytest.fixture(scope="session")
def cli_json(cli):
    def run(*args):
        code, out, err = cli(*args, "--format", "json")
        assert code == 0, err
        return json.loads(out)

    return run


@pytest.fixture
def board() -> tictac.Board:
    return tictac.Board()
