"""The one aggregation of a results folder, read by scripts/plot and scripts/report.

A results folder holds results.csv (one row per position and repetition, and
per set total and repetition) and metadata.json.  `Results(folder)` reads
both, and every figure that scripts/report prints or scripts/plot draws comes
from one of its tables:

  cells          one row per (board, position set, strategy): set totals
  positions      one row per (board, position set, strategy, position)
  by_ply         mean nodes per position at each ply
  effect_sizes   each strategy's ratio of nodes and of time to a baseline
  table_gains    nodes and time without a table / with it, per ordering
  winners        the fewest nodes and the least time, per board and set

A strategy here is a spec without its seed: strategies that differ only by
seed are pooled.  Their nodes are the median over the seeds (with the range);
their time is the median over the seeds of each seed's median over the
repetitions.  Node counts are the same in every repetition (the counting
search runs once); times differ.

Options come from the option columns (`<strategy_name>.<key>`) when the CSV
has them, and from the spec's normal form in older files.
"""

import functools
import hashlib
import json
import os

import numpy as np
import pandas as pd

import spec_labels

FEW_SEEDS = 10  # below this many seeds, the range over seeds; from it, the central 95 %
RESAMPLES = 2000  # paired bootstrap over positions, numpy's default_rng(0)
BRACKETS = ("oracle", "worst")  # orderings that read the exact solution: bounds, not contenders
KEYS = ["cell_board", "position_set"]


