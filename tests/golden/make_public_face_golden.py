"""Write `tests/golden/public_face.json`: the public names TF 2.21 has at the path of each public keraslike module.

Run under real TensorFlow 2.21 (Keras 3.15 and tf_keras), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_public_face_golden.py

Keys are keraslike's public module paths (`""` for `keraslike` itself, `keras.losses`, `compat.v1.io`, ...), found
from the package's files (keraslike is not imported: it needs torch); each value is the sorted union of the names
`tf.<path>` publishes and, under `keras.`, Keras 3 (`keras.<path>`) and Keras 2 (`tf_keras.<path>`,
`TF_USE_LEGACY_KERAS=1`) publish. A namespace TF's lazy loader cannot list gives the names it can read (`vars`).
`tests/test_public_face.py` checks that keraslike publishes nothing else in them (with its listed extensions).
"""

import json
import os
import pathlib

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402
import tf_keras  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2] / "keraslike"
OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "public_face.json")


def _module_paths():
    """"keras.losses" for keraslike/keras/losses/__init__.py or keraslike/keras/losses.py; private parts skipped."""
    for file in sorted(ROOT.rglob("*.py")):
        parts = list(file.relative_to(ROOT).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        if not any(part.startswith("_") for part in parts):
            yield ".".join(parts)


def _names(module):
    try:
        listed = dir(module)
    except Exception:  # noqa: BLE001 - a lazy loader whose import fails (tf.keras's Keras-2 submodules)
        listed = vars(module)
    return {name for name in listed if not name.startswith("_")}


def _attr(root, path):
    for part in path.split(".") if path else ():
        try:
            root = getattr(root, part)
        except Exception:  # noqa: BLE001 - missing, or a lazy loader that cannot import it
            return None
    return root


def main():
    table = {}
    for path in _module_paths():
        roots = [(tf, path)]
        if path.startswith("keras"):
            rest = path.removeprefix("keras").lstrip(".")
            roots += [(keras, rest), (tf_keras, rest)]
        modules = [m for m in (_attr(root, p) for root, p in roots) if m is not None]
        table[path] = sorted(set().union(*(_names(m) for m in modules)))
    with open(OUT + ".tmp", "w") as f:
        json.dump(table, f, indent=0, sort_keys=True)
    os.replace(OUT + ".tmp", OUT)
    print(f"{len(table)} namespaces, {sum(map(len, table.values()))} names")


if __name__ == "__main__":
    main()
