"""The one aggregation (scripts/results_summary.py) on the study fixture.

Every expected figure is computed here from the fixture's rows with plain
Python (csv, statistics, math), not read back from the module's output.
"""

import csv
import json
import math
import statistics

import numpy as np
import pytest

import results_summary
import spec_labels
from conftest import FIXTURES

STUDY = FIXTURES / "study"


def rows(**where):
    with open(STUDY / "results.csv", newline="") as f:
        return [r for r in csv.DictReader(f) if all(r[k] == v for k, v in where.items())]


def seeds_of(prefix, pset, kind="set_total"):
    """{spec: [rows]} of the specs starting with `prefix` on one set."""
    out = {}
    for r in rows(position_set=pset, row_kind=kind):
        if r["strategy"].startswith(prefix):
            out.setdefault(r["strategy"], []).append(r)
    return out


def per_position(spec, pset, what):
    """{position: the median over repetitions of `what`} for one spec."""
    out = {}
    for r in rows(position_set=pset, row_kind="position", strategy=spec):
        out.setdefault(r["position"], []).append(float(r[what]))
    return {p: statistics.median(v) for p, v in out.items()}


@pytest.fixture(scope="module")
def res():
    return results_summary.Results(STUDY)


def cell(res, board, pset, label):
    c = res.cells
    row = c[(c.cell_board == board) & (c.position_set == pset) & (c.label == label)]
    assert len(row) == 1, (label, list(c[(c.cell_board == board) & (c.position_set == pset)].label))
    return row.iloc[0]


def test_seeds_pool_into_one_row_nodes_the_median_over_seeds_and_time_the_median_of_each_seeds_median():
    res = results_summary.Results(STUDY)
    seeds = seeds_of("alphabeta:order=random,tt=none,", "p")
    assert len(seeds) == 3
    nodes = {s: int(next(r["nodes"] for r in rs if r["repetition"] == "0")) for s, rs in seeds.items()}
    times = {s: statistics.median(float(r["time_ns"]) for r in rs) for s, rs in seeds.items()}
    row = cell(res, "3x3k3", "p", "alphabeta:order=random,tt=none")
    assert row["seeds"] == 3
    assert row["nodes"] == statistics.median(nodes.values())
    assert (row["nodes_min"], row["nodes_max"]) == (min(nodes.values()), max(nodes.values()))
    assert row["time_ns"] == statistics.median(times.values())
    # the old bug: seed 1's node count (the first row) beside the median time
    assert row["nodes"] != nodes["alphabeta:order=random,tt=none,seed=1"]


def test_a_position_row_pools_seeds_the_same_way(res):
    seeds = seeds_of("alphabeta:order=random,tt=zobrist,", "q", kind="position")
    position = "XO.............."
    per_seed = [[r for r in rs if r["position"] == position] for rs in seeds.values()]
    want_nodes = statistics.median(int(r[0]["nodes"]) for r in per_seed)
    want_time = statistics.median(statistics.median(float(r["time_ns"]) for r in rs) for rs in per_seed)
    p = res.positions
    row = p[(p.position_set == "q") & (p.label == "alphabeta:order=random,tt=zobrist") & (p.position == position)].iloc[0]
    assert (row["nodes"], row["time_ns"]) == (want_nodes, want_time)
    assert row["stratum"] == "ply 2, distance 8"


