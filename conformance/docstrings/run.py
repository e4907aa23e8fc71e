"""Run TF 2.21's and Keras 3's docstring examples on real TF and on keraslike, compare, and
write RESULTS.md.

    python conformance/docstrings/run.py                      # everything
    python conformance/docstrings/run.py --group tf.math      # one group (repeatable)
    python conformance/docstrings/run.py --keraslike-only     # reuse cached TF results
    python conformance/docstrings/run.py --table-only         # re-compare cached results

See README.md next to this file. Standard library only: it drives two interpreters.
"""

import argparse
import collections
import json
import math
import os
import re
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
RTOL, ATOL = 1e-5, 1e-6
TEXT_RTOL = 1e-3  # numbers inside printed text carry the printer's precision
_LAUNCHES = re.compile(r"\bMirroredStrategy\(")  # examples that start replicas
STALL_SECONDS = 400  # a worker that writes nothing for this long is stopped (past worker.LAUNCH_SECONDS, twice:
# a docstring whose examples compile can take the long limit more than once)


# ----------------------------------------------------------------------------- running
def count_lines(path):
    if not os.path.exists(path):
        return 0
    with open(path) as f:
        return sum(1 for _ in f)


def run_batch(python, backend, docstrings, groups, out_dir, totals):
    """Run groups on one backend in one worker, restarting past a docstring that hangs or
    kills it. Each group's results go to OUT_DIR/GROUP.jsonl, one line per docstring."""
    for group in groups:
        if os.path.exists(os.path.join(out_dir, group + ".jsonl")):
            os.remove(os.path.join(out_dir, group + ".jsonl"))
    env = dict(os.environ, OMP_NUM_THREADS="1", TF_CPP_MIN_LOG_LEVEL="3",
               PYTHONPATH=REPO + os.pathsep + os.environ.get("PYTHONPATH", ""),
               CUDA_VISIBLE_DEVICES="")
    log = os.path.join(out_dir, "worker.log")
    pending = list(groups)
    while pending:
        group = pending[0]
        out = os.path.join(out_dir, group + ".jsonl")
        done = count_lines(out)
        if done >= totals[group]:
            pending.pop(0)
            continue
        command = [python, os.path.join(HERE, "worker.py"), backend, docstrings, out_dir,
                   ",".join(pending), str(done)]
        with open(log, "a") as err:
            proc = subprocess.Popen(command, cwd=REPO, env=env, stdout=err, stderr=err,
                                    stdin=subprocess.DEVNULL)
            progress, last_change = None, time.time()
            while proc.poll() is None:
                time.sleep(0.5)
                now = tuple(count_lines(os.path.join(out_dir, g + ".jsonl")) for g in pending)
                if now != progress:
                    progress, last_change = now, time.time()
                elif time.time() - last_change > STALL_SECONDS:
                    proc.kill()
                    proc.wait()
                    break
        while pending and count_lines(os.path.join(out_dir, pending[0] + ".jsonl")) \
                >= totals[pending[0]]:
            pending.pop(0)
        if pending:  # the next docstring of pending[0] hung or crashed the worker
            out = os.path.join(out_dir, pending[0] + ".jsonl")
            with open(out, "a") as f:
                f.write(json.dumps({"index": count_lines(out), "name": "", "examples": [],
                                    "worker_error": "worker stopped (hang or crash)"}) + "\n")


def load_results(path):
    results = {}
    if os.path.exists(path):
        with open(path) as f:
            for line in f:
                entry = json.loads(line)
                results[entry["index"]] = entry
    return results


