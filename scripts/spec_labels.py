"""Short labels for strategy specs, shared by scripts/plot and scripts/report.

A spec is tictac's normal form, name:key=value,...  A label keeps the
options that vary across the specs of one results.csv: those that two specs
of one strategy give different values, or that one spells and another leaves
out (an option left out of the normal form at its default, such as best's
pairing).  Seeds never vary a label: strategies that differ only by seed are
pooled by the callers.
"""


def options(spec):
    """(name, {key: value}) of a spec."""
    name, _, rest = spec.partition(":")
    return name, (dict(kv.split("=", 1) for kv in rest.split(",")) if rest else {})


def varying_options(specs):
    """The option keys that vary across `specs` (seed excluded)."""
    parsed = [options(s) for s in specs]
    values = {}
    for _, o in parsed:
        for k, v in o.items():
            values.setdefault(k, set()).add(v)
    for n, o in parsed:
        for k in values:
            if k not in o and any(k in o2 for n2, o2 in parsed if n2 == n):
                values[k].add(None)
    return {k for k, v in values.items() if len(v) > 1 and k != "seed"}


def label(spec, varying):
    """The spec's name with the options in `varying`, in the spec's order."""
    n, o = options(spec)
    keep = [k for k in o if k in varying]
    return n + (":" + ",".join(f"{k}={o[k]}" for k in keep) if keep else "")
