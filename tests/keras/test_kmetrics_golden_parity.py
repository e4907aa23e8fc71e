"""Issue-10 metrics against real Keras 3.15: values stored by `tests/golden/make_kmetrics_golden.py`.

Each metric streams two halves of its data (the second with sample weights) and must match Keras after each,
again after `reset_state`, and when rebuilt from its `get_config()` (which must equal Keras's config).
"""

import json
import os

import numpy as np
import pytest
import torch

import keraslike as tf

GOLDEN = dict(np.load(os.path.join(os.path.dirname(__file__), "..", "golden", "kmetrics.npz"), allow_pickle=False))
RTOL, ATOL = 1e-5, 1e-6


def _cases(kind):
    return sorted({key.split("/")[1] for key in GOLDEN if key.startswith(kind + "/")})


def _stream(metric, y_true, y_pred, sw, expect_first, expect_value):
    half = len(y_true) // 2
    metric.update_state(torch.as_tensor(y_true[:half]), torch.as_tensor(y_pred[:half]))
    np.testing.assert_allclose(metric.result().numpy(), expect_first, rtol=RTOL, atol=ATOL)
    metric.update_state(torch.as_tensor(y_true[half:]), torch.as_tensor(y_pred[half:]), sample_weight=sw)
    np.testing.assert_allclose(metric.result().numpy(), expect_value, rtol=RTOL, atol=ATOL)


@pytest.mark.parametrize("case", _cases("metric"))
def test_metric_matches_keras(case):
    g = {k.split("/")[-1]: v for k, v in GOLDEN.items() if k.startswith(f"metric/{case}/")}
    spec = json.loads(str(g["spec"]))
    cls = getattr(tf.keras.metrics, spec["class"])
    metric = cls(**spec["kwargs"])
    _stream(metric, g["y_true"], g["y_pred"], g["sw"], g["first"], g["value"])
    metric.reset_state()
    _stream(metric, g["y_true"], g["y_pred"], g["sw"], g["first"], g["value"])
    keras_config = json.loads(str(g["config"]))
    config = metric.get_config()
    assert set(config) == set(keras_config)
    def _args(c):  # Keras uniquifies default names ("binary_io_u_1") and writes dtype policies
        return {k: v for k, v in c.items() if k not in ("dtype", "name")}

    assert _args(config) == _args(keras_config)
    _stream(cls.from_config(config), g["y_true"], g["y_pred"], g["sw"], g["first"], g["value"])