# ----------------------------------------------------------------------------- comparing
_NUMBER = r"[-+]?(?:\d+\.\d*|\.\d+|\d+)(?:[eE][-+]?\d+)?j?"
_TOKEN = re.compile(_NUMBER + r"|nan|inf|[A-Za-z_]\w*")
_STRIP = [
    (re.compile(r"\x1b\[[0-9;]*m"), ""),  # terminal colours
    (re.compile(r"\b\d+(\.\d+)?(ms|us|s)(/step|/sample)?\b"), ""),  # progress bar timings
    (re.compile(r"<tf\.Tensor: shape=\([^)]*\), dtype=\w+, numpy="), ""),
    (re.compile(r"<tf\.Variable '[^']*' shape=\([^)]*\) dtype=\w+, numpy="), ""),
    (re.compile(r"\bshape=\([^)]*\)"), ""),
    (re.compile(r"\bdtype=[\w.]+"), ""),
    (re.compile(r"\b(tf\.Tensor|array|tensor|Tensor|TensorShape|np|torch|tf)\b"), ""),
    (re.compile(r"<([\w]+\.)+(\w+)"), r"<\2"),
    (re.compile(r"\b(requires_grad|grad_fn|device)=\S+"), ""),
    # automatic layer names count the layers a process made before (dense_45 / dense_44)
    (re.compile(r"\b(name=[A-Za-z]\w*?)_\d+\b"), r"\1"),
]


def text_tokens(text):
    for pattern, repl in _STRIP:
        text = pattern.sub(repl, text)
    return _TOKEN.findall(text)


def _is_number(token):
    return bool(re.fullmatch(_NUMBER, token)) or token in ("nan", "inf")


def _num(token):
    return complex(token) if token.endswith("j") else float(token)


def texts_agree(a, b):
    ta, tb = text_tokens(a or ""), text_tokens(b or "")
    if len(ta) != len(tb):
        return False
    for x, y in zip(ta, tb):
        if _is_number(x) and _is_number(y):
            vx, vy = _num(x), _num(y)
            if vx != vy and not (isinstance(vx, float) and isinstance(vy, float) and (
                    (math.isnan(vx) and math.isnan(vy)) or
                    abs(vx - vy) <= 1e-6 + TEXT_RTOL * abs(vy))) and \
                    not abs(complex(vx) - complex(vy)) <= 1e-6 + TEXT_RTOL * abs(complex(vy)):
                return False
        elif x != y:
            return False
    return True


def _values_close(a, b, kind):
    for x, y in zip(a, b):
        if kind == "c":
            (xr, xi), (yr, yi) = x, y
            pairs = [(xr, yr), (xi, yi)]
        else:
            pairs = [(x, y)]
        for u, v in pairs:
            if isinstance(u, str) or isinstance(v, str) or isinstance(u, bool):
                if u != v:
                    return False
                continue
            if u is None or v is None:
                if u is not v:
                    return False
                continue
            if math.isnan(u) or math.isnan(v):
                if not (math.isnan(u) and math.isnan(v)):
                    return False
            elif math.isinf(u) or math.isinf(v):
                if u != v:
                    return False
            elif abs(u - v) > ATOL + RTOL * abs(v):
                return False
    return True


_KIND = {"f": "float", "c": "complex", "i": "int", "u": "uint", "b": "bool", "S": "string",
         "O": "object", "U": "string"}


def _numeric(item):
    """A nested-list view of an item made of numbers, or None."""
    if "a" in item:
        return item
    if "l" in item:
        parts = [_numeric(v) for v in item["l"]]
        if parts and all(p is not None for p in parts) and \
                len({(tuple(p["shape"]), p["kind"]) for p in parts}) == 1:
            return {"a": [x for p in parts for x in p["a"]],
                    "shape": [len(parts)] + parts[0]["shape"], "kind": parts[0]["kind"]}
        if not parts:
            return {"a": [], "shape": [0], "kind": "f"}
    if "tshape" in item and item["tshape"] is not None and None not in item["tshape"]:
        return {"a": [float(v) for v in item["tshape"]], "shape": [len(item["tshape"])],
                "kind": "i"}
    if "ragged" in item:
        return _numeric(item["ragged"])
    return None


