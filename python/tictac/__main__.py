"""``python3 -m tictac ARGS``: the ``tictac`` command, with ARGS.

The command is the CLI binary installed beside the module, not a second
implementation: this finds it and runs it in this process's place (its
output, exit code and signals are the binary's).  It looks, in order, at
$TICTAC_EXE; at PREFIX/bin/tictac, where the module is
PREFIX/lib/pythonX.Y/site-packages/tictac (pip, into a virtual environment
or --user) or PREFIX/lib/python3/dist-packages/tictac (``cmake --install``,
``meson install``); and at BUILD/tictac, where the module is the build
tree's BUILD/python/tictac.
"""

import os
import sys
from pathlib import Path


def _candidates() -> list:
    package = Path(__file__).resolve().parent
    found = []
    if os.environ.get("TICTAC_EXE"):
        found.append(Path(os.environ["TICTAC_EXE"]))
    if len(package.parents) > 3:
        found.append(package.parents[3] / "bin" / "tictac")  # PREFIX/lib/python*/*-packages/tictac
    found.append(package.parents[1] / "tictac")  # BUILD/python/tictac
    return found


def main() -> None:
    candidates = _candidates()
    for exe in candidates:
        if exe.is_file() and os.access(exe, os.X_OK):
            os.execv(exe, ["tictac", *sys.argv[1:]])
    looked = ", ".join(str(c) for c in candidates)
    sys.exit(f"python3 -m tictac: the tictac command is not installed beside the module (looked at {looked}); "
             "set TICTAC_EXE to its path")


if __name__ == "__main__":
    main()