def fingerprint(path):
    """{"sha256": hex digest, "bytes": size} of a file: which results.csv a figure was drawn from."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            h.update(block)
    return {"sha256": h.hexdigest(), "bytes": os.path.getsize(path)}


def board_names(frame):
    """A board's name as tictac gives it (Board::name): RxCkK, and RxCkKg with
    gravity.  A results.csv from before the gravity column has no gravity."""
    if "gravity" in frame.columns:
        g = frame["gravity"].astype(str).str.lower().eq("true")
    else:
        g = pd.Series(False, index=frame.index)
    return frame["board"].astype(str) + "k" + frame["k"].astype(str) + g.map({True: "g", False: ""})


class Results:
    """A results folder, read once; its tables are computed when first asked for."""

    def __init__(self, folder):
        self.folder = str(folder)
        self.csv_path = os.path.join(self.folder, "results.csv")
        meta_path = os.path.join(self.folder, "metadata.json")
        self.meta = json.load(open(meta_path)) if os.path.exists(meta_path) else {}
        header = pd.read_csv(self.csv_path, nrows=0).columns
        # An option column is <strategy_name>.<key>: the only columns with a dot.
        self.option_columns = [c for c in header if "." in c]
        # Text columns (options, stratum, position) stay text: no per-chunk type guessing.
        text = {c: str for c in self.option_columns + [c for c in ("stratum", "position") if c in header]}
        df = pd.read_csv(self.csv_path, keep_default_na=False, na_values=[""], dtype=text, low_memory=False)
        self.options = self._options(df)  # {spec: (name, {key: value})}
        self.group_of = {s: spec_labels.unseeded(n, o) for s, (n, o) in self.options.items()}
        self.labels = spec_labels.labels(self.options, self.meta.get("strategy_options_set"))
        # Statistics a small or older CSV may lack: absent, as a table-less search would give them.
        for col, default in (("tt_hit_rate", 0.0), ("tt_capacity", 0), ("memo_entries", 0), ("table_bytes", 0),
                             ("ordering", "none"), ("ply", np.nan)):
            if col not in df.columns:
                df[col] = default
        df["cell_board"] = board_names(df)
        df["group"] = df["strategy"].map(self.group_of)
        df["label"] = df["strategy"].map(self.labels)
        self.df = df
        self.group_label = dict(zip(df["group"], df["label"]))
        self.group_options = {self.group_of[s]: (n, {k: v for k, v in o.items() if k != spec_labels.SEED})
                              for s, (n, o) in self.options.items()}
        self._resamples = {}  # positions -> bootstrap indices

    # ---- options and labels

    def _options(self, df):
        firsts = df.drop_duplicates("strategy")
        out = {}
        for _, row in firsts.iterrows():
            spec = row["strategy"]
            if self.option_columns:
                name = row["strategy_name"]
                prefix = name + "."
                out[spec] = (name, {c[len(prefix):]: row[c] for c in self.option_columns
                                    if c.startswith(prefix) and isinstance(row[c], str) and row[c] != ""})
            else:
                out[spec] = spec_labels.options(spec)
        return out

    def option(self, group, key):
        """The value of option `key` of a (pooled) strategy, or None."""
        return self.group_options[group][1].get(key)

    # ---- per seed: the rows pooled over repetitions

    @functools.cached_property
    def seed_totals(self):
        """One row per (board, set, strategy with its seed): set totals, time the median over repetitions."""
        t = self.df[self.df.row_kind == "set_total"]
        agg = dict(nodes=("nodes", "first"), time_ns=("time_ns", "median"), positions=("positions", "first"),
                   repetitions=("repetition", "nunique"), time_min=("time_ns", "min"), time_max=("time_ns", "max"))
        for c in ("tt_hit_rate", "tt_capacity", "memo_entries", "table_bytes", "ordering", "strategy_name", "label"):
            if c in t.columns:
                agg[c] = (c, "first")
        if "time_spread" in t.columns:
            agg["time_spread"] = ("time_spread", "median")
        s = t.sort_values("repetition").groupby(KEYS + ["group", "strategy"], sort=False).agg(**agg).reset_index()
        if "time_spread" not in s.columns:
            # Before time_spread was written: the spread of the repetitions' set totals.
            s["time_spread"] = np.where(s["repetitions"] > 1, (s["time_max"] - s["time_min"]) / s["time_ns"], np.nan)
        exact = t.groupby(KEYS + ["group"], sort=False).apply(_exactness).rename("exact")
        return s.merge(exact.reset_index(), on=KEYS + ["group"])

    @functools.cached_property
    def seed_positions(self):
        """One row per (board, set, strategy with its seed, position): time the median over repetitions."""
        p = self.df[self.df.row_kind == "position"]
        agg = dict(nodes=("nodes", "first"), time_ns=("time_ns", "median"), ply=("ply", "first"),
                   ordering=("ordering", "first"), label=("label", "first"))
        if "stratum" in p.columns:
            agg["stratum"] = ("stratum", "first")
        return p.sort_values("repetition").groupby(KEYS + ["group", "strategy", "position"], sort=False) \
                .agg(**agg).reset_index()

    # ---- the tables

    @functools.cached_property
    def cells(self):
        """One row per (board, set, strategy pooled over seeds), in the CSV's order.

        nodes: median over seeds of the set total (nodes_min, nodes_max: the
        range); time_ns: median over seeds of each seed's median over
        repetitions; time_spread, tt_hit_rate, memo_entries: medians over
        seeds; efficiency: oracle's nodes / nodes among strategies that differ
        only in ordering and seed (NaN without an oracle)."""
        s = self.seed_totals
        c = s.groupby(KEYS + ["group"], sort=False).agg(
            label=("label", "first"), strategy_name=("strategy_name", "first"), ordering=("ordering", "first"),
            seeds=("strategy", "nunique"), positions=("positions", "first"),
            nodes=("nodes", "median"), nodes_min=("nodes", "min"), nodes_max=("nodes", "max"),
            time_ns=("time_ns", "median"), time_spread=("time_spread", "median"),
            tt_hit_rate=("tt_hit_rate", "median"), tt_capacity=("tt_capacity", "first"),
            memo_entries=("memo_entries", "median"), table_bytes=("table_bytes", "max"),
            exact=("exact", "first"), repetitions=("repetitions", "max")).reset_index()
        c = self._in_config_order(c)
        c["family"] = c["group"].map(self._family)
        oracle = c[c.ordering == "oracle"].groupby(KEYS + ["family"])["nodes"].min().rename("oracle_nodes")
        c = c.merge(oracle.reset_index(), on=KEYS + ["family"], how="left")
        c["efficiency"] = c["oracle_nodes"] / c["nodes"]
        return c

    def _in_config_order(self, frame, then=()):
        """Boards in the config's order, then sets in the config's order, then strategies as the CSV first gives them."""
        def rank(values, first):
            order = {v: i for i, v in enumerate(first)}
            seen = list(dict.fromkeys(values))
            return values.map(lambda v: (order.get(v, len(order)), seen.index(v)))
        boards = list(self.meta.get("boards", []))
        sets = list(self.meta.get("position_sets", {}) or {})
        appearance = {g: i for i, g in enumerate(dict.fromkeys(self.df["group"]))}
        key = pd.DataFrame({"b": rank(frame["cell_board"], boards), "s": rank(frame["position_set"], sets),
                            "g": frame["group"].map(appearance), **{c: frame[c] for c in then}}, index=frame.index)
        return frame.loc[key.sort_values(["b", "s", "g", *then], kind="stable").index].reset_index(drop=True)

    def _family(self, group):
        """A strategy without its ordering and seed: the strategies an ordering comparison sets side by side."""
        name, o = self.group_options[group]
        return spec_labels.unseeded(name, {k: v for k, v in o.items() if k != "order"})

    @functools.cached_property
    def positions(self):
        """One row per (board, set, strategy pooled over seeds, position): nodes the
        median over seeds (with the range), time the median over seeds of each
        seed's median over repetitions."""
        s = self.seed_positions
        agg = dict(label=("label", "first"), ordering=("ordering", "first"), ply=("ply", "first"),
                   seeds=("strategy", "nunique"), nodes=("nodes", "median"), nodes_min=("nodes", "min"),
                   nodes_max=("nodes", "max"), time_ns=("time_ns", "median"))
        if "stratum" in s.columns:
            agg["stratum"] = ("stratum", "first")
        return s.groupby(KEYS + ["group", "position"], sort=False).agg(**agg).reset_index()

    @functools.cached_property
    def by_ply(self):
        """Mean nodes per position at each ply, per (board, set, strategy), over the rows of `positions`."""
        p = self.positions
        by = p.groupby(KEYS + ["group", "ply"], sort=False).agg(
            label=("label", "first"), seeds=("seeds", "max"), nodes=("nodes", "mean"),
            positions=("position", "nunique")).reset_index()
        return self._in_config_order(by, then=["ply"])

    # ---- effect sizes

    def baseline(self, board, pset):
        """(group, why) of the baseline of one board and set: metadata.json's
        `baseline`, else the first strategy whose ordering is index, else the set's first strategy."""
        cell = self.cells[(self.cells.cell_board == board) & (self.cells.position_set == pset)]
        groups = list(cell["group"])
        wanted = self.meta.get("baseline")
        if wanted:
            g = self.group_of.get(wanted) or spec_labels.unseeded(*spec_labels.options(wanted))
            if g not in groups:  # the CSV's options may spell defaults the normal form leaves out
                g = next((self.group_of[s] for s in self.options
                          if spec_labels.unseeded(*spec_labels.options(s)) == g), g)
            if g in groups:
                return g, "the config's baseline"
        index = list(cell[cell.ordering == "index"]["group"])
        if index:
            return index[0], "the first strategy whose ordering is index"
        return groups[0], "the first strategy of the set"

    def _bootstrap_indices(self, n):
        # One draw per number of positions: every strategy of a set is resampled
        # over the same positions (paired), and the report is deterministic.
        if n not in self._resamples:
            self._resamples[n] = np.random.default_rng(0).integers(0, n, size=(RESAMPLES, n))
        return self._resamples[n]

    def ratio(self, board, pset, numerator, denominator, what):
        """The ratio of `what` (nodes or time_ns) of two strategies on one board and set.

        With a row per position: the geometric mean of the per-position ratios
        (positions where both ran), with a 95 % interval from a paired
        bootstrap over positions; a strategy run over seeds gives one
        geometric mean per seed (against the denominator's per-position value,
        its median over seeds), the point its median and the interval the
        range over seeds (the central 95 % from FEW_SEEDS seeds on).  Without
        positions (rows = "totals"): the ratio of the set totals, no interval.
        Returns {ratio, low, high, interval, positions, seeds}."""
        sp = self.seed_positions
        sp = sp[(sp.cell_board == board) & (sp.position_set == pset)]
        num, den = sp[sp.group == numerator], sp[sp.group == denominator]
        if not num.empty and not den.empty:
            den_by_position = den.groupby("position")[what].median()
            per_seed = []
            for _, h in num.groupby("strategy", sort=False):
                r = h.groupby("position")[what].median() / den_by_position
                r = r[np.isfinite(r) & (r > 0)]
                per_seed.append(np.log(r.to_numpy(dtype=float)))
            n = min(len(x) for x in per_seed)
            if n == 0:
                return dict(ratio=np.nan, low=np.nan, high=np.nan, interval="no positions in common",
                            positions=0, seeds=len(per_seed))
            if len(per_seed) == 1:
                logs = per_seed[0]
                point = float(np.exp(logs.mean()))
                if n < 2:
                    return dict(ratio=point, low=np.nan, high=np.nan, interval="one position: no interval",
                                positions=n, seeds=1)
                boot = np.exp(logs[self._bootstrap_indices(n)].mean(axis=1))
                low, high = np.percentile(boot, [2.5, 97.5])
                return dict(ratio=point, low=float(low), high=float(high), interval=f"bootstrap 95%, {n} positions",
                            positions=n, seeds=1)
            gms = np.exp([x.mean() for x in per_seed])
            return dict(ratio=float(np.median(gms)), positions=n, seeds=len(gms), **_over_seeds(gms))
        t = self.seed_totals
        t = t[(t.cell_board == board) & (t.position_set == pset)]
        num, den = t[t.group == numerator], t[t.group == denominator]
        if num.empty or den.empty:
            return dict(ratio=np.nan, low=np.nan, high=np.nan, interval="not run", positions=0, seeds=0)
        r = (num[what].astype(float) / float(den[what].median())).to_numpy()
        if len(r) == 1:
            return dict(ratio=float(r[0]), low=np.nan, high=np.nan,
                        interval="totals only: no interval without a row per position", positions=0, seeds=1)
        return dict(ratio=float(np.median(r)), positions=0, seeds=len(r), **_over_seeds(r))

    @functools.cached_property
    def effect_sizes(self):
        """Per (board, set, strategy): ratios of nodes and of time to the set's baseline."""
        rows = []
        for (board, pset), cell in self.cells.groupby(KEYS, sort=False):
            base, why = self.baseline(board, pset)
            for _, c in cell.iterrows():
                n = self.ratio(board, pset, c["group"], base, "nodes")
                t = self.ratio(board, pset, c["group"], base, "time_ns")
                rows.append({"cell_board": board, "position_set": pset, "group": c["group"], "label": c["label"],
                             "ordering": c["ordering"], "baseline": base, "baseline_label": self.group_label[base],
                             "baseline_why": why, "seeds": n["seeds"], "positions": n["positions"],
                             "interval": n["interval"],
                             "nodes_ratio": n["ratio"], "nodes_low": n["low"], "nodes_high": n["high"],
                             "time_ratio": t["ratio"], "time_low": t["low"], "time_high": t["high"]})
        return pd.DataFrame(rows)

    @functools.cached_property
    def table_gains(self):
        """Per (board, set) and pair of strategies identical but for tt=none and
        tt=<a table>: nodes and time without the table / with it."""
        rows = []
        for (board, pset), cell in self.cells.groupby(KEYS, sort=False):
            groups = list(cell["group"])
            for g0 in groups:
                name0, o0 = self.group_options[g0]
                if o0.get("tt") != "none":
                    continue
                rest0 = {k: v for k, v in o0.items() if k != "tt"}
                for g1 in groups:
                    name1, o1 = self.group_options[g1]
                    if name1 != name0 or o1.get("tt") in (None, "none"):
                        continue
                    if {k: v for k, v in o1.items() if k != "tt"} != rest0:
                        continue
                    n = self.ratio(board, pset, g0, g1, "nodes")
                    t = self.ratio(board, pset, g0, g1, "time_ns")
                    rows.append({"cell_board": board, "position_set": pset, "without": g0, "with": g1,
                                 "without_label": self.group_label[g0], "with_label": self.group_label[g1],
                                 "ordering": o0.get("order", ""), "table": o1.get("tt"),
                                 "interval": n["interval"], "seeds": n["seeds"], "positions": n["positions"],
                                 "nodes_ratio": n["ratio"], "nodes_low": n["low"], "nodes_high": n["high"],
                                 "time_ratio": t["ratio"], "time_low": t["low"], "time_high": t["high"]})
        return pd.DataFrame(rows)

    @functools.cached_property
    def winners(self):
        """Per (board, set): the strategies with the fewest nodes and with the
        least time, among those that solved every position exactly (a search
        stopped by its budget wins nothing) and do not read the exact solution
        (oracle and worst are bounds, not contenders).  Ties are all listed."""
        rows = []
        for (board, pset), cell in self.cells.groupby(KEYS, sort=False):
            c = cell[~cell.ordering.isin(BRACKETS) & (cell.exact == "yes")]
            if c.empty:
                continue
            for by in ("nodes", "time_ns"):
                best = c[c[by] == c[by].min()]
                rows.append({"cell_board": board, "position_set": pset, "by": by,
                             "labels": list(best["label"]), "value": float(best[by].iloc[0])})
        return pd.DataFrame(rows, columns=KEYS + ["by", "labels", "value"])


