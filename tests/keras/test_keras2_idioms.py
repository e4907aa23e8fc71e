"""Keras 2 idioms that Keras 3 removed, kept in both modes (issue 23 item 4), and those the switch decides.

Expected values are TF's: tf_keras 2.21 (Keras 2) gives `layer.output_shape`, `Sequential.output_shape`,
`get_initial_state(inputs=..., batch_size=..., dtype=...)`, `add_metric`, `reset_states()`; TF 2.21 gives
`tf.one_hot(np.array([0., 2.7]), 3) == [[1, 0, 0], [0, 0, 1]]` (float indices truncated) and Keras 3's
`get_initial_state(batch_size)` / `Model.from_config(config, custom_objects=...)`.
"""

import numpy as np
import pytest
import torch

import keraslike as tf

keras = tf.keras
torch.set_num_threads(1)


@pytest.fixture(params=[False, True], ids=["keras3", "keras2"])
def legacy(request, monkeypatch):
    if request.param:
        monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    else:
        monkeypatch.delenv("TF_USE_LEGACY_KERAS", raising=False)
    return request.param


def test_one_hot_truncates_float_indices(legacy):
    np.testing.assert_array_equal(tf.one_hot(np.array([0.0, 2.7, 1.2]), 3).numpy(),
                                  [[1, 0, 0], [0, 0, 1], [0, 1, 0]])
    np.testing.assert_array_equal(tf.one_hot(tf.constant([1.0, -1.5]), 2).numpy(), [[0, 1], [0, 0]])
    with pytest.raises(TypeError):
        tf.one_hot(tf.constant([True, False]), 2)


def test_sequential_and_layer_shapes(legacy):
    model = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2), keras.layers.Reshape((2, 1))])
    assert model.input_shape == (None, 3) and model.output_shape == (None, 2, 1)
    assert model.layers[0].input_shape == (None, 3) and model.layers[0].output_shape == (None, 2)
    a, b = keras.Input((4,)), keras.Input((5,))
    shared = keras.layers.Activation("relu")
    shared(a)
    assert shared.output_shape == (None, 4)
    shared(b)
    with pytest.raises(AttributeError):  # "multiple inbound nodes", as Keras 2
        shared.input_shape  # noqa: B018
    with pytest.raises(AttributeError):  # "never been called"
        keras.layers.Dense(2).output_shape  # noqa: B018


def test_lstm_cell_get_initial_state_both_spellings(legacy):
    cell = keras.layers.LSTMCell(4)
    for states in (cell.get_initial_state(2), cell.get_initial_state(batch_size=2),
                   cell.get_initial_state(inputs=None, batch_size=2, dtype=tf.float32),
                   cell.get_initial_state(inputs=tf.zeros((2, 3)))):
        assert [tuple(s.shape) for s in states] == [(2, 4), (2, 4)]
        assert all(s.dtype == torch.float32 and not s.any() for s in states)
    gru = keras.layers.GRUCell(3).get_initial_state(batch_size=2)
    if legacy:  # Keras 2 returns a one-state cell's state itself
        assert tuple(gru.shape) == (2, 3)
    else:
        assert [tuple(s.shape) for s in gru] == [(2, 3)]
    with pytest.raises(ValueError, match="batch size"):
        cell.get_initial_state()


class Doubler(keras.layers.Layer):
    def call(self, x):
        return x * 2.0


def test_model_from_config_with_custom_objects(legacy):
    inp = keras.Input((3,))
    model = keras.Model(inp, keras.layers.Dense(2)(Doubler()(inp)))
    config = model.get_config()
    assert {"layers", "input_layers", "output_layers"} <= set(config)
    again = keras.Model.from_config(config, custom_objects={"Doubler": Doubler})
    assert [type(layer).__name__ for layer in again.layers] == ["InputLayer", "Doubler", "Dense"] or \
        [type(layer).__name__ for layer in again.layers] == ["Doubler", "Dense"]
    again.set_weights(model.get_weights())
    x = np.ones((2, 3), "float32")
    np.testing.assert_allclose(again.predict(x, verbose=0), model.predict(x, verbose=0), rtol=1e-6)
    seq = keras.Sequential([keras.Input((3,)), keras.layers.Dense(2)])
    rebuilt = keras.Sequential.from_config(seq.get_config())
    assert rebuilt.output_shape == (None, 2) and len(rebuilt.weights) == 2


