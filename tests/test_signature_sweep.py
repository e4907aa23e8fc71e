"""Issue 12 sweep: keraslike's parameters against TF 2.21 / Keras 3.15's (tests/golden/signatures.json, written by
tests/golden/make_signatures.py under real TF).

For every TF callable keraslike has, each TF parameter is either explicit in keraslike's signature (its
constructor chain), listed in README's "Accepted, no effect" table, or a known gap in
`tests/golden/signature_gaps.json` (keraslike lacks it: passing it raises TypeError/ValueError, or - where
keraslike takes **kwargs - is checked by that class). The test fails, listing every case at once, when a
new gap appears or a listed gap was fixed (then remove it from the file):

    python tests/test_signature_sweep.py          # print the counts; --write rewrites the gaps file
"""

import inspect
import json
import os
import re
import sys

import keraslike
from keraslike._src.keras.layers.rnn.base_cell import CELL_ARGS
from keraslike._src.keras.layers.rnn.rnn import RNN

HERE = os.path.dirname(os.path.abspath(__file__))
SIGNATURES = os.path.join(HERE, "golden", "signatures.json")
GAPS = os.path.join(HERE, "golden", "signature_gaps.json")
README = os.path.join(HERE, "..", "README.md")


def _resolve(dotted):
    obj = keraslike
    for part in dotted.split(".")[1:]:
        obj = getattr(obj, part, None)
        if obj is None:
            return None
    return obj


def _params(obj):
    """Named parameters of a callable (a class: its __init__ chain while each passes **kwargs on)."""
    names, fns = set(), []
    if inspect.isclass(obj):
        fns = [klass.__dict__["__init__"] for klass in obj.__mro__ if "__init__" in klass.__dict__]
    else:
        fns = [obj]
    if inspect.isclass(obj) and issubclass(obj, RNN):
        names.update(CELL_ARGS)  # RNN layers hand these to their cell (keras/src/layers/rnn/lstm.py does the same)
    var_kw = False
    for fn in fns:
        try:
            sig = inspect.signature(fn)
        except (TypeError, ValueError):
            break
        names.update(p.name for p in sig.parameters.values() if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD))
        var_kw = any(p.kind == p.VAR_KEYWORD for p in sig.parameters.values())
        if not var_kw:
            break
    return names, var_kw


def _documented_no_effect():
    """(param, place) pairs from README's "Accepted, no effect" table."""
    with open(README) as f:
        text = f.read()
    section = text.split("## Accepted, no effect", 1)[1].split("\n## ", 1)[0]
    pairs = []
    for line in section.splitlines():
        cells = line.split("|")
        if len(cells) < 4 or cells[1].strip() in ("Argument", "---"):
            continue
        params = re.findall(r"`([A-Za-z_]+)", cells[1])
        places = re.findall(r"`([A-Za-z_.]+)", cells[2])
        pairs += [(p, place) for p in params for place in places]
    return pairs


def sweep():
    with open(SIGNATURES) as f:
        golden = json.load(f)
    documented = _documented_no_effect()
    counts = {"callables": 0, "absent_callables": 0, "checked": 0, "implemented": 0, "no_effect": 0, "gaps": 0}
    gaps = []
    for name, entry in sorted(golden.items()):
        obj = _resolve(name)
        if obj is None:
            counts["absent_callables"] += 1
            continue
        counts["callables"] += 1
        ours, _ = _params(obj)
        for param in entry["params"]:
            counts["checked"] += 1
            listed = any(p == param and (name.endswith("." + place) or place in name.split("."))
                         for p, place in documented)
            if listed:
                counts["no_effect"] += 1
            elif param in ours:
                counts["implemented"] += 1
            else:
                counts["gaps"] += 1
                gaps.append(f"{name}({param})")
    return counts, gaps


def test_parameters_match_tf_or_are_known_gaps():
    counts, gaps = sweep()
    with open(GAPS) as f:
        known = set(json.load(f))
    new = sorted(set(gaps) - known)
    fixed = sorted(known - set(gaps))
    assert not new and not fixed, (
        f"{counts}\nNew parameter gaps (implement them, or list them in README's table / signature_gaps.json):\n  "
        + "\n  ".join(new) + "\nFixed gaps still listed in tests/golden/signature_gaps.json:\n  " + "\n  ".join(fixed))
    assert counts["checked"] > 1000 and counts["implemented"] > counts["gaps"]


if __name__ == "__main__":
    counts, gaps = sweep()
    print(json.dumps(counts))
    if "--write" in sys.argv:
        with open(GAPS, "w") as f:
            json.dump(sorted(gaps), f, indent=0)
        print(f"wrote {len(gaps)} gaps to {GAPS}")