def _over_seeds(values):
    """The interval of a ratio measured once per seed: the range, or the central 95 % of many seeds."""
    if len(values) < FEW_SEEDS:
        return dict(low=float(np.min(values)), high=float(np.max(values)), interval=f"range over {len(values)} seeds")
    low, high = np.percentile(values, [2.5, 97.5])
    return dict(low=float(low), high=float(high), interval=f"central 95% of {len(values)} seeds")


def _exactness(rows):
    """yes: every row matches the exact solution; NO: a row disagrees; unknown: a
    search ran out of its budget (no value to check)."""
    if "matches_exact" not in rows.columns:
        return "unknown"
    if rows["matches_exact"].astype(str).str.lower().eq("true").all():
        return "yes"
    status = set(rows["status"].astype(str)) if "status" in rows.columns else set()
    if "disagrees" in status:
        return "NO"
    return "unknown" if "unknown" in status else "NO"


def winner_sentence(winners, by):
    """Whether the winner by `by` (nodes or time_ns) changes between boards and sets, in one sentence."""
    w = winners[winners.by == by]
    what = "nodes" if by == "nodes" else "time"
    if w.empty:
        return ""
    where = {}  # the winner (ties joined) -> {board: [sets]}
    for labels, board, pset in zip(w["labels"], w["cell_board"], w["position_set"]):
        name = " = ".join(f"`{x}`" for x in labels)
        where.setdefault(name, {}).setdefault(board, []).append(pset)

    def places(boards):
        return ", ".join(f"{b} ({', '.join(f'`{s}`' for s in sets)})" for b, sets in boards.items())

    if len(where) == 1:
        name, boards = next(iter(where.items()))
        return f"By {what}, {name} wins on every board and set: {places(boards)}."
    per_board = {}
    for name, boards in where.items():
        for b in boards:
            per_board.setdefault(b, set()).add(name)
    detail = "; ".join(f"{name} on {places(boards)}" for name, boards in where.items())
    if len(per_board) > 1 and len({frozenset(v) for v in per_board.values()}) > 1:
        return f"By {what}, the winner changes between boards: {detail}."
    return f"By {what}, the winner changes between position sets, not between boards: {detail}."
