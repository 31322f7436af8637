"""Fixtures of the tests of scripts/plot and scripts/report (tests/scripts/run.py runs them).

The modules under test (scripts/results_summary.py, results_plot.py,
results_report.py, verdicts.py, spec_labels.py) are imported from scripts/;
scripts/plot and scripts/report themselves are run as a user runs them.  Every
test works on a copy of a fixed results folder (tests/scripts/fixtures/),
never on the committed results/.
"""

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

SOURCE = Path(__file__).resolve().parents[2]
SCRIPTS = SOURCE / "scripts"
FIXTURES = Path(__file__).resolve().parent / "fixtures"
sys.dont_write_bytecode = True
sys.path.insert(0, str(SCRIPTS))
os.environ["MPLBACKEND"] = "Agg"


def copy_of(name, tmp_path):
    """A copy of fixtures/NAME (or of results/NAME when NAME starts with results/) under tmp_path."""
    src = SOURCE / name if name.startswith("results/") else FIXTURES / name
    dst = tmp_path / Path(name).name
    shutil.copytree(src, dst, ignore=shutil.ignore_patterns("plots", "report.md", "verdicts.csv"))
    return dst


def run(script, folder, **env):
    """Runs scripts/SCRIPT FOLDER as a user would; returns the CompletedProcess."""
    # No claim of the fixtures needs `tictac analyze`: these tests run without a build.
    env = {**os.environ, "PYTHONDONTWRITEBYTECODE": "1", "TICTAC": "/nonexistent/tictac", **env}
    return subprocess.run([str(SCRIPTS / script), str(folder)], capture_output=True, text=True, env=env, timeout=300)


@pytest.fixture
def study(tmp_path):
    """A fresh copy of the study fixture (results.csv and metadata.json, no plots)."""
    return copy_of("study", tmp_path)


@pytest.fixture(scope="session")
def drawn(tmp_path_factory):
    """A copy of the study fixture drawn once and reported, shared by the tests that only read it: (folder, Figures).

    The figures are drawn in this process (results_plot.draw, scripts/plot's work, whose points the tests read);
    drawing them is most of this suite's time, so it is done once.  scripts/plot itself runs as a user runs it in
    the replot tests; scripts/report runs so here."""
    import results_plot  # scripts/results_plot.py (matplotlib): imported when a test needs it
    folder = copy_of("study", tmp_path_factory.mktemp("drawn"))
    figs = results_plot.draw(str(folder))
    p = run("report", folder)
    assert p.returncode == 0, p.stderr
    return folder, figs


@pytest.fixture(scope="session")
def drawn_study(drawn):
    """The folder of `drawn`: the study fixture with its plots, report.md and verdicts.csv."""
    return drawn[0]


@pytest.fixture
def plotted_study(drawn_study, tmp_path):
    """A fresh copy of the study fixture with the plots scripts/plot drew (and their manifest), no report."""
    folder = tmp_path / "study"
    shutil.copytree(drawn_study, folder, ignore=shutil.ignore_patterns("report.md", "verdicts.csv"))
    return folder
