"""The report of a results folder (scripts/report DIR): DIR/report.md, and
DIR/verdicts.csv for configs with [[claim]] tables.

Every figure comes from results_summary's tables, the ones scripts/plot
draws.  The plots embedded are those of DIR/plots/manifest.json, and only
when its fingerprint is that of DIR/results.csv: plots of another run are
never shown beside this run's tables.
"""

import json
import math
import os
import sys
import tempfile
import tomllib

import pandas as pd

import results_summary
import verdicts

MANIFEST = "manifest.json"


def fmt_ratio(x):
    if x is None or (isinstance(x, float) and math.isnan(x)):
        return "—"
    return f"{x:,.0f}" if x >= 100 else f"{x:.3g}"


def fmt_interval(low, high):
    if low is None or math.isnan(low):
        return ""
    return f" ({fmt_ratio(low)}–{fmt_ratio(high)})"


def fmt_bytes(b):
    if pd.isna(b) or not b:
        return "—"
    return f"{b / 1024:,.0f} KiB" if b < 1 << 20 else f"{b / (1 << 20):,.1f} MiB"


def plots_section(folder):
    """(lines, warning): the plots of this run's manifest, or why there are none."""
    plots = os.path.join(folder, "plots")
    path = os.path.join(plots, MANIFEST)
    pngs = os.path.isdir(plots) and any(p.endswith(".png") for p in os.listdir(plots))
    if not os.path.exists(path):
        if not pngs:
            return [], None
        why = ("plots/ holds figures but no manifest.json (drawn by an older scripts/plot, or by hand): none is "
               "embedded, since nothing says they are of this run; run scripts/plot on this folder")
        return ["## Plots\n", f"No plots: {why}.\n"], why
    try:
        manifest = json.load(open(path))
        drawn_from = manifest["results_csv"]
    except (ValueError, KeyError, TypeError):
        why = "plots/manifest.json cannot be read: no plot is embedded; run scripts/plot on this folder"
        return ["## Plots\n", f"No plots: {why}.\n"], why
    now = results_summary.fingerprint(os.path.join(folder, "results.csv"))
    if drawn_from.get("sha256") != now["sha256"] or drawn_from.get("bytes") != now["bytes"]:
        why = (f"the plots in plots/ are from another run (drawn from a results.csv of sha256 "
               f"{str(drawn_from.get('sha256'))[:12]}…, {drawn_from.get('bytes')} bytes; this one is "
               f"{now['sha256'][:12]}…, {now['bytes']} bytes): none is embedded; run scripts/plot on this folder")
        return ["## Plots\n", f"No plots: {why}.\n"], why
    lines = []
    for fig in manifest.get("figures", []):
        png = next((f for f in fig.get("files", []) if f.endswith(".png")), None)
        if png and png == os.path.basename(png) and os.path.isfile(os.path.join(plots, png)):
            lines.append(f"![{fig.get('title') or fig['name']}](plots/{png})\n")
    return (["## Plots\n", "The figures scripts/plot drew from this results.csv (plots/manifest.json).\n"] + lines
            if lines else []), None


