"""Metrics leave out the entries a Keras mask on the predictions hides, as Keras 3's `MeanMetricWrapper`.

A tagger fed by `Embedding(mask_zero=True)` (-> `LSTM(return_sequences=True)` -> `Dense`) returns predictions
whose `_keras_mask` marks the padded steps. Keras 3 folds that mask into the sample weights (a 0/1 weight) of
every `MeanMetricWrapper` metric, so accuracies, regression, probabilistic, hinge and correlation metrics
average over the kept steps only, in direct `update_state` calls and in `compile`'s metrics (`fit`,
`evaluate`); `Mean`/`Sum` apply the mask their values carry when a `sample_weight` is given; `Precision`,
`Recall`, `AUC` and `RootMeanSquaredError` ignore it. Before: keraslike averaged every metric over every
step, padding included (evaluate's mae 0.682 where TF gives 0.322 on the issue's example). Goldens:
`tests/golden/make_masked_metrics_golden.py`.

Run:
    OMP_NUM_THREADS=1 python -m pytest -q tests/keras/metrics/test_masked_metrics.py
"""

import pathlib

import numpy as np
import pytest

import keraslike as tf
from keraslike import keras
from keraslike._src.keras.losses.loss import LossFunctionWrapper  # not public in Keras 3

GOLD = np.load(pathlib.Path(__file__).resolve().parents[2] / "golden" / "masked_metrics.npz")
TOKENS = GOLD["tagger/tokens"]
N = len(TOKENS)
TARGETS = {name: GOLD[f"tagger/y_{name}"] for name in ("cls", "onehot", "reg", "bin")}
WEIGHTS = {"none": None, "seq": GOLD["tagger/sw_seq"], "step": GOLD["tagger/sw_step"]}
DIRECT = {  # the same metrics as the golden script's DIRECT
    "sparse_categorical_accuracy": (lambda: keras.metrics.SparseCategoricalAccuracy(), "cls"),
    "sparse_top_k": (lambda: keras.metrics.SparseTopKCategoricalAccuracy(k=2), "cls"),
    "sparse_cce": (lambda: keras.metrics.SparseCategoricalCrossentropy(from_logits=True), "cls"),
    "categorical_accuracy": (lambda: keras.metrics.CategoricalAccuracy(), "onehot"),
    "top_k": (lambda: keras.metrics.TopKCategoricalAccuracy(k=2), "onehot"),
    "cce": (lambda: keras.metrics.CategoricalCrossentropy(from_logits=True), "onehot"),
    "categorical_hinge": (lambda: keras.metrics.CategoricalHinge(), "onehot"),
    "kld": (lambda: keras.metrics.KLDivergence(), "onehot"),
    "mse": (lambda: keras.metrics.MeanSquaredError(), "reg"),
    "mae": (lambda: keras.metrics.MeanAbsoluteError(), "reg"),
    "mape": (lambda: keras.metrics.MeanAbsolutePercentageError(), "reg"),
    "msle": (lambda: keras.metrics.MeanSquaredLogarithmicError(), "reg"),
    "logcosh": (lambda: keras.metrics.LogCoshError(), "reg"),
    "cosine": (lambda: keras.metrics.CosineSimilarity(), "reg"),
    "pearson": (lambda: keras.metrics.PearsonCorrelation(), "reg"),
    "concordance": (lambda: keras.metrics.ConcordanceCorrelation(), "reg"),
    "hinge": (lambda: keras.metrics.Hinge(), "bin"),
    "squared_hinge": (lambda: keras.metrics.SquaredHinge(), "bin"),
    "bce": (lambda: keras.metrics.BinaryCrossentropy(from_logits=True), "bin"),
    "binary_accuracy": (lambda: keras.metrics.BinaryAccuracy(threshold=0.0), "bin"),
    "wrapper_mae_fn": (lambda: keras.metrics.MeanMetricWrapper(keras.losses.mean_absolute_error), "reg"),
    "rmse": (lambda: keras.metrics.RootMeanSquaredError(), "reg"),
    "precision": (lambda: keras.metrics.Precision(thresholds=0.0), "bin"),
    "recall": (lambda: keras.metrics.Recall(thresholds=0.0), "bin"),
    "auc": (lambda: keras.metrics.AUC(from_logits=True), "bin"),
}
COMPILED = {  # the golden script's COMPILED
    "cls": (lambda: keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            lambda: ["accuracy", keras.metrics.SparseTopKCategoricalAccuracy(k=2, name="top2"),
                     keras.metrics.SparseCategoricalCrossentropy(from_logits=True, name="xent")],
            lambda: ["accuracy"], "cls"),
    "reg": (lambda: "mse", lambda: ["mae", "mse", keras.metrics.RootMeanSquaredError(name="rmse")],
            lambda: ["mae", keras.metrics.CosineSimilarity(name="cos")], "reg"),
}