def test_model_from_config_reads_keras2_configs():
    config = {"name": "m", "layers": [
        {"class_name": "InputLayer", "config": {"batch_input_shape": [None, 3], "dtype": "float32", "name": "x"},
         "name": "x", "inbound_nodes": []},
        {"class_name": "Dense", "config": {"name": "d", "units": 2}, "name": "d",
         "inbound_nodes": [[["x", 0, 0, {}]]]}],
        "input_layers": [["x", 0, 0]], "output_layers": [["d", 0, 0]]}
    model = keras.Model.from_config(config)
    assert model.output_shape == (None, 2)
    assert model.predict(np.ones((1, 3), "float32"), verbose=0).shape == (1, 2)
    seq = keras.Sequential.from_config({"name": "s", "layers": [
        {"class_name": "Dense", "config": {"name": "a", "units": 4, "batch_input_shape": [None, 3]}},
        {"class_name": "Dense", "config": {"name": "b", "units": 1}}]})
    assert seq.input_shape == (None, 3) and seq.output_shape == (None, 1)


def test_metric_reset_states_and_positional_add_weight(legacy):
    metric = keras.metrics.Mean()
    metric.update_state([1.0, 3.0])
    metric.reset_states()
    assert float(metric.result()) == 0.0

    class W(keras.layers.Layer):
        def build(self, shape):
            self.w = self.add_weight("w", (shape[-1], 2))

        def call(self, x):
            return tf.matmul(x, self.w)

    layer = W()
    assert tuple(layer(np.ones((1, 3), "float32")).shape) == (1, 2)
    assert layer.weights[0].name.split("/")[-1].split(":")[0] == "w"


class MeanLogger(keras.layers.Layer):
    def call(self, x):
        self.add_metric(tf.reduce_mean(x), name="mean_x")
        return x


def test_layer_add_metric_is_logged_like_keras2(legacy):
    """tf_keras 2.21 logs {'loss', 'mae', 'mean_x', 'val_loss', 'val_mae', 'val_mean_x'}, mean_x = 1.0 on ones."""
    inp = keras.Input((3,))
    model = keras.Model(inp, keras.layers.Dense(1)(MeanLogger()(inp)))
    model.compile("sgd", "mse", metrics=["mae"])
    x, y = np.ones((4, 3), "float32"), np.ones((4, 1), "float32")
    history = model.fit(x, y, verbose=0, validation_data=(x * 3, y)).history
    assert sorted(history) == ["loss", "mae", "mean_x", "val_loss", "val_mae", "val_mean_x"]
    assert history["mean_x"] == [1.0] and history["val_mean_x"] == [3.0]  # example calls are not counted
    assert model.evaluate(x * 2, y, verbose=0, return_dict=True)["mean_x"] == 2.0


def test_subclassed_model_add_metric_averages_over_batches(legacy):
    class Sub(keras.Model):
        def __init__(self):
            super().__init__()
            self.dense = keras.layers.Dense(1, kernel_initializer="ones")

        def call(self, x):
            y = self.dense(x)
            self.add_metric(tf.reduce_max(y), name="mx", aggregation="mean")
            return y

    model = Sub()
    model.compile(keras.optimizers.SGD(0.0), "mse")
    x = np.arange(12.0, dtype="float32").reshape(4, 3)
    history = model.fit(x, np.ones((4, 1), "float32"), batch_size=2, shuffle=False, verbose=0).history
    assert history["mx"] == [pytest.approx((12.0 + 30.0) / 2)]  # batch maxima 3+4+5 and 9+10+11


def test_add_metric_errors(legacy):
    layer = keras.layers.Layer()
    with pytest.raises(ValueError, match="provide a name"):
        layer.add_metric(tf.constant(1.0))
    with pytest.raises(ValueError, match="aggregation"):
        layer.add_metric(tf.constant(1.0), name="m", aggregation="sum")
    inp = keras.Input((3,))
    out = keras.layers.Dense(2)(inp)
    with pytest.raises(NotImplementedError, match="symbolic"):  # a functional model's takes it (test_symbolic_tf_ops)
        layer.add_metric(keras.ops.sum(out), name="s")


def test_dense_units_from_numpy_scalar_under_legacy_keras(monkeypatch):
    # tutorials/generative/autoencoder: layers.Dense(tf.math.reduce_prod(shape).numpy()). tf_keras converts the
    # numpy integer (`.numpy()` of a scalar is a numpy scalar, as TF's). Keras 3 refuses a 0-d array as keraslike
    # does without TF_USE_LEGACY_KERAS; keraslike's layers take numpy scalars as Python numbers in both modes
    # (LayerMeta), where Keras 3 itself refuses `Dense(np.int32(784))`.
    units = tf.math.reduce_prod((28, 28)).numpy()
    assert isinstance(units, np.int32)
    with pytest.raises(ValueError, match="units"):
        tf.keras.layers.Dense(np.asarray(units))
    monkeypatch.setenv("TF_USE_LEGACY_KERAS", "1")
    layer = tf.keras.layers.Dense(units, activation="sigmoid")
    assert layer.units == 784 and type(layer.units) is int
    assert tuple(layer(np.zeros((2, 3), "float32")).shape) == (2, 784)