class Report:
    def __init__(self, folder, tictac):
        self.folder = folder
        self.res = results_summary.Results(folder)
        self.meta = self.res.meta
        self.config = tomllib.loads(self.meta.get("config_text", "")) if self.meta.get("config_text") else {}
        self.tictac = tictac
        self.lines = []
        self.warnings = []
        self.verdict_rows = []

    def w(self, text=""):
        self.lines.append(text)

    # ---- the parts

    def write(self):
        meta = self.meta
        self.w(f"# Experiment `{meta.get('experiment', os.path.basename(os.path.abspath(self.folder)))}`\n")
        if meta.get("question"):
            self.w(f"**Question.** {meta['question']}\n")
        if meta.get("description"):
            self.w(meta["description"] + "\n")
        if self.config.get("claim"):
            self.verdict_rows = verdicts.Claims(self.res, self.config, self.tictac).rows()
            self.lines += verdicts.markdown(self.verdict_rows)
            verdicts.write_csv(self.verdict_rows, self.folder)
        self.results()
        self.summary()
        self.definitions()
        self.cells()
        self.table_gains()
        self.per_position_by_set()
        self.by_ply()
        lines, why = plots_section(self.folder)
        self.lines += lines
        if why:
            self.warnings.append(why)
        self.config_and_metadata()

    def results(self):
        meta = self.meta
        self.w("## Results\n")
        ex = meta.get("exactness") or {}
        against = ex.get("checked_against", "the exact solution")
        if isinstance(against, dict):  # by board (results from before this was per board hold one string)
            kinds = {}
            for board, ref in against.items():
                kinds.setdefault(ref, []).append(board)
            against = "; ".join(f"{', '.join(bs)}: {ref}" for ref, bs in kinds.items())
        rss = meta.get("max_rss_kib")
        self.w(f"Every row was checked ({against}): {ex.get('disagreements', 'unknown')} disagreements. "
               "Nodes come from the counting search; times from the statistics-free search"
               + (" (how, and what is not timed: the timing line of the metadata below)" if meta.get("timing") else "")
               + f", {meta.get('repetitions', 1)} repetition(s). Table memory is the bytes of the search's tables "
               "(`table_bytes`)" + (f"; the whole run's peak resident memory was {rss / 1024:,.0f} MiB" if rss else "")
               + ".\n")

    def summary(self):
        res = self.res
        winners = res.winners
        if winners.empty:
            return
        self.w("### Summary\n")
        self.w("Winners among the strategies that solved every position of the set exactly (a search stopped by "
               "its budget wins nothing) and do not read the exact solution (the oracle and worst orderings bound "
               "what an ordering can do; they are not contenders). Nodes are exact; times carry the spread "
               "given in the tables, so a winner by time within that spread is not a clear winner.\n")
        self.w("| board | position set | fewest nodes | least time |")
        self.w("|---|---|---|---|")
        for (board, pset), g in winners.groupby(results_summary.KEYS, sort=False):
            by = {r["by"]: r for _, r in g.iterrows()}

            def text(r, unit):
                return " = ".join(f"`{x}`" for x in r["labels"]) + f" ({unit(r['value'])})"

            self.w(f"| {board} | `{pset}` | {text(by['nodes'], lambda v: f'{v:,.0f} nodes')} | "
                   f"{text(by['time_ns'], lambda v: f'{v / 1e6:,.3f} ms')} |")
        self.w("")
        self.w(results_summary.winner_sentence(winners, "nodes") + " "
               + results_summary.winner_sentence(winners, "time_ns") + "\n")

    def definitions(self):
        res, meta = self.res, self.meta
        described = meta.get("columns", {})

        def desc(col, fallback):
            d = described.get(col, {}).get("description") if isinstance(described.get(col), dict) else None
            return d or fallback

        new_timing = "time_spread" in res.df.columns
        self.w("### Reading the tables\n")
        defs = [
            ("strategy", "the strategy's name and the options that vary among the strategies of that name in this "
                         "run (options left at a default the user did not set are not shown); *(N seeds)*: run once "
                         "per seed, and the seeds pooled into one row."),
            ("nodes", "the set total of the counting search's nodes (" + desc("nodes", "nodes searched") + "); for a "
                      "strategy run over seeds, the median over its seeds, with their range in brackets."),
            ("time", "the set total of the statistics-free search's time, the median over the repetitions"
                     + (" (each position's time is itself the median of its timed runs, `timed_runs`)" if new_timing
                        else "") + "; for a strategy run over seeds, the median over its seeds of each seed's median."),
            ("mean nodes, mean time, positions/s", "nodes / positions, time / positions and positions / time, where "
                                                  "the set has more than one position (Pons's table)."),
            ("spread", "(max − min) / median of a position's timed runs; on a set total the median of its positions' "
                       "spreads; the median over repetitions and seeds." if new_timing else
                       "(max − min) / median of the repetitions' set-total times; — with one repetition."),
            ("tt hit rate", desc("tt_hit_rate", "the table's hits / probes") + "; — without a table."),
            ("memo entries", desc("memo_entries", "entries of the search's memo") + "."),
            ("table memory", desc("table_bytes", "the bytes of the search's tables") + "."),
            ("exact", "yes when every row's value (and best move) matches the exact solution; unknown when a search "
                      "ran out of its budget; **NO** when a row disagrees."),
            ("efficiency vs oracle", "the oracle ordering's nodes / this strategy's nodes, among strategies that "
                                     "differ only in their ordering and seed (1 for the oracle; — where no oracle "
                                     "ran)."),
            ("nodes / baseline, time / baseline", "the geometric mean over the set's positions of this strategy's "
             "figure on a position divided by the baseline's on the same position, with a 95% interval from a paired "
             f"bootstrap over positions ({results_summary.RESAMPLES:,} resamples, numpy's default_rng(0); rough with "
             f"fewer than about ten positions); for a strategy run over fewer than {results_summary.FEW_SEEDS} seeds, "
             "the median over its seeds of each seed's geometric mean (against the baseline's per-position median "
             "over its own seeds), with their range (from "
             f"{results_summary.FEW_SEEDS} seeds, their central 95%); on a set written as totals only, the ratio of the set totals "
             "(no interval without a row per position). Below 1: fewer nodes, or less time, than the baseline."),
            ("totals / baseline", "this strategy's set total of nodes / the baseline's; large positions dominate it, "
                                  "where the geometric mean weighs every position alike."),
        ]
        for name, text in defs:
            self.w(f"- **{name}**: {text}")
        self.w("")

    def cells(self):
        res = self.res
        effects = res.effect_sizes.set_index(results_summary.KEYS + ["group"]).sort_index()
        for (board, pset), r in res.cells.groupby(results_summary.KEYS, sort=False):
            npos = int(r.iloc[0]["positions"])
            per_position = npos > 1
            self.w(f"### {board}, position set `{pset}` ({npos:,} position{'s' if npos != 1 else ''})\n")
            e = effects.loc[(board, pset)]
            base_label, why = e["baseline_label"].iloc[0], e["baseline_why"].iloc[0]
            base_nodes = float(r[r.group == e["baseline"].iloc[0]]["nodes"].iloc[0])
            self.w(f"Ratios to the baseline `{base_label}` ({why}).\n")
            self.w("| strategy | nodes / baseline | time / baseline | interval | totals / baseline |")
            self.w("|---|---:|---:|---|---:|")
            for _, x in r.iterrows():
                f = e.loc[x["group"]]
                if x["group"] == f["baseline"]:
                    self.w(f"| `{seeds_label(x)}` | 1 | 1 | the baseline | 1 |")
                    continue
                self.w(f"| `{seeds_label(x)}` | {fmt_ratio(f['nodes_ratio'])}{fmt_interval(f['nodes_low'], f['nodes_high'])} | "
                       f"{fmt_ratio(f['time_ratio'])}{fmt_interval(f['time_low'], f['time_high'])} | {f['interval']} | "
                       f"{fmt_ratio(x['nodes'] / base_nodes)} |")
            self.w("")
            has_oracle = r["efficiency"].notna().any()
            head = ("| strategy | nodes | time (ms) |" + (" mean nodes | mean time (µs) | positions/s |" if per_position else "")
                    + " spread | tt hit rate | memo entries | table memory | exact |"
                    + (" efficiency vs oracle |" if has_oracle else ""))
            self.w("Sorted by nodes.\n")
            self.w(head)
            self.w("|" + "|".join(["---"] + ["---:"] * (head.count("|") - 2)) + "|")
            for _, x in r.sort_values("nodes", kind="stable").iterrows():
                nodes = f"{x['nodes']:,.0f}" + (f" ({x['nodes_min']:,.0f}–{x['nodes_max']:,.0f})" if x["seeds"] > 1 else "")
                time_ms = x["time_ns"] / 1e6
                mean = ""
                if per_position:
                    rate = npos / (time_ms / 1e3) if time_ms else float("nan")
                    mean = f" {x['nodes'] / npos:,.1f} | {time_ms * 1e3 / npos:,.1f} | {rate:,.0f} |"
                spread = "—" if pd.isna(x["time_spread"]) else format(x["time_spread"], ".0%")
                hit = f"{x['tt_hit_rate']:.3f}" if x["tt_capacity"] else "—"
                memo = f"{x['memo_entries']:,.0f}" if x["memo_entries"] else "—"
                exact = {"NO": "**NO**"}.get(x["exact"], x["exact"])
                eff = (f" {x['efficiency']:.3f} |" if not pd.isna(x["efficiency"]) else " — |") if has_oracle else ""
                self.w(f"| `{seeds_label(x)}` | {nodes} | {time_ms:,.3f} |{mean} {spread} | {hit} | {memo} | "
                       f"{fmt_bytes(x['table_bytes'])} | {exact} |{eff}")
            self.w("")

    def table_gains(self):
        gains = self.res.table_gains
        if gains.empty:
            return
        self.w("### The gain from the table\n")
        self.w("For each pair of strategies identical but for `tt=none` and a table: nodes and time without the "
               "table / with it (geometric mean over positions with its interval, as in the ratios above). Above 1: "
               "the table saves nodes, or time.\n")
        self.w("| board | position set | without | with | nodes without / with | time without / with | interval |")
        self.w("|---|---|---|---|---:|---:|---|")
        for _, g in gains.iterrows():
            self.w(f"| {g['cell_board']} | `{g['position_set']}` | `{g['without_label']}` | `{g['with_label']}` | "
                   f"{fmt_ratio(g['nodes_ratio'])}{fmt_interval(g['nodes_low'], g['nodes_high'])} | "
                   f"{fmt_ratio(g['time_ratio'])}{fmt_interval(g['time_low'], g['time_high'])} | {g['interval']} |")
        self.w("")

    def per_position_by_set(self):
        """Every set side by side (Pons's table): per set, mean time and mean nodes per position."""
        cells = self.res.cells
        multi = cells[cells["positions"] > 1]
        for board, g in multi.groupby("cell_board", sort=False):
            sets = list(dict.fromkeys(g["position_set"]))
            if len(sets) < 2:
                continue
            self.w(f"### {board}: per position, set by set\n")
            self.w("Each cell: mean time per position (µs: the set's time as in the tables above, / positions) and, "
                   "in brackets, mean nodes per position; — where the strategy did not run on the set (the config's "
                   "`sets`).\n")
            npos = {s: int(g[g.position_set == s]["positions"].iloc[0]) for s in sets}
            self.w("| strategy | " + " | ".join(f"{s} ({npos[s]:,})" for s in sets) + " |")
            self.w("|---|" + "---:|" * len(sets))
            for _, h in g.groupby("group", sort=False):
                row = []
                for s in sets:
                    x = h[h.position_set == s]
                    if x.empty:
                        row.append("—")
                        continue
                    x = x.iloc[0]
                    row.append(f"{x['time_ns'] / npos[s] / 1e3:,.1f} ({x['nodes'] / npos[s]:,.1f})")
                self.w(f"| `{seeds_label(h.iloc[0])}` | " + " | ".join(row) + " |")
            self.w("")

    def by_ply(self):
        by = self.res.by_ply
        for (board, pset), g in by.groupby(results_summary.KEYS, sort=False):
            plies = sorted(g["ply"].unique())
            if len(plies) < 2:
                continue
            self.w(f"<details><summary>{board}, <code>{pset}</code>: mean nodes per position by ply "
                   "(positions in brackets)</summary>\n")
            count = g.groupby("ply")["positions"].max()
            self.w("| strategy | " + " | ".join(f"ply {int(p)} ({int(count[p])})" for p in plies) + " |")
            self.w("|---|" + "---:|" * len(plies))
            for group, h in g.groupby("group", sort=False):
                v = h.set_index("ply")["nodes"]
                self.w(f"| `{seeds_label(h.iloc[0])}` | " + " | ".join(f"{v[p]:,.1f}" if p in v.index else "—" for p in plies)
                       + " |")
            self.w("\n</details>\n")

    def config_and_metadata(self):
        meta = self.meta
        if meta.get("config_text"):
            self.w("## Config\n")
            self.w(f"`{meta.get('config_path', '')}` (FNV-1a 64: `{meta.get('config_fnv1a64', '')}`)\n")
            self.w("```toml\n" + meta["config_text"].rstrip() + "\n```\n")
        self.w("## Metadata\n")
        for line in provenance(meta):
            self.w(f"- {line}")
        self.w("")

    def save(self):
        fd, tmp = tempfile.mkstemp(dir=self.folder, prefix=".tmp-", suffix=".md")
        with os.fdopen(fd, "w") as f:
            f.write("\n".join(self.lines))
        os.chmod(tmp, 0o644)
        path = os.path.join(self.folder, "report.md")
        os.replace(tmp, path)
        return path


