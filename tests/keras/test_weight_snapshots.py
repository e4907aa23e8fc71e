"""Numpy values handed to users are snapshots: training afterwards never changes them (TF gives copies).

Goldens: tests/golden/snapshots.npz from tests/golden/make_snapshot_golden.py (real TF 2.21).
"""

import copy
from pathlib import Path

import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras
torch.set_num_threads(1)
GOLDEN = np.load(Path(__file__).parents[1] / "golden" / "snapshots.npz")


def _golden_model(optimizer):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(1)])
    model.set_weights([GOLDEN["kernel0"], GOLDEN["bias0"]])
    model.compile(optimizer=optimizer, loss="mse")
    return model


def test_early_stopping_restores_the_best_epoch_as_tf():
    g = GOLDEN
    model = _golden_model(keras.optimizers.SGD(0.95))
    stop = keras.callbacks.EarlyStopping(monitor="val_loss", patience=2, restore_best_weights=True)
    history = model.fit(g["x"], g["y"], batch_size=32, epochs=20, validation_data=(g["xv"], g["yv"]),
                        shuffle=False, verbose=0, callbacks=[stop])
    np.testing.assert_allclose(history.history["val_loss"], g["es_val_loss"], rtol=1e-4)
    # TF: the best epoch's weights (evaluate 2.0216); a live view would have given the last epoch's (2.3740)
    np.testing.assert_allclose(model.evaluate(g["xv"], g["yv"], verbose=0), g["es_evaluate"], rtol=1e-4)
    np.testing.assert_allclose(model.layers[0].kernel.numpy(), g["es_kernel"], rtol=1e-4, atol=1e-6)
    np.testing.assert_allclose(model.layers[0].bias.numpy(), g["es_bias"], rtol=1e-4, atol=1e-6)


def test_set_weights_of_an_early_snapshot_resets_the_model_as_tf():
    g = GOLDEN
    model = _golden_model(keras.optimizers.Adam(0.1))
    init = model.get_weights()
    np.testing.assert_allclose(model.evaluate(g["x"], g["y"], verbose=0), g["reset_before"], rtol=1e-5)
    model.fit(g["x"], g["y"], batch_size=8, epochs=3, shuffle=False, verbose=0)
    np.testing.assert_allclose(model.evaluate(g["x"], g["y"], verbose=0), g["reset_trained"], rtol=1e-4)
    model.set_weights(init)
    np.testing.assert_allclose(model.evaluate(g["x"], g["y"], verbose=0), g["reset_after"], rtol=1e-5)


def _snapshot_paths(model, generator, metric):
    """Every public way to get a numpy value out of mutable storage, taken now."""
    kernel = model.layers[0].kernel
    moving_mean = model.layers[1].moving_mean
    return {
        "model.get_weights()": model.get_weights(),
        "layer.get_weights()": model.layers[0].get_weights(),
        "variable.numpy()": kernel.numpy(),
        "np.asarray(variable)": np.asarray(kernel),
        "np.array(variable)": np.array(kernel),
        "np.asarray(variable, dtype)": np.asarray(kernel, dtype="float64"),
        "keras.ops.convert_to_numpy(variable)": keras.ops.convert_to_numpy(kernel),
        "variable.value.numpy()": kernel.value.numpy(),
        "np.asarray(variable.value)": np.asarray(kernel.value),
        "variable.value().numpy()": kernel.value().numpy(),
        "variable.read_value().numpy()": kernel.read_value().numpy(),
        "keras.backend.get_value(variable)": keras.backend.get_value(kernel),
        "keras.backend.batch_get_value": keras.backend.batch_get_value([kernel, moving_mean]),
        "tf.get_static_value(variable)": tf.get_static_value(kernel),
        "moving_mean.numpy()": moving_mean.numpy(),
        "optimizer.variables": [v.numpy() for v in model.optimizer.variables],
        "np.asarray(optimizer.variables)": [np.asarray(v) for v in model.optimizer.variables],
        "optimizer.iterations.numpy()": model.optimizer.iterations.numpy(),
        "optimizer.learning_rate.numpy()": model.optimizer.learning_rate.numpy(),
        "compiled metric variables": [v.numpy() for m in model.metrics for v in m.variables],
        "metric.variables": [v.numpy() for v in metric.variables],
        "metric.result()": metric.result().numpy(),
        "generator.state": generator.state.numpy(),
        "predict": model.predict(np.ones((4, 3), "float32"), verbose=0),
    }


