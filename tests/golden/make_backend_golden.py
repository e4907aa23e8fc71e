"""Write goldens for `tf.keras.backend` (Keras's legacy backend functions) under real TF 2.21 / Keras 3.15.

Run from the repository root (not under keraslike):

    /work/tfvenv/bin/python tests/golden/make_backend_golden.py

It runs every case of `tests/golden/backend_cases.py` with `tf.keras.backend` and writes
`tests/golden/backend.npz`: per case `<case>/<i>` for each returned array (float64 for floats).
`tests/keras/test_backend_legacy.py` runs the same cases under keraslike and compares.
"""

import os
import sys

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import tensorflow as tf  # noqa: E402

import backend_cases  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "backend.npz")


def as_list(result):
    return [np.asarray(r) for r in (result if isinstance(result, (list, tuple)) else [result])]


def main():
    K = tf.keras.backend
    data = backend_cases.inputs()

    def c(array):
        return tf.constant(array)

    arrays = {}
    for name, fn in backend_cases.CASES.items():
        for i, value in enumerate(as_list(fn(K, c, data))):
            arrays[f"{name}/{i}"] = value
    np.savez_compressed(OUT, **arrays)
    print(f"wrote {len(backend_cases.CASES)} cases ({len(arrays)} arrays) to {OUT}")


if __name__ == "__main__":
    main()
