"""The verdicts of a config's [[claim]] tables, for scripts/report.

Each [[claim]] is measured by its source and judged by its relation:
  run         a statistic of a strategy's set-total rows (results.csv); with
              `baseline`, baseline / strategy; `count = "below_root"` leaves
              the root out of node counts (one entry per position searched),
              for seeds whose code does not count the root;
  analyze     a figure of `tictac analyze --format json` (dots descend; a
              list takes an index or [key=value]); with baseline_figure, a ratio;
  arithmetic  an expression, evaluated with A (the board's analyze figures),
              C (the figures measured for the claims above it, by id),
              R(statistic, spec) (a run figure, harness convention) and
              games_at(ply) (complete games of that length);
  none        not measurable here: the claim's `reason` says why.
Relations: approx (default: within `tolerance`, relative), less, at_most,
greater, at_least, between (expected <= m < expected_max), magnitude (the
same power of ten: |log10 m - log10 expected| <= 0.5); a boolean expected
is matched exactly (relation `equals`).

verdicts.csv holds numbers: `expected` (a number, or true/false),
`expected_max` (between), `relation`, `tolerance` (approx) and `measured` (full
precision) are columns of their own; only report.md formats them for people.
"""

import ast
import csv
import json
import math
import os
import subprocess
import tempfile

import pandas as pd

import spec_labels

COUNTS = {"nodes", "terminal_nodes"}
COLUMNS = ["claim", "seed", "section", "claim_text", "english", "source", "relation", "expected", "expected_max",
           "tolerance", "measured", "verdict", "measured_as", "harness", "note", "how"]

SAFE_NODES = (ast.Expression, ast.BinOp, ast.UnaryOp, ast.BoolOp, ast.Compare, ast.Constant, ast.Name, ast.Load,
              ast.Store, ast.Call, ast.Subscript, ast.Slice, ast.Tuple, ast.List, ast.GeneratorExp, ast.ListComp,
              ast.comprehension, ast.IfExp, ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow,
              ast.USub, ast.UAdd, ast.Not, ast.And, ast.Or, ast.Eq, ast.NotEq, ast.Lt, ast.LtE, ast.Gt, ast.GtE)
SAFE_FUNCS = {"sum": sum, "min": min, "max": max, "all": all, "any": any, "range": range, "len": len, "abs": abs,
              "round": round, "factorial": math.factorial, "sqrt": math.sqrt, "log10": math.log10}


def evaluate_expression(expr, names):
    """Arithmetic, comparisons and the functions above; no attributes, no other calls."""
    tree = ast.parse(expr, mode="eval")
    bound = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)}
    for n in ast.walk(tree):
        if not isinstance(n, SAFE_NODES):
            raise ValueError(f"expression '{expr}': {type(n).__name__} is not allowed")
        if isinstance(n, ast.Call) and not (isinstance(n.func, ast.Name) and (n.func.id in SAFE_FUNCS or n.func.id in names)):
            raise ValueError(f"expression '{expr}': only {', '.join(SAFE_FUNCS)} and {', '.join(names)} may be called")
        if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load) and n.id not in SAFE_FUNCS and n.id not in names \
                and n.id not in bound:
            raise ValueError(f"expression '{expr}': unknown name {n.id}")
    # One namespace, as globals, so that generator expressions see the names too.
    return eval(compile(tree, "<claim>", "eval"), {"__builtins__": {}, **SAFE_FUNCS, **names})


def fmt_num(x):
    """A figure for people: 23,856; 0.9500; 1.234e+06; true."""
    if isinstance(x, bool):
        return "true" if x else "false"
    if isinstance(x, float) and not x.is_integer():
        return f"{x:,.4g}" if abs(x) >= 1 else f"{x:.4f}"
    return f"{int(x):,}"


def relation_of(c):
    if "expected" not in c:
        return ""
    return "equals" if isinstance(c["expected"], bool) else c.get("relation", "approx")


