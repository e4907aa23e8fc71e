"""Run docstring examples on one backend and record what they produce.

Started by run.py, once per backend per batch of groups (one import per batch), under that backend's interpreter:

    python worker.py {tf|keraslike} DOCSTRINGS.json OUT_DIR GROUP[,GROUP...] [START]

Each docstring's examples run in order, in a fresh folder that stands for `/tmp/`, in one
fresh namespace holding TF's doctest pre-imports (`tf`, `np`, `os`, and `keras`, `ops`,
`layers` for Keras's examples). For keraslike the imports in the examples are rewritten (tensorflow -> keraslike,
keras -> keraslike.keras). One JSON line is written per docstring:
{"name", "examples": [{"items", "text", "error", "shown"}]} where `items` are the
values the example printed or displayed, reduced to plain data (see `plain`), `text`
is other standard output, `error` is "Type: message" when the example raised.
"""

import builtins
import contextlib
import io
import json
import os
import re
import shutil
import signal
import sys
import tempfile
import warnings

EXAMPLE_SECONDS = 20
# An example that starts a MirroredStrategy waits for its replicas, which first replay the batch up to it
LAUNCH_SECONDS = 180
_LAUNCHES = re.compile(r"\bMirroredStrategy\(")
# A docstring that defines a `jit_compile=True` function: its call compiles (XLA on TF, torch.compile's
# inductor on keraslike, whose first compile in a process takes tens of seconds on a loaded machine)
_COMPILES = re.compile(r"\bjit_compile\s*=\s*True")
MAX_VALUES = 4096

_ADDRESS = re.compile(r" at 0x[0-9a-fA-F]+")

# A replica that keraslike's MirroredStrategy started by re-running this worker has the launcher's
# variable from its start. Read it once, here: the chief exports the same variables into its own
# environment when its strategy launches the replicas (it joins like a torchrun worker), so reading
# them later would make the chief take itself for a replica and record nothing after that docstring.
_LAUNCHED_REPLICA = bool(os.environ.get("KERASLIKE_LAUNCHED"))


class ExampleTimeout(Exception):
    pass


def _on_alarm(signum, frame):
    raise ExampleTimeout(f"example ran past its time limit ({EXAMPLE_SECONDS} s, {LAUNCH_SECONDS} s when it "
                         "starts replicas or its docstring compiles)")


# ----------------------------------------------------------------------------- imports
_REWRITES = [
    (re.compile(r"^(\s*)import tensorflow as (\w+)", re.M), r"\1import keraslike as \2"),
    (re.compile(r"^(\s*)import tensorflow\b(?!\.)", re.M), r"\1import keraslike as tensorflow"),
    (re.compile(r"^(\s*)from tensorflow(\.[\w.]+)? import", re.M), r"\1from keraslike\2 import"),
    (re.compile(r"^(\s*)import tensorflow\.([\w.]+) as (\w+)", re.M),
     r"\1import keraslike.\2 as \3"),
    (re.compile(r"^(\s*)from keras\.src\b(\.[\w.]+)? import", re.M),
     r"\1from keraslike.keras import"),
    (re.compile(r"^(\s*)import keras as (\w+)", re.M), r"\1from keraslike import keras as \2"),
    (re.compile(r"^(\s*)import keras\b(?!\.)", re.M), r"\1from keraslike import keras"),
    (re.compile(r"^(\s*)from keras(\.[\w.]+)? import", re.M), r"\1from keraslike.keras\2 import"),
    (re.compile(r"^(\s*)import keras\.([\w.]+) as (\w+)", re.M),
     r"\1import keraslike.keras.\2 as \3"),
]


def rewrite(source):
    for pattern, repl in _REWRITES:
        source = pattern.sub(repl, source)
    return source


def base_namespace(backend):
    import numpy as np

    if backend == "tf":
        os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
        import keras
        import tensorflow as tf
    else:
        import keraslike as tf
        from keraslike import keras
    return {"tf": tf, "np": np, "os": os, "keras": keras, "ops": keras.ops,
            "layers": keras.layers, "__name__": "__main__"}


def _code_names(code):
    names = set(code.co_names)
    for const in code.co_consts:
        if hasattr(const, "co_names"):
            names |= _code_names(const)
    return names


