"""Multi-output models in compile/fit/evaluate, as Keras 3 does (keras/src/trainers/compile_utils.py).

Trained with lr=0 so the logged values can be checked against numpy losses on
the predictions. Key names: `loss`, `<output>_loss` (one per output with a
loss, when there are several), `<output>_<metric>`; logs sorted by name.
"""

import numpy as np
import pytest
import torch

import keraslike as tf
from tests.conftest import in_turn

keras = tf.keras
torch.set_num_threads(1)

N = 21  # batch 8 -> a partial last batch
RNG = np.random.default_rng(0)
X = RNG.normal(size=(N, 4)).astype("float32")
YA = RNG.normal(size=(N, 1)).astype("float32")
YB = RNG.integers(0, 3, size=N).astype("int64")
SW = RNG.uniform(0.5, 2.0, size=N).astype("float32")


def _model(dict_outputs=False):
    keras.utils.set_random_seed(0)
    inp = keras.Input((4,))
    h = keras.layers.Dense(8, activation="relu", name="hidden")(inp)
    a = keras.layers.Dense(1, name="a")(h)
    b = keras.layers.Dense(3, activation="softmax", name="b")(h)
    return keras.Model(inp, {"a": a, "b": b} if dict_outputs else [a, b])


def _reference(model, sample_weight=None):
    pred = model.predict(X, verbose=0)
    pa, pb = (pred["a"], pred["b"]) if isinstance(pred, dict) else pred
    w = np.ones(N, "float32") if sample_weight is None else sample_weight
    mse = float(np.mean(w * ((pa - YA) ** 2).mean(axis=1)))
    ce = float(np.mean(w * -np.log(pb[np.arange(N), YB])))
    acc = float(np.mean(pb.argmax(axis=1) == YB))
    return mse, ce, acc


def _close(got, want):
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("spec", ["list", "dict"])
def test_fit_logs_per_output_losses_and_metrics(spec):
    model = _model()
    if spec == "list":
        model.compile(optimizer=keras.optimizers.SGD(0.0), loss=["mse", "sparse_categorical_crossentropy"],
                      metrics=[None, ["accuracy"]], loss_weights=[1.0, 0.5])
        y = [YA, YB]
    else:
        model.compile(optimizer=keras.optimizers.SGD(0.0),
                      loss={"b": "sparse_categorical_crossentropy", "a": "mse"},
                      metrics={"b": "accuracy"}, loss_weights={"a": 1.0, "b": 0.5})
        y = {"a": YA, "b": YB}
    history = model.fit(X, y, batch_size=8, epochs=2, verbose=0, validation_data=(X, y))
    assert list(history.history) == ["a_loss", "b_accuracy", "b_loss", "loss",
                                     "val_a_loss", "val_b_accuracy", "val_b_loss", "val_loss"]
    mse, ce, acc = _reference(model)
    for prefix in ("", "val_"):
        _close(history.history[prefix + "a_loss"][-1], mse)
        _close(history.history[prefix + "b_loss"][-1], ce)
        _close(history.history[prefix + "b_accuracy"][-1], acc)
        _close(history.history[prefix + "loss"][-1], mse + 0.5 * ce)


def test_evaluate_order_and_dict():
    model = _model()
    model.compile(optimizer="sgd", loss=["mse", "sparse_categorical_crossentropy"], metrics=[[], ["accuracy"]])
    mse, ce, acc = _reference(model)
    result = model.evaluate(X, [YA, YB], batch_size=8, verbose=0)  # Keras 3: [loss, a_loss, b_loss, b_accuracy]
    _close(result, [mse + ce, mse, ce, acc])
    logs = model.evaluate(X, {"a": YA, "b": YB}, batch_size=5, verbose=0, return_dict=True)
    assert list(logs) == ["a_loss", "b_accuracy", "b_loss", "loss"]
    _close([logs["loss"], logs["a_loss"], logs["b_loss"], logs["b_accuracy"]], [mse + ce, mse, ce, acc])


def test_one_loss_for_every_output_and_metrics_per_output():
    keras.utils.set_random_seed(0)
    inp = keras.Input((4,))
    model = keras.Model(inp, [keras.layers.Dense(1, name="left")(inp), keras.layers.Dense(1, name="right")(inp)])
    model.compile(optimizer=keras.optimizers.SGD(0.0), loss="mse", metrics=[["mae", "mse"], "mae"])
    y2 = YA[::-1].copy()
    history = model.fit(X, (YA, y2), batch_size=8, verbose=0)
    assert list(history.history) == ["left_loss", "left_mae", "left_mse", "loss", "right_loss", "right_mae"]
    pl, pr = model.predict(X, verbose=0)
    _close(history.history["left_loss"][0], np.mean((pl - YA) ** 2))
    _close(history.history["right_loss"][0], np.mean((pr - y2) ** 2))
    _close(history.history["right_mae"][0], np.mean(np.abs(pr - y2)))
    _close(history.history["loss"][0], np.mean((pl - YA) ** 2) + np.mean((pr - y2) ** 2))
    result = model.evaluate(X, [YA, y2], verbose=0)  # loss, per-output losses, then the rest sorted
    _close(result[:3], [history.history[k][0] for k in ("loss", "left_loss", "right_loss")])
    _close(result[3:], [history.history[k][0] for k in ("left_mae", "left_mse", "right_mae")])


