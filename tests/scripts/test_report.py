"""scripts/report: it embeds only this run's plots, holds numbers in
verdicts.csv, gives the effect sizes and defines its columns, and still reads
the committed results folders of the older format."""

import csv
import json
import math
import os
import re
import statistics

from conftest import copy_of, run


def images(report):
    return re.findall(r"!\[[^\]]*\]\(plots/([^)]+)\)", report)


def test_the_report_embeds_the_manifests_plots_and_no_stray_picture(plotted_study):
    study = plotted_study
    (study / "plots" / "positions-board.png").write_bytes(b"not ours")
    (study / "stray.png").write_bytes(b"not ours")
    p = run("report", study)
    assert p.returncode == 0, p.stderr
    listed = [f for f in json.loads((study / "plots" / "manifest.json").read_text())["files"] if f.endswith(".png")]
    assert sorted(images((study / "report.md").read_text())) == sorted(listed)
    assert p.stderr == ""


def test_plots_of_another_run_are_refused_with_a_warning(plotted_study):
    study = plotted_study
    with open(study / "results.csv", "a") as f:  # this run's CSV is no longer the one plotted
        f.write((study / "results.csv").read_text().splitlines()[-1] + "\n")
    p = run("report", study)
    assert p.returncode == 0, p.stderr
    report = (study / "report.md").read_text()
    assert images(report) == []
    assert "the plots in plots/ are from another run" in report
    assert "warning" in p.stderr and "another run" in p.stderr


def test_plots_without_a_manifest_are_not_embedded(study):
    (study / "plots").mkdir()
    (study / "plots" / "nodes_per_strategy.png").write_bytes(b"an old picture")
    p = run("report", study)
    assert p.returncode == 0
    assert images((study / "report.md").read_text()) == []
    assert "no manifest.json" in p.stderr


def verdicts(folder):
    with open(folder / "verdicts.csv", newline="") as f:
        return {r["claim"]: r for r in csv.DictReader(f)}


def totals(folder, prefix, pset="p"):
    with open(folder / "results.csv", newline="") as f:
        return [int(r["nodes"]) for r in csv.DictReader(f) if r["row_kind"] == "set_total" and r["repetition"] == "0"
                and r["position_set"] == pset and r["strategy"].startswith(prefix)]


def test_verdicts_csv_holds_numbers_and_the_report_formats_them(drawn_study):
    v = verdicts(drawn_study)
    index = totals(drawn_study, "alphabeta:order=index,tt=none,")
    history = totals(drawn_study, "alphabeta:order=history,tt=none,")
    random = totals(drawn_study, "alphabeta:order=random,tt=none,")
    assert (v["index-nodes"]["relation"], float(v["index-nodes"]["expected"])) == ("approx", 170.0)
    assert float(v["index-nodes"]["measured"]) == index[0] and v["index-nodes"]["verdict"] == "does not hold"
    r = v["history-saves"]
    assert (r["relation"], float(r["expected"]), float(r["expected_max"])) == ("between", 1.0, 3.0)
    assert float(r["measured"]) == index[0] / history[0]  # full precision, not "1.895"
    assert len(r["measured"]) > 6
    assert float(v["random-median"]["measured"]) == statistics.median(random)
    assert (v["arithmetic"]["relation"], v["arithmetic"]["expected"], v["arithmetic"]["measured"]) == \
        ("equals", "true", "true")
    a = v["approx-third"]
    assert (float(a["expected"]), float(a["tolerance"]), float(a["measured"])) == (0.33, 0.05, 1 / 3)
    assert (v["unmeasurable"]["measured"], v["unmeasurable"]["expected"]) == ("", "")
    for row in v.values():  # every figure column parses as a number, true/false, or is empty
        for col in ("expected", "expected_max", "tolerance", "measured"):
            assert row[col] in ("", "true", "false") or not math.isnan(float(row[col]))
    report = (drawn_study / "report.md").read_text()
    assert "| 0.3300 ±5% | 0.3333 | **holds** |" in report
    assert "| 1 to 3 | 1.895 | **holds** |" in report


def test_the_report_gives_ratios_to_the_baseline_the_table_gain_and_the_winners(drawn_study):
    report = (drawn_study / "report.md").read_text()
    assert "Ratios to the baseline `alphabeta:order=history,tt=none` (the config's baseline)." in report
    # index against history on set p, by hand: per-position nodes from the fixture
    with open(drawn_study / "results.csv", newline="") as f:
        pos = [r for r in csv.DictReader(f) if r["row_kind"] == "position" and r["repetition"] == "0"
               and r["position_set"] == "p"]
    n = {s: [int(r["nodes"]) for r in pos if r["strategy"] == s] for s in
         ("alphabeta:order=index,tt=none,seed=1", "alphabeta:order=history,tt=none,seed=1")}
    gm = math.exp(statistics.mean(math.log(a / b) for a, b in zip(*n.values())))
    assert re.search(rf"\| `alphabeta:order=index,tt=none` \| {gm:.3g} \(\d\.\d+–\d\.\d+\) \|", report)
    assert "### The gain from the table" in report
    assert "By nodes, the winner changes between boards" in report
    assert "totals only: no interval without a row per position" in report
    assert "range over 3 seeds" in report


def test_the_report_defines_each_column_in_a_sentence(drawn_study):
    report = (drawn_study / "report.md").read_text()
    for column in ("strategy", "nodes", "time", "spread", "tt hit rate", "memo entries", "table memory", "exact",
                   "efficiency vs oracle", "nodes / baseline, time / baseline", "totals / baseline"):
        assert f"- **{column}**: " in report, column
    assert "oracle ordering's nodes / this strategy's nodes" in report


def test_an_unknown_commit_reads_unknown_and_the_binarys_commit_comes_first(study):
    assert run("report", study).returncode == 0
    report = (study / "report.md").read_text()
    assert "git commit unknown" in report and "None" not in report
    assert "build: cmake Release, GNU 12.2.0" in report
    meta = json.loads((study / "metadata.json").read_text())
    meta["tictac_build"]["commit"] = "abc123"
    meta["git"] = {"commit": "def456", "dirty": True}
    (study / "metadata.json").write_text(json.dumps(meta))
    assert run("report", study).returncode == 0
    report = (study / "report.md").read_text()
    assert "git commit `abc123` (the tictac binary's build)" in report and "def456" not in report


def test_the_scripts_still_read_a_committed_results_folder(tmp_path):
    # results/connect-four: a gravity board, sets written as totals only (and, until
    # the lead regenerates it, the format from before the option columns).
    folder = copy_of("results/connect-four", tmp_path)
    for script in ("plot", "report"):
        p = run(script, folder)
        assert p.returncode == 0, p.stderr
    report = (folder / "report.md").read_text()
    assert images(report) and "## Results" in report
    assert all(os.path.exists(folder / "plots" / f) for f in images(report))