def test_the_nodes_ratio_to_the_baseline_is_the_geometric_mean_of_the_per_position_ratios(res):
    # metadata.json names the baseline: alpha-beta with history, no table.
    index = per_position("alphabeta:order=index,tt=none,seed=1", "p", "nodes")
    history = per_position("alphabeta:order=history,tt=none,seed=1", "p", "nodes")
    want = math.exp(sum(math.log(index[p] / history[p]) for p in index) / len(index))
    e = res.effect_sizes
    row = e[(e.position_set == "p") & (e.label == "alphabeta:order=index,tt=none")].iloc[0]
    assert row["baseline_label"] == "alphabeta:order=history,tt=none"
    assert row["baseline_why"] == "the config's baseline"
    assert row["nodes_ratio"] == pytest.approx(want, rel=1e-12)
    assert row["interval"] == "bootstrap 95%, 4 positions"
    assert row["nodes_low"] <= row["nodes_ratio"] <= row["nodes_high"]
    assert row["nodes_low"] < row["nodes_high"]
    # time: the median over repetitions per position, then the same geometric mean
    ti = per_position("alphabeta:order=index,tt=none,seed=1", "p", "time_ns")
    th = per_position("alphabeta:order=history,tt=none,seed=1", "p", "time_ns")
    want_t = math.exp(sum(math.log(ti[p] / th[p]) for p in ti) / len(ti))
    assert row["time_ratio"] == pytest.approx(want_t, rel=1e-12)


def test_the_bootstrap_interval_is_deterministic_and_paired_over_positions():
    a = results_summary.Results(STUDY).ratio("3x3k3", "p", *groups("index,tt=zobrist", "history,tt=none"), "nodes")
    b = results_summary.Results(STUDY).ratio("3x3k3", "p", *groups("index,tt=zobrist", "history,tt=none"), "nodes")
    assert a == b
    # 2,000 resamples of the 4 positions with numpy's default_rng(0), percentiles 2.5 and 97.5
    num = per_position("alphabeta:order=index,tt=zobrist,seed=1", "p", "nodes")
    den = per_position("alphabeta:order=history,tt=none,seed=1", "p", "nodes")
    logs = np.log([num[p] / den[p] for p in sorted(num, key=list(num).index)])
    idx = np.random.default_rng(0).integers(0, len(logs), size=(2000, len(logs)))
    low, high = np.percentile(np.exp(logs[idx].mean(axis=1)), [2.5, 97.5])
    assert (a["low"], a["high"]) == pytest.approx((low, high), rel=1e-12)
    assert a["low"] <= a["ratio"] <= a["high"]


def groups(numerator, denominator):
    return (f"alphabeta:order={numerator}", f"alphabeta:order={denominator}")


def test_a_strategy_run_over_a_few_seeds_gives_the_range_over_its_seeds(res):
    den = per_position("alphabeta:order=history,tt=none,seed=1", "p", "nodes")
    gms = []
    for seed in (1, 2, 3):
        num = per_position(f"alphabeta:order=random,tt=none,seed={seed}", "p", "nodes")
        gms.append(math.exp(sum(math.log(num[p] / den[p]) for p in num) / len(num)))
    e = res.effect_sizes
    row = e[(e.position_set == "p") & (e.label == "alphabeta:order=random,tt=none")].iloc[0]
    assert row["interval"] == "range over 3 seeds"
    assert row["nodes_ratio"] == pytest.approx(statistics.median(gms), rel=1e-12)
    assert (row["nodes_low"], row["nodes_high"]) == pytest.approx((min(gms), max(gms)), rel=1e-12)


def test_a_set_written_as_totals_gives_the_ratio_of_totals_and_no_interval(res):
    total = {s: int(rs[0]["nodes"]) for s, rs in seeds_of("alphabeta:order=", "t").items()}
    e = res.effect_sizes
    row = e[(e.position_set == "t") & (e.label == "alphabeta:order=index,tt=zobrist")].iloc[0]
    assert row["nodes_ratio"] == pytest.approx(total["alphabeta:order=index,tt=zobrist,seed=1"]
                                               / total["alphabeta:order=history,tt=none,seed=1"], rel=1e-12)
    assert math.isnan(row["nodes_low"]) and "no interval" in row["interval"]


def test_without_a_baseline_in_the_metadata_the_first_index_ordering_is_the_baseline(tmp_path):
    from conftest import copy_of
    folder = copy_of("study", tmp_path)
    meta = json.loads((folder / "metadata.json").read_text())
    meta["baseline"] = None
    (folder / "metadata.json").write_text(json.dumps(meta))
    res = results_summary.Results(folder)
    group, why = res.baseline("3x3k3", "p")
    assert res.group_label[group] == "alphabeta:order=index,tt=none"
    assert why == "the first strategy whose ordering is index"


