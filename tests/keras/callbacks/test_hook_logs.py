"""Every callback hook gets a dict with Keras's keys (keras-io guides/writing_your_own_callbacks.py).

The guide's CustomCallback calls `logs.keys()` in every hook. The expected keys per hook are what real
TF 2.21 / Keras 3.15 passes for the same fit/evaluate/predict calls.
"""

import numpy as np

import keraslike as tf

keras = tf.keras

METRIC_KEYS = ("loss", "mean_absolute_error")
VAL_KEYS = METRIC_KEYS + ("val_loss", "val_mean_absolute_error")
EXPECTED = {
    "fit": {"train_begin": (), "epoch_begin": (), "train_batch_begin": (), "train_batch_end": METRIC_KEYS,
            "test_begin": (), "test_batch_begin": (), "test_batch_end": METRIC_KEYS, "test_end": METRIC_KEYS,
            "epoch_end": VAL_KEYS, "train_end": VAL_KEYS},
    "evaluate": {"test_begin": (), "test_batch_begin": (), "test_batch_end": METRIC_KEYS, "test_end": METRIC_KEYS},
    "predict": {"predict_begin": (), "predict_batch_begin": (), "predict_batch_end": ("outputs",),
                "predict_end": ()},
}


class KeysRecorder(keras.callbacks.Callback):
    def __init__(self):
        super().__init__()
        self.seen = {}

    def _record(self, hook, logs):
        self.seen.setdefault(hook, set()).add(tuple(sorted(logs.keys())))  # fails on logs=None

    def on_train_begin(self, logs=None):
        self._record("train_begin", logs)

    def on_train_end(self, logs=None):
        self._record("train_end", logs)

    def on_epoch_begin(self, epoch, logs=None):
        self._record("epoch_begin", logs)

    def on_epoch_end(self, epoch, logs=None):
        self._record("epoch_end", logs)

    def on_test_begin(self, logs=None):
        self._record("test_begin", logs)

    def on_test_end(self, logs=None):
        self._record("test_end", logs)

    def on_predict_begin(self, logs=None):
        self._record("predict_begin", logs)

    def on_predict_end(self, logs=None):
        self._record("predict_end", logs)

    def on_train_batch_begin(self, batch, logs=None):
        self._record("train_batch_begin", logs)

    def on_train_batch_end(self, batch, logs=None):
        self._record("train_batch_end", logs)

    def on_test_batch_begin(self, batch, logs=None):
        self._record("test_batch_begin", logs)

    def on_test_batch_end(self, batch, logs=None):
        self._record("test_batch_end", logs)

    def on_predict_batch_begin(self, batch, logs=None):
        self._record("predict_batch_begin", logs)

    def on_predict_batch_end(self, batch, logs=None):
        self._record("predict_batch_end", logs)
        self.outputs = logs["outputs"]


def test_every_hook_gets_keras_keys():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(100, 8)).astype("float32")
    y = rng.normal(size=(100,)).astype("float32")
    model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.RMSprop(learning_rate=0.1), loss="mean_squared_error",
                  metrics=["mean_absolute_error"])
    runs = {"fit": lambda cb: model.fit(x, y, batch_size=16, epochs=2, verbose=0, validation_split=0.5,
                                        callbacks=[cb]),
            "evaluate": lambda cb: model.evaluate(x, y, batch_size=16, verbose=0, callbacks=[cb]),
            "predict": lambda cb: model.predict(x, batch_size=64, verbose=0, callbacks=[cb])}
    for name, run in runs.items():
        recorder = KeysRecorder()
        result = run(recorder)
        assert recorder.seen == {hook: {keys} for hook, keys in EXPECTED[name].items()}, name
    # the last predict batch's outputs are rows 64..99 of the result
    np.testing.assert_allclose(np.asarray(recorder.outputs), result[64:], rtol=1e-6)
