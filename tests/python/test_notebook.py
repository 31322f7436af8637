"""experiments/notebooks/move-ordering.ipynb: committed with its outputs, and it
runs headless with Debian's jupyter nbconvert on any results folder."""

import csv
import json
import os
import subprocess
import sys
from pathlib import Path

NOTEBOOK = Path("experiments") / "notebooks" / "move-ordering.ipynb"


def outputs(notebook):
    return [o for c in notebook["cells"] if c["cell_type"] == "code" for o in c.get("outputs", [])]


def text(outs):
    return "".join("".join(o.get("text", "")) for o in outs)


def test_the_committed_notebook_carries_its_outputs_from_the_committed_results(source_dir):
    committed = json.loads((source_dir / NOTEBOOK).read_text())
    outs = outputs(committed)
    assert not [o for o in outs if o["output_type"] == "error"]
    assert sum("image/png" in o.get("data", {}) for o in outs) == 2
    assert "rows in move-ordering/" in text(outs) and "searched now" in text(outs)


def with_option_columns_and_no_commit(source, folder):
    """results/move-ordering rewritten as tictac run writes since issue 30: a column per
    option (<strategy_name>.<key>), and metadata that knows no commit."""
    folder.mkdir()
    with open(source / "results.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    keys = {}
    for r in rows:
        name, _, rest = r["strategy"].partition(":")
        for kv in filter(None, rest.split(",")):
            keys.setdefault(f"{name}.{kv.split('=', 1)[0]}", None)
    with open(folder / "results.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=list(rows[0]) + list(keys))
        w.writeheader()
        for r in rows:
            name, _, rest = r["strategy"].partition(":")
            w.writerow({**r, **{f"{name}.{k}": v for k, v in (kv.split("=", 1) for kv in filter(None, rest.split(",")))}})
    meta = json.loads((source / "metadata.json").read_text())
    meta["git"] = {"commit": None, "dirty": None}
    meta["tictac_build"] = {"commit": None, "dirty": None, "build_type": "Release", "compiler": "GNU"}
    (folder / "metadata.json").write_text(json.dumps(meta))


def test_the_notebook_executes_on_another_results_folder_with_option_columns_and_no_commit(source_dir, tmp_path):
    jupyter = Path(sys.executable).parent / "jupyter"  # Debian's, beside /usr/bin/python3
    assert jupyter.exists(), f"{jupyter} is missing: scripts/setup installs jupyter-nbconvert"
    results = tmp_path / "results"
    with_option_columns_and_no_commit(source_dir / "results" / "move-ordering", results)
    env = dict(os.environ, PYDEVD_DISABLE_FILE_VALIDATION="1", TICTAC_RESULTS=str(results))
    env.pop("MPLBACKEND", None)  # the kernel's inline backend, so figures are in the outputs
    p = subprocess.run([str(jupyter), "nbconvert", "--to", "notebook", "--execute",
                        "--ExecutePreprocessor.timeout=300", "--output-dir", str(tmp_path / "out"),
                        str(source_dir / NOTEBOOK)], capture_output=True, text=True, env=env, timeout=600)
    assert p.returncode == 0, p.stderr[-3000:]
    outs = outputs(json.loads((tmp_path / "out" / NOTEBOOK.name).read_text()))
    assert not [o for o in outs if o["output_type"] == "error"]
    assert sum("image/png" in o.get("data", {}) for o in outs) == 2
    printed = text(outs)
    assert "rows in results/ from commit unknown" in printed
    assert "(from the option columns)" in printed
    assert "searched now" in printed