def tagger():
    tokens = keras.Input((TOKENS.shape[1],), dtype="int32")
    x = keras.layers.Embedding(12, 4, mask_zero=True)(tokens)
    x = keras.layers.LSTM(5, return_sequences=True)(x)
    model = keras.Model(tokens, keras.layers.Dense(3)(x))
    model.set_weights([GOLD[f"tagger/w{i}"] for i in range(len(model.get_weights()))])
    return model


@pytest.fixture(scope="module")
def model():
    return tagger()


@pytest.mark.parametrize("weighting", sorted(WEIGHTS))
@pytest.mark.parametrize("name", sorted(DIRECT))
def test_update_state_on_masked_predictions(model, name, weighting):
    make, target = DIRECT[name]
    y, sw = TARGETS[target], WEIGHTS[weighting]
    metric = make()
    for rows in (slice(0, 3), slice(3, N)):
        y_pred = model(TOKENS[rows])
        assert getattr(y_pred, "_keras_mask", None) is not None
        metric.update_state(tf.constant(y[rows]), y_pred, sample_weight=None if sw is None else tf.constant(sw[rows]))
    np.testing.assert_allclose(metric.result().numpy(), GOLD[f"direct/{name}/{weighting}"], rtol=2e-5, atol=1e-6)


@pytest.mark.parametrize("weighting", sorted(WEIGHTS))
@pytest.mark.parametrize("cls", ["Mean", "Sum"])
def test_mean_and_sum_apply_the_values_mask_with_a_sample_weight(cls, weighting):
    values = tf.constant(GOLD["reduce/values"])
    values._keras_mask = tf.constant(GOLD["reduce/mask"])
    sw = WEIGHTS[weighting]
    metric = getattr(keras.metrics, cls)()
    metric.update_state(values, sample_weight=None if sw is None else tf.constant(sw))
    np.testing.assert_allclose(metric.result().numpy(), GOLD[f"reduce/{cls}/{weighting}"], rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("task", sorted(COMPILED))
def test_evaluate_and_fit_metrics_leave_the_padding_out(task):
    loss, metrics, weighted, target = COMPILED[task]
    y = TARGETS[target]
    model = tagger()
    model.compile(keras.optimizers.SGD(0.3), loss(), metrics=metrics(), weighted_metrics=weighted())
    names = [str(n) for n in GOLD[f"evaluate/{task}/names"]]
    for batch in (3, 4):
        for weighting, sw in WEIGHTS.items():
            logs = model.evaluate(TOKENS, y, sample_weight=sw, batch_size=batch, verbose=0, return_dict=True)
            assert sorted(logs) == sorted(names)
            np.testing.assert_allclose([logs[n] for n in names], GOLD[f"evaluate/{task}/{batch}/{weighting}"],
                                       rtol=2e-5, atol=1e-6, err_msg=f"evaluate batch_size={batch} {weighting}")
    history = model.fit(TOKENS, y, sample_weight=WEIGHTS["step"], batch_size=4, epochs=2, shuffle=False, verbose=0)
    assert sorted(history.history) == sorted(str(k) for k in GOLD[f"fit/{task}/keys"])
    for key, values in history.history.items():
        np.testing.assert_allclose(values, GOLD[f"fit/{task}/{key}"], rtol=2e-5, atol=1e-6, err_msg=key)


@pytest.mark.parametrize("weighting", sorted(WEIGHTS))
def test_sparse_crossentropy_function_with_ignore_class_carries_its_mask(weighting):
    """Keras 3's function marks the kept labels on its values: a `Loss` wrapping it (as `compile` wraps a
    function) averages over them; a `MeanMetricWrapper` drops the ignored ones when given a sample_weight."""
    fn = keras.losses.sparse_categorical_crossentropy
    y, logits, sw = tf.constant(TARGETS["cls"]), tf.constant(GOLD["ignore/logits"]), WEIGHTS[weighting]
    values = fn(y, logits, from_logits=True, ignore_class=0)
    np.testing.assert_allclose(values.numpy(), GOLD["ignore/values"], rtol=1e-5, atol=1e-6)
    np.testing.assert_array_equal(values._keras_mask.numpy(), GOLD["ignore/mask"])
    sw = None if sw is None else tf.constant(sw)
    loss = LossFunctionWrapper(fn, from_logits=True, ignore_class=0)
    np.testing.assert_allclose(loss(y, logits, sample_weight=sw).numpy(), GOLD[f"ignore/loss/{weighting}"],
                               rtol=1e-5)
    metric = keras.metrics.MeanMetricWrapper(fn, from_logits=True, ignore_class=0)
    metric.update_state(y, logits, sample_weight=sw)
    np.testing.assert_allclose(metric.result().numpy(), GOLD[f"ignore/metric/{weighting}"], rtol=1e-5)


def test_one_weight_per_sequence_without_its_step_axis_raises():
    """TF cannot multiply `(batch,)` weights by the `(batch, steps)` mask and raises; so does keraslike."""
    model = tagger()
    metric = keras.metrics.MeanAbsoluteError()
    with pytest.raises(ValueError, match="sample_weight"):
        metric.update_state(TARGETS["reg"][:4], model(TOKENS[:4]), sample_weight=np.arange(4, dtype="float32"))
