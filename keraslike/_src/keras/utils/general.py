"""`keras.utils.to_categorical` and `set_random_seed`."""

import random

import numpy as np
import torch

from keraslike._src.keras.random import seed_generator
from keraslike._src.ops import random as tf_random


def to_categorical(x, num_classes=None):
    """One-hot encode integer labels: `(n,)` -> `(n, num_classes)` float32 numpy (Keras).

    Raises:
        ValueError: if a label is >= num_classes or negative.
    """
    labels = np.asarray(x, dtype="int64")
    shape = labels.shape
    if shape and shape[-1] == 1 and len(shape) > 1:
        shape = shape[:-1]
    labels = labels.reshape(-1)
    if num_classes is None:
        num_classes = int(labels.max()) + 1 if labels.size else 0
    if labels.size and (labels.min() < 0 or labels.max() >= num_classes):
        raise ValueError(f"Expected labels in [0, {num_classes}). Received: labels with min {labels.min()} "
                         f"and max {labels.max()}")
    out = np.zeros((labels.size, num_classes), dtype="float32")
    out[np.arange(labels.size), labels] = 1.0
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
