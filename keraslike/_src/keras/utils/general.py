"""`keras.utils.to_categorical` and `set_random_seed`."""

import random

import numpy as np
import torch

from keraslike._src.keras.keras_version import legacy_keras
from keraslike._src.keras.random import seed_generator
from keraslike._src.ops.creation import one_hot
from keraslike._src.ops import random as tf_random


_NO_DTYPE = object()


def to_categorical(x, num_classes=None, dtype=_NO_DTYPE):
    """One-hot encode integer labels `(n,)` (or `(n, 1)`) as `(n, num_classes)`, the class axis last.

    Keras 3 (TF 2.21's default): numpy or list labels give a float64 numpy array (numpy's default
    dtype, as Keras 3 builds it); a tensor gives a float32 tensor (`one_hot`: labels outside
    `[0, num_classes)` give rows of zeros); there is no `dtype` argument. Keras 2
    (`TF_USE_LEGACY_KERAS=1`): always a numpy array of `dtype` (default float32). Both index with
    numpy for array labels: -1 is the last class, as in Keras.

    Raises:
        IndexError: if an array label is >= num_classes (or < -num_classes).
        TypeError: for `dtype` under Keras 3, which has no such argument.
    """
    legacy = legacy_keras()
    if dtype is _NO_DTYPE:
        dtype = "float32"
    elif not legacy:
        raise TypeError(
            "`to_categorical` has no `dtype` argument in Keras 3 (it is tf_keras's, under "
            f"TF_USE_LEGACY_KERAS=1). Received: dtype={dtype!r}"
        )
    if isinstance(x, torch.Tensor) and not legacy:
        labels = x.reshape(x.shape[:-1]) if x.dim() > 1 and x.shape[-1] == 1 else x
        if num_classes is None:
            raise ValueError(f"`to_categorical` of a tensor needs `num_classes`. Received: num_classes={num_classes}")
        return one_hot(labels, int(num_classes), dtype=torch.float32)
    labels = np.asarray(x.detach().cpu() if isinstance(x, torch.Tensor) else x, dtype="int64")
    shape = labels.shape
    if shape and shape[-1] == 1 and len(shape) > 1:
        shape = shape[:-1]
    labels = labels.reshape(-1)
    if num_classes is None:
        num_classes = int(labels.max()) + 1 if labels.size else 0
    num_classes = int(num_classes)
    if labels.size and (labels.min() < -num_classes or labels.max() >= num_classes):
        bad = labels.max() if labels.max() >= num_classes else labels.min()
        raise IndexError(
            f"Expected labels in [-{num_classes}, {num_classes}) (num_classes={num_classes}). Received: a label {bad}"
        )
    out = np.zeros((labels.size, num_classes), dtype=dtype if legacy else "float64")
    out[np.arange(labels.size), labels] = 1
    return out.reshape(*shape, num_classes)


def set_random_seed(seed):
    """Seed Python, numpy, torch and the TF global seed (`keras.utils.set_random_seed`, which also calls
    `tf.random.set_seed`), and restart Keras's global `SeedGenerator` (tf_keras's initializer seeds too)."""
    if not isinstance(seed, int):
        raise ValueError(f"Expected seed to be an integer. Received: seed={seed!r}")
    seed_generator.reset_global_seed_generator(seed)
    random.seed(seed)
    np.random.seed(seed)
    torch.manual_seed(seed)
    tf_random.set_seed(seed)