def seeds_label(row):
    return row["label"] + (f" ({int(row['seeds'])} seeds)" if row["seeds"] > 1 else "")


def timing_text(timing):
    """metadata.json's timing: a sentence (older runs) or an object whose `method` says how."""
    if isinstance(timing, dict):
        return str(timing.get("method") or json.dumps(timing))
    return str(timing)


def provenance(meta):
    """The metadata lines: which build of tictac made the data, where, when, how."""
    lines = []
    build = meta.get("tictac_build") or {}
    git = meta.get("git") or {}
    commit = build.get("commit") if build.get("commit") else git.get("commit")
    dirty = build.get("dirty") if build.get("commit") else git.get("dirty")
    source = "the tictac binary's build" if build.get("commit") else "the config's repository" if git.get("commit") else ""
    version = meta.get("tictac_version", "unknown version")
    lines.append(f"tictac {version}, git commit " + (f"`{commit}`" + (" (dirty tree)" if dirty else "")
                                                       + f" ({source})" if commit else "unknown"))
    b = meta.get("build") or {}
    parts = [str(x) for x in (build.get("build_type") or b.get("type"), build.get("compiler") or b.get("compiler"))
             if x]
    text = f"build: {b.get('system', '')} " + ", ".join(parts) if parts or b.get("system") else "build: unknown"
    if b.get("flags"):
        text += f", flags `{b['flags'].strip()}`"
    lines.append(text.replace("  ", " "))
    h = meta.get("host") or {}
    if h:
        lines.append(f"host: {h.get('name', 'unknown')}, {h.get('cpu_model', 'unknown CPU')}, "
                     f"{h.get('hardware_threads', '?')} hardware threads")
    if meta.get("timing"):
        timing = meta["timing"]
        lines.append(f"timing: {timing_text(timing)}" + (f"; not timed: {timing['not_timed']}"
                                                         if isinstance(timing, dict) and timing.get("not_timed") else ""))
    if meta.get("date_utc"):
        lines.append(f"date: {meta['date_utc']}" + (f", run time {meta['duration_s']:.1f} s" if "duration_s" in meta else "")
                     + (f", command `{meta['command']}`" if meta.get("command") else ""))
    if "cells" in meta:
        lines.append(f"{meta['cells']} cells, {meta.get('result_rows', '?')} rows; columns and their sources are in "
                     "`metadata.json`")
    return lines


def main(argv):
    if len(argv) != 1:
        print("usage: scripts/report RESULTS_DIR", file=sys.stderr)
        return 2
    folder = argv[0]
    for f in ("results.csv", "metadata.json"):
        if not os.path.isfile(os.path.join(folder, f)):
            print(f"report: no {f} in '{folder}'", file=sys.stderr)
            return 2
    root = os.path.dirname(os.path.dirname(os.path.realpath(__file__)))
    report = Report(folder, os.environ.get("TICTAC") or os.path.join(root, "build", "cmake", "tictac"))
    report.write()
    path = report.save()
    for why in report.warnings:
        print(f"report: warning: {why}", file=sys.stderr)
    rows = report.verdict_rows
    print(f"report: {path}" + (f" ({sum(r['verdict'] == 'holds' for r in rows)} of {len(rows)} claims hold)"
                               if rows else ""))
    return 0
