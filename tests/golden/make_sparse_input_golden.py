"""Goldens for a functional model with a sparse input, as TF's sparse-tensor guide builds it
(`keras.Input(shape=(4,), sparse=True)` -> Dense(4); called on, and predicting, a `tf.sparse.SparseTensor`).
Run under real TensorFlow 2.21 (Keras 3), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_sparse_input_golden.py

It writes `tests/golden/sparse_input.npz`; `tests/keras/test_sparse_input.py` reads it.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "sparse_input.npz")
INDICES = [(0, 0), (0, 1), (0, 2), (4, 3), (5, 0), (5, 1)]


def main():
    rng = np.random.RandomState(0)
    x = tf.keras.Input(shape=(4,), sparse=True)
    model = tf.keras.Model(x, tf.keras.layers.Dense(4)(x))
    weights = [rng.normal(0, 0.5, w.shape).astype("float32") for w in model.get_weights()]
    model.set_weights(weights)
    values = np.arange(1, 7, dtype="float32")
    sparse_data = tf.sparse.SparseTensor(indices=INDICES, values=values, dense_shape=(6, 4))
    out = {"kernel": weights[0], "bias": weights[1], "values": values}
    out["call"] = model(sparse_data).numpy()
    out["predict"] = model.predict(sparse_data, verbose=0)
    out["predict_dataset"] = model.predict(tf.data.Dataset.from_tensor_slices(sparse_data).batch(2), verbose=0)
    model.compile(tf.keras.optimizers.SGD(0.1), "mse")
    target = rng.uniform(0, 1, (6, 4)).astype("float32")
    out["target"] = target
    out["fit_loss"] = model.fit(sparse_data, target, batch_size=2, shuffle=False, verbose=0).history["loss"][0]
    out["evaluate"] = model.evaluate(sparse_data, target, batch_size=4, verbose=0)
    out["kernel_after"] = model.get_weights()[0]
    out["repr"] = np.array(repr(x))
    np.savez_compressed(OUT, **out)
    print(f"wrote {OUT}: {sorted(out)}; {x!r}")


if __name__ == "__main__":
    main()