def compare_item(tf, kl, values=True):
    """None when they agree, else (kind, reason)."""
    if "a" in tf and "a" in kl:
        if tf["shape"] != kl["shape"]:
            return "wrong shape", f"shape {tuple(kl['shape'])}, TF {tuple(tf['shape'])}"
        kinds = {tf["kind"], kl["kind"]}
        if tf["kind"] != kl["kind"] and kinds != {"S", "O"}:
            return "wrong dtype", f"{_KIND.get(kl['kind'], kl['kind'])} where TF gives " \
                                  f"{_KIND.get(tf['kind'], tf['kind'])}"
        if values and not _values_close(kl["a"], tf["a"], tf["kind"]):
            return "wrong value", _value_reason(tf, kl)
        return None
    if set(tf) != set(kl):
        nt, nk = _numeric(tf), _numeric(kl)
        if nt is not None and nk is not None:
            return compare_item(nt, nk, values)
        if "s" in tf and "r" in kl or "r" in tf and "s" in kl:
            a, b = tf.get("s", tf.get("r")), kl.get("s", kl.get("r"))
            return None if texts_agree(b or "", a or "") else ("wrong text", "printed text differs")
        return "wrong value", f"{_describe(kl)} where TF gives {_describe(tf)}"
    if "s" in tf:
        if tf["s"] == kl["s"] or (tf["s"] is not None and kl["s"] is not None
                                  and texts_agree(kl["s"], tf["s"])):
            return None
        return "wrong text", "printed text differs"
    if "r" in tf:
        return None if texts_agree(kl["r"], tf["r"]) else ("wrong text", "object repr differs")
    if "tshape" in tf:
        return None if tf["tshape"] == kl["tshape"] else (
            "wrong shape", f"TensorShape {kl['tshape']}, TF {tf['tshape']}")
    if "dtype" in tf:
        return None if tf["dtype"] == kl["dtype"] else (
            "wrong dtype", f"dtype {kl['dtype']}, TF {tf['dtype']}")
    if "l" in tf:
        if len(tf["l"]) != len(kl["l"]):
            return "wrong shape", f"{len(kl['l'])} items, TF {len(tf['l'])}"
        for a, b in zip(tf["l"], kl["l"]):
            diff = compare_item(a, b, values)
            if diff:
                return diff
        return None
    if "d" in tf:
        if sorted(tf["d"]) != sorted(kl["d"]):
            return "wrong value", f"keys {sorted(kl['d'])[:6]}, TF {sorted(tf['d'])[:6]}"
        for k in tf["d"]:
            diff = compare_item(tf["d"][k], kl["d"][k], values)
            if diff:
                return diff
        return None
    if "ragged" in tf:
        return compare_item(tf["ragged"], kl["ragged"], values)
    if "sparse" in tf:
        for a, b in zip(tf["sparse"], kl["sparse"]):
            diff = compare_item(a, b, values)
            if diff:
                return diff
        return None
    return None if tf == kl else ("wrong value", "differs")


def _describe(item):
    if "a" in item:
        return f"{_KIND.get(item['kind'], item['kind'])} array {tuple(item['shape'])}"
    key = next(iter(item))
    return {"s": "text", "r": "an object", "l": "a list", "d": "a dict", "tshape": "a TensorShape",
            "dtype": "a dtype", "ragged": "a ragged tensor", "sparse": "a sparse tensor"}.get(
                key, key)


def _value_reason(tf, kl):
    for i, (u, v) in enumerate(zip(kl["a"], tf["a"])):
        if not _values_close([u], [v], tf["kind"]):
            return f"element {i}: {_short(u)}, TF {_short(v)}"
    return "values differ"


def _short(v):
    if isinstance(v, float):
        return f"{v:.6g}"
    return str(v)[:24]


def _classify_error(error):
    head = error.split(":", 1)[0]
    if head in ("AttributeError", "ImportError", "ModuleNotFoundError", "NameError") and (
            "keraslike" in error or "module" in error or "not defined" in error
            or head != "AttributeError"):
        return "missing name"
    return "raised"


