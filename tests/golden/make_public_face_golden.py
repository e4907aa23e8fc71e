"""Write `tests/golden/public_face.json`: the public names of the namespaces keraslike lists one by one.

Run under real TensorFlow 2.21 (Keras 3.15 and tf_keras), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_public_face_golden.py

Keys are keraslike's module paths (`keras.losses`, `compat.v1.io`, ...); each value is the sorted union of the
names Keras 3 (`tf.keras`) and Keras 2 (`tf_keras`, `TF_USE_LEGACY_KERAS=1`) publish there.
`tests/test_public_face.py` checks that keraslike publishes nothing else in them.
"""

import json
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402
import tf_keras  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "public_face.json")
KERAS_MODULES = ("activations", "constraints", "datasets", "initializers", "losses", "metrics", "regularizers")


def _public(*modules):
    return sorted({name for module in modules for name in dir(module) if not name.startswith("_")})


def main():
    table = {f"keras.{m}": _public(getattr(keras, m), getattr(tf_keras, m)) for m in KERAS_MODULES}
    table["io"] = _public(tf.io)
    table["compat.v1.io"] = _public(tf.compat.v1.io)
    with open(OUT + ".tmp", "w") as f:
        json.dump(table, f, indent=0)
    os.replace(OUT + ".tmp", OUT)
    print({k: len(v) for k, v in table.items()})


if __name__ == "__main__":
    main()