@pytest.mark.parametrize("case", _cases("loss"))
def test_loss_matches_keras(case):
    g = {k.split("/")[-1]: v for k, v in GOLDEN.items() if k.startswith(f"loss/{case}/")}
    spec = json.loads(str(g["spec"]))
    cls = getattr(tf.keras.losses, spec["class"])
    y_true, y_pred = torch.as_tensor(g["y_true"]), torch.as_tensor(g["y_pred"])
    loss = cls(**spec["kwargs"])
    np.testing.assert_allclose(loss(y_true, y_pred).numpy(), g["value"], rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(loss(y_true, y_pred, sample_weight=torch.as_tensor(g["sw"])).numpy(), g["weighted"],
                               rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(cls(**spec["kwargs"], reduction="sum")(y_true, y_pred).numpy(), g["sum"],
                               rtol=RTOL, atol=ATOL)
    np.testing.assert_allclose(cls(**spec["kwargs"], reduction=None)(y_true, y_pred).numpy(), g["none"],
                               rtol=RTOL, atol=ATOL)
    keras_config = json.loads(str(g["config"]))
    config = loss.get_config()
    assert {k: v for k, v in config.items() if k != "dtype"} == {k: v for k, v in keras_config.items() if k != "dtype"}
    np.testing.assert_allclose(cls.from_config(config)(y_true, y_pred).numpy(), g["value"], rtol=RTOL, atol=ATOL)
    if spec["class"] not in ("Circle",):  # the function name is public too and gives the per-sample values
        fn = getattr(tf.keras.losses, loss.fn.__name__)
        kwargs = {k: v for k, v in config.items() if k not in ("name", "reduction", "dtype")}
        np.testing.assert_allclose(fn(y_true, y_pred, **kwargs).numpy(), g["none"], rtol=RTOL, atol=ATOL)


def test_loss_argument_errors():
    with pytest.raises(ValueError, match="q must be in the interval"):
        tf.keras.losses.CategoricalGeneralizedCrossEntropy(q=1.5)
    with pytest.raises(ValueError, match="y_true.shape"):
        tf.keras.losses.ctc(torch.zeros(4), torch.zeros(4, 3, 2))
    with pytest.raises(ValueError, match="y_pred.shape"):
        tf.keras.losses.ctc(torch.zeros(4, 2), torch.zeros(4, 3))
    with pytest.raises(ValueError, match="axis"):
        tf.keras.losses.categorical_focal_crossentropy(torch.ones(2, 3), torch.ones(2, 3), axis=True)
    assert tf.keras.losses.get("dice") is tf.keras.losses.dice
    assert isinstance(tf.keras.losses.get("Dice"), tf.keras.losses.Dice)


@pytest.mark.parametrize("case", _cases("optimizer"))
def test_optimizer_matches_keras(case):
    """Five `apply_gradients` steps on fixed gradients (variables of rank 2, 1 and 3) equal Keras's, rtol 1e-5."""
    spec = json.loads(str(GOLDEN[f"optimizer/{case}/spec"]))
    cls = getattr(tf.keras.optimizers, spec["class"])
    optimizer = cls(**spec["kwargs"])
    keras_config = json.loads(str(GOLDEN[f"optimizer/{case}/config"]))
    config = optimizer.get_config()
    for key, value in keras_config.items():
        if key in config and key != "name":
            assert config[key] == pytest.approx(value), key
    assert {k for k in keras_config if k not in config} <= {"is_legacy_optimizer"}
    count = len([k for k in GOLDEN if k.startswith("problem/var")])
    variables = [tf.Variable(GOLDEN[f"problem/var{i}"], name=f"var{i}") for i in range(count)]
    grads = [GOLDEN[f"problem/grads{i}"] for i in range(count)]
    for step in range(len(grads[0])):
        optimizer.apply_gradients([(torch.as_tensor(g[step]), v) for g, v in zip(grads, variables)])
        for i, v in enumerate(variables):
            np.testing.assert_allclose(v.numpy(), GOLDEN[f"optimizer/{case}/step{step}_var{i}"], rtol=RTOL, atol=ATOL)
    assert tf.keras.optimizers.get(spec["class"].lower()).__class__ is cls
    assert tf.keras.optimizers.deserialize(tf.keras.optimizers.serialize(optimizer)).get_config() == config


def test_loss_scale_optimizer_is_exported():
    assert tf.keras.optimizers.LossScaleOptimizer is tf.keras.mixed_precision.LossScaleOptimizer


def test_multi_optimizer_matches_keras():
    """OptimizerMap routes var0 (exact key) to SGD, var1/var2 (regex) to Adam, var3 to the default Lamb; five steps
    of MultiOptimizer.apply_gradients equal Keras's."""
    opt_map = tf.keras.optimizers.OptimizerMap(tf.keras.optimizers.Lamb(0.05), {
        "var0": tf.keras.optimizers.SGD(0.1, momentum=0.9), "var[12]": tf.keras.optimizers.Adam(0.01)})
    assert isinstance(opt_map["var2"], tf.keras.optimizers.Adam) and opt_map["other"] is opt_map.default_optimizer
    opt = tf.keras.optimizers.MultiOptimizer(opt_map)
    variables = [tf.Variable(GOLDEN[f"multi/var{i}"], name=f"var{i}") for i in range(4)]
    grads = [GOLDEN[f"multi/grads{i}"] for i in range(4)]
    for step in range(len(grads[0])):
        opt.apply_gradients([(torch.as_tensor(g[step]), v) for g, v in zip(grads, variables)])
        for i, v in enumerate(variables):
            np.testing.assert_allclose(v.numpy(), GOLDEN[f"multi/step{step}_var{i}"], rtol=RTOL, atol=ATOL)
    assert int(opt.iterations) == int(GOLDEN["multi/iterations"])
    assert len(opt.optimizers) == 3
    with pytest.raises(AttributeError, match="sub-optimizers"):
        _ = opt.learning_rate
    with pytest.raises(ValueError, match="already exists"):
        opt_map["var0"] = tf.keras.optimizers.SGD()
    with pytest.raises(ValueError, match="cannot be MultiOptimizer"):
        opt_map["x"] = opt
    with pytest.raises(NotImplementedError, match="save_weights"):
        opt.get_config()


def test_multi_optimizer_in_fit_routes_layers_by_path():
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3, name="a"),
                                 tf.keras.layers.Dense(1, name="b")])
    frozen, adam = tf.keras.optimizers.SGD(0.0), tf.keras.optimizers.Adam(0.01)
    opt = tf.keras.optimizers.MultiOptimizer(tf.keras.optimizers.OptimizerMap(adam, {"a/.*": frozen}))
    model.compile(optimizer=opt, loss="mse")
    before = [w.numpy().copy() for w in model.trainable_weights]
    rng = np.random.default_rng(0)
    model.fit(rng.random((40, 4), dtype="float32"), rng.random((40, 1), dtype="float32"), batch_size=16, epochs=2,
              verbose=0)
    moved = [not np.allclose(b, w.numpy()) for b, w in zip(before, model.trainable_weights)]
    assert moved == [False, False, True, True]  # a/* by the lr-0 SGD, b/* by the default Adam
    assert int(opt.iterations) == int(adam.iterations) == int(frozen.iterations) == 6


def test_vector_valued_metrics_in_fit_logs():
    """`F1Score()` (average=None) and `R2Score(class_aggregation=None)` give one value per class: fit/evaluate
    logs hold them as arrays (as Keras), equal to the metric computed directly on the same predictions."""
    rng = np.random.default_rng(0)
    x = rng.random((40, 4), dtype="float32")
    y = np.eye(3, dtype="float32")[rng.integers(0, 3, 40)]
    model = tf.keras.Sequential([tf.keras.Input((4,)), tf.keras.layers.Dense(3, activation="softmax")])
    model.compile(optimizer="adam", loss="categorical_crossentropy",
                  metrics=[tf.keras.metrics.F1Score(), tf.keras.metrics.R2Score(class_aggregation=None)])
    history = model.fit(x, y, batch_size=16, epochs=1, verbose=0)
    assert np.shape(history.history["f1_score"][0]) == (3,)
    logs = model.evaluate(x, y, batch_size=16, verbose=0, return_dict=True)
    pred = model.predict(x, verbose=0)
    for metric in (tf.keras.metrics.F1Score(), tf.keras.metrics.R2Score(class_aggregation=None)):
        metric.update_state(y, pred)
        np.testing.assert_allclose(logs[metric.name], metric.result().numpy(), rtol=1e-5, atol=1e-6)
