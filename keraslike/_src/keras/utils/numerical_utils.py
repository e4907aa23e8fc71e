"""`keras.utils.normalize` (keras/src/utils/numerical_utils.py)."""

import numpy as np

from keraslike._src.keras.ops import nn as ops_nn


def normalize(x, axis=-1, order=2):
    """Scale `x` to unit `order`-norm along `axis`.

    A numpy array gives a numpy array (zero-norm rows stay zero); a tensor goes through
    `keras.ops.nn.normalize` (norm clipped below by 1e-7).

    Args:
        x: array or tensor.
        axis: int, default -1.
        order: norm order, default 2.
    """
    if isinstance(x, np.ndarray):
        norm = np.atleast_1d(np.linalg.norm(x, order, axis))
        norm[norm == 0] = 1
        axis = axis or -1
        return x / np.expand_dims(norm, axis)
    return ops_nn.normalize(x, axis=axis, order=order)
