"""Case tables for `make_kmetrics_golden.py` (real Keras 3.15) and `tests/keras/test_kmetrics_golden_parity.py`.

Covers the metrics, losses and optimizers added for issue 10 (F-scores, R2, IoU family, correlations, ...).
Inputs are generated with numpy and stored in `tests/golden/kmetrics.npz`, so the parity test never depends on
numpy's random streams. Metric cases stream two halves, the second with sample weights.
"""

import numpy as np

N, C = 16, 4


def inputs(kind):
    """`(y_true, y_pred)` numpy arrays for an input kind."""
    rng = np.random.default_rng(sum(map(ord, kind)))
    if kind == "multilabel":
        y = (rng.random((N, C)) > 0.5).astype("float32")
        return y, np.clip(0.35 * y + 0.65 * rng.random((N, C)), 0, 1).astype("float32")
    if kind == "multiclass":
        labels = rng.integers(0, C, size=N)
        logits = rng.normal(size=(N, C)) + 1.5 * np.eye(C)[labels]
        e = np.exp(logits)
        return np.eye(C, dtype="float32")[labels], (e / e.sum(-1, keepdims=True)).astype("float32")
    if kind == "regression":
        y = rng.normal(size=(N, 3)).astype("float32")
        return y, (0.7 * y + 0.6 * rng.normal(size=(N, 3))).astype("float32")
    if kind == "segmentation":  # sparse class ids (N, 6) in [0, C)
        y = rng.integers(0, C, size=(N, 6))
        p = np.where(rng.random((N, 6)) > 0.4, y, rng.integers(0, C, size=(N, 6)))
        return y.astype("int64"), p.astype("int64")
    if kind == "segmentation_onehot":  # one-hot y_true, score y_pred over C classes
        y = rng.integers(0, C, size=(N, 6))
        scores = rng.random((N, 6, C)) + 0.8 * np.eye(C)[y]
        return np.eye(C, dtype="float32")[y], scores.astype("float32")
    if kind == "logits":
        labels = rng.integers(0, C, size=N)
        return np.eye(C, dtype="float32")[labels], (2 * rng.normal(size=(N, C))).astype("float32")
    if kind == "sparse_probs":
        labels = rng.integers(0, C, size=N)
        e = np.exp(rng.normal(size=(N, C)))
        return labels.astype("int64"), (e / e.sum(-1, keepdims=True)).astype("float32")
    if kind == "embeddings":  # labels with repeats, L2-normalized embeddings
        labels = np.array([0, 1, 2, 0, 1, 2, 3, 0, 1, 2, 3, 3, 0, 4, 1, 2])[:N]
        e = rng.normal(size=(N, 6)) + 1.2 * np.eye(8)[labels % 8][:, :6]
        return labels.astype("int64"), (e / np.linalg.norm(e, axis=-1, keepdims=True)).astype("float32")
    if kind == "ctc":  # labels padded with 0 (the blank), logits (N, time, classes)
        lengths = rng.integers(1, 4, size=N)
        labels = np.zeros((N, 4), "int64")
        for i, n in enumerate(lengths):
            labels[i, :n] = rng.integers(1, C + 1, size=n)
        return labels, rng.normal(size=(N, 7, C + 1)).astype("float32")
    if kind == "binary_seg":
        y = (rng.random((N, 5)) > 0.5).astype("float32")
        return y, np.clip(0.4 * y + 0.6 * rng.random((N, 5)), 0, 1).astype("float32")
    raise ValueError(kind)


def sample_weight(spec, y_true):
    """Weights for the second half: per sample, or per element (IoU metrics flatten their inputs)."""
    rng = np.random.default_rng(11)
    shape = y_true.shape[:2] if "seg" in spec["inputs"] else y_true.shape[:1]
    if spec["int_weights"]:
        return rng.integers(0, 4, size=shape).astype("float32")
    return rng.uniform(0.0, 2.0, size=shape).astype("float32")


def _c(cls, kind, int_weights=False, **kwargs):
    return {"class": cls, "inputs": kind, "int_weights": int_weights, "kwargs": kwargs}


