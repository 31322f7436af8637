#!/usr/bin/env bash
# The Slurm test: a real one-node cluster (scripts/slurm-cluster), the
# reproduce-seeds sweep as a 4-task job array (scripts/slurm-submit), merged
# and compared with the unsharded run; then a sweep whose shard 2 fails on
# purpose, which must be reported by shard, with its log, and not merged;
# then a proof split of 5x5 k=4 two plies deep over a 4-task array, whose
# merge must give the published draw.
# The cluster is stopped in a trap whatever fails.  Last line: "N passed, M failed".
# Usage: tests/slurm_test.sh [TICTAC]   (default: $TICTAC, else build/cmake/tictac)
set -uo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
export TICTAC=${1:-${TICTAC:-$repo/build/cmake/tictac}}
[ -x "$TICTAC" ] || { echo "slurm_test: no tictac binary at $TICTAC (build first)"; echo "0 passed, 1 failed"; exit 1; }

work=$(mktemp -d /tmp/tictac-slurm-XXXXXX)
chmod 755 "$work"
passed=0 failed=0
cleanup() {
  "$repo/scripts/slurm-cluster" stop "$work/cluster" >/dev/null 2>&1 || echo "slurm_test: stopping the cluster failed"
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
check() {  # check DESCRIPTION COMMAND...
  local what=$1; shift
  if "$@"; then passed=$((passed + 1)); echo "ok: $what"
  else failed=$((failed + 1)); echo "FAILED: $what"; fi
}
finish() { echo "$passed passed, $failed failed"; [ "$failed" -eq 0 ]; exit $?; }
drop_time() {  # the CSV without its last column, time_ns (a number, never quoted)
  head -1 "$1" | grep -q ',time_ns$' || { echo "drop_time: time_ns is not the last column of $1" >&2; return 1; }
  sed 's/,[^,]*$//' "$1"
}
config=$repo/experiments/reproduce-seeds.toml
t0=$(date +%s)

check "the cluster starts" "$repo/scripts/slurm-cluster" start "$work/cluster" </dev/null
export SLURM_CONF=$work/cluster/slurm.conf
[ -f "$SLURM_CONF" ] || finish

# 1. The sweep as a 4-task array, merged, against the unsharded run.
check "the unsharded run" "$TICTAC" run "$config" --out "$work/whole" </dev/null
t1=$(date +%s)
check "slurm-submit --shards 4 --wait succeeds" \
  "$repo/scripts/slurm-submit" "$config" --shards 4 --parallel 4 --time 10 --wait --out "$work/sharded" </dev/null
echo "slurm_test: the 4-shard array and merge took $(( $(date +%s) - t1 )) s"
check "the merge wrote results.csv and metadata.json" test -f "$work/sharded/results.csv" -a -f "$work/sharded/metadata.json"
check "each of the 4 shards wrote its results" \
  bash -c "ls -d '$work'/sharded/shards/shard-{0,1,2,3}-of-4/results.csv >/dev/null"
compare_quietly() { "$TICTAC" compare "$@" >"$work/compare.txt" || { cat "$work/compare.txt"; return 1; }; }
check "tictac compare: node counts unchanged" compare_quietly "$work/whole/results.csv" "$work/sharded/results.csv"
check "the CSVs are identical without the time column" \
  diff <(drop_time "$work/whole/results.csv") <(drop_time "$work/sharded/results.csv")
check "the merged metadata records 4 shards" grep -q '"shards": 4' "$work/sharded/metadata.json"

# 2. Shard 2 fails on purpose: reported by shard with its log, nothing merged.
TICTAC_SLURM_FAIL_SHARD=2 "$repo/scripts/slurm-submit" "$config" --shards 4 --wait --out "$work/broken" \
  >"$work/broken.out" 2>"$work/broken.err" </dev/null
status=$?
cat "$work/broken.err"
check "slurm-submit --wait exits non-zero when a shard fails" test "$status" -ne 0
check "the failure names shard 2/4" grep -q 'shard 2/4 (job [0-9]*_2) FAILED: exit code 3' "$work/broken.err"
check "the failure shows the shard's log" grep -q 'failing on purpose' "$work/broken.err"
check "no other shard is reported failed" bash -c "! grep -qE 'shard [013]/4 .*FAILED' '$work/broken.err'"
check "nothing was merged" test ! -e "$work/broken/results.csv" -a ! -e "$work/broken/metadata.json"
check "the merge job did not run" test ! -e "$work/broken/slurm/status/merge"

# 3. A proof split: 5x5 k=4 two plies deep over a 4-task array, joined by
#    minimax: the published draw (algorithms/exact/published_values.cpp).
t3=$(date +%s)
check "prove --split 2 writes the split of 5x5 k=4" \
  "$TICTAC" prove --board 5x5 --k 4 --split 2 --out "$work/split-5x5k4.csv" </dev/null
cat > "$work/split-5x5k4.toml" <<TOML
[experiment]
name = "split-5x5k4"
question = "Is 5x5 k=4 a draw, proved position by position two plies deep?"
boards = ["5x5k4"]

[[strategy]]
name = "dfpn"

[[position_set]]
name = "split"
kind = "file"
file = "split-5x5k4.csv"
TOML
check "the split as a 4-task array, merged with --split" \
  "$repo/scripts/slurm-submit" "$work/split-5x5k4.toml" --shards 4 --parallel 4 --time 10 --wait \
  --split "$work/split-5x5k4.csv" --out "$work/split" </dev/null
check "each of the 4 shards proved some of the split's positions" bash -c \
  "for i in 0 1 2 3; do grep -q ',position,' '$work'/split/shards/shard-\$i-of-4/results.csv || exit 1; done"
split_value() { /usr/bin/python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["split"]["value"])' "$1"; }
check "the root's value by minimax over the split is the draw" test "$(split_value "$work/split/metadata.json" 2>&1)" = 0
echo "slurm_test: the 5x5 k=4 split took $(( $(date +%s) - t3 )) s"

check "the cluster stops" "$repo/scripts/slurm-cluster" stop "$work/cluster"
no_daemon_left() {  # no munged, slurmctld or slurmd whose command line names the work folder
  local d comm
  for d in /proc/[0-9]*; do
    comm=$(cat "$d/comm" 2>/dev/null) || continue
    case "$comm" in munged|slurmctld|slurmd)
      if [[ "$(tr '\0' ' ' < "$d/cmdline" 2>/dev/null)" == *"$work"* ]]; then echo "left behind: $comm (pid ${d#/proc/})"; return 1; fi ;;
    esac
  done
}
check "no daemon of the test cluster is left" no_daemon_left
echo "slurm_test: $(( $(date +%s) - t0 )) s in all"
finish