def judge(c, m):
    e = c["expected"]
    if isinstance(e, bool):
        return isinstance(m, bool) and m == e
    if isinstance(m, bool):
        raise ValueError("the expression gives true/false but the expected figure is a number")
    rel, tol = c.get("relation", "approx"), float(c.get("tolerance", 0))
    if rel == "approx":
        return abs(m - e) <= tol * abs(e) if e else abs(m) <= tol
    if rel == "less":
        return m < e
    if rel == "at_most":
        return m <= e
    if rel == "greater":
        return m > e
    if rel == "at_least":
        return m >= e
    if rel == "between":
        return e <= m < c["expected_max"]
    if rel == "magnitude":
        return m > 0 and abs(math.log10(m) - math.log10(e)) <= 0.5
    raise ValueError(f"unknown relation {rel}")


def expected_text(row):
    """The expected figure of a verdict row, for people: "23,856 ±5%", "> 0.9000", "1 to 10"."""
    e, rel = row["expected"], row["relation"]
    if e is None or e == "":
        return "—"
    if isinstance(e, bool):
        return fmt_num(e)
    if rel == "approx":
        tol = float(row["tolerance"] or 0)
        return fmt_num(e) + (f" ±{tol:.0%}" if tol else "")
    if rel == "between":
        return f"{fmt_num(e)} to {fmt_num(row['expected_max'])}"
    if rel == "magnitude":
        return f"~10^{round(math.log10(e))}"
    return {"less": "< ", "at_most": "≤ ", "greater": "> ", "at_least": "≥ "}[rel] + fmt_num(e)


def measured_text(row):
    m = row["measured"]
    return "—" if m is None or m == "" else fmt_num(m)


