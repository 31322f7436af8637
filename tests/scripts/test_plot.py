"""scripts/plot: its figures are the report's table figures, its manifest, and
the figures tests/plot_test.sh checked (the ordering comparisons)."""

import csv
import hashlib
import json
import os
import statistics

import matplotlib.pyplot as plt
import pytest
from matplotlib.patches import Rectangle

import results_plot
import results_summary
from conftest import FIXTURES, run


def manifest(folder):
    return json.loads((folder / "plots" / "manifest.json").read_text())


class Kept(results_plot.Figures):
    """Figures that stay open after drawing, for a test to look at."""

    def __init__(self, out):
        super().__init__(out)
        self.figures = {}

    def save(self, fig, name, title, points):
        self.figures[name] = fig
        self.drawn.append({"name": name, "title": title, "files": []})
        self.points[name] = points.reset_index(drop=True)


def keep(figure, folder):
    figs = Kept(str(folder))
    figure(results_summary.Results(folder), figs)
    return figs


def test_a_plotted_point_is_the_figure_of_its_table_row(drawn):
    study, figs = drawn
    res = results_summary.Results(study)
    # Independently: random ordering without a table on set p, three seeds.
    with open(study / "results.csv", newline="") as f:
        tot = [r for r in csv.DictReader(f) if r["row_kind"] == "set_total" and r["position_set"] == "p"
               and r["strategy"].startswith("alphabeta:order=random,tt=none,")]
    seeds = {r["strategy"] for r in tot}
    want_nodes = statistics.median(int(r["nodes"]) for r in tot if r["repetition"] == "0")
    want_time = statistics.median(statistics.median(float(r["time_ns"]) for r in tot if r["strategy"] == s)
                                  for s in seeds)
    label = "alphabeta:order=random,tt=none"
    for name in ("nodes_per_strategy", "time_vs_nodes", "per_position_by_set_3x3k3"):
        pts = figs.points[name]
        point = pts[(pts.position_set == "p") & (pts.label == label)].iloc[0]
        row = res.cells[(res.cells.position_set == "p") & (res.cells.label == label)].iloc[0]
        assert point["nodes"] == row["nodes"] == want_nodes, name
        if "time_ns" in pts:
            assert point["time_ns"] == row["time_ns"] == want_time, name
    # nodes by ply: the mean over the ply's positions of the per-position median over seeds
    pts = figs.points["nodes_by_ply_3x3k3_p"]
    with open(study / "results.csv", newline="") as f:
        pos = [r for r in csv.DictReader(f) if r["row_kind"] == "position" and r["position_set"] == "p"
               and r["strategy"].startswith(label + ",") and r["ply"] == "1" and r["repetition"] == "0"]
    medians = [statistics.median(int(r["nodes"]) for r in pos if r["position"] == p) for p in {r["position"] for r in pos}]
    point = pts[(pts.label == label) & (pts.ply == 1)].iloc[0]
    assert point["nodes"] == statistics.mean(medians)
    by = res.by_ply
    assert by[(by.position_set == "p") & (by.label == label) & (by.ply == 1)].iloc[0]["nodes"] == point["nodes"]


def test_the_manifest_lists_the_files_drawn_and_the_fingerprint_of_the_csv(drawn_study):
    m = manifest(drawn_study)
    data = (drawn_study / "results.csv").read_bytes()
    assert m["results_csv"] == {"sha256": hashlib.sha256(data).hexdigest(), "bytes": len(data)}
    on_disk = sorted(p for p in os.listdir(drawn_study / "plots") if p != "manifest.json")
    assert sorted(m["files"]) == on_disk
    assert {f for d in m["figures"] for f in d["files"]} == set(m["files"])
    assert "nodes_per_strategy.png" in m["files"] and "nodes_per_strategy.svg" in m["files"]


