"""A TF checkpoint restored before the optimizer exists restores it later, as TF's deferred restoration does:
`model.load_weights(prefix)` then `compile(Adam)` (tf_keras's `save_weights` prefix), and
`tf.train.Checkpoint(model=, optimizer=fresh Adam).restore(prefix)` then `compile` (Keras 3's checkpoint).
Goldens: tests/golden/deferred_optimizer.json and its checkpoints, from make_deferred_optimizer_golden.py under
TF 2.21 (the loss of the next epoch, `iterations`, predictions, and what `assert_consumed` says)."""

import json
import os
import warnings

import numpy as np
import pytest

import keraslike as tf

HERE = os.path.dirname(os.path.abspath(__file__))
GOLDEN = os.path.join(HERE, "..", "golden")
with open(os.path.join(GOLDEN, "deferred_optimizer.json")) as _f:
    TF = json.load(_f)
X = np.array(TF["x"], "float32")
Y = np.array(TF["y"], "float32")


def _prefix(case):
    return os.path.join(GOLDEN, "deferred_optimizer", case, "w")


def _build():
    inp = tf.keras.Input(shape=(4,), name="inp")
    x = tf.keras.layers.Dense(8, activation="relu", name="d1")(inp)
    out = tf.keras.layers.Dense(1, activation="sigmoid", name="d2")(x)
    return tf.keras.Model(inp, out)


def _consumed_raises(status):
    try:
        status.assert_consumed()
    except AssertionError:
        return True
    return False


def _tf_raises(case, when):
    """Whether TF's `assert_consumed` raised, leaving out the restoring Checkpoint's own `save_counter` (Keras 3's
    `write` saves none; keraslike does not count a save_counter missing from the file, README)."""
    message = TF[case][f"assert_consumed_{when}"]
    return message is not None and "save_counter" not in message


def _fit(model, opt):
    model.compile(optimizer=opt, loss="binary_crossentropy")
    history = model.fit(X, Y, batch_size=16, epochs=1, shuffle=False, verbose=0)
    return history.history["loss"][0], int(opt.iterations.numpy())


def _check(case, model, opt):
    gold = TF[case]
    assert abs(gold["loss"] - gold["loss_fresh_optimizer"]) > 1e-4  # the golden tells the two apart
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        loss, iterations = _fit(model, opt)
    assert iterations == gold["iterations"]
    np.testing.assert_allclose(loss, gold["loss"], rtol=2e-5, atol=2e-6)
    np.testing.assert_allclose(model.predict(X, verbose=0), gold["predictions"], rtol=1e-5, atol=1e-5)


def test_load_weights_then_compile_restores_the_optimizer():
    model = _build()
    status = model.load_weights(_prefix("tfkeras"))
    assert model.optimizer is None
    assert _consumed_raises(status) == _tf_raises("tfkeras", "before")  # the optimizer's values wait for it
    opt = tf.keras.optimizers.Adam(1e-2)
    _check("tfkeras", model, opt)
    assert _consumed_raises(status) == _tf_raises("tfkeras", "after")  # now restored: consumed


def test_compile_then_load_weights_still_restores_the_optimizer():
    model = _build()
    opt = tf.keras.optimizers.Adam(1e-2)
    model.compile(optimizer=opt, loss="binary_crossentropy")
    status = model.load_weights(_prefix("tfkeras"))
    _check("tfkeras", model, opt)
    status.assert_consumed()  # the slots, created by the first step, took their saved values


def test_load_weights_expect_partial_then_compile():
    model = _build()
    status = model.load_weights(_prefix("tfkeras"))
    assert status.expect_partial() is status
    _check("tfkeras", model, tf.keras.optimizers.Adam(1e-2))


def test_checkpoint_with_unbuilt_optimizer_restores_its_slots_when_built():
    model = _build()
    opt = tf.keras.optimizers.Adam(1e-2)
    status = tf.train.Checkpoint(model=model, optimizer=opt).restore(_prefix("keras3"))
    assert _consumed_raises(status) == _tf_raises("keras3", "before")  # Keras 3: the slots count as matched
    assert int(opt.iterations.numpy()) == TF["keras3"]["iterations"] - 4  # restored at once, as in TF
    _check("keras3", model, opt)
    assert _consumed_raises(status) == _tf_raises("keras3", "after")


@pytest.mark.parametrize("case", ["tfkeras", "keras3"])
def test_read_then_compile_matches(case):
    model = _build()
    if case == "tfkeras":
        tf.train.Checkpoint(root=model).read(_prefix(case))
        opt = tf.keras.optimizers.Adam(1e-2)
    else:
        opt = tf.keras.optimizers.Adam(1e-2)
        tf.train.Checkpoint(model=model, optimizer=opt).read(_prefix(case)).expect_partial()
    _check(case, model, opt)


def test_keras_file_load_weights_before_compile_does_not_defer():
    """Keras 3's `.keras` files restore the optimizer only into a compiled model: before `compile`, Keras 3
    restores no optimizer state (and says nothing)."""
    model = _build()
    model.load_weights(os.path.join(GOLDEN, "deferred_optimizer", "keras3", "m.keras"))
    opt = tf.keras.optimizers.Adam(1e-2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        loss, iterations = _fit(model, opt)
    assert iterations == TF["keras3"]["keras_file_iterations"]
    np.testing.assert_allclose(loss, TF["keras3"]["keras_file_loss"], rtol=2e-5, atol=2e-6)


def test_nested_model_in_checkpoint_restores_its_optimizer_at_compile(tmp_path):
    """A compiled model's `optimizer` child, saved under `Checkpoint(model=)`, waits for `compile` of the model
    it is restored into; the next epoch then equals the saved model's own next epoch."""
    model = _build()
    model.compile(optimizer=tf.keras.optimizers.Adam(1e-2), loss="binary_crossentropy")
    model.fit(X, Y, batch_size=16, epochs=2, shuffle=False, verbose=0)
    prefix = tf.train.Checkpoint(model=model).write(str(tmp_path / "w"))
    fresh = _build()
    status = tf.train.Checkpoint(model=fresh).restore(prefix)
    opt = tf.keras.optimizers.Adam(1e-2)
    loss, iterations = _fit(fresh, opt)
    expected = model.fit(X, Y, batch_size=16, epochs=1, shuffle=False, verbose=0).history["loss"][0]
    assert iterations == int(model.optimizer.iterations.numpy()) == 12
    np.testing.assert_allclose(loss, expected, rtol=1e-6, atol=1e-7)
    status.assert_consumed()
