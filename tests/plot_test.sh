#!/usr/bin/env bash
# scripts/plot draws an ordering comparison only where two or more orderings
# meet, one figure per family of strategies that differ only in ordering and
# seed, named by the options that vary within that family's strategy.  Two
# small results.csv files written here: alpha-beta's orderings with and
# without a table; and `best` (one ordering) beside alpha-beta, whose table
# keys vary.  Usage: tests/plot_test.sh [SOURCE_DIR]
set -euo pipefail
src=$(cd "${1:-$(dirname "$0")/..}" && pwd)
work=$(mktemp -d /tmp/tictac-plot-XXXXXX)
trap 'rm -rf "$work"' EXIT
PATH="$(getconf PATH)" python3 - "$work" <<'PY'
import csv, os, sys
work = sys.argv[1]
cols = ["experiment", "board", "k", "strategy", "strategy_name", "ordering", "position_set", "row_kind", "position",
        "ply", "positions", "repetition", "nodes", "tt_capacity", "tt_hit_rate", "time_ns"]
def write(name, specs):
    os.makedirs(os.path.join(work, name))
    with open(os.path.join(work, name, "results.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for n, spec in enumerate(specs):
            name_, _, rest = spec.partition(":")
            opts = dict(kv.split("=") for kv in rest.split(",")) if rest else {}
            order = opts.get("order", "none")
            for i, pos in enumerate(["X../.../...", ".X./.../...", "..X/.../..."]):
                w.writerow(["t", "3x3", 3, spec, name_, order, "s", "position", pos, 1, 1, 0, 10 + n + i, 0, 0, 1000])
            w.writerow(["t", "3x3", 3, spec, name_, order, "s", "set_total", "", "", 3, 0, 33 + 3 * n, 0, 0, 3000])
write("orderings", [f"alphabeta:order={o},tt={t}" for t in ("none", "zobrist") for o in ("index", "history")])
write("best", [f"best:window={w},order=eval" for w in ("null", "full")] +
              [f"alphabeta:order={o},tt=zobrist,keys={k}" for k in ("exact", "canonical") for o in ("tt", "tt+history")])
PY
status=0
expect() {  # expect FOLDER FIGURES...: exactly these ordering figures
  local folder=$1
  shift
  "$src/scripts/plot" "$work/$folder" >/dev/null
  local got want
  got=$(cd "$work/$folder/plots" && ls ordering_boxplot_*.png 2>/dev/null | sed 's/\.png$//' | sort | tr '\n' ' ')
  want=$(printf '%s\n' "$@" | sort | tr '\n' ' ')
  if [ "$got" = "$want" ]; then
    echo "plot_test: $folder: $got"
  else
    echo "plot_test: $folder: ordering figures '$got', expected '$want'" >&2
    status=1
  fi
}
expect orderings ordering_boxplot_3x3k3_s_tt-none ordering_boxplot_3x3k3_s_tt-zobrist
expect best ordering_boxplot_3x3k3_s_alphabeta_keys-exact ordering_boxplot_3x3k3_s_alphabeta_keys-canonical
exit $status