def test_a_replot_deletes_what_its_manifest_lists_and_nothing_else(plotted_study):
    study = plotted_study
    plots = study / "plots"
    # A figure of the earlier run that this run will not draw, listed in its manifest ...
    m = manifest(study)
    (plots / "ordering_boxplot_old_run.png").write_text("old")
    m["files"].append("ordering_boxplot_old_run.png")
    m["files"].append("../results.csv")  # a manifest never deletes outside plots/
    (plots / "manifest.json").write_text(json.dumps(m))
    # ... and a file the user put there.
    (plots / "mine.png").write_text("mine")
    # This run has no 4x4 board: its 4x4 figures go.
    with open(study / "results.csv", newline="") as f:
        reader = csv.DictReader(f)
        kept = [r for r in reader if r["board"] != "4x4"]
        fields = reader.fieldnames
    with open(study / "results.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(kept)
    p = run("plot", study)
    assert p.returncode == 0, p.stderr
    left = set(os.listdir(plots))
    assert "ordering_boxplot_old_run.png" not in left
    assert not [f for f in left if "4x4k3" in f]
    assert "mine.png" in left and (study / "results.csv").exists()
    assert set(manifest(study)["files"]) == left - {"mine.png", "manifest.json"}


def test_nodes_per_strategy_draws_dots_on_a_log_axis_never_bars(study):
    figs = keep(results_plot.nodes_per_strategy, study)
    fig = figs.figures["nodes_per_strategy"]
    for ax in fig.axes:
        assert ax.get_xscale() == "log"
        assert not [p for p in ax.patches if isinstance(p, Rectangle)]
    assert "seeds" in fig.axes[-1].get_xlabel()
    plt.close("all")


def test_without_seeds_nodes_per_strategy_says_nothing_of_seeds(study):
    with open(study / "results.csv", newline="") as f:
        reader = csv.DictReader(f)
        kept = [r for r in reader if "order=random" not in r["strategy"]]
        fields = reader.fieldnames
    with open(study / "results.csv", "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=fields)
        w.writeheader()
        w.writerows(kept)
    fig = keep(results_plot.nodes_per_strategy, study).figures["nodes_per_strategy"]
    text = " ".join([fig.axes[-1].get_xlabel()] + [ax.get_title() for ax in fig.axes])
    assert "seed" not in text
    plt.close("all")


def write_results(folder, specs, boards=(("3x3", "false"),), positions=("X..../", ".X.../", "..X../"), plies=(1, 1, 1),
                  gravity_column=True):
    """A small results.csv in the format from before the option columns: specs searched on each board."""
    folder.mkdir()
    cols = ["experiment", "board", "k"] + (["gravity"] if gravity_column else []) + [
        "strategy", "strategy_name", "ordering", "position_set", "row_kind", "position", "ply", "positions",
        "repetition", "nodes", "tt_capacity", "tt_hit_rate", "time_ns"]
    with open(folder / "results.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(cols)
        for size, gravity in boards:
            board = ["t", size, 3] + ([gravity] if gravity_column else [])
            for n, spec in enumerate(specs):
                name, _, rest = spec.partition(":")
                order = dict(kv.split("=") for kv in rest.split(",")).get("order", "none") if rest else "none"
                for i, (pos, ply) in enumerate(zip(positions, plies)):
                    w.writerow(board + [spec, name, order, "s", "position", pos, ply, 1, 0, 10 + n * (i + 1), 0, 0, 1000])
                w.writerow(board + [spec, name, order, "s", "set_total", "", "", len(positions), 0,
                                    sum(10 + n * (i + 1) for i in range(len(positions))), 0, 0, 3000])
    return folder


def boxplots(folder):
    p = run("plot", folder)
    assert p.returncode == 0, p.stderr
    return sorted(f[:-4] for f in os.listdir(folder / "plots") if f.startswith("ordering_boxplot_") and f.endswith(".png"))


# The three cases of tests/plot_test.sh: an ordering comparison is drawn only
# where two or more orderings meet, one figure per family of strategies that
# differ only in ordering and seed, named by the options that vary within
# that family's strategy.


def test_orderings_with_and_without_a_table_make_one_comparison_each(tmp_path):
    folder = write_results(tmp_path / "orderings", [f"alphabeta:order={o},tt={t}" for t in ("none", "zobrist")
                                                    for o in ("index", "history")], gravity_column=False)
    assert boxplots(folder) == ["ordering_boxplot_3x3k3_s_tt-none", "ordering_boxplot_3x3k3_s_tt-zobrist"]


def test_best_beside_alphabeta_makes_comparisons_of_alphabeta_only_named_by_its_table_keys(tmp_path):
    folder = write_results(tmp_path / "best", [f"best:window={w},order=eval" for w in ("null", "full")]
                           + [f"alphabeta:order={o},tt=zobrist,keys={k}" for k in ("exact", "canonical")
                              for o in ("tt", "tt+history")], gravity_column=False)
    assert boxplots(folder) == ["ordering_boxplot_3x3k3_s_alphabeta_keys-canonical",
                                "ordering_boxplot_3x3k3_s_alphabeta_keys-exact"]


def test_a_board_with_and_without_gravity_are_two_boards(tmp_path):
    folder = write_results(tmp_path / "gravity", [f"alphabeta:order={o},tt=none" for o in ("index", "history")],
                           boards=(("3x3", "false"), ("3x3", "true")))
    assert boxplots(folder) == ["ordering_boxplot_3x3k3_s_all", "ordering_boxplot_3x3k3g_s_all"]


def test_a_boxplot_names_only_the_brackets_it_draws_and_shows_n_per_box(tmp_path):
    folder = write_results(tmp_path / "brackets", [f"alphabeta:order={o},tt=none" for o in ("index", "history", "worst")])
    fig = keep(results_plot.ordering_boxplots, folder).figures["ordering_boxplot_3x3k3_s_all"]
    ax = fig.axes[0]
    assert "worst" in ax.get_title() and "oracle" not in ax.get_title() and "green" not in ax.get_title()
    assert [p.get_facecolor()[:3] for p in ax.patches] == [pytest.approx((0.839, 0.153, 0.157), abs=0.01)]  # red
    assert all(t.get_text().endswith("n=3") for t in ax.get_xticklabels())
    plt.close("all")


def test_nodes_by_ply_labels_every_one_of_eighteen_lines(tmp_path):
    specs = [f"alphabeta:order={o},tt={t},replace={r}" for o in ("index", "history", "killer")
             for t in ("none", "zobrist") for r in ("always", "depth", "two-tier")]
    folder = write_results(tmp_path / "eighteen", specs, plies=(1, 2, 3))
    fig = keep(results_plot.nodes_by_ply, folder).figures["nodes_by_ply_3x3k3_s"]
    ax = fig.axes[0]
    lines = ax.get_lines()
    assert len(lines) == 18
    legend = ax.get_legend()
    assert legend is not None and len(legend.get_texts()) == 18
    assert {t.get_text() for t in legend.get_texts()} == {line.get_label() for line in lines}
    looks = {(line.get_color(), line.get_marker(), line.get_linestyle()) for line in lines}
    assert len(looks) == 18  # no two lines drawn alike
    plt.close("all")


def test_the_committed_fixture_is_small():
    assert sum(f.stat().st_size for f in (FIXTURES / "study").iterdir()) < 64 * 1024
