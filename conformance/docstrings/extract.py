"""Collect the `>>>` examples of TF 2.21's and Keras 3's public docstrings.

Run under the TensorFlow interpreter (it imports `tensorflow` and `keras`):

    /work/tfvenv/bin/python conformance/docstrings/extract.py SCRATCH/docstrings.json

Writes a JSON list of {qualified_name, module, group, examples: [{source, want}]}.
The JSON holds TensorFlow's own text: it lives in the gitignored scratch folder,
never in the repository.
"""

import doctest
import inspect
import json
import os
import sys
import types

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402

# Public namespaces walked (their submodules are walked too).
TF_SKIP = {"compat", "keras", "estimator", "experimental.dtensor", "lite", "tpu", "xla",
           "summary", "profiler", "feature_column", "saved_model.experimental", "losses",
           "metrics", "initializers", "optimizers", "test", "tools", "mlir"}
KERAS_ROOTS = ["layers", "losses", "metrics", "ops", "activations", "optimizers", "callbacks",
               "initializers", "regularizers", "constraints", "utils", "preprocessing", "random",
               "backend", "models", "applications", "quantizers", "tree", "dtype_policies",
               "saving", "datasets", "mixed_precision", "distribution", "config"]

# Namespace -> group shown in the results table.
GROUPS = [
    ("tf.math", "tf.math"), ("tf.nn", "tf.nn"), ("tf.linalg", "tf.linalg"),
    ("tf.signal", "tf.signal"), ("tf.strings", "tf.strings"), ("tf.image", "tf.image"),
    ("tf.random", "tf.random"), ("tf.data", "tf.data"), ("tf.distribute", "tf.distribute"),
    ("tf.nest", "tf.nest"), ("tf.sparse", "tf.sparse"), ("tf.ragged", "tf.ragged"),
    ("tf.config", "tf.config"), ("tf.debugging", "tf.debugging"), ("tf.io", "tf.io"),
    ("tf.dtypes", "tf.dtypes"), ("tf.bitwise", "tf.bitwise"), ("tf.autograph", "tf.function"),
    ("tf.function", "tf.function"), ("tf.types", "tf.function"), ("tf.TensorSpec", "tf.function"),
    ("tf.experimental", "tf.experimental"), ("tf.train", "tf.train"),
    ("tf.saved_model", "tf.saved_model"), ("tf.audio", "tf.signal"), ("tf.errors", "tf.errors"),
    ("tf.sets", "tf.sets"), ("tf.queue", "tf.queue"), ("tf.lookup", "tf.lookup"),
    ("tf.types", "tf.function"), ("tf.Variable", "tf.variables"), ("tf.Module", "tf.variables"),
    ("tf.RaggedTensor", "tf.ragged"), ("tf.SparseTensor", "tf.sparse"), ("tf.autodiff", "tf.autodiff"),
    ("tf.GradientTape", "tf.autodiff"), ("tf.raw_ops", "tf.raw_ops"), ("tf.TensorArray", "tf.array"),
    ("keras.layers", "keras.layers"), ("keras.losses", "keras.losses"),
    ("keras.metrics", "keras.metrics"), ("keras.ops", "keras.ops"),
    ("keras.activations", "keras.activations"), ("keras.optimizers", "keras.optimizers"),
    ("keras.callbacks", "keras.callbacks"), ("keras.initializers", "keras.initializers"),
    ("keras.regularizers", "keras.regularizers"), ("keras.constraints", "keras.constraints"),
    ("keras.utils", "keras.utils"), ("keras.preprocessing", "keras.utils"),
    ("keras.random", "keras.random"), ("keras", "keras.other"), ("tf", "tf.array"),
]


def group_of(name):
    for prefix, group in GROUPS:
        if name == prefix or name.startswith(prefix + "."):
            return group
    return "tf.other"


def examples_of(doc):
    try:
        parsed = doctest.DocTestParser().get_examples(doc)
    except ValueError:
        return []
    return [{"source": e.source, "want": e.want} for e in parsed]


def walk_module(module, public, seen_modules, out):
    if id(module) in seen_modules:
        return
    seen_modules.add(id(module))
    for attr in sorted(dir(module)):
        if attr.startswith("_"):
            continue
        try:
            obj = getattr(module, attr)
        except Exception:
            continue
        name = public + "." + attr
        if isinstance(obj, types.ModuleType):
            rel = name.split(".", 1)[1] if name.startswith("tf.") else ""
            if any(rel == s or rel.startswith(s + ".") for s in TF_SKIP) and public.startswith("tf"):
                continue
            mod_name = getattr(obj, "__name__", "")
            if mod_name.startswith(("tensorflow._api.v2.", "keras.")) and ".src" not in mod_name:
                walk_module(obj, name, seen_modules, out)
            continue
        if callable(obj) or inspect.isclass(obj):
            out.append((name, obj))
            if inspect.isclass(obj):
                for meth_name, meth in sorted(vars(obj).items()):
                    if meth_name.startswith("_") and meth_name != "__call__":
                        continue
                    target = meth.fget if isinstance(meth, property) else meth
                    if isinstance(target, (staticmethod, classmethod)):
                        target = target.__func__
                    if callable(target) or isinstance(meth, property):
                        out.append((name + "." + meth_name, target))


def rank(name):
    """Which public name a docstring is filed under: tf.math.add rather than tf.add."""
    parts = name.split(".")
    if parts[0] != "tf":
        return 1
    if parts[1] in ("experimental", "raw_ops"):
        return 2
    if parts[1][:1].isupper() or len(parts) == 2:  # tf.Tensor.x, tf.add
        return 1
    return 0


def main(path):
    found = []
    seen_modules = set()
    walk_module(tf, "tf", seen_modules, found)
    for root in KERAS_ROOTS:
        mod = getattr(keras, root, None)
        if isinstance(mod, types.ModuleType):
            walk_module(mod, "keras." + root, seen_modules, found)
    for attr in sorted(dir(keras)):
        obj = getattr(keras, attr)
        if not attr.startswith("_") and not isinstance(obj, types.ModuleType) and callable(obj):
            found.append(("keras." + attr, obj))

    entries, seen_docs = [], set()
    # Prefer the shortest public name for objects exported several times.
    found.sort(key=lambda item: (rank(item[0]), item[0].count("."), len(item[0]), item[0]))
    for name, obj in found:
        doc = getattr(obj, "__doc__", None)
        if not isinstance(doc, str) or ">>>" not in doc:
            continue
        if doc in seen_docs:
            continue
        seen_docs.add(doc)
        examples = examples_of(inspect.cleandoc(doc))
        if not examples:
            continue
        entries.append({
            "qualified_name": name,
            "module": getattr(obj, "__module__", None) or "",
            "group": group_of(name),
            "examples": examples,
        })
    entries.sort(key=lambda e: (e["group"], e["qualified_name"]))
    with open(path, "w") as f:
        json.dump(entries, f, indent=0)
    n_ex = sum(len(e["examples"]) for e in entries)
    print(f"{len(entries)} docstrings, {n_ex} examples -> {path}")


if __name__ == "__main__":
    main(sys.argv[1])