def test_the_gain_from_the_table_is_without_over_with_per_ordering(res):
    none = per_position("alphabeta:order=index,tt=none,seed=1", "q", "nodes")
    table = per_position("alphabeta:order=index,tt=zobrist,seed=1", "q", "nodes")
    want = math.exp(sum(math.log(none[p] / table[p]) for p in none) / len(none))
    g = res.table_gains
    row = g[(g.position_set == "q") & (g.ordering == "index")]
    assert len(row) == 1
    assert row.iloc[0]["with_label"] == "alphabeta:order=index,tt=zobrist"
    assert row.iloc[0]["nodes_ratio"] == pytest.approx(want, rel=1e-12)
    assert set(g[g.position_set == "q"]["ordering"]) == {"index", "history", "random"}


def test_the_winner_per_set_is_the_fewest_nodes_among_exact_strategies(res):
    totals = {}
    for r in rows(position_set="p", row_kind="set_total", repetition="0"):
        totals[r["strategy"]] = int(r["nodes"])
    fewest = min(totals, key=totals.get)
    w = res.winners
    row = w[(w.position_set == "p") & (w.by == "nodes")].iloc[0]
    assert row["labels"] == [res.labels[fewest]] and row["value"] == totals[fewest]
    sentence = results_summary.winner_sentence(w, "nodes")
    assert sentence.startswith("By nodes, the winner changes between boards")


def test_labels_show_the_options_the_user_set_never_a_default(res):
    labels = set(res.cells["label"])
    assert "best:window=null,pairing=on" in labels and "best:window=full" in labels
    assert not [x for x in labels if "seed=" in x or x.startswith("best") and ("tt=" in x or "order=" in x)]


def test_labels_vary_per_strategy_name_the_issues_example():
    # tt and order vary among alpha-beta's specs; best has one spec: its label is its name.
    specs = ["alphabeta:order=index,tt=none", "alphabeta:order=history,tt=zobrist",
             "best:wins=on,tt=canonical,order=eval"]
    labels = spec_labels.labels({s: spec_labels.options(s) for s in specs})
    assert labels == {specs[0]: "alphabeta:order=index,tt=none", specs[1]: "alphabeta:order=history,tt=zobrist",
                      specs[2]: "best"}


def test_without_the_options_the_user_set_labels_keep_every_option_that_varies_within_the_name(tmp_path):
    from conftest import copy_of
    folder = copy_of("study", tmp_path)
    meta = json.loads((folder / "metadata.json").read_text())
    del meta["strategy_options_set"]
    (folder / "metadata.json").write_text(json.dumps(meta))
    labels = set(results_summary.Results(folder).cells["label"])
    assert {"best:window=null,pairing=on", "best:window=full,pairing=off"} <= labels


def test_options_come_from_the_option_columns_when_the_csv_has_them(tmp_path, res):
    # best's pairing is left out of the second spec's normal form: only its column says "off".
    full = next(g for g in res.group_options if g.startswith("best:window=full"))
    assert res.option(full, "pairing") == "off"
    assert res.option("alphabeta:order=random,tt=none", "seed") is None  # seeds are pooled
    # The same rows without the option columns (a results.csv from before them): parsed from the spec.
    folder = tmp_path / "old"
    folder.mkdir()
    with open(STUDY / "results.csv", newline="") as f, open(folder / "results.csv", "w", newline="") as g:
        reader = csv.DictReader(f)
        keep = [c for c in reader.fieldnames if "." not in c]
        w = csv.DictWriter(g, fieldnames=keep, extrasaction="ignore")
        w.writeheader()
        w.writerows(reader)
    (folder / "metadata.json").write_text((STUDY / "metadata.json").read_text())
    old = results_summary.Results(folder)
    full = next(g for g in old.group_options if g.startswith("best:window=full"))
    assert old.option(full, "pairing") is None
    assert old.option(full, "window") == "full"
