"""Issue 12 item 12: `compile(steps_per_execution=k)` groups steps as Keras 3 does: batch callbacks of fit and
evaluate fire once per group (begin at its first step, end at `first + k - 1`, also for a cut-short last group).

The expected call list is what real Keras 3.15 records for the same program. Before the fix the argument was
accepted and ignored (callbacks every step).
"""

import numpy as np
import pytest

import keraslike as tf

keras = tf.keras

KERAS_CALLS = [("b", 0), ("e", 2), ("b", 3), ("e", 5), ("b", 6), ("e", 8), ("tb", 0), ("te", 2), ("tb", 3), ("te", 5)]


def test_batch_callbacks_once_per_execution_as_keras():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse", steps_per_execution=3)
    calls = []

    class Record(keras.callbacks.Callback):
        def on_train_batch_begin(self, batch, logs=None):
            calls.append(("b", batch))

        def on_train_batch_end(self, batch, logs=None):
            calls.append(("e", batch))

        def on_test_batch_begin(self, batch, logs=None):
            calls.append(("tb", batch))

        def on_test_batch_end(self, batch, logs=None):
            calls.append(("te", batch))

    x = np.ones((14, 2), "float32")
    history = model.fit(x, x[:, :1], batch_size=2, epochs=1, verbose=0, callbacks=[Record()],
                        validation_data=(x[:10], x[:10, :1]), validation_batch_size=2)
    assert calls == KERAS_CALLS
    assert int(model.optimizer.iterations) == 7  # every step still trains
    assert len(history.history["loss"]) == 1


def test_steps_per_execution_is_validated():
    model = keras.Sequential([keras.Input((2,)), keras.layers.Dense(1)])
    model.compile("sgd", "mse", steps_per_execution="auto")  # Keras 3's auto-tuning: one step per execution here
    for bad in (0, -2, 1.5, "fast", True):
        with pytest.raises(ValueError, match="steps_per_execution"):
            model.compile("sgd", "mse", steps_per_execution=bad)
