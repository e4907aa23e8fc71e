"""Case tables shared by `make_golden.py` (under real TF) and `tests/keras/test_golden_parity.py`.

Inputs are generated here with numpy and also stored in the `.npz` files, so
the parity test never depends on numpy's random streams.
"""

import numpy as np

N, C = 12, 5


def _rng(seed):
    return np.random.default_rng(seed)


def _softmax(x):
    e = np.exp(x - x.max(-1, keepdims=True))
    return e / e.sum(-1, keepdims=True)


def inputs(kind):
    """`(y_true, y_pred)` float32 arrays (int64 labels for "sparse") for an input kind."""
    rng = _rng(sum(map(ord, kind)))
    logits = rng.normal(size=(N, C)).astype("float32") * 2
    labels = rng.integers(0, C, size=N)
    onehot = np.eye(C, dtype="float32")[labels]
    if kind == "probs":
        return onehot, _softmax(logits).astype("float32")
    if kind == "logits":
        return onehot, logits
    if kind == "sparse":
        return labels.astype("int64"), _softmax(logits).astype("float32")
    if kind == "sparse_logits":
        return labels.astype("int64"), logits
    if kind == "binary":
        return (rng.random((N, 3)) > 0.5).astype("float32"), rng.uniform(0.02, 0.98, size=(N, 3)).astype("float32")
    if kind == "binary_logits":
        return (rng.random((N, 3)) > 0.5).astype("float32"), logits[:, :3]
    if kind == "binary_1d":
        return (rng.random(4 * N) > 0.5).astype("float32"), rng.random(4 * N).astype("float32")
    if kind == "binary_multilabel":
        y = (rng.random((4 * N, 3)) > 0.5).astype("float32")
        return y, np.clip(0.3 * y + 0.7 * rng.random((4 * N, 3)), 0, 1).astype("float32")
    if kind == "regression":
        return rng.normal(size=(N, 4)).astype("float32"), rng.normal(size=(N, 4)).astype("float32") * 1.5
    if kind == "positive":
        return rng.uniform(0.1, 3, size=(N, 4)).astype("float32"), rng.uniform(0.1, 3, size=(N, 4)).astype("float32")
    if kind == "signed":
        return np.where(rng.random((N, 4)) > 0.5, 1.0, -1.0).astype("float32"), logits[:, :4]
    if kind == "distribution":
        return _softmax(rng.normal(size=(N, C))).astype("float32"), _softmax(logits).astype("float32")
    raise ValueError(kind)


def sample_weight(n):
    return _rng(7).uniform(0.0, 2.0, size=n).astype("float32")


def _c(cls, kind, **kwargs):
    return {"class": cls, "inputs": kind, "kwargs": kwargs}


LOSS_CASES = {
    "mse": _c("MeanSquaredError", "regression"),
    "mae": _c("MeanAbsoluteError", "regression"),
    "mape": _c("MeanAbsolutePercentageError", "positive"),
    "msle": _c("MeanSquaredLogarithmicError", "positive"),
    "huber": _c("Huber", "regression"),
    "huber_delta": _c("Huber", "regression", delta=0.5),
    "log_cosh": _c("LogCosh", "regression"),
    "cosine": _c("CosineSimilarity", "regression"),
    "kld": _c("KLDivergence", "distribution"),
    "poisson": _c("Poisson", "positive"),
    "hinge": _c("Hinge", "signed"),
    "hinge_01": _c("Hinge", "binary_logits"),
    "squared_hinge": _c("SquaredHinge", "signed"),
    "categorical_hinge": _c("CategoricalHinge", "logits"),
    "cce": _c("CategoricalCrossentropy", "probs"),
    "cce_logits_smooth": _c("CategoricalCrossentropy", "logits", from_logits=True, label_smoothing=0.1),
    "scce": _c("SparseCategoricalCrossentropy", "sparse"),
    "scce_logits": _c("SparseCategoricalCrossentropy", "sparse_logits", from_logits=True),
    "bce": _c("BinaryCrossentropy", "binary"),
    "bce_logits_smooth": _c("BinaryCrossentropy", "binary_logits", from_logits=True, label_smoothing=0.2),
    "focal": _c("BinaryFocalCrossentropy", "binary"),
    "focal_balanced_logits": _c("BinaryFocalCrossentropy", "binary_logits", apply_class_balancing=True,
                                from_logits=True, gamma=1.5, label_smoothing=0.1),
}

