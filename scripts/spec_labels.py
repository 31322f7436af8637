"""Short labels for strategy specs, shared by scripts/plot, scripts/report and
the aggregation (results_summary.py).

A spec is tictac's normal form, name:key=value,...  A strategy's label is its
name and the options that vary among the specs of the same name in one
results folder: those that two specs of that name give different values, or
that one spells and another leaves out (an option left out of the normal form
at its default, such as best's pairing).  The options of another strategy
name never enter a label: alpha-beta's `tt` varying says nothing about best's.

When the run recorded the options the user wrote (metadata.json's
`strategy_options_set`, {spec: {key: value}}), a label keeps only those of the
varying options, so that it never shows a default the user did not set; an
option the user left out is shown only where two strategies would otherwise
share a label.  Seeds never enter a label: strategies that differ only by seed
are one strategy to the callers, which pool them.
"""

SEED = "seed"


def options(spec):
    """(name, {key: value}) of a spec in normal form."""
    name, _, rest = spec.partition(":")
    return name, (dict(kv.split("=", 1) for kv in rest.split(",")) if rest else {})


def unseeded(name, opts):
    """The key of a strategy pooled over its seeds: its name and options without the seed."""
    kept = [f"{k}={v}" for k, v in opts.items() if k != SEED]
    return name + (":" + ",".join(kept) if kept else "")


def varying_options(parsed):
    """{name: the option keys that vary among that name's strategies} (seed excluded).

    `parsed` is an iterable of (name, {key: value}), one per strategy."""
    by_name = {}
    for name, o in parsed:
        by_name.setdefault(name, []).append(o)
    varying = {}
    for name, opts in by_name.items():
        keys = {k for o in opts for k in o if k != SEED}
        varying[name] = {k for k in keys if len({o.get(k) for o in opts}) > 1}
    return varying


def labels(strategies, options_set=None):
    """{spec: label} for `strategies`, {spec: (name, {key: value})}.

    `options_set` is metadata.json's strategy_options_set, {spec: {key: value
    the user wrote}}, or None for results from before it was recorded."""
    varying = varying_options(strategies.values())
    user = _options_set_by_strategy(options_set or {})

    def label(name, o, keys):
        kept = [k for k in o if k in keys]
        return name + (":" + ",".join(f"{k}={o[k]}" for k in kept) if kept else "")

    full, short = {}, {}
    for spec, (name, o) in strategies.items():
        full[spec] = label(name, o, varying[name])
        wrote = user.get(unseeded(*options(spec)))  # both keyed by the normal form
        short[spec] = label(name, o, varying[name] & set(wrote)) if wrote is not None else full[spec]
    # Two strategies (not seeds of one) may not share a label: where the
    # user's options alone do not tell them apart, both show every varying option.
    groups_of = {}
    for spec, (name, o) in strategies.items():
        groups_of.setdefault(short[spec], set()).add(unseeded(name, o))
    return {spec: short[spec] if len(groups_of[short[spec]]) == 1 else full[spec] for spec in strategies}


def _options_set_by_strategy(options_set):
    """strategy_options_set keyed by the unseeded strategy (seed excluded)."""
    out = {}
    for spec, wrote in options_set.items():
        name, o = options(spec)
        out.setdefault(unseeded(name, o), {}).update({k: v for k, v in (wrote or {}).items() if k != SEED})
    return out
