"""Write goldens for the Keras 3.15 activations keraslike added (celu ... threshold).

Run under real TensorFlow 2.21 / Keras 3.15 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_activation_golden.py

`sparsemax` is left out: Keras 3.15 on TensorFlow returns rows that do not sum to 1 (e.g. all zeros for
`[0.30, 1.25, -1.25, 0.06, 2.36, 2.38]`), so it is tested against the definition instead.

It writes `tests/golden/activations.npz`: `x` and, per case, the output; `tests/keras/test_activations_extra.py`
reads it (the case table is repeated there).
"""

import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "activations.npz")
CASES = {  # case name -> (keras.activations function, kwargs)
    "celu": ("celu", {}), "celu_alpha": ("celu", {"alpha": 0.5}), "glu": ("glu", {}), "glu_axis0": ("glu", {"axis": 0}),
    "hard_shrink": ("hard_shrink", {}), "hard_shrink_1": ("hard_shrink", {"threshold": 1.0}),
    "hard_tanh": ("hard_tanh", {}), "log_sigmoid": ("log_sigmoid", {}), "soft_shrink": ("soft_shrink", {}),
    "soft_shrink_02": ("soft_shrink", {"threshold": 0.2}), "sparse_plus": ("sparse_plus", {}),
    "sparse_sigmoid": ("sparse_sigmoid", {}), "squareplus": ("squareplus", {}),
    "squareplus_b1": ("squareplus", {"b": 1}), "tanh_shrink": ("tanh_shrink", {}),
    "threshold": ("threshold", {"threshold": 0.3, "default_value": -2.0}),
}


def main():
    x = np.random.RandomState(3).uniform(-3, 3, (4, 6)).astype("float32")
    arrays = {"x": x}
    for name, (fn, kwargs) in CASES.items():
        arrays[name] = np.asarray(getattr(keras.activations, fn)(x, **kwargs)).astype("float32")
    np.savez_compressed(OUT, **arrays)
    print(f"wrote {len(CASES)} cases to {OUT}")


if __name__ == "__main__":
    main()
