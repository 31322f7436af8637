"""The figures of a results folder (scripts/plot DIR), drawn from results_summary's tables.

Every point drawn is a row of a table that scripts/report prints or could
print (results_summary.Results): `draw` returns, per figure, the rows it drew,
so a test can hold a plotted point against its table row.

Into DIR/plots/ go NAME.png and NAME.svg per figure and manifest.json: the
files drawn and the fingerprint (sha256 and size) of the results.csv they
were drawn from.  A replot first deletes the files its previous manifest
lists, and no others; scripts/report embeds only the figures of a manifest
whose fingerprint matches the results.csv beside it.
"""

import json
import os
import re
import sys
import tempfile
import textwrap

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
import pandas as pd  # noqa: E402

import results_summary  # noqa: E402

MANIFEST = "manifest.json"
COLOURS = plt.cm.tab10.colors
MARKERS = "osD^v<>ph*"  # 9 markers against 10 colours: 90 distinct (colour, marker) pairs
LINESTYLES = ["-", "--", ":", "-."]
BRACKET_COLOURS = {"oracle": "tab:green", "worst": "tab:red"}
SIZE_OPTIONS = ("tt_bits", "memory_mb")  # the options that set a table's size


def style(i):
    """The i-th line's colour, marker and line style: distinct far beyond the colour cycle."""
    return dict(color=COLOURS[i % len(COLOURS)], marker=MARKERS[i % len(MARKERS)],
                linestyle=LINESTYLES[i // len(COLOURS) % len(LINESTYLES)])


def file_name(text):
    return re.sub(r"[^A-Za-z0-9_.-]", "_", text.replace("=", "-").replace("+", "p").replace(":", "-").replace(",", "_"))


class Figures:
    """Draws into one plots folder and remembers what it drew."""

    def __init__(self, out):
        self.out = out
        self.drawn = []  # [{"name", "title", "files"}]
        self.points = {}  # name -> the rows of a results_summary table it drew

    def save(self, fig, name, title, points):
        files = []
        for ext in ("png", "svg"):
            # Written beside the target and renamed, so a failed plot leaves no half file.
            target = os.path.join(self.out, f"{name}.{ext}")
            fd, tmp = tempfile.mkstemp(dir=self.out, prefix=".tmp-", suffix="." + ext)
            os.close(fd)
            fig.savefig(tmp, dpi=110, bbox_inches="tight")
            os.chmod(tmp, 0o644)
            os.replace(tmp, target)
            files.append(f"{name}.{ext}")
        plt.close(fig)
        self.drawn.append({"name": name, "title": title, "files": files})
        self.points[name] = points.reset_index(drop=True)


def clear_previous(out):
    """Deletes the files the previous manifest lists (only plain names inside `out`) and the manifest."""
    path = os.path.join(out, MANIFEST)
    if not os.path.exists(path):
        return []
    try:
        files = json.load(open(path)).get("files", [])
    except (ValueError, AttributeError):
        files = []
    removed = []
    for f in files:
        if isinstance(f, str) and f == os.path.basename(f) and f not in ("", ".", "..", MANIFEST):
            target = os.path.join(out, f)
            if os.path.isfile(target):
                os.remove(target)
                removed.append(f)
    os.remove(path)
    return removed


def draw(folder):
    """Draws every figure the data supports; returns the Figures (what it drew and the points)."""
    res = results_summary.Results(folder)
    out = os.path.join(folder, "plots")
    os.makedirs(out, exist_ok=True)
    clear_previous(out)
    figs = Figures(out)
    for figure in (nodes_per_strategy, time_vs_nodes, per_position_by_set, nodes_by_ply, ordering_boxplots,
                   tt_hit_rate_vs_size, seeds_histograms):
        figure(res, figs)
    manifest = {"drawn_by": "scripts/plot", "results_csv": results_summary.fingerprint(res.csv_path),
                "figures": figs.drawn, "files": [f for d in figs.drawn for f in d["files"]]}
    fd, tmp = tempfile.mkstemp(dir=out, prefix=".tmp-", suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(manifest, f, indent=1)
        f.write("\n")
    os.chmod(tmp, 0o644)
    os.replace(tmp, os.path.join(out, MANIFEST))
    return figs


# ---- the figures


def nodes_per_strategy(res, figs):
    """A dot per strategy on a log axis (its set total; median over seeds with the range as a line)."""
    cells = res.cells
    panels = list(cells.groupby(results_summary.KEYS, sort=False))
    if not panels:
        return
    rows = sum(len(g) for _, g in panels)
    longest = max(len(x) for x in cells["label"]) + 10  # the y labels take their width; the axes keep 6 inches
    fig, axes = plt.subplots(len(panels), 1, figsize=(6 + 0.055 * longest, 0.24 * rows + 1.1 * len(panels) + 0.4),
                             squeeze=False,
                             gridspec_kw={"height_ratios": [len(g) + 2 for _, g in panels]})
    seeded_any = (cells["seeds"] > 1).any()
    for ax, ((board, pset), g) in zip(axes[:, 0], panels):
        g = g.sort_values("nodes", ascending=False, kind="stable").reset_index(drop=True)
        y = range(len(g))
        colours = [BRACKET_COLOURS.get(o, "tab:blue") for o in g["ordering"]]
        seeded = g[g["seeds"] > 1]
        ax.hlines(seeded.index, seeded["nodes_min"], seeded["nodes_max"], color="grey", linewidth=1.2)
        ax.scatter(g["nodes"], y, color=colours, s=18, zorder=3)
        ax.set_yticks(list(y))
        ax.set_yticklabels([f"{lab} ({n} seeds)" if n > 1 else lab for lab, n in zip(g["label"], g["seeds"])],
                           fontsize=7)
        ax.set_ylim(-0.7, len(g) - 0.3)
        ax.set_xscale("log")
        ax.grid(axis="x", which="both", alpha=0.25)
        brackets = [f"{c}: {o}" for o, c in (("oracle", "green"), ("worst", "red")) if o in set(g["ordering"])]
        ax.set_title(f"{board}, position set '{pset}'" + (f" ({', '.join(brackets)})" if brackets else ""), fontsize=9)
    title = "nodes per strategy (set total)"
    axes[-1, 0].set_xlabel("nodes, set total (log scale)" + (
        "\na strategy run over seeds: the dot is the median over its seeds, the line their range" if seeded_any else ""))
    fig.tight_layout()
    figs.save(fig, "nodes_per_strategy", title,
              cells[results_summary.KEYS + ["group", "label", "seeds", "nodes", "nodes_min", "nodes_max"]])


def time_vs_nodes(res, figs):
    """Each strategy's set-total time against its set-total nodes (the report's table figures)."""
    cells = res.cells
    if cells.empty:
        return
    fig, ax = plt.subplots(figsize=(7.5, 5))
    for i, ((board, pset), h) in enumerate(cells.groupby(results_summary.KEYS, sort=False)):
        st = style(i)
        ax.scatter(h["nodes"], h["time_ns"], s=16, color=st["color"], marker=st["marker"], label=f"{board}, '{pset}'")
    ax.set_xscale("log")
    ax.set_yscale("log")
    ax.set_xlabel("nodes, set total (median over seeds)")
    ax.set_ylabel("time, ns, set total")
    title = "time against nodes, one point per strategy and set"
    ax.set_title(title + "\n(seeds pooled: median nodes; median over seeds of the median over repetitions)",
                 fontsize=9)
    ax.legend(fontsize=7, loc="center left", bbox_to_anchor=(1.02, 0.5))
    fig.tight_layout()
    figs.save(fig, "time_vs_nodes", title, cells[results_summary.KEYS + ["group", "label", "nodes", "time_ns"]])


def per_position_by_set(res, figs):
    """Pons's table as a figure: mean time and mean nodes per position, set by set, one line per strategy."""
    cells = res.cells
    multi = cells[cells["positions"] > 1]
    for board, g in multi.groupby("cell_board", sort=False):
        sets = list(dict.fromkeys(g["position_set"]))
        if len(sets) < 2:
            continue
        fig, axes = plt.subplots(1, 2, figsize=(13, 5.5))
        points = []
        for i, (group, h) in enumerate(g.groupby("group", sort=False)):
            h = h.set_index("position_set").reindex([s for s in sets if s in set(h["position_set"])])
            x = [sets.index(s) for s in h.index]
            st = style(i)
            if len(x) == 1:
                st["linestyle"] = "none"
            lab = h["label"].iloc[0]
            axes[0].plot(x, h["time_ns"] / h["positions"] / 1e3, label=lab, **st)
            axes[1].plot(x, h["nodes"] / h["positions"], label=lab, **st)
            points.append(h.reset_index())
        for ax, what in zip(axes, ("mean time per position, µs", "mean nodes per position")):
            ax.set_yscale("log")
            ax.set_xticks(range(len(sets)))
            ax.set_xticklabels([f"{s}\n({int(g[g.position_set == s]['positions'].iloc[0]):,})" for s in sets],
                               fontsize=8, rotation=30)
            ax.set_ylabel(what)
        axes[0].set_title(f"{board}: time per position by set (positions in brackets)", fontsize=9)
        axes[1].set_title(f"{board}: nodes per position by set", fontsize=9)
        axes[1].legend(fontsize=6, loc="center left", bbox_to_anchor=(1.02, 0.5))
        fig.tight_layout()
        pts = pd.concat(points)
        pts["mean_nodes"] = pts["nodes"] / pts["positions"]
        pts["mean_time_ns"] = pts["time_ns"] / pts["positions"]
        figs.save(fig, f"per_position_by_set_{file_name(board)}", f"{board}: per position, set by set",
                  pts[results_summary.KEYS + ["group", "label", "positions", "nodes", "time_ns", "mean_nodes",
                                              "mean_time_ns"]])


def nodes_by_ply(res, figs):
    """Mean nodes per position at each ply, one line per strategy, every line in the legend."""
    by = res.by_ply
    for board, pset in res.cells[results_summary.KEYS].drop_duplicates().itertuples(index=False):
        g = by[(by.cell_board == board) & (by.position_set == pset)]
        if g["ply"].nunique() < 2:
            continue
        fig, ax = plt.subplots(figsize=(9, 5))
        groups = list(dict.fromkeys(g["group"]))
        for i, group in enumerate(groups):
            h = g[g.group == group]
            ax.plot(h["ply"], h["nodes"], label=h["label"].iloc[0], markersize=4, linewidth=1, **style(i))
        ax.set_yscale("log")
        ax.set_xlabel("ply of the position searched")
        ax.set_ylabel("mean nodes per position (median over seeds)")
        title = f"{board}, '{pset}': nodes by ply"
        ax.set_title(title, fontsize=10)
        ax.legend(fontsize=6, loc="center left", bbox_to_anchor=(1.02, 0.5), ncol=1 if len(groups) <= 30 else 2)
        fig.tight_layout()
        figs.save(fig, f"nodes_by_ply_{file_name(board)}_{file_name(pset)}", title, g)


def ordering_boxplots(res, figs):
    """Nodes per position by ordering, one figure per family of strategies that
    differ only in ordering (and seed), where two or more orderings meet.  A
    family is named by its strategy (when several share the set) and the options
    that vary among the set's strategies of that name."""
    pos = res.positions
    pos = pos[pos.ordering != "none"]
    for (board, pset), g in pos.groupby(results_summary.KEYS, sort=False):
        if g["position"].nunique() < 2:
            continue
        groups = list(dict.fromkeys(g["group"]))
        values = {}  # (strategy name, option) -> the values it takes here
        for group in groups:
            name, o = res.group_options[group]
            for k, v in o.items():
                if k != "order":
                    values.setdefault((name, k), set()).add(v)
        several_names = len({res.group_options[x][0] for x in groups}) > 1

        def family(group):
            name, o = res.group_options[group]
            parts = [name] if several_names else []
            parts += [f"{k}={o[k]}" for k in o if len(values.get((name, k), ())) > 1]
            return ",".join(parts) or "all"

        g = g.assign(family=g["group"].map(family))
        for fam, h in g.groupby("family", sort=False):
            if h["ordering"].nunique() < 2:
                continue
            orders = sorted(h["ordering"].unique(), key=lambda o: h[h.ordering == o]["nodes"].median())
            data = [h[h.ordering == o]["nodes"] for o in orders]
            width = max(6.5, 0.9 * len(orders))
            fig, ax = plt.subplots(figsize=(width, 4.8))
            ax.boxplot(data, showfliers=False)
            ax.set_xticks(range(1, len(orders) + 1))
            ax.set_xticklabels([f"{o}\nn={len(d)}" for o, d in zip(orders, data)])
            ax.set_yscale("log")
            present = [o for o in ("oracle", "worst") if o in orders]
            for i, o in enumerate(orders):
                if o in BRACKET_COLOURS:
                    ax.axvspan(i + 0.6, i + 1.4, color=BRACKET_COLOURS[o], alpha=0.15)
            seeded = h["seeds"].max() > 1
            title = f"{board}, '{pset}', {fam}: nodes per position by ordering"
            notes = [{"oracle": "green: oracle (the exact solution's best moves first)",
                      "worst": "red: worst (its worst moves first)"}[o] for o in present]
            if seeded:
                notes.append("a seeded ordering: the median over its seeds per position")
            notes.append("n: positions")
            ax.set_title(title + "\n" + textwrap.fill("(" + "; ".join(notes) + ")", int(width * 13)), fontsize=8)
            ax.set_ylabel("nodes per position")
            ax.tick_params(axis="x", rotation=0 if len(orders) <= 7 else 45, labelsize=8)
            fig.tight_layout()
            figs.save(fig, f"ordering_boxplot_{file_name(board)}_{file_name(pset)}_{file_name(fam)}", title,
                      h[results_summary.KEYS + ["group", "label", "ordering", "position", "nodes"]])


def tt_hit_rate_vs_size(res, figs):
    """Table hit rate against table size, drawn only where the table's size is
    an option that varies (tt_bits, memory_mb) within a series of strategies
    otherwise alike: not when sizes differ only because boards or tables grow."""
    tt = res.cells[res.cells.tt_capacity > 0].copy()
    if tt.empty:
        return

    def size(g):
        return tuple(res.option(g, k) for k in SIZE_OPTIONS)

    def series(g):
        name, o = res.group_options[g]
        return spec_labels_without(res.group_label[g], SIZE_OPTIONS) if o else name

    tt["size"] = tt["group"].map(size)
    tt["series"] = tt["group"].map(series)
    if tt.empty or tt.groupby(results_summary.KEYS + ["series"])["size"].nunique().max() < 2:
        return
    panels = list(tt.groupby(results_summary.KEYS, sort=False))
    cols = min(4, len(panels))
    rows = -(-len(panels) // cols)
    fig, axes = plt.subplots(rows, cols, figsize=(4.2 * cols + 2.5, 3.8 * rows), squeeze=False, sharey=True)
    series_order = list(dict.fromkeys(tt["series"]))
    for ax, ((board, pset), p) in zip(axes.flat, panels):
        for s, h in p.groupby("series", sort=False):
            h = h.sort_values("tt_capacity")
            ax.plot(h["tt_capacity"], h["tt_hit_rate"], label=s, markersize=4, **style(series_order.index(s)))
        ax.set_xscale("log", base=2)
        ax.set_xlabel("table entries")
        ax.set_title(f"{board}, '{pset}'", fontsize=9)
    for ax in list(axes.flat)[len(panels):]:
        ax.set_visible(False)
    for ax in axes[:, 0]:
        ax.set_ylabel("tt hit rate (hits / probes)")
    handles, labels = [], []
    for ax in axes.flat:
        for hd, lb in zip(*ax.get_legend_handles_labels()):
            if lb not in labels:
                handles.append(hd)
                labels.append(lb)
    fig.legend(handles, labels, fontsize=7, loc="center left", bbox_to_anchor=(1.0, 0.5))
    title = "table hit rate against table size"
    fig.suptitle(title)
    fig.tight_layout()
    figs.save(fig, "tt_hit_rate_vs_size", title,
              tt[results_summary.KEYS + ["group", "label", "series", "tt_capacity", "tt_hit_rate"]])


def spec_labels_without(label, keys):
    """A label without the options in `keys` (a series over table sizes is named without its size)."""
    name, _, rest = label.partition(":")
    kept = [kv for kv in rest.split(",") if kv and kv.split("=", 1)[0] not in keys]
    return name + (":" + ",".join(kept) if kept else "")


def seeds_histograms(res, figs):
    """For a strategy run over FEW_SEEDS seeds or more: the distribution of its set-total nodes."""
    st = res.seed_totals
    for (board, pset, group), g in st.groupby(results_summary.KEYS + ["group"], sort=False):
        n = g["strategy"].nunique()
        if n < results_summary.FEW_SEEDS:
            continue
        nodes = g["nodes"].astype(float)
        lab = res.group_label[group]
        fig, ax = plt.subplots(figsize=(7, 4))
        ax.hist(nodes, bins=min(30, max(10, n // 4)), color="tab:blue", alpha=0.8)
        ax.axvline(nodes.median(), color="black", linestyle="--", label=f"median {nodes.median():,.0f}")
        ax.set_xlabel("nodes (set total)")
        ax.set_ylabel("seeds")
        title = f"{board}, '{pset}': {lab} over {n} seeds"
        ax.set_title(f"{title}\n(min {nodes.min():,.0f}, max {nodes.max():,.0f})", fontsize=9)
        ax.legend(fontsize=8)
        fig.tight_layout()
        figs.save(fig, f"seeds_{file_name(board)}_{file_name(pset)}_{file_name(lab)}", title,
                  g[results_summary.KEYS + ["group", "strategy", "nodes"]])


def main(argv):
    if len(argv) != 1:
        print("usage: scripts/plot RESULTS_DIR", file=sys.stderr)
        return 2
    folder = argv[0]
    if not os.path.isfile(os.path.join(folder, "results.csv")):
        print(f"plot: no results.csv in '{folder}'", file=sys.stderr)
        return 2
    figs = draw(folder)
    names = [d["name"] for d in figs.drawn]
    print(f"plot: {len(names)} figures in {os.path.join(folder, 'plots')}/: " + ", ".join(names))
    return 0