def _deterministic(tf1, tf2):
    """False when TF's two runs of an example print different values (unseeded randomness)."""
    if tf2 is None or len(tf1["items"]) != len(tf2["items"]):
        return tf2 is None
    return all(compare_item(a, b) is None for a, b in zip(tf1["items"], tf2["items"]))


def compare_example(tf, kl, tf2=None):
    """'na' (TF itself raised), 'ok', or (kind, reason)."""
    if tf["error"]:
        return "na"
    if kl["error"]:
        return _classify_error(kl["error"]), _clip(kl["error"])
    values = _deterministic(tf, tf2)
    if len(tf["items"]) != len(kl["items"]):
        return "wrong text", f"{len(kl['items'])} outputs, TF {len(tf['items'])}"
    for a, b in zip(tf["items"], kl["items"]):
        diff = compare_item(a, b, values)
        if diff:
            return diff
    if not texts_agree(kl["text"], tf["text"]) and values:
        return "wrong text", "other printed output differs"
    return "ok"


def _clip(text, n=110):
    text = " ".join(text.split())
    return text if len(text) <= n else text[: n - 3] + "..."


def compare_docstring(entry, tf, kl, tf2):
    """(status, first_difference, per-example statuses); status in ok / na / fail."""
    if tf is None or kl is None:
        return "missing", None, []
    if tf.get("worker_error") or not tf["examples"]:
        return "na", None, []
    if kl.get("worker_error"):
        return "fail", (0, "raised", kl["worker_error"]), ["fail"] * len(tf["examples"])
    statuses, first, diverged = [], None, False
    for i, ex_tf in enumerate(tf["examples"]):
        if diverged:  # TF failed where its docstring expects a result: its state went astray
            statuses.append("na")
            continue
        if ex_tf["error"] and i < len(entry["examples"]) and \
                "Traceback" not in entry["examples"][i]["want"]:
            diverged = True
        ex_kl = kl["examples"][i] if i < len(kl["examples"]) else None
        ex_tf2 = tf2["examples"][i] if tf2 and i < len(tf2["examples"]) else None
        if ex_kl is None:
            statuses.append("fail")
            continue
        result = compare_example(ex_tf, ex_kl, ex_tf2)
        if result in ("ok", "na"):
            statuses.append(result)
        else:
            statuses.append("fail")
            if first is None:
                first = (i, result[0], result[1])
    if all(s == "na" for s in statuses):
        return "na", None, statuses
    return ("fail" if first else "ok"), first, statuses