def test_no_public_numpy_path_follows_training():
    keras.utils.set_random_seed(0)
    x = np.random.default_rng(0).normal(size=(64, 3)).astype("float32")
    y = x.sum(axis=1, keepdims=True)
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(4), keras.layers.BatchNormalization(),
                              keras.layers.Dense(1)])
    model.compile(optimizer=keras.optimizers.Adam(0.1), loss="mse", metrics=["mae"])
    model.fit(x, y, batch_size=16, epochs=1, verbose=0)  # slots and metric states exist
    generator = tf.random.Generator.from_seed(1)
    metric = keras.metrics.Mean()
    metric.update_state([1.0, 2.0])
    history = model.fit(x, y, batch_size=16, epochs=1, verbose=0)
    snapshots = _snapshot_paths(model, generator, metric)
    history_values = {k: list(v) for k, v in history.history.items()}
    frozen = {k: [np.array(a, copy=True) for a in v] if isinstance(v, list) else np.array(v, copy=True)
              for k, v in snapshots.items()}

    model.fit(x, y, batch_size=16, epochs=2, verbose=0)
    generator.normal([3])
    metric.update_state([10.0])

    moved = [name for name, value in snapshots.items()
             if not all(np.array_equal(a, b) for a, b in zip(value if isinstance(value, list) else [value],
                                                             frozen[name] if isinstance(value, list) else
                                                             [frozen[name]]))]
    assert moved == []
    assert {k: list(v) for k, v in history.history.items()} == history_values


def test_writing_into_a_snapshot_leaves_the_variable_alone():
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    kernel = model.layers[0].kernel
    before = kernel.numpy().copy()
    for array in (model.get_weights()[0], kernel.numpy(), np.asarray(kernel), keras.ops.convert_to_numpy(kernel)):
        array[...] = 7.0
    np.testing.assert_array_equal(kernel.numpy(), before)


def test_state_views_read_and_assign_the_live_state():
    metric = keras.metrics.Mean()
    metric.update_state([1.0, 3.0])
    total, count = metric.variables
    assert (total.name, float(total), float(count)) == ("total", 4.0, 2.0)
    total.assign(10.0)
    assert float(metric.result()) == 5.0
    assert metric.variables[0] is total  # the same objects while the state is the same
    metric.reset_state()
    assert float(total) == 0.0


def test_a_view_request_for_a_variable_raises():
    v = tf.Variable([1.0, 2.0])
    with pytest.raises(ValueError, match="Received: copy=False"):
        np.asarray(v, copy=False)
    assert np.asarray(v, copy=True).tolist() == [1.0, 2.0]


def test_session_run_of_a_variable_is_a_snapshot():
    v = tf.Variable([1.0, 2.0])
    with tf.compat.v1.Session() as sess:
        value = sess.run(v)
    v.assign_add([1.0, 1.0])
    assert value.tolist() == [1.0, 2.0]


VIEW_OPS = {
    "v[0]": lambda v: v[0],
    "v[:, 1]": lambda v: v[:, 1],
    "tf.reshape": lambda v: tf.reshape(v, [-1]),
    "tf.transpose": lambda v: tf.transpose(v),
    "tf.squeeze": lambda v: tf.squeeze(tf.expand_dims(v, 0)),
    "tf.expand_dims": lambda v: tf.expand_dims(v, 0),
    "tf.cast (same dtype)": lambda v: tf.cast(v, tf.float32),
    "tf.unstack": lambda v: tf.unstack(v)[0],
    "tf.split": lambda v: tf.split(v, 2)[1],
    "tf.slice": lambda v: tf.slice(v, [0, 0], [1, 2]),
    "tf.strided_slice": lambda v: tf.strided_slice(v, [0, 0], [2, 1]),
    "tf.broadcast_to": lambda v: tf.broadcast_to(v, [3, 2, 2]),
    "tf.linalg.matrix_transpose": lambda v: tf.linalg.matrix_transpose(v),
    "tf.ensure_shape": lambda v: tf.ensure_shape(v, [2, 2]),
    "keras.ops.convert_to_tensor": lambda v: keras.ops.convert_to_tensor(v),
    "keras.ops.reshape": lambda v: keras.ops.reshape(v, (4,)),
    "keras.ops.transpose": lambda v: keras.ops.transpose(v),
    "keras.ops.get_item": lambda v: keras.ops.get_item(v, 0),
    "keras.ops.expand_dims": lambda v: keras.ops.expand_dims(v, 0),
}


@pytest.mark.parametrize("name", sorted(VIEW_OPS))
def test_op_results_on_a_variable_are_values(name):
    """TF reads a variable into a new tensor: later assignments leave op results (and their numpy) alone."""
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    result = VIEW_OPS[name](v)
    expected = np.array(result.numpy(), copy=True)
    array = result.numpy()
    v.assign_add(tf.ones((2, 2)) * 10.0)
    np.testing.assert_array_equal(result.numpy(), expected)
    np.testing.assert_array_equal(array, expected)


def test_op_results_on_a_variable_still_carry_gradients():
    v = tf.Variable([[1.0, 2.0], [3.0, 4.0]])
    with tf.GradientTape() as tape:
        y = tf.reduce_sum(tf.reshape(v, [-1]) * 2.0) + tf.reduce_sum(v[0] * 3.0)
    np.testing.assert_array_equal(tape.gradient(y, v).numpy(), [[5.0, 5.0], [2.0, 2.0]])


def test_a_copied_metric_has_its_own_state_views():
    metric = keras.metrics.Mean()
    metric.update_state([1.0, 3.0])
    metric.variables  # noqa: B018 - views made before the copy
    twin = copy.deepcopy(metric)
    twin.variables[0].assign(0.0)
    assert float(metric.result()) == 2.0 and float(twin.result()) == 0.0
