"""experiments/notebooks/move-ordering.ipynb runs headless with Debian's jupyter nbconvert."""

import json
import os
import subprocess
import sys
from pathlib import Path

NOTEBOOK = Path("experiments") / "notebooks" / "move-ordering.ipynb"


def test_the_move_ordering_notebook_executes_without_error_and_draws_its_figures(source_dir, tmp_path):
    jupyter = Path(sys.executable).parent / "jupyter"  # Debian's, beside /usr/bin/python3
    assert jupyter.exists(), f"{jupyter} is missing: scripts/setup installs jupyter-nbconvert"
    env = dict(os.environ, PYDEVD_DISABLE_FILE_VALIDATION="1")
    env.pop("MPLBACKEND", None)  # the kernel's inline backend, so figures are in the outputs
    p = subprocess.run([str(jupyter), "nbconvert", "--to", "notebook", "--execute",
                        "--ExecutePreprocessor.timeout=300", "--output-dir", str(tmp_path),
                        str(source_dir / NOTEBOOK)], capture_output=True, text=True, env=env, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    executed = json.loads((tmp_path / NOTEBOOK.name).read_text())
    outputs = [o for c in executed["cells"] if c["cell_type"] == "code" for o in c["outputs"]]
    assert not [o for o in outputs if o["output_type"] == "error"]
    assert sum("image/png" in o.get("data", {}) for o in outputs) == 2
    assert any("searched now" in "".join(o.get("text", "")) for o in outputs)
    # the committed notebook carries no outputs: results come from the CSV
    committed = json.loads((source_dir / NOTEBOOK).read_text())
    assert all(not c.get("outputs") for c in committed["cells"] if c["cell_type"] == "code")
