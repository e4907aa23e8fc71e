"""keras.mixed_precision: policies, autocast in fit/evaluate/predict, dynamic loss scaling."""

import numpy as np
import pytest
import torch

import keraslike as tf
from keraslike._src.keras import mixed_precision

keras = tf.keras
torch.set_num_threads(1)

rng = np.random.default_rng(0)
X = rng.normal(size=(64, 8)).astype("float32")
Y = (X[:, :2].sum(axis=1) > 0).astype("int64")


@pytest.fixture(autouse=True)
def reset_policy():
    yield
    mixed_precision.set_global_policy("float32")


class Probe(keras.layers.Layer):
    """Records the dtype of what it receives."""

    seen = []

    def __init__(self):
        super().__init__(autocast=False)  # see the raw dtype (a float32 layer would cast its inputs)

    def call(self, inputs):
        Probe.seen.append(inputs.dtype)
        return inputs


def _model():
    keras.utils.set_random_seed(0)
    model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(16, activation="relu"), Probe(),
                              keras.layers.Dense(2)])
    model.compile(optimizer=keras.optimizers.Adam(0.01),
                  loss=keras.losses.SparseCategoricalCrossentropy(from_logits=True), metrics=["accuracy"])
    return model


def test_policy_names_and_dtypes():
    policy = mixed_precision.Policy("mixed_float16")
    assert (policy.name, policy.compute_dtype, policy.variable_dtype) == ("mixed_float16", "float16", "float32")
    assert mixed_precision.Policy("mixed_bfloat16").compute_dtype == "bfloat16"
    assert mixed_precision.global_policy().name == "float32"
    mixed_precision.set_global_policy(policy)
    assert mixed_precision.global_policy() == policy
    with pytest.raises(ValueError, match="Received: name='mixed_int8'"):
        mixed_precision.Policy("mixed_int8")


def test_float32_policy_adds_no_autocast():
    model = _model()
    assert model._autocast is None
    assert not isinstance(model.optimizer, mixed_precision.LossScaleOptimizer)


def test_mixed_bfloat16_fit_computes_in_bfloat16_with_float32_weights():
    mixed_precision.set_global_policy("mixed_bfloat16")
    model = _model()
    Probe.seen.clear()
    history = model.fit(X, Y, batch_size=16, epochs=3, verbose=0)
    assert torch.bfloat16 in Probe.seen
    assert all(w.dtype == torch.float32 for w in model.trainable_weights)
    assert history.history["loss"][-1] < history.history["loss"][0]
    preds = model.predict(X, verbose=0)
    assert preds.dtype == np.float32 and preds.shape == (64, 2)
    assert isinstance(model.evaluate(X, Y, verbose=0)[0], float)


def _float16_autocast_works():
    try:
        with torch.autocast("cpu", dtype=torch.float16):
            return torch.nn.functional.linear(torch.ones(2, 3), torch.ones(4, 3)).dtype == torch.float16
    except (RuntimeError, AssertionError):
        return False


@pytest.mark.skipif(not _float16_autocast_works(), reason="float16 autocast unsupported on this CPU build")
def test_mixed_float16_wraps_the_optimizer_and_trains():
    mixed_precision.set_global_policy("mixed_float16")
    model = _model()
    assert isinstance(model.optimizer, mixed_precision.LossScaleOptimizer)
    history = model.fit(X, Y, batch_size=16, epochs=3, verbose=0)
    assert np.isfinite(history.history["loss"]).all()
    assert history.history["loss"][-1] < history.history["loss"][0]
    assert float(model.optimizer.loss_scale) == 2.0 ** 15  # no overflow in 12 small steps
    assert int(model.optimizer.iterations) == 12


def test_loss_scale_skips_non_finite_steps_and_adjusts_the_scale():
    var = tf.Variable([1.0, 2.0])
    opt = mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(0.5), initial_scale=8.0, dynamic_growth_steps=2)
    opt.apply_gradients([(torch.tensor([float("inf"), 1.0]), var)])
    np.testing.assert_array_equal(var.numpy(), [1.0, 2.0])  # skipped
    assert float(opt.loss_scale) == 4.0 and int(opt.iterations) == 0
    opt.apply_gradients([(torch.tensor([1.0, 1.0]), var)])
    opt.apply_gradients([(torch.tensor([1.0, 1.0]), var)])
    np.testing.assert_allclose(var.numpy(), [0.0, 1.0])
    assert float(opt.loss_scale) == 8.0  # doubled after 2 finite steps
    scaled = opt.scale_loss(torch.tensor(1.5))
    assert float(scaled) == 12.0
    unscaled = opt.get_unscaled_gradients([torch.tensor([8.0]), None])
    assert float(unscaled[0]) == 1.0 and unscaled[1] is None


def test_loss_scale_optimizer_in_the_fit_path_unscales_gradients():
    """Same updates as the inner optimizer alone when nothing overflows (scale 2**15 cancels out)."""
    def run(wrap):
        keras.utils.set_random_seed(0)
        model = keras.Sequential([keras.Input((8,)), keras.layers.Dense(2)])
        opt = keras.optimizers.SGD(0.1)
        model.compile(optimizer=mixed_precision.LossScaleOptimizer(opt) if wrap else opt, loss="mse")
        model._autocast = mixed_precision.Autocast(mixed_precision.Policy("mixed_bfloat16"), "cpu")
        model.fit(X, np.ones((64, 2), "float32"), batch_size=16, epochs=1, shuffle=False, verbose=0)
        return model.get_weights()

    for a, b in zip(run(True), run(False)):
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-6)


def test_invalid_loss_scale_arguments():
    with pytest.raises(ValueError, match="Received: initial_scale=0"):
        mixed_precision.LossScaleOptimizer(keras.optimizers.SGD(), initial_scale=0)
