"""docs/python.md's Python lines work: the import one-liner after the test command."""

import os
import re
import shlex
import subprocess


def test_the_python_pages_one_line_import_works_on_the_build_under_test(source_dir):
    page = (source_dir / "docs" / "python.md").read_text()
    section = page[page.index("# Python (`import tictac`)"):]
    block = re.search(r"```sh\n(PYTHONPATH=\S+ \S+ -c .+)\n```", section)
    assert block, "docs/python.md starts with a PYTHONPATH=... python3 -c one-liner"
    words = shlex.split(block.group(1))
    assert words[0] == "PYTHONPATH=build/cmake/python" and words[2] == "-c"
    # the same line from the source folder, with this build's package in place of build/cmake's
    # (scripts/test-python's PYTHONPATH)
    p = subprocess.run(words[1:], capture_output=True, text=True, cwd=source_dir, env=os.environ)
    assert p.returncode == 0, p.stderr
    assert p.stdout.strip() == "draw"  # tic-tac-toe's value (ground-truth.md)
