"""`fit(shuffle=True)` after `set_random_seed`, written once for Keras on TF and for keraslike:
`make_fit_shuffle_golden.py` records TF 2.21's results (Keras 3 and tf_keras), `tests/keras/trainers/
test_fit_shuffle_order.py` compares keraslike's. Each function takes the `keras` module."""

import numpy as np

CASES = [(1, 20, 7, 0), (0, 23, 5, 1), (42, 203, 32, 0)]  # seed, samples, batch size, initial_epoch


def orders(keras, seed, n, batch_size, initial_epoch):
    """The sample order of each epoch of two `fit` calls (of 2 epochs each) on one model."""
    keras.utils.set_random_seed(seed)
    seen = []

    class Recorder(keras.Model):
        def train_step(self, data):
            seen.append([int(v) for v in np.asarray(data[1])])
            return {"n": 0.0}

    inp = keras.Input((1,))
    model = Recorder(inp, keras.layers.Dense(1)(inp))
    model.compile(optimizer="sgd", loss="mse", run_eagerly=True)
    x = np.arange(n, dtype="float32")[:, None]
    steps = -(-n // batch_size)
    fits = []
    for _ in range(2):
        seen.clear()
        model.fit(x, np.arange(n), batch_size=batch_size, epochs=initial_epoch + 2, initial_epoch=initial_epoch,
                  verbose=0)
        fits.append([sum(seen[e * steps:(e + 1) * steps], []) for e in range(2)])
    return fits


def losses(keras):
    """The history of a seeded Dense/Dropout model trained with shuffle and validation_split."""
    rng = np.random.default_rng(0)
    x = rng.normal(size=(203, 8)).astype("float32")
    y = (x[:, :2].sum(1) > 0).astype("int64")
    keras.utils.set_random_seed(1)
    inp = keras.Input((8,))
    h = keras.layers.Dense(16, activation="relu")(inp)
    h = keras.layers.Dropout(0.3)(h)
    model = keras.Model(inp, keras.layers.Dense(2, activation="softmax")(h))
    model.compile(optimizer=keras.optimizers.Adam(1e-2), loss="sparse_categorical_crossentropy")
    history = model.fit(x, y, batch_size=32, epochs=3, validation_split=0.2, verbose=0)
    return {k: [float(v) for v in vs] for k, vs in history.history.items()}