# ----------------------------------------------------------------------------- table
def write_table(entries, groups, scratch, path, elapsed):
    rows, by_group = [], collections.OrderedDict()
    totals = collections.Counter()
    kinds = collections.Counter()
    for group in groups:
        g_entries = [e for e in entries if e["group"] == group]
        tf = load_results(os.path.join(scratch, "tf", group + ".jsonl"))
        tf2 = load_results(os.path.join(scratch, "tf2", group + ".jsonl"))
        kl = load_results(os.path.join(scratch, "keraslike", group + ".jsonl"))
        if not tf or not kl:
            continue
        c = collections.Counter()
        for i, entry in enumerate(g_entries):
            status, first, statuses = compare_docstring(entry, tf.get(i), kl.get(i), tf2.get(i))
            c["doc_" + status] += 1
            c["ex_ok"] += statuses.count("ok")
            c["ex_fail"] += statuses.count("fail")
            c["ex_na"] += statuses.count("na")
            if status == "fail":
                kinds[first[1]] += 1
                rows.append((group, entry["qualified_name"], first[0] + 1, first[1], first[2]))
        by_group[group] = c
        totals.update(c)

    def pct(a, b):
        return f"{100.0 * a / b:.1f}%" if b else "-"

    lines = [
        "# Docstring examples: keraslike against TensorFlow 2.21 / Keras 3",
        "",
        "Generated by `conformance/docstrings/run.py` (see README.md here); do not edit by hand.",
        "Each public docstring's `>>>` examples run in one namespace on real TF and on keraslike;",
        "a docstring agrees when every example TF runs gives the same values (rtol 1e-5, atol 1e-6),",
        "shapes, dtype kinds and printed text. Examples TF itself raises on are not applicable.",
        "",
        f"Run took {elapsed:.0f} s." if elapsed is not None else "Re-compared from cached results.",
        "",
        "## Totals",
        "",
        "| | agree | disagree | agreement |",
        "|---|---:|---:|---:|",
        f"| docstrings | {totals['doc_ok']} | {totals['doc_fail']} | "
        f"{pct(totals['doc_ok'], totals['doc_ok'] + totals['doc_fail'])} |",
        f"| examples | {totals['ex_ok']} | {totals['ex_fail']} | "
        f"{pct(totals['ex_ok'], totals['ex_ok'] + totals['ex_fail'])} |",
        "",
        f"Not applicable (TF raises on every example, or the worker stopped on TF): "
        f"{totals['doc_na']} docstrings, {totals['ex_na']} examples.",
        "",
        "## By group",
        "",
        "| group | docstrings agree | of | agreement | examples agree | of | agreement |",
        "|---|---:|---:|---:|---:|---:|---:|",
    ]
    for group, c in by_group.items():
        n_doc = c["doc_ok"] + c["doc_fail"]
        n_ex = c["ex_ok"] + c["ex_fail"]
        lines.append(f"| {group} | {c['doc_ok']} | {n_doc} | {pct(c['doc_ok'], n_doc)} | "
                     f"{c['ex_ok']} | {n_ex} | {pct(c['ex_ok'], n_ex)} |")
    lines += ["", "## Disagreements by kind", "", "| kind | docstrings |", "|---|---:|"]
    for kind, n in kinds.most_common():
        lines.append(f"| {kind} | {n} |")
    lines += ["", "## Disagreeing docstrings", "",
              "First differing example (1-based), its kind, and what keraslike did.", "",
              "| group | docstring | example | kind | reason |", "|---|---|---:|---|---|"]
    for group, name, ex, kind, reason in rows:
        reason = reason.replace("|", "\\|")
        lines.append(f"| {group} | `{name}` | {ex} | {kind} | {reason} |")
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")
    return totals


def show(scratch, name):
    with open(os.path.join(scratch, "docstrings.json")) as f:
        entries = json.load(f)
    for entry in entries:
        if entry["qualified_name"] != name:
            continue
        group = entry["group"]
        index = [e["qualified_name"] for e in entries if e["group"] == group].index(name)
        side = {folder: load_results(os.path.join(scratch, folder, group + ".jsonl")).get(index)
                for folder in ("tf", "tf2", "keraslike")}
        print(f"{name} ({group}, #{index})")
        for i, example in enumerate(entry["examples"]):
            print(f"--- example {i + 1}\n>>> " + example["source"].rstrip().replace("\n", "\n... "))
            outs = {}
            for folder, result in side.items():
                if result and i < len(result["examples"]):
                    outs[folder] = result["examples"][i]
            if "tf" in outs and "keraslike" in outs:
                print("    result:", compare_example(outs["tf"], outs["keraslike"], outs.get("tf2")))
            for folder in ("tf", "keraslike"):
                ex = outs.get(folder)
                if ex:
                    text = ex["error"] or (ex["shown"] + ex["text"]).rstrip()
                    print(f"    {folder:9s}| " + text[:600].replace("\n", "\n             | "))