def docstring_names(entry, namespace, backend):
    """The public names an entry's examples use bare (Keras writes `Constant(3.)` in `keras.initializers.Constant`'s
    docstring, TF `repeat(...)` in `tf.repeat`'s: their own doctests run in the module's namespace), taken from the
    public namespace that holds the documented name (`keras.initializers`, `tf`): the same source on both backends,
    so an example TF runs is compared instead of being left out as one TF raises on. Builtins are never shadowed."""
    parts = entry["qualified_name"].split(".")
    holder = namespace.get(parts[0])
    for part in parts[1:-1]:
        child = getattr(holder, part, None)
        if not isinstance(child, type(os)):
            break
        holder = child
    if holder is None:
        return {}
    used = set()
    for example in entry["examples"]:
        source = rewrite(example["source"]) if backend == "keraslike" else example["source"]
        try:
            used |= _code_names(compile(source, "<doctest>", "single"))
        except SyntaxError:
            continue
    found = {}
    for name in sorted(used):
        if name in namespace or hasattr(builtins, name) or name.startswith("_"):
            continue
        try:
            value = getattr(holder, name)
        except Exception:  # noqa: BLE001 - a lazy namespace that cannot load the name: not injected
            continue
        found[name] = value
    return found


# ----------------------------------------------------------------------------- values
def _array(value):
    import numpy as np

    arr = np.asarray(value)
    if arr.dtype.kind in "OSU":
        flat = [v.decode("utf-8", "replace") if isinstance(v, bytes) else str(v)
                for v in arr.reshape(-1)[:MAX_VALUES]]
        kind = "S" if arr.dtype.kind != "O" or all(
            isinstance(v, bytes) for v in arr.reshape(-1)[:8]) else "O"
        return {"a": flat, "shape": list(arr.shape), "kind": kind}
    if arr.dtype.kind == "c":
        flat = [[float(v.real), float(v.imag)] for v in arr.reshape(-1)[:MAX_VALUES]]
    elif arr.dtype.kind == "b":
        flat = [bool(v) for v in arr.reshape(-1)[:MAX_VALUES]]
    elif arr.dtype.kind == "V" or arr.dtype.names:
        return {"r": repr(arr)}
    else:
        flat = arr.astype("float64").reshape(-1)[:MAX_VALUES].tolist()
    return {"a": flat, "shape": list(arr.shape), "kind": arr.dtype.kind}


def plain(value, depth=0):
    """Reduce an example's output value to JSON data that both backends can compare."""
    import numpy as np

    if depth > 6:
        return {"r": _ADDRESS.sub("", repr(value))[:2000]}
    if value is None or isinstance(value, str):
        return {"s": value}
    if isinstance(value, bytes):
        return {"s": value.decode("utf-8", "replace"), "bytes": True}
    if isinstance(value, (bool, int, float, complex, np.generic, np.ndarray)):
        return _array(value)
    type_name = type(value).__name__
    if type_name in ("TensorShape", "Size"):  # torch.Size is keraslike's eager TensorShape (a tuple: test first)
        try:
            return {"tshape": value.as_list()}
        except Exception:
            return {"tshape": None}
    if isinstance(value, (list, tuple)):
        return {"l": [plain(v, depth + 1) for v in value[:MAX_VALUES]]}
    if isinstance(value, dict):
        return {"d": {str(k): plain(v, depth + 1) for k, v in list(value.items())[:1000]}}
    if type_name in ("DType", "StringDType") or isinstance(value, np.dtype) or (
            type(value).__module__ == "torch" and type_name == "dtype"):
        name = getattr(value, "name", None) or str(value).replace("torch.", "")
        return {"dtype": str(name)}
    if hasattr(value, "to_list") and callable(value.to_list) and hasattr(value, "flat_values"):
        try:
            return {"ragged": plain(value.to_list(), depth + 1)}
        except Exception:
            pass
    if all(hasattr(value, a) for a in ("indices", "values", "dense_shape")):
        try:
            return {"sparse": [plain(value.indices, depth + 1), plain(value.values, depth + 1),
                               plain(value.dense_shape, depth + 1)]}
        except Exception:
            pass
    if hasattr(value, "numpy") and callable(value.numpy) and hasattr(value, "dtype") \
            and not isinstance(value, type):
        try:
            return _array(value.numpy())
        except Exception:
            pass
    if type(value).__module__ == "torch" and type_name == "Tensor":
        return _array(value.detach().cpu().numpy())
    try:
        text = repr(value)
    except Exception as e:  # a repr that raises is itself an output
        text = f"<repr raised {type(e).__name__}>"
    return {"r": _ADDRESS.sub("", text)[:2000]}