METRIC_CASES = {
    "mse": _c("MeanSquaredError", "regression"),
    "mae": _c("MeanAbsoluteError", "regression"),
    "rmse": _c("RootMeanSquaredError", "regression"),
    "mape": _c("MeanAbsolutePercentageError", "positive"),
    "msle": _c("MeanSquaredLogarithmicError", "positive"),
    "cosine": _c("CosineSimilarity", "regression"),
    "logcosh": _c("LogCoshError", "regression"),
    "top_k": _c("TopKCategoricalAccuracy", "probs", k=2),
    "sparse_top_k": _c("SparseTopKCategoricalAccuracy", "sparse", k=3),
    "categorical_accuracy": _c("CategoricalAccuracy", "probs"),
    "sparse_categorical_accuracy": _c("SparseCategoricalAccuracy", "sparse"),
    "binary_accuracy": _c("BinaryAccuracy", "binary"),
    "precision": _c("Precision", "binary_1d"),
    "recall": _c("Recall", "binary_1d"),
    "precision_thresholds": _c("Precision", "binary_1d", thresholds=[0.2, 0.5, 0.7]),
    "recall_top_k": _c("Recall", "binary_multilabel", top_k=1),
    "precision_class_id": _c("Precision", "binary_multilabel", class_id=1),
    "auc": _c("AUC", "binary_1d"),
    "auc_pr": _c("AUC", "binary_1d", curve="PR"),
    "auc_minoring": _c("AUC", "binary_1d", num_thresholds=20, summation_method="minoring"),
    "auc_thresholds": _c("AUC", "binary_1d", thresholds=[0.1, 0.35, 0.6, 0.9]),
    "auc_multilabel": _c("AUC", "binary_multilabel", multi_label=True),
    "auc_logits": _c("AUC", "binary_logits", from_logits=True),
    "bce": _c("BinaryCrossentropy", "binary"),
    "cce": _c("CategoricalCrossentropy", "probs"),
    "kld": _c("KLDivergence", "distribution"),
    "poisson": _c("Poisson", "positive"),
    "hinge": _c("Hinge", "signed"),
}


def optimizer_problem():
    """`(w0 (3, 4), grads (5, 3, 4))` float32; small gradients make epsilon placement visible."""
    rng = _rng(3)
    w0 = rng.normal(size=(3, 4)).astype("float32")
    grads = (rng.normal(size=(5, 3, 4)) * np.array([1.0, 0.1, 0.01, 1e-3])).astype("float32")
    return w0, grads


_EXP = {"class_name": "ExponentialDecay", "config": {"initial_learning_rate": 0.1, "decay_steps": 2,
                                                       "decay_rate": 0.5}}

OPTIMIZER_CASES = {
    "sgd": {"class": "SGD", "kwargs": {"learning_rate": 0.1}},
    "sgd_momentum": {"class": "SGD", "kwargs": {"learning_rate": 0.1, "momentum": 0.9}},
    "sgd_nesterov": {"class": "SGD", "kwargs": {"learning_rate": 0.1, "momentum": 0.9, "nesterov": True}},
    "sgd_momentum_schedule": {"class": "SGD", "kwargs": {"learning_rate": _EXP, "momentum": 0.9}},
    "adam": {"class": "Adam", "kwargs": {"learning_rate": 0.01}},
    "adam_amsgrad": {"class": "Adam", "kwargs": {"learning_rate": 0.01, "amsgrad": True}},
    "adamw": {"class": "AdamW", "kwargs": {"learning_rate": 0.01, "weight_decay": 0.1}},
    "rmsprop": {"class": "RMSprop", "kwargs": {"learning_rate": 0.01}},
    "rmsprop_centered_momentum": {"class": "RMSprop", "kwargs": {"learning_rate": 0.01, "centered": True,
                                                                  "momentum": 0.5}},
    "adagrad": {"class": "Adagrad", "kwargs": {"learning_rate": 0.1}},
    "adadelta": {"class": "Adadelta", "kwargs": {"learning_rate": 1.0}},
    "adamax": {"class": "Adamax", "kwargs": {"learning_rate": 0.01}},
    "nadam": {"class": "Nadam", "kwargs": {"learning_rate": 0.01}},
    "ftrl": {"class": "Ftrl", "kwargs": {"learning_rate": 0.1}},
    "ftrl_regularized": {"class": "Ftrl", "kwargs": {"learning_rate": 0.1, "l1_regularization_strength": 0.01,
                                                     "l2_regularization_strength": 0.1, "beta": 0.5,
                                                     "l2_shrinkage_regularization_strength": 0.05}},
    "lion": {"class": "Lion", "kwargs": {"learning_rate": 0.01}},
    "sgd_clipnorm": {"class": "SGD", "kwargs": {"learning_rate": 0.1, "clipnorm": 0.5}},
    "sgd_clipvalue": {"class": "SGD", "kwargs": {"learning_rate": 0.1, "clipvalue": 0.05}},
    "adam_global_clipnorm": {"class": "Adam", "kwargs": {"learning_rate": 0.01, "global_clipnorm": 0.3}},
    "adam_schedule": {"class": "Adam", "kwargs": {"learning_rate": {
        "class_name": "CosineDecay", "config": {"initial_learning_rate": 0.0, "decay_steps": 4,
                                               "warmup_target": 0.02, "warmup_steps": 2}}}},
}

