"""scripts/test-python, which scripts/test runs in both builds, fails when pytest collects no test."""

import os
import subprocess
import sys


def test_a_run_that_collects_no_test_fails(source_dir):
    build = os.path.dirname(os.environ["PYTHONPATH"])  # BUILD_DIR/python
    p = subprocess.run([str(source_dir / "scripts" / "test-python"), sys.executable, build,
                        "-k", "no_test_has_this_name"], capture_output=True, text=True)
    assert p.returncode == 1, p.stdout + p.stderr
    assert "collected no test (exit code 5)" in p.stderr
