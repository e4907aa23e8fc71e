"""Write goldens for metrics on predictions that carry a Keras mask (the padded steps of a sequence tagger).

Keras 3's `MeanMetricWrapper.update_state` folds the mask of `y_pred` into the sample weights as a 0/1
weight (`apply_mask(..., reduction="sum")`), so every metric built on it (accuracies, regression and
probabilistic metrics, hinges, correlations) averages over the kept steps only; `Mean`/`Sum` apply the mask
their `values` carry, but only when a `sample_weight` is given. The confusion-matrix metrics
(`Precision`, `Recall`, `AUC`, ...) and `RootMeanSquaredError` ignore the mask. `compile`'s metrics are the
same objects, so `fit`/`evaluate` follow them.

Run under real TensorFlow 2.21 (not keraslike), from the repository root:

    /work/tfvenv/bin/python tests/golden/make_masked_metrics_golden.py

It writes `tests/golden/masked_metrics.npz`: the tagger (`Embedding(mask_zero)` -> `LSTM(return_sequences)`
-> `Dense(3)`; weights `tagger/w...`, inputs `tagger/tokens`, targets `tagger/y_cls`, `tagger/y_onehot`,
`tagger/y_reg`, `tagger/y_bin`, weights `tagger/sw_seq` (one per sequence, `(n, 1)`) and `tagger/sw_step`
(one per step)); per direct metric case NAME and weighting W (`none`, `seq`, `step`) the result after two
`update_state` calls on masked predictions (`direct/NAME/W`); `Mean`/`Sum` on masked values
(`reduce/...`); `sparse_categorical_crossentropy(ignore_class=0)` wrapped as a loss and as a metric
(`ignore/...`); and the logs of `evaluate` (`evaluate/TASK/BATCH/W`, in `metrics_names` order, names in
`evaluate/TASK/names`) and the history of `fit` (`fit/TASK/KEY`) of compiled taggers.
`tests/keras/metrics/test_masked_metrics.py` reads it.
"""

import os

import numpy as np

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import keras  # noqa: E402
import tensorflow as tf  # noqa: E402
from keras.src.losses.losses import LossFunctionWrapper  # noqa: E402  (what compile wraps a function in)

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "masked_metrics.npz")
R = np.random.default_rng(23)
TOKENS = np.array([[4, 7, 2, 5, 0, 0],
                   [9, 1, 0, 0, 0, 0],
                   [3, 3, 5, 8, 1, 2],
                   [6, 2, 2, 0, 0, 0],
                   [0, 0, 0, 0, 0, 0],   # fully padded: a batch of only these keeps nothing
                   [0, 0, 0, 0, 0, 0]], "int32")
N, T = TOKENS.shape
Y_CLS = R.integers(0, 3, (N, T)).astype("int32")
Y_ONEHOT = np.eye(3, dtype="float32")[Y_CLS]
Y_REG = R.standard_normal((N, T, 3)).astype("float32")
Y_BIN = (R.random((N, T, 3)) > 0.5).astype("float32")
SW_SEQ = np.array([[1.0], [0.5], [2.0], [0.0], [1.0], [3.0]], "float32")
SW_STEP = R.uniform(0.0, 2.0, (N, T)).astype("float32")
WEIGHTS = {"none": None, "seq": SW_SEQ, "step": SW_STEP}
TARGETS = {"cls": Y_CLS, "onehot": Y_ONEHOT, "reg": Y_REG, "bin": Y_BIN}

DIRECT = {  # name: (metric, target); keraslike's test builds the same from the same names
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
    # not masked by Keras 3: the same value as on unmasked predictions
    "rmse": (lambda: keras.metrics.RootMeanSquaredError(), "reg"),
    "precision": (lambda: keras.metrics.Precision(thresholds=0.0), "bin"),
    "recall": (lambda: keras.metrics.Recall(thresholds=0.0), "bin"),
    "auc": (lambda: keras.metrics.AUC(from_logits=True), "bin"),
}

COMPILED = {  # task: (loss, metrics, weighted_metrics, target)
    "cls": (lambda: keras.losses.SparseCategoricalCrossentropy(from_logits=True),
            lambda: ["accuracy", keras.metrics.SparseTopKCategoricalAccuracy(k=2, name="top2"),
                     keras.metrics.SparseCategoricalCrossentropy(from_logits=True, name="xent")],
            lambda: ["accuracy"], "cls"),
    "reg": (lambda: "mse", lambda: ["mae", "mse", keras.metrics.RootMeanSquaredError(name="rmse")],
            lambda: ["mae", keras.metrics.CosineSimilarity(name="cos")], "reg"),
}