class Claims:
    """Measures and judges the claims of one results folder (a results_summary.Results)."""

    def __init__(self, res, config, tictac):
        self.res, self.config, self.tictac = res, config, tictac
        df = res.df
        self.totals = df[(df.row_kind == "set_total") & (df.repetition == 0)]
        self.alltotals = df[df.row_kind == "set_total"]
        self.default_board = config["experiment"]["boards"][0]
        sets = res.meta.get("position_sets") or {}
        self.default_set = list(sets)[0] if sets else None
        self.analyze_cache = {}

    def analyze(self, board):
        if board not in self.analyze_cache:
            size, _, k = board.partition("k")
            gravity = k.endswith("g")  # 6x7k4g: a gravity board
            out = subprocess.run([self.tictac, "analyze", "--board", size, "--k", k.rstrip("g"), "--format", "json"]
                                 + (["--gravity"] if gravity else []), check=True, capture_output=True,
                                 text=True).stdout
            self.analyze_cache[board] = json.loads(out)
        return self.analyze_cache[board]

    @staticmethod
    def figure(data, path):
        v = data
        for part in path.split("."):
            if isinstance(v, list):
                if part.startswith("[") and "=" in part:
                    key, _, want = part[1:-1].partition("=")
                    v = next(e for e in v if str(e[key]) == want)
                else:
                    v = v[int(part)]
            else:
                v = v[part]
        return v

    @staticmethod
    def matches(claim_spec, spec):
        cn, co = spec_labels.options(claim_spec)
        n, o = spec_labels.options(spec)
        return cn == n and all(o.get(k) == v for k, v in co.items())

    def run_values(self, spec, stat, board, pset, count="all"):
        """The statistic of every strategy matching `spec` (one value per strategy)."""
        totals, alltotals, df = self.totals, self.alltotals, self.res.df
        sel = totals[(totals.cell_board == board) & (totals.position_set == pset)]
        rows = sel[sel["strategy"].map(lambda s: self.matches(spec, s))]
        if rows.empty:
            raise ValueError(f"no rows for strategy {spec} on {board}, set {pset}")
        if stat == "value":
            pos = df[(df.row_kind == "position") & (df.repetition == 0) & (df.position_set == pset) &
                     (df.cell_board == board) & df["strategy"].map(lambda s: self.matches(spec, s))]
            vals = pos["value"].astype(float)
        elif stat == "time_ns":
            t = alltotals[(alltotals.cell_board == board) & (alltotals.position_set == pset) &
                          alltotals["strategy"].map(lambda s: self.matches(spec, s))]
            vals = t.groupby("strategy")["time_ns"].median().astype(float)
        else:
            vals = rows[stat].astype(float)
            if count == "below_root":
                if stat not in COUNTS:
                    raise ValueError(f"count = below_root applies to node counts, not {stat}")
                vals = vals - rows["positions"].astype(float)
        return list(vals)

    @staticmethod
    def aggregate(vals, agg, what):
        if len(vals) > 1 and not agg:
            raise ValueError(f"{len(vals)} strategies match {what}; give an aggregate")
        s = pd.Series(vals)
        return {"median": s.median, "min": s.min, "max": s.max, "mean": s.mean}[agg or "median"]()

    def measure(self, c, measured_by_id):
        """(measured, how, harness) of one claim; raises when the data cannot answer it."""
        board = c.get("board", self.default_board)
        pset = c.get("position_set", self.default_set)
        source = c.get("source", "run")
        harness = ""
        if source == "analyze":
            a = self.analyze(board)
            measured = float(self.figure(a, c["figure"]))
            how = f"`tictac analyze` {c['figure']}"
            if "baseline_figure" in c:
                measured = measured / float(self.figure(a, c["baseline_figure"]))
                how += f" / {c['baseline_figure']}"
            return measured, how, harness
        if source == "arithmetic":
            used = {n.id for n in ast.walk(ast.parse(c["expression"], mode="eval")) if isinstance(n, ast.Name)}
            names = {"C": measured_by_id,
                     "R": lambda stat, spec: self.aggregate(self.run_values(spec, stat, board, pset), "median", spec),
                     "games_at": lambda ply: sum(g["total"] for g in self.analyze(board)["games_by_length"]
                                                 if g["length"] == ply)}
            # `tictac analyze` runs only for an expression that reads its figures.
            names["A"] = self.analyze(board) if "A" in used else {}
            measured = evaluate_expression(c["expression"], names)
            if not isinstance(measured, bool):
                measured = float(measured)
            return measured, f"`{c['expression']}` = {fmt_num(measured)}", harness
        stat = c.get("statistic", "nodes")
        count = c.get("count", "all")
        vals = self.run_values(c["strategy"], stat, board, pset, count)
        m = self.aggregate(vals, c.get("aggregate"), c["strategy"])
        below = " − root" if count == "below_root" else ""
        if "baseline" in c:
            b = self.aggregate(self.run_values(c["baseline"], stat, board, pset, count), None, c["baseline"])
            measured = b / m
            how = f"{stat}{below} of `{c['baseline']}` / `{c['strategy']}`"
        else:
            measured = m
            how = f"{stat}{below} of `{c['strategy']}`"
        if len(vals) > 1:
            how += f" ({c.get('aggregate', 'median')} of {len(vals)} seeds: min {fmt_num(min(vals))}, " \
                   f"max {fmt_num(max(vals))})"
        # The harness's own figure, when the claim's convention differs.
        if count == "below_root":
            hv = self.aggregate(self.run_values(c["strategy"], stat, board, pset), c.get("aggregate"), c["strategy"])
            if "baseline" in c:
                hb = self.aggregate(self.run_values(c["baseline"], stat, board, pset), None, c["baseline"])
                harness = f"root counted: {fmt_num(hb)} / {fmt_num(hv)} = {fmt_num(hb / hv)}"
            else:
                harness = f"root counted: {fmt_num(hv)}"
        if "harness_strategy" in c:
            hs = c["harness_strategy"]
            hv = self.aggregate(self.run_values(hs, stat, board, pset), "median", hs)
            if "baseline" in c:
                hb = self.aggregate(self.run_values(c["baseline"], stat, board, pset), None, c["baseline"])
                text = f"`{hs}`: {fmt_num(hb)} / {fmt_num(hv)} = {fmt_num(hb / hv)}"
            else:
                text = f"`{hs}`: {fmt_num(hv)}"
            harness = (harness + "; " if harness else "") + text
        return float(measured), how, harness

    def rows(self):
        """One verdict row per claim, its figures as numbers (None where there is none)."""
        out, measured_by_id = [], {}
        for c in self.config.get("claim", []):
            source = c.get("source", "run")
            measured, how, harness = None, "", ""
            try:
                if source == "none":
                    verdict, how = "not measurable here", c["reason"]
                else:
                    measured, how, harness = self.measure(c, measured_by_id)
                    verdict = "holds" if judge(c, measured) else "does not hold"
                    measured_by_id[c["id"]] = measured
            except Exception as e:  # a claim the data cannot answer is reported, not hidden
                measured, verdict, how = None, "not measured", f"{type(e).__name__}: {e}"
            rel = relation_of(c)
            out.append({"claim": c["id"], "seed": c["seed"], "section": c.get("section", ""), "claim_text": c["text"],
                        "english": c.get("english", ""), "source": source, "relation": rel,
                        "expected": c.get("expected"), "expected_max": c.get("expected_max") if rel == "between" else None,
                        "tolerance": float(c.get("tolerance", 0)) if rel == "approx" else None,
                        "measured": measured, "verdict": verdict,
                        "measured_as": (c.get("measured_as", "") + (f" [{how}]" if how and source != "none"
                                                                    else how if source == "none" else "")).strip(),
                        "harness": harness, "note": c.get("note", ""), "how": how})
        return out


