"""Golden for Python operators on functional-API tensors (`x / 255.0`, `x[:, :3]`, `-x`, `x ** 2`, ...).

Run under real TensorFlow 2.21 (Keras 3), from the repository root:

    /path/to/tf-venv/bin/python tests/golden/make_keras_tensor_operators_golden.py

Writes `tests/golden/keras3_files/operators.keras` (a model whose graph holds the op nodes Keras 3 records for
Python operators) and `tests/golden/keras_tensor_operators.npz` (inputs, Keras's predictions, the op classes
in `model.operations` order). `tests/keras/layers/test_keras_tensor_operators.py` reads them without TF.
"""

import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")
import keras  # noqa: E402

OUT = os.path.dirname(os.path.abspath(__file__))


def build(keras_module):
    """The same graph in Keras and in keraslike: every operator KerasTensor defines, in one model."""
    layers = keras_module.layers
    a = keras_module.Input((4,), name="a")
    b = keras_module.Input((4,), name="b")
    x = (-(a * 2.0) / 255.0 + 1) - b
    x = abs(x) ** 2 + 0.5 * b // 1.0 + (a % 0.3)
    x = x[:, :3] @ np.ones((3, 3), "float32")
    mask = (a[:, :3] > 0.5) & ~(b[:, :3] <= 0.2)
    x = x + keras_module.ops.cast(mask, "float32")
    return keras_module.Model([a, b], layers.Dense(2, name="head")(x))


def main():
    keras.utils.set_random_seed(0)
    model = build(keras)
    rng = np.random.default_rng(0)
    a, b = rng.random((5, 4), dtype=np.float32), rng.random((5, 4), dtype=np.float32)
    model.save(os.path.join(OUT, "keras3_files", "operators.keras"))
    np.savez(os.path.join(OUT, "keras_tensor_operators.npz"), a=a, b=b, y=model.predict([a, b], verbose=0),
             operations=np.array([type(op).__name__ for op in model.operations]))


if __name__ == "__main__":
    main()
