"""fit(callbacks=EarlyStopping(...)) with one callback, not a list, as tutorials/audio/simple_audio writes it:
Keras 3 flattens the argument (found by the conformance corpus)."""

import numpy as np

import keraslike as tf


def test_fit_takes_a_single_callback_and_nested_lists():
    x = np.linspace(-1, 1, 32, dtype="float32")[:, None]
    model = tf.keras.Sequential([tf.keras.Input((1,)), tf.keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
    stop = tf.keras.callbacks.EarlyStopping(monitor="loss", patience=0, min_delta=1e9)  # stops after 2 epochs
    history = model.fit(x, 2 * x, epochs=5, verbose=0, callbacks=stop)
    assert len(history.history["loss"]) == 2 and stop.stopped_epoch == 1
    seen = []
    logger = tf.keras.callbacks.LambdaCallback(on_epoch_end=lambda epoch, logs: seen.append(epoch))
    model.fit(x, 2 * x, epochs=2, verbose=0, callbacks=[[logger]])
    assert seen == [0, 1]
