"""Write `tests/golden/tf_namespaces.json`: every public name of TensorFlow 2.21's namespaces.

Run under real TensorFlow 2.21 / Keras 3.15, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_tf_namespaces.py

Walks `tf` and its public submodules (the `tensorflow._api.v2` modules, and under `tf.keras` the
Keras 3 API modules), as a user reaches them: `tf.math`, `tf.keras.layers`, `tf.keras.ops.numpy`, ...
Left out: `tf.raw_ops` (generated op wrappers) and `tf.compat`'s submodules (only `tf.compat.v1`'s
own names are listed, for TF1 code). `scripts/api_coverage.py` compares keraslike with this file and
renders the README's "What is supported" table and API_COVERAGE.md.
"""

import inspect
import json
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "tf_namespaces.json")
_SKIP = {"tf.raw_ops", "tf.compat"}


def _is_api_module(obj):
    name = getattr(obj, "__name__", "") or ""
    if name.startswith(("keras.src", "tensorflow._api.v2.compat")):
        return False
    return name.startswith(("tensorflow._api.v2.", "keras.", "keras"))


def _walk(module, path, table):
    names = []
    for name in sorted(dir(module)):
        if name.startswith("_"):
            continue
        try:
            obj = getattr(module, name)
        except Exception:  # noqa: BLE001 - a lazy attribute that fails to load is not public API
            continue
        if inspect.ismodule(obj):
            sub = f"{path}.{name}"
            if sub not in _SKIP and _is_api_module(obj) and sub not in table:
                _walk(obj, sub, table)
            continue
        names.append(name)
    table[path] = names


def main():
    table = {}
    _walk(tf, "tf", table)
    table["tf.compat.v1"] = sorted(n for n in dir(tf.compat.v1) if not n.startswith("_")
                                   and not inspect.ismodule(getattr(tf.compat.v1, n, None)))
    data = {"versions": {"tensorflow": tf.__version__, "keras": keras.__version__},
            "namespaces": {k: table[k] for k in sorted(table)}}
    with open(OUT + ".tmp", "w") as f:
        json.dump(data, f, indent=0, sort_keys=False)
        f.write("\n")
    os.replace(OUT + ".tmp", OUT)
    print(f"{len(table)} namespaces, {sum(map(len, table.values()))} names -> {OUT}")


if __name__ == "__main__":
    main()
