"""Write `tests/golden/keras_names.json`: the public names of Keras 3.15's main namespaces.

Run under real TensorFlow 2.21 / Keras 3.15, from the repository root:

    /work/tfvenv/bin/python tests/golden/make_keras_names.py

Keys: "ops" (with "nn.", "linalg.", "image.", "numpy." prefixes for the submodules), "layers",
"random", "utils", "applications" (with "<family>." prefixes for `keras.applications.<family>`).
`tests/test_public_api.py` checks keraslike against it and prints the coverage.
"""

import inspect
import json
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "keras_names.json")


def _public(module, prefix="", submodules=()):
    names = []
    for name in sorted(dir(module)):
        if name.startswith("_"):
            continue
        obj = getattr(module, name)
        if inspect.ismodule(obj):
            if name in submodules:
                names += _public(obj, f"{prefix}{name}.")
            continue
        names.append(prefix + name)
    return names


def main():
    apps = [n for n in dir(keras.applications) if inspect.ismodule(getattr(keras.applications, n))
            and not n.startswith("_")]
    table = {
        "ops": _public(keras.ops, submodules=("nn", "linalg", "image", "numpy")),
        "layers": _public(keras.layers),
        "random": _public(keras.random),
        "utils": _public(keras.utils, submodules=("legacy",)),
        "applications": _public(keras.applications, submodules=tuple(apps)),
    }
    with open(OUT + ".tmp", "w") as f:
        json.dump(table, f, indent=0)
    os.replace(OUT + ".tmp", OUT)
    print({k: len(v) for k, v in table.items()})


if __name__ == "__main__":
    main()