METRIC_CASES = {
    "f1_none": _c("F1Score", "multilabel", threshold=0.5),
    "f1_micro": _c("F1Score", "multilabel", average="micro", threshold=0.5),
    "f1_macro_argmax": _c("F1Score", "multiclass", average="macro"),
    "f1_weighted": _c("F1Score", "multilabel", average="weighted", threshold=0.6),
    "fbeta_2": _c("FBetaScore", "multilabel", beta=2.0, threshold=0.5),
    "fbeta_half_macro": _c("FBetaScore", "multiclass", beta=0.5, average="macro"),
    "r2": _c("R2Score", "regression"),
    "r2_none": _c("R2Score", "regression", class_aggregation=None),
    "r2_variance": _c("R2Score", "regression", class_aggregation="variance_weighted_average"),
    "r2_adjusted": _c("R2Score", "regression", num_regressors=3),
    "iou": _c("IoU", "segmentation", True, num_classes=C, target_class_ids=[0, 2]),
    "iou_float_weights": _c("IoU", "segmentation", num_classes=C, target_class_ids=[1, 3], dtype="float32"),
    "mean_iou": _c("MeanIoU", "segmentation", True, num_classes=C),
    "mean_iou_ignore": _c("MeanIoU", "segmentation", True, num_classes=C, ignore_class=1),
    "mean_iou_int_trunc": _c("MeanIoU", "segmentation", num_classes=C),
    "binary_iou": _c("BinaryIoU", "binary_seg", True),
    "binary_iou_thr": _c("BinaryIoU", "binary_seg", True, target_class_ids=[1], threshold=0.3),
    "onehot_iou": _c("OneHotIoU", "segmentation_onehot", True, num_classes=C, target_class_ids=[0, 1, 3]),
    "onehot_mean_iou": _c("OneHotMeanIoU", "segmentation_onehot", True, num_classes=C),
    "pearson": _c("PearsonCorrelation", "regression"),
    "pearson_multiclass": _c("PearsonCorrelation", "multiclass"),
    "concordance": _c("ConcordanceCorrelation", "regression"),
    "precision_at_recall": _c("PrecisionAtRecall", "binary_seg", recall=0.7),
    "precision_at_recall_t5": _c("PrecisionAtRecall", "binary_seg", recall=0.5, num_thresholds=5),
    "recall_at_precision": _c("RecallAtPrecision", "binary_seg", precision=0.6),
    "recall_at_precision_class": _c("RecallAtPrecision", "multilabel", precision=0.5, class_id=2),
    "sensitivity_at_specificity": _c("SensitivityAtSpecificity", "binary_seg", specificity=0.6),
    "sensitivity_at_specificity_t1": _c("SensitivityAtSpecificity", "binary_seg", specificity=0.4, num_thresholds=1),
    "specificity_at_sensitivity": _c("SpecificityAtSensitivity", "binary_seg", sensitivity=0.8),
    "specificity_at_sensitivity_class": _c("SpecificityAtSensitivity", "multilabel", sensitivity=0.5, class_id=0),
}


LOSS_CASES = {
    "cfce": _c("CategoricalFocalCrossentropy", "multiclass"),
    "cfce_logits": _c("CategoricalFocalCrossentropy", "logits", from_logits=True, alpha=0.5, gamma=1.5,
                      label_smoothing=0.1),
    "gce": _c("CategoricalGeneralizedCrossEntropy", "sparse_probs"),
    "gce_q": _c("CategoricalGeneralizedCrossEntropy", "sparse_probs", q=0.3),
    "dice": _c("Dice", "binary_seg"),
    "dice_axis": _c("Dice", "binary_seg", axis=1),
    "tversky": _c("Tversky", "binary_seg"),
    "tversky_axis": _c("Tversky", "binary_seg", alpha=0.3, beta=0.7, axis=1),
    "circle": _c("Circle", "embeddings"),
    "circle_args": _c("Circle", "embeddings", gamma=10.0, margin=0.25, remove_diagonal=False),
    "ctc": _c("CTC", "ctc"),
}


def optimizer_problem():
    """`(initial values, gradients per step)`: variables of rank 2, 1 and 3 (Adafactor factors rank >= 2); five
    steps of fixed float32 gradients."""
    rng = np.random.default_rng(23)
    shapes = [(3, 4), (4,), (2, 3, 5)]
    values = [rng.normal(size=s).astype("float32") for s in shapes]
    grads = [[(rng.normal(size=s) * 0.5).astype("float32") for s in shapes] for _ in range(5)]
    return values, grads


OPTIMIZER_CASES = {
    "lamb": {"class": "Lamb", "kwargs": {"learning_rate": 0.01}},
    "lamb_args": {"class": "Lamb", "kwargs": {"learning_rate": 0.05, "beta_1": 0.8, "beta_2": 0.99,
                                              "epsilon": 1e-3, "weight_decay": 0.1}},
    "adafactor": {"class": "Adafactor", "kwargs": {}},
    "muon": {"class": "Muon", "kwargs": {"learning_rate": 0.01}},
    "muon_args": {"class": "Muon", "kwargs": {"learning_rate": 0.02, "nesterov": False, "rms_rate": None,
                                              "weight_decay": 0.1, "adam_weight_decay": 0.05, "adam_lr_ratio": 0.5,
                                              "ns_steps": 3, "momentum": 0.9}},
    "schedule_free_adamw": {"class": "ScheduleFreeAdamW", "kwargs": {"learning_rate": 0.05}},
    "schedule_free_adamw_warmup": {"class": "ScheduleFreeAdamW", "kwargs": {"learning_rate": 0.05, "warmup_steps": 3,
                                                                            "beta_1": 0.8}},
    "schedule_free_adamw_wd": {"class": "ScheduleFreeAdamW", "kwargs": {"learning_rate": 0.05, "weight_decay": 0.1}},
    "muon_exclude": {"class": "Muon", "kwargs": {"learning_rate": 0.01, "exclude_layers": ["var0"]}},
    "adafactor_big_lr": {"class": "Adafactor", "kwargs": {"learning_rate": 0.6, "clip_threshold": 0.5}},
    "adafactor_args": {"class": "Adafactor", "kwargs": {"learning_rate": 0.05, "beta_2_decay": -0.5,
                                                        "epsilon_2": 0.1, "relative_step": False}},
}