def tagger():
    """Embedding(mask_zero) -> LSTM(return_sequences) -> Dense: its output carries the padding mask."""
    tokens = keras.Input((T,), dtype="int32")
    x = keras.layers.Embedding(12, 4, mask_zero=True)(tokens)
    x = keras.layers.LSTM(5, return_sequences=True)(x)
    return keras.Model(tokens, keras.layers.Dense(3)(x))


def direct_cases(store, weights):
    model = tagger()
    model.set_weights(weights)
    for name, (make, target) in DIRECT.items():
        y = TARGETS[target]
        for w_name, sw in WEIGHTS.items():
            metric = make()
            for rows in (slice(0, 3), slice(3, N)):
                y_pred = model(TOKENS[rows])
                assert getattr(y_pred, "_keras_mask", None) is not None
                metric.update_state(y[rows], y_pred, sample_weight=None if sw is None else sw[rows])
            store[f"direct/{name}/{w_name}"] = np.asarray(metric.result(), "float32")


def reduce_cases(store):
    """`Mean`/`Sum` on values that carry a Keras mask: applied (as a 0/1 weight) only with a sample_weight."""
    values = R.standard_normal((N, T)).astype("float32")
    mask = TOKENS != 0
    store["reduce/values"], store["reduce/mask"] = values, mask
    for cls in ("Mean", "Sum"):
        for w_name, sw in WEIGHTS.items():
            metric = getattr(keras.metrics, cls)()
            masked = tf.constant(values)
            masked._keras_mask = tf.constant(mask)
            metric.update_state(masked, sample_weight=sw)
            store[f"reduce/{cls}/{w_name}"] = np.asarray(metric.result(), "float32")


def ignore_class_cases(store):
    """`sparse_categorical_crossentropy(..., ignore_class=c)` returns values carrying the mask of the kept labels:
    a loss wrapping the function averages over them, a metric wrapping it drops them when weighted."""
    logits = R.standard_normal((N, T, 3)).astype("float32")
    store["ignore/logits"] = logits
    fn = keras.losses.sparse_categorical_crossentropy
    values = fn(Y_CLS, logits, from_logits=True, ignore_class=0)
    store["ignore/values"] = values.numpy()
    store["ignore/mask"] = values._keras_mask.numpy()
    for w_name, sw in WEIGHTS.items():
        loss = LossFunctionWrapper(fn, from_logits=True, ignore_class=0)
        store[f"ignore/loss/{w_name}"] = loss(Y_CLS, logits, sample_weight=sw).numpy()
        metric = keras.metrics.MeanMetricWrapper(fn, from_logits=True, ignore_class=0)
        metric.update_state(Y_CLS, logits, sample_weight=sw)
        store[f"ignore/metric/{w_name}"] = np.asarray(metric.result(), "float32")


def compiled_cases(store, weights):
    for task, (loss, metrics, weighted, target) in COMPILED.items():
        y = TARGETS[target]
        model = tagger()
        model.set_weights(weights)
        model.compile(keras.optimizers.SGD(0.3), loss(), metrics=metrics(), weighted_metrics=weighted())
        for batch in (3, 4):
            for w_name, sw in WEIGHTS.items():
                logs = model.evaluate(TOKENS, y, sample_weight=sw, batch_size=batch, verbose=0, return_dict=True)
                store[f"evaluate/{task}/names"] = np.array(list(logs))
                store[f"evaluate/{task}/{batch}/{w_name}"] = np.array(list(logs.values()), "float32")
        history = model.fit(TOKENS, y, sample_weight=SW_STEP, batch_size=4, epochs=2, shuffle=False, verbose=0)
        for key, values in history.history.items():
            store[f"fit/{task}/{key}"] = np.array(values, "float32")
        store[f"fit/{task}/keys"] = np.array(list(history.history))


def main():
    keras.utils.set_random_seed(23)
    model = tagger()
    weights = [w + R.standard_normal(w.shape).astype("float32") * 0.3 for w in model.get_weights()]
    store = {"tagger/tokens": TOKENS, "tagger/y_cls": Y_CLS, "tagger/y_onehot": Y_ONEHOT, "tagger/y_reg": Y_REG,
             "tagger/y_bin": Y_BIN, "tagger/sw_seq": SW_SEQ, "tagger/sw_step": SW_STEP}
    for i, w in enumerate(weights):
        store[f"tagger/w{i}"] = w
    direct_cases(store, weights)
    reduce_cases(store)
    ignore_class_cases(store)
    compiled_cases(store, weights)
    np.savez_compressed(OUT, **store)
    print(f"wrote {OUT} ({len(store)} arrays), TF {tf.__version__}, Keras {keras.__version__}")


if __name__ == "__main__":
    main()