def test_none_loss_skips_an_output():
    model = _model()
    model.compile(optimizer=keras.optimizers.SGD(0.0), loss=[None, "sparse_categorical_crossentropy"],
                  metrics=[["mae"], ["accuracy"]])
    history = model.fit(X, [YA, YB], batch_size=8, verbose=0)
    # one loss term: no per-output loss trackers (Keras 3), metrics still per output
    assert list(history.history) == ["a_mae", "b_accuracy", "loss"]
    _, ce, acc = _reference(model)
    _close(history.history["loss"][0], ce)
    _close(history.history["b_accuracy"][0], acc)


def test_dict_outputs_and_sample_weight():
    model = _model(dict_outputs=True)
    model.compile(optimizer=keras.optimizers.SGD(0.0), loss={"a": "mse", "b": "sparse_categorical_crossentropy"},
                  metrics={"b": ["accuracy"]}, weighted_metrics={"b": ["accuracy"]})
    history = model.fit(X, {"a": YA, "b": YB}, sample_weight=SW, batch_size=8, verbose=0)
    assert list(history.history) == ["a_loss", "b_accuracy", "b_loss", "b_weighted_accuracy", "loss"]
    mse, ce, acc = _reference(model, SW)
    pb = model.predict(X, verbose=0)["b"]
    _close(history.history["a_loss"][0], mse)
    _close(history.history["b_loss"][0], ce)
    _close(history.history["loss"][0], mse + ce)
    _close(history.history["b_accuracy"][0], acc)  # `metrics` ignore sample weights (Keras 3)
    _close(history.history["b_weighted_accuracy"][0], np.sum(SW * (pb.argmax(1) == YB)) / np.sum(SW))


def test_training_moves_both_heads():
    model = _model()
    model.compile(optimizer=keras.optimizers.SGD(0.1), loss=["mse", "sparse_categorical_crossentropy"])
    before = [w.copy() for w in model.get_weights()]
    history = model.fit(X, [YA, YB], batch_size=8, epochs=3, verbose=0)
    assert history.history["loss"][-1] < history.history["loss"][0]
    assert all(not np.array_equal(a, b) for a, b in zip(before, model.get_weights()))


def test_bad_specs_raise():
    model = _model()
    with pytest.raises(ValueError, match="as many entries as the model has outputs"):
        model.compile(loss=["mse", "mse", "mse"])
    with pytest.raises(ValueError, match="does not correspond to any model output"):
        model.compile(loss={"a": "mse", "c": "mse"})
    model.compile(loss="mse", metrics=["mae"])  # Keras 3: a list needs one entry per output
    with pytest.raises(ValueError, match="as many entries as the model has outputs"):
        model.fit(X, [YA, YA], batch_size=8, verbose=0)


def test_single_output_keys_unchanged():
    keras.utils.set_random_seed(0)
    inp = keras.Input((4,))
    model = keras.Model(inp, keras.layers.Dense(3, activation="softmax", name="b")(inp))
    model.compile(optimizer="sgd", loss="sparse_categorical_crossentropy", metrics=["accuracy"])
    history = model.fit(X, YB, batch_size=8, verbose=0)
    assert list(history.history) == ["accuracy", "loss"]
    assert model.metrics_names == ["loss", "compile_metrics"]  # Keras 3


@pytest.mark.slow
def test_two_replicas_match_one_device(tmp_path_factory):
    # the two runs of tests/scripts/multi_output_fit.py, each in its group of tests/conftest.py IN_TURN
    (one_proc, one_dir), (two_proc, two_dir) = (in_turn(tmp_path_factory, group)["multi_output"]
                                                for group in ("one_replica", "keras_two_replicas"))
    for proc in (one_proc, two_proc):
        assert proc.returncode == 0, proc.stderr[-3000:]
    one, two = np.load(one_dir / "r1.npz"), np.load(two_dir / "r2.npz")
    assert list(one["keys"]) == list(two["keys"]) == ["a_loss", "b_accuracy", "b_loss", "loss"]
    for key in one.files:
        if key != "keys":
            np.testing.assert_allclose(one[key], two[key], rtol=1e-5, atol=1e-6, err_msg=key)
    np.testing.assert_allclose(one["e_loss"], 2.0 * one["e_a_loss"] + 0.5 * one["e_b_loss"], rtol=1e-5)
