"""Golden: a legacy `.h5` model written by real Keras 3 (TF 2.21) whose graph holds op nodes (`inputs / 2.0`).

Keras 3's `.h5` writer stores such a node without its module (`{"class_name": "TrueDivide", "module": None}`), so
Keras 3 itself cannot load the file again (`Unknown layer: 'TrueDivide'`); keraslike reads the op by its class name.
Run under real TensorFlow 2.21 from the repository root:

    /path/to/tf-venv/bin/python tests/golden/make_keras3_h5_ops_golden.py

Writes `tests/golden/legacy_h5/keras3_ops.h5` and `tests/golden/legacy_h5/keras3_ops.npz` (inputs, predictions).
"""

import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import keras  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "legacy_h5")


def main():
    keras.utils.set_random_seed(1)
    inputs = keras.Input((6,), name="inp")
    x = (inputs / 2.0 - 1.0)[:, :5]
    x = keras.layers.Dense(4, activation="relu", name="d1")(x)
    model = keras.Model(inputs, keras.layers.Dense(1, name="d2")(x * 3.0))
    x_data = np.random.default_rng(1).random((4, 6), dtype=np.float32)
    model.save(os.path.join(OUT, "keras3_ops.h5"))
    np.savez(os.path.join(OUT, "keras3_ops.npz"), x=x_data, y=model.predict(x_data, verbose=0))


if __name__ == "__main__":
    main()
