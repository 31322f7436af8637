#!/usr/bin/python3
"""Runs the tests of scripts/plot and scripts/report (pytest, tests/scripts/)
with Debian's python3, from the source folder, as the test `scripts` of both
builds does.  pytest's exit code 5 (no test collected) is a failure, as is
any other non-zero code.  Usage: tests/scripts/run.py [PYTEST_ARGS...]
"""
import os
import subprocess
import sys

source = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
env = dict(os.environ, PYTHONDONTWRITEBYTECODE="1", MPLBACKEND="Agg")
status = subprocess.call([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "tests/scripts",
                          *sys.argv[1:]], cwd=source, env=env)
if status == 5:
    print("tests/scripts/run.py: pytest collected no test (exit code 5): a failure", file=sys.stderr)
    sys.exit(1)
sys.exit(status)
