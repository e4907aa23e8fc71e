"""Write files whose optimizer state has several slot kinds, saved by real TF 2.21, and what one more training
step gives: Keras 3 `.keras` (`keras3_files/opt_order_<case>.keras`) and tf_keras `.h5`, both the current
optimizers and TF <= 2.10's `optimizers.legacy` (`legacy_h5/opt_order_<case>.h5`), with expected weights in
`opt_order.npz`. Adam(amsgrad) and RMSprop(momentum, centered) list their slots in passes over the variables
(every m and v, then every vhat; every rms, then every momentum, then every mg), not variable by variable.

    /work/tfvenv/bin/python tests/golden/make_optimizer_order_files.py
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import numpy as np  # noqa: E402
import tf_keras  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))


def pattern(shape, i):
    size = int(np.prod(shape))
    return (np.sin(np.arange(size, dtype="float64") * 0.6 + i) * 0.5).reshape(shape).astype("float32")


X, Y = pattern((8, 5), 1), pattern((8, 2), 2)
X_NEXT, Y_NEXT = pattern((4, 5), 3), pattern((4, 2), 4)

CASES = {
    "adam_amsgrad": lambda opts: opts.Adam(0.01, amsgrad=True),
    "rmsprop_centered": lambda opts: opts.RMSprop(0.01, momentum=0.9, centered=True),
}


def _run(k, optimizers, path, expected, key):
    model = k.Sequential([k.Input((5,)), k.layers.Dense(4, activation="tanh"), k.layers.Dense(2)])
    model.set_weights([pattern(w.shape, 10 + i) for i, w in enumerate(model.get_weights())])
    model.compile(optimizer=CASES[key.split("/")[-1]](optimizers), loss="mse")
    model.fit(X, Y, batch_size=4, epochs=1, shuffle=False, verbose=0)
    model.save(path)
    model.train_on_batch(X_NEXT, Y_NEXT)
    for i, w in enumerate(model.get_weights()):
        expected[f"{key}/{i}"] = w


def main():
    expected = {"x": X, "y": Y, "x_next": X_NEXT, "y_next": Y_NEXT}
    for case in CASES:
        _run(keras, keras.optimizers, os.path.join(HERE, "keras3_files", f"opt_order_{case}.keras"), expected,
             f"k3/{case}")
        _run(tf_keras, tf_keras.optimizers, os.path.join(HERE, "legacy_h5", f"opt_order_{case}.h5"), expected,
             f"k2/{case}")
        _run(tf_keras, tf_keras.optimizers.legacy, os.path.join(HERE, "legacy_h5", f"opt_order_tf210_{case}.h5"),
             expected, f"tf210/{case}")
    np.savez(os.path.join(HERE, "opt_order.npz"), **expected)


if __name__ == "__main__":
    main()
