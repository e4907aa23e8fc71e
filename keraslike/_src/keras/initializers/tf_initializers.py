"""TF 2's top-level initializers (`tensorflow/python/ops/init_ops_v2.py`): `tf.random_normal_initializer`, ...

They are Keras's initializers with TF's call signature `init(shape, dtype=tf.float32)`;
`tf.constant_initializer` also takes a list or array with as many elements as `shape` has (reshaped
to it), as TF does.
"""

import numpy as np
import torch

from keraslike._src.keras import initializers as keras_initializers
from keraslike._src.ops import dtypes


def _dtype(dtype):
    return dtypes.as_dtype(dtype) if dtype is not None else torch.float32


class constant_initializer(keras_initializers.Constant):  # noqa: N801 - TF's name
    """`tf.constant_initializer(value=0)`: a scalar fills the shape; a list/array must have `prod(shape)` elements.

    Raises:
        TypeError: `value` is not a number, list or array.
        ValueError: an array value whose size does not match the requested shape.
    """

    def __init__(self, value=0, support_partition=False):
        if not np.isscalar(value) and not isinstance(value, (list, tuple, np.ndarray, torch.Tensor)):
            raise TypeError(f"Invalid type for initial value: {type(value).__name__} (expected Python scalar, list "
                            f"or tuple of values, or numpy.ndarray). Received: value={value!r}")
        if support_partition:
            raise ValueError("tf.constant_initializer(support_partition=True) is for partitioned variables, which "
                             "keraslike does not have. Received: support_partition=True")
        super().__init__(value)

    def __call__(self, shape, dtype=None, **kwargs):
        dtype = _dtype(dtype)
        shape = tuple(int(d) for d in shape)
        if np.isscalar(self.value):
            return torch.full(shape, self.value, dtype=dtype)
        value = torch.as_tensor(np.asarray(self.value), dtype=dtype)
        if value.numel() != int(np.prod(shape)):
            raise ValueError(f"Expected {int(np.prod(shape))} values for shape {shape}, as TF's constant_initializer "
                             f"does. Received: value with {value.numel()} elements")
        return value.reshape(shape).clone()


class zeros_initializer(keras_initializers.Zeros):  # noqa: N801
    """`tf.zeros_initializer()`."""

    def __call__(self, shape, dtype=None, **kwargs):
        return super().__call__(shape, dtype=_dtype(dtype))


class ones_initializer(keras_initializers.Ones):  # noqa: N801
    """`tf.ones_initializer()`."""

    def __call__(self, shape, dtype=None, **kwargs):
        return super().__call__(shape, dtype=_dtype(dtype))


class random_normal_initializer(keras_initializers.RandomNormal):  # noqa: N801
    """`tf.random_normal_initializer(mean=0.0, stddev=0.05, seed=None)`: seeded, the stateless op on `[seed, 0]`
    (the same values on every call); unseeded, `tf.random.normal` (the global seed's sequence)."""

    _rule = "tf2"

    def __call__(self, shape, dtype=None, **kwargs):
        return super().__call__(shape, dtype=_dtype(dtype))


class random_uniform_initializer(keras_initializers.RandomUniform):  # noqa: N801
    """`tf.random_uniform_initializer(minval=-0.05, maxval=0.05, seed=None)`: seeded, the stateless op on
    `[seed, 0]`; unseeded, `tf.random.uniform`."""

    _rule = "tf2"

    def __call__(self, shape, dtype=None, **kwargs):
        return super().__call__(shape, dtype=_dtype(dtype))