def csv_value(v):
    """A cell of verdicts.csv: true/false, a number at full precision (repr), or empty."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return repr(int(v)) if v.is_integer() and abs(v) < 2 ** 53 else repr(v)
    return v


def write_csv(rows, folder):
    fd, tmp = tempfile.mkstemp(dir=folder, prefix=".tmp-", suffix=".csv")
    with os.fdopen(fd, "w", newline="") as f:
        wr = csv.DictWriter(f, fieldnames=COLUMNS)
        wr.writeheader()
        wr.writerows({k: csv_value(r[k]) for k in COLUMNS} for r in rows)
    os.chmod(tmp, 0o644)
    os.replace(tmp, os.path.join(folder, "verdicts.csv"))


def cell(text):
    return str(text).replace("|", "\\|").replace("\n", " ")


def markdown(rows):
    """The report's Verdicts section, its figures formatted for people."""
    lines = []
    w = lines.append
    seeds = sorted({r["seed"] for r in rows})

    def count_of(rs, v):
        return sum(r["verdict"] == v for r in rs)

    w("## Verdicts\n")
    w("Every numeric claim of the seed articles, each measured under its own seed's convention (the search its code "
      "runs and the way its code counts). A claim holds when the measured figure meets the figure the article prints "
      "(within the stated tolerance, or the stated bound); a claim that cannot be measured here is listed with the "
      "reason. verdicts.csv holds the same rows with the figures as numbers (expected, expected_max, relation, "
      "tolerance, measured).\n")
    w("| seed | claims | checked | hold | do not hold | not measurable here |")
    w("|---|---:|---:|---:|---:|---:|")
    for sd in seeds + ["all"]:
        rs = rows if sd == "all" else [r for r in rows if r["seed"] == sd]
        hold, fail, none = count_of(rs, "holds"), count_of(rs, "does not hold"), count_of(rs, "not measurable here")
        name = "**all**" if sd == "all" else sd
        w(f"| {name} | {len(rs)} | {hold + fail} | {hold} | {fail} | {none} |")
    bad = [r for r in rows if r["verdict"] == "not measured"]
    if bad:
        w(f"\n**{len(bad)} claim(s) could not be evaluated** (a fault in the config or the data): "
          + ", ".join(r["claim"] for r in bad) + ".")
    w("")
    slips = [r for r in rows if r["source"] == "arithmetic" and r["verdict"] == "does not hold"]
    if slips:
        w("Arithmetic and comparisons that do not hold, done again: "
          + "; ".join(f"{r['claim']}: {r['how']} ({'the article needs' if isinstance(r['expected'], bool) else 'the article'}: "
                      f"{expected_text(r)})" for r in slips) + ".\n")
    for sd in seeds:
        w(f"### Seed {sd}\n")
        w("| claim | section | the article's words | in English | expected | measured | verdict | measured as | harness's figure |")
        w("|---|---|---|---|---:|---:|---|---|---|")
        for r in (x for x in rows if x["seed"] == sd):
            note = f" — {r['note']}" if r["note"] else ""
            w(f"| {r['claim']} | {cell(r['section'])} | {cell(r['claim_text'])} | {cell(r['english'])} | "
              f"{cell(expected_text(r))} | {cell(measured_text(r))} | **{r['verdict']}** | "
              f"{cell(r['measured_as'] + note)} | {cell(r['harness']) or '—'} |")
        w("")
    return lines
