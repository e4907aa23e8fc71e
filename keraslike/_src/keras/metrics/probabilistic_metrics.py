"""Cross-entropy, KL, Poisson and hinge metrics (keras/src/metrics/probabilistic_metrics.py,
hinge_metrics.py): running means of the matching loss functions."""

from keraslike._src.keras.losses.hinge_losses import categorical_hinge, hinge, squared_hinge
from keraslike._src.keras.losses.losses import (
    binary_crossentropy, categorical_crossentropy, sparse_categorical_crossentropy,
)
from keraslike._src.keras.losses.probabilistic_losses import kl_divergence, poisson
from keraslike._src.keras.metrics.reduction_metrics import MeanMetricWrapper


class BinaryCrossentropy(MeanMetricWrapper):
    """`BinaryCrossentropy(from_logits=False, label_smoothing=0)` as a metric."""

    def __init__(self, name="binary_crossentropy", dtype=None, from_logits=False, label_smoothing=0):
        super().__init__(binary_crossentropy, name=name, dtype=dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing)


class CategoricalCrossentropy(MeanMetricWrapper):
    """`CategoricalCrossentropy(from_logits=False, label_smoothing=0, axis=-1)` as a metric."""

    def __init__(self, name="categorical_crossentropy", dtype=None, from_logits=False, label_smoothing=0, axis=-1):
        super().__init__(categorical_crossentropy, name=name, dtype=dtype, from_logits=from_logits,
                         label_smoothing=label_smoothing, axis=axis)


class SparseCategoricalCrossentropy(MeanMetricWrapper):
    """`SparseCategoricalCrossentropy(from_logits=False, axis=-1)` as a metric."""

    def __init__(self, name="sparse_categorical_crossentropy", dtype=None, from_logits=False, axis=-1):
        super().__init__(sparse_categorical_crossentropy, name=name, dtype=dtype, from_logits=from_logits,
                         axis=axis)


class KLDivergence(MeanMetricWrapper):
    """`KLDivergence()` as a metric."""

    def __init__(self, name="kl_divergence", dtype=None):
        super().__init__(kl_divergence, name=name, dtype=dtype)


class Poisson(MeanMetricWrapper):
    """`Poisson()` as a metric."""

    def __init__(self, name="poisson", dtype=None):
        super().__init__(poisson, name=name, dtype=dtype)


class Hinge(MeanMetricWrapper):
    """`Hinge()` as a metric."""

    def __init__(self, name="hinge", dtype=None):
        super().__init__(hinge, name=name, dtype=dtype)


class SquaredHinge(MeanMetricWrapper):
    """`SquaredHinge()` as a metric."""

    def __init__(self, name="squared_hinge", dtype=None):
        super().__init__(squared_hinge, name=name, dtype=dtype)


class CategoricalHinge(MeanMetricWrapper):
    """`CategoricalHinge()` as a metric."""

    def __init__(self, name="categorical_hinge", dtype=None):
        super().__init__(categorical_hinge, name=name, dtype=dtype)
