"""Issue 12 items 5 and 6: `use_ema` / `ema_momentum` / `ema_overwrite_frequency` (+ `SwapEMAWeights` and
`finalize_variable_values` at the end of fit), `gradient_accumulation_steps` and `loss_scale_factor` work as in
Keras 3.15 (goldens from tests/golden/make_arguments_golden.py); the legacy optimizers apply TF 2's `decay`.

Before the fix these arguments were popped silently: training ran as if they were not given.
"""

import warnings

import numpy as np
import pytest

import keraslike as tf
from tests.keras.arguments.golden_programs import (
    KERNEL_OPT, Y_OPT, X, Y, assert_matches, classifier, fit_record, golden,
)

keras = tf.keras

CASES = {
    "sgd_ema": ("SGD", {"learning_rate": 0.1, "use_ema": True, "ema_momentum": 0.9}),
    "adam_ema_overwrite": ("Adam", {"learning_rate": 0.05, "use_ema": True, "ema_momentum": 0.5,
                                    "ema_overwrite_frequency": 3}),
    "sgd_accumulate": ("SGD", {"learning_rate": 0.1, "momentum": 0.9, "gradient_accumulation_steps": 2}),
    "adam_accumulate": ("Adam", {"learning_rate": 0.05, "gradient_accumulation_steps": 3}),
    "sgd_loss_scale": ("SGD", {"learning_rate": 0.1, "loss_scale_factor": 128.0, "clipnorm": 0.5}),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_optimizer_arguments_match_keras(name):
    cls, kwargs = CASES[name]
    model = classifier(getattr(keras.optimizers, cls)(**kwargs), kernel=KERNEL_OPT)
    record = fit_record(model, x=X[:5], y=Y_OPT, batch_size=2)
    assert_matches(record, f"optimizer/{name}", rtol=1e-4, atol=1e-5)
    assert int(model.optimizer.iterations) == golden(f"optimizer/{name}")["iterations"]


def test_swap_ema_weights_evaluates_with_the_averages():
    model = classifier(keras.optimizers.SGD(0.1, use_ema=True, ema_momentum=0.9), kernel=KERNEL_OPT)
    history = model.fit(X, Y, batch_size=2, epochs=2, verbose=0, shuffle=False, validation_data=(X, Y),
                        callbacks=[keras.callbacks.SwapEMAWeights()])
    expected = golden("optimizer/swap_ema_weights")
    np.testing.assert_allclose(history.history["val_loss"], expected["val_loss"], rtol=1e-4)
    np.testing.assert_allclose(history.history["loss"], expected["loss"], rtol=1e-4)
    for got, want in zip(model.get_weights(), expected["weights"]):
        np.testing.assert_allclose(got, want, rtol=1e-4, atol=1e-6)
    with pytest.raises(ValueError, match="use_ema=True"):
        classifier().fit(X, Y, verbose=0, validation_data=(X, Y), callbacks=[keras.callbacks.SwapEMAWeights()])


def test_optimizer_argument_validation_and_config():
    for kwargs in ({"gradient_accumulation_steps": 1}, {"use_ema": True, "ema_momentum": 1.5},
                   {"use_ema": True, "ema_overwrite_frequency": 1.5}, {"jit_compile": True}):
        with pytest.raises(ValueError):
            keras.optimizers.Adam(**kwargs)
    opt = keras.optimizers.Adam(use_ema=True, ema_momentum=0.7, gradient_accumulation_steps=4, loss_scale_factor=8.0)
    clone = keras.optimizers.Adam.from_config(opt.get_config())
    assert (clone.use_ema, clone.ema_momentum, clone.gradient_accumulation_steps, clone.loss_scale_factor) == (
        True, 0.7, 4, 8.0)


def test_legacy_decay_lowers_the_learning_rate_as_tf2():
    var = tf.Variable([1.0])
    opt = keras.optimizers.legacy.SGD(learning_rate=0.1, decay=0.5)
    for _ in range(3):
        opt.apply_gradients([(np.ones(1, "float32"), var)])
    # TF 2 OptimizerV2._decayed_lr: lr / (1 + decay * iterations), iterations 0, 1, 2
    np.testing.assert_allclose(var.numpy(), [1.0 - 0.1 - 0.1 / 1.5 - 0.1 / 2.0], rtol=1e-6)
    adam = keras.optimizers.legacy.Adam(learning_rate=0.01, decay=0.1)
    assert adam.get_config()["decay"] == 0.1 and isinstance(adam, keras.optimizers.Adam)
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        keras.optimizers.SGD(0.1, decay=0.5)  # Keras 3 ignores it, with this warning
    assert any("decay" in str(w.message) for w in seen)


def test_loss_scale_factor_scales_losses_and_unscales_gradients():
    opt = keras.optimizers.SGD(0.5, loss_scale_factor=4.0)
    assert float(opt.scale_loss(tf.constant(2.0))) == 8.0
    var = tf.Variable([1.0])
    opt.apply_gradients([(np.array([4.0], "float32"), var)])  # Keras 3 divides by the factor in apply
    np.testing.assert_allclose(var.numpy(), [1.0 - 0.5 * 1.0])