# ----------------------------------------------------------------------------- main
def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tf-python", default="/work/tfvenv/bin/python")
    parser.add_argument("--keraslike-python", default=sys.executable)
    parser.add_argument("--scratch", default=os.path.join(HERE, ".scratch"))
    parser.add_argument("--group", action="append", help="run only this group (repeatable)")
    parser.add_argument("--keraslike-only", action="store_true",
                        help="reuse cached TF results; run keraslike only")
    parser.add_argument("--table-only", action="store_true", help="only re-compare cached results")
    parser.add_argument("--extract", action="store_true", help="re-extract the docstrings")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--results", default=os.path.join(HERE, "RESULTS.md"))
    parser.add_argument("--show", metavar="NAME",
                        help="print one docstring's examples and both sides' cached outputs")
    args = parser.parse_args(argv)
    if args.show:
        show(args.scratch, args.show)
        return

    start = time.time()
    scratch = args.scratch
    for sub in ("tf", "tf2", "keraslike"):
        os.makedirs(os.path.join(scratch, sub), exist_ok=True)
    docstrings = os.path.join(scratch, "docstrings.json")
    if args.extract or not os.path.exists(docstrings):
        subprocess.run([args.tf_python, os.path.join(HERE, "extract.py"), docstrings], check=True,
                       env=dict(os.environ, TF_CPP_MIN_LOG_LEVEL="3", CUDA_VISIBLE_DEVICES=""))
    with open(docstrings) as f:
        entries = json.load(f)
    all_groups = sorted({e["group"] for e in entries})
    groups = args.group or all_groups
    unknown = sorted(set(groups) - set(all_groups))
    if unknown:
        parser.error(f"unknown group(s) {unknown}; known: {all_groups}")

    totals_by_group = collections.Counter(e["group"] for e in entries)
    # Groups packed into `jobs` batches per backend by example count: one import per batch.
    weight = collections.Counter()
    for e in entries:
        weight[e["group"]] += len(e["examples"])
    batches = [[] for _ in range(args.jobs)]
    loads = [0] * args.jobs
    for group in sorted(groups, key=lambda g: -weight[g]):
        i = loads.index(min(loads))
        batches[i].append(group)
        loads[i] += weight[group]
    # A group whose examples start a MirroredStrategy runs alone, in its own batch: keraslike's strategy re-runs
    # the worker's command as replicas, which replay the batch from its start (one program) before they reach
    # the strategy; other groups in front of it would make the chief's wait for them run past its limit.
    launching = {e["group"] for e in entries
                 if any(_LAUNCHES.search(x["source"]) for x in e["examples"])}
    alone = [g for g in groups if g in launching or g == "tf.distribute"]
    batches = [[g for g in b if g not in alone] for b in batches] + [[g] for g in alone]
    batches = [b for b in batches if b]
    tasks = []
    if not args.table_only:
        backends = [(args.keraslike_python, "keraslike", "keraslike")]
        if not args.keraslike_only:
            backends = [(args.tf_python, "tf", "tf"), (args.tf_python, "tf", "tf2")] + backends
        for python, backend, folder in backends:
            for batch in batches:
                tasks.append((python, backend, folder, batch))
    lock = threading.Lock()

    def run(task):
        python, backend, folder, batch = task
        t0 = time.time()
        run_batch(python, backend, docstrings, batch, os.path.join(scratch, folder),
                  totals_by_group)
        with lock:
            print(f"{folder:10s} {len(batch):3d} groups "
                  f"{sum(totals_by_group[g] for g in batch):4d} docstrings "
                  f"{time.time() - t0:6.1f} s", flush=True)

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        list(pool.map(run, tasks))
    totals = write_table(entries, all_groups, scratch, args.results,
                         None if args.table_only else time.time() - start)
    n_doc = totals["doc_ok"] + totals["doc_fail"]
    n_ex = totals["ex_ok"] + totals["ex_fail"]
    print(f"docstrings agree {totals['doc_ok']}/{n_doc}, examples {totals['ex_ok']}/{n_ex} "
          f"-> {args.results}")


if __name__ == "__main__":
    main()