# ----------------------------------------------------------------------------- running
class Recorder:
    def __init__(self):
        self.items = []
        self.shown = io.StringIO()

    def display(self, value):
        if value is None:
            return
        builtins._ = value
        self.items.append(plain(value))
        try:
            self.shown.write(repr(value) + "\n")
        except Exception:
            pass

    def make_print(self, stdout):
        def doc_print(*args, sep=" ", end="\n", file=None, flush=False):
            if file is not None and file not in (sys.stdout, sys.__stdout__):
                return builtins.print(*args, sep=sep, end=end, file=file, flush=flush)
            if sys.stdout is not stdout:  # the library silenced or captured stdout here: not the example's output
                return builtins.print(*args, sep=sep, end=end, file=sys.stdout, flush=flush)
            self.items.append(plain(list(args)) if len(args) != 1 else plain(args[0]))
            try:
                builtins.print(*args, sep=sep, end=end, file=self.shown)
            except Exception:
                pass
        return doc_print


def run_example(source, namespace, backend, compiles=False):
    if backend == "keraslike":
        source = rewrite(source)
    recorder = Recorder()
    out = io.StringIO()
    namespace["print"] = recorder.make_print(out)
    error = None
    old_hook = sys.displayhook
    sys.displayhook = recorder.display
    long_limit = compiles or _LAUNCHES.search(source)
    signal.setitimer(signal.ITIMER_REAL, LAUNCH_SECONDS if long_limit else EXAMPLE_SECONDS)
    try:
        with contextlib.redirect_stdout(out), warnings.catch_warnings():
            warnings.simplefilter("ignore")
            code = compile(source, "<doctest>", "single")
            exec(code, namespace)
    except BaseException as e:  # noqa: BLE001 - an example's error is its result
        if isinstance(e, KeyboardInterrupt):
            raise
        error = f"{type(e).__name__}: {e}"[:600]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        sys.displayhook = old_hook
    return {"items": recorder.items, "text": _ADDRESS.sub("", out.getvalue())[-4000:],
            "error": error, "shown": recorder.shown.getvalue()[-1500:]}


def run_group(backend, entries, base, out_path, start):
    if _LAUNCHED_REPLICA:
        # a replica that keraslike's MirroredStrategy started by re-running this worker: it runs
        # the same examples (one program), but only the chief records them
        out_path = os.devnull
    home = os.getcwd()
    with open(out_path, "a") as out:
        for index, entry in enumerate(entries):
            if index < start:
                continue
            namespace = dict(base)
            namespace.update(docstring_names(entry, base, backend))
            results = []
            # Examples write to /tmp/... (or tempfile.gettempdir()): each docstring gets its own fresh folder
            # instead (and runs in it), so backends and docstrings never see each other's files.
            scratch = tempfile.mkdtemp(prefix="doc")
            os.chdir(scratch)
            outer_tempdir, tempfile.tempdir = tempfile.tempdir, scratch  # tempfile.gettempdir() in an example too
            compiles = any(_COMPILES.search(example["source"]) for example in entry["examples"])
            for example in entry["examples"]:
                source = example["source"].replace("/tmp/", scratch + "/")
                try:
                    results.append(run_example(source, namespace, backend, compiles))
                except KeyboardInterrupt:
                    raise
                except BaseException as e:  # noqa: BLE001
                    results.append({"items": [], "text": "", "shown": "",
                                    "error": f"worker: {type(e).__name__}: {e}"[:600]})
            os.chdir(home)
            tempfile.tempdir = outer_tempdir
            shutil.rmtree(scratch, ignore_errors=True)
            line = {"index": index, "name": entry["qualified_name"], "examples": results}
            try:
                text = json.dumps(line).replace(scratch, "/tmp")
            except (TypeError, ValueError) as e:
                text = json.dumps({"index": index, "name": entry["qualified_name"],
                                   "examples": [], "worker_error": str(e)})
            out.write(text + "\n")
            out.flush()


def main(backend, docstrings_path, out_dir, groups, start=0):
    """Run `groups` (comma-separated) in order; the first one from docstring `start`."""
    signal.signal(signal.SIGALRM, _on_alarm)
    with open(docstrings_path) as f:
        all_entries = json.load(f)
    base = base_namespace(backend)
    for n, group in enumerate(groups.split(",")):
        entries = [e for e in all_entries if e["group"] == group]
        run_group(backend, entries, base, os.path.join(out_dir, group + ".jsonl"),
                  start if n == 0 else 0)


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4],
         int(sys.argv[5]) if len(sys.argv) > 5 else 0)
