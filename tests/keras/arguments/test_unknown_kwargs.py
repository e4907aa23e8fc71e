"""Issue 12 item 1: unknown keyword arguments raise (naming the argument) where Keras 3 / TF 2.21 raise.

Before the fix `fit(x, y, epoch=3)` trained one epoch and `compile(..., foo=1)` passed silently.
"""

import numpy as np

import keraslike as tf

keras = tf.keras


def _model():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.compile(optimizer="sgd", loss="mse")
    return model


def _xy():
    return np.ones((4, 3), "float32"), np.ones((4, 1), "float32")


def _calls():
    x, y = _xy()
    model = _model()
    inp = keras.Input((2,))
    return [
        ("foo", lambda: _model().compile(loss="mse", foo=1), TypeError),
        ("epoch", lambda: model.fit(x, y, epoch=3, verbose=0), TypeError),
        ("foo", lambda: model.evaluate(x, y, foo=1, verbose=0), ValueError),
        ("foo", lambda: model.predict(x, foo=1, verbose=0), TypeError),
        ("foo", lambda: keras.layers.Dense(1, foo=1), ValueError),
        ("foo", lambda: keras.Model(inputs=inp, outputs=keras.layers.Dense(1)(inp), foo=1), ValueError),
        ("foo", lambda: keras.optimizers.Adam(foo=1), (TypeError, ValueError)),
        ("foo", lambda: keras.mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(), foo=1), ValueError),
        ("foo", lambda: keras.losses.MeanSquaredError(foo=1), TypeError),
        ("foo", lambda: keras.metrics.Mean(foo=1), TypeError),
        ("foo", lambda: keras.callbacks.EarlyStopping(foo=1), TypeError),
        ("foo", lambda: keras.callbacks.ReduceLROnPlateau(foo=1), TypeError),
        ("foo", lambda: keras.callbacks.ModelCheckpoint("m.keras", foo=1), TypeError),
        ("foo", lambda: keras.callbacks.TensorBoard(foo=1), TypeError),
        ("foo", lambda: keras.Input((3,), foo=1), TypeError),
        ("foo", lambda: keras.models.clone_model(model, foo=1), ValueError),
        ("foo", lambda: model.load_weights("w.weights.h5", foo=1), ValueError),
        ("foo", lambda: model.save("m.keras", foo=1), ValueError),
        ("foo", lambda: model.summary(foo=1), TypeError),
        ("foo", lambda: keras.layers.Dense(1).add_weight(name="w", shape=(1,), foo=1), TypeError),
        ("foo", lambda: model.optimizer.apply_gradients([(np.ones(1), tf.Variable([1.0]))], foo=1), TypeError),
        ("foo", lambda: tf.Variable(1.0, foo=1), TypeError),
        ("foo", lambda: tf.distribute.NcclAllReduce(num_packs=1, foo=1), TypeError),
        ("foo", lambda: tf.einsum("ij->ji", np.ones((2, 2)), foo=1), TypeError),
        ("foo", lambda: tf.linalg.diag([1.0], foo=1), TypeError),
        ("foo", lambda: tf.distribute.MirroredStrategy(foo=1), TypeError),
        ("foo", lambda: tf.data.Dataset.range(3).batch(2, foo=1), TypeError),
        ("foo", lambda: keras.layers.BatchNormalization(foo=1), ValueError),
        ("foo", lambda: keras.layers.Embedding(3, 2, foo=1), ValueError),
    ]


def test_unknown_keyword_arguments_raise_naming_the_argument(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    failures = []
    for i, (name, call, error) in enumerate(_calls()):
        try:
            call()
        except error as e:
            if name not in str(e):
                failures.append(f"call {i}: error does not name {name!r}: {e}")
        except Exception as e:  # noqa: BLE001 - report every call at once
            failures.append(f"call {i}: {type(e).__name__} instead of {error}: {e}")
        else:
            failures.append(f"call {i}: accepted {name!r} silently")
    assert not failures, "\n".join(failures)


def test_fit_with_epochs_spelled_right_still_trains_three_epochs():
    x, y = _xy()
    history = _model().fit(x, y, epochs=3, verbose=0)
    assert len(history.history["loss"]) == 3


def test_keras2_aliases_still_work():
    cb = keras.callbacks.ReduceLROnPlateau(epsilon=0.5)  # Keras 2's name of min_delta
    assert cb.min_delta == 0.5
    v = tf.Variable([3.0], constraint=lambda t: t.clamp(max=1.0))
    opt = keras.optimizers.SGD(0.0)
    opt.apply_gradients([(np.zeros(1, "float32"), v)], experimental_aggregate_gradients=False)
    assert v.numpy()[0] == 1.0  # tf.Variable(constraint=...) applied after the update, as TF optimizers do


def test_linalg_diag_offsets_match_tf():
    # values printed by TF 2.21: tf.linalg.diag([1., 2.], k=1, padding_value=9), diag_part(.., k=-1)
    np.testing.assert_array_equal(tf.linalg.diag([1.0, 2.0], k=1, padding_value=9).numpy(),
                                  [[9, 1, 9], [9, 9, 2], [9, 9, 9]])
    np.testing.assert_array_equal(tf.linalg.diag_part([[1.0, 2.0], [3.0, 4.0]], k=-1).numpy(), [3.0])