SCHEDULE_STEPS = [0, 1, 2, 3, 5, 8, 13, 21, 34, 55]

SCHEDULE_CASES = {
    "exponential": {"class_name": "ExponentialDecay", "config": {"initial_learning_rate": 0.1, "decay_steps": 7,
                                                                  "decay_rate": 0.9}},
    "exponential_staircase": {"class_name": "ExponentialDecay", "config": {
        "initial_learning_rate": 0.1, "decay_steps": 7, "decay_rate": 0.9, "staircase": True}},
    "piecewise": {"class_name": "PiecewiseConstantDecay", "config": {"boundaries": [3, 13],
                                                                      "values": [1.0, 0.5, 0.1]}},
    "polynomial": {"class_name": "PolynomialDecay", "config": {"initial_learning_rate": 0.1, "decay_steps": 20,
                                                                "end_learning_rate": 0.01, "power": 2.0}},
    "polynomial_cycle": {"class_name": "PolynomialDecay", "config": {
        "initial_learning_rate": 0.1, "decay_steps": 10, "power": 0.5, "cycle": True}},
    "inverse_time": {"class_name": "InverseTimeDecay", "config": {"initial_learning_rate": 0.1, "decay_steps": 5,
                                                                   "decay_rate": 0.5}},
    "inverse_time_staircase": {"class_name": "InverseTimeDecay", "config": {
        "initial_learning_rate": 0.1, "decay_steps": 5, "decay_rate": 0.5, "staircase": True}},
    "cosine": {"class_name": "CosineDecay", "config": {"initial_learning_rate": 0.1, "decay_steps": 30,
                                                        "alpha": 0.1}},
    "cosine_warmup": {"class_name": "CosineDecay", "config": {"initial_learning_rate": 0.0, "decay_steps": 30,
                                                               "warmup_target": 0.1, "warmup_steps": 5}},
    "cosine_restarts": {"class_name": "CosineDecayRestarts", "config": {"initial_learning_rate": 0.1,
                                                                         "first_decay_steps": 4, "m_mul": 0.8}},
}


def penalty_weight():
    return _rng(11).normal(size=(3, 3, 2, 4)).astype("float32")


REGULARIZER_CASES = {
    "l1": {"class": "L1", "kwargs": {"l1": 0.02}},
    "l2": {"class": "L2", "kwargs": {}},
    "l1_l2": {"class": "L1L2", "kwargs": {"l1": 0.01, "l2": 0.03}},
}

CONSTRAINT_CASES = {
    "max_norm": {"class": "MaxNorm", "kwargs": {"max_value": 1.5, "axis": [0, 1, 2]}},
    "non_neg": {"class": "NonNeg", "kwargs": {}},
    "unit_norm": {"class": "UnitNorm", "kwargs": {"axis": 0}},
    "min_max_norm": {"class": "MinMaxNorm", "kwargs": {"min_value": 0.5, "max_value": 1.0, "rate": 0.7,
                                                       "axis": [0, 1, 2]}},
}
