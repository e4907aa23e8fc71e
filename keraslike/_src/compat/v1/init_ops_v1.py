"""TF1's initializers (`tensorflow/python/ops/init_ops.py`): `tf.compat.v1.truncated_normal_initializer`, ...

Their defaults differ from TF2's (`random_normal_initializer` and `truncated_normal_initializer` have
`stddev=1.0`, `random_uniform_initializer` draws from [0, 1)), the constructor takes the `dtype`, and calls
are `init(shape, dtype=None, partition_info=None)`. Sampling is Keras's (TF's random numbers are not
reproduced).
"""

import numpy as np
import torch

from keraslike._src.keras import initializers as keras_initializers
from keraslike._src.keras.initializers.tf_initializers import constant_initializer as _constant_v2
from keraslike._src.ops.dtypes import as_dtype


class _V1Mixin:
    """`dtype` given at construction is the default of each call; `partition_info` must be None."""

    def _v1_call(self, parent_call, shape, dtype, partition_info):
        if partition_info is not None:
            raise ValueError("Partitioned variables are not supported by keraslike. "
                             f"Received: partition_info={partition_info!r}")
        dtype = as_dtype(dtype) if dtype is not None else self._v1_dtype
        return parent_call(tuple(int(d) for d in shape), dtype=dtype)


def _v1(base, doc, defaults, positional):
    """A TF1 initializer class over the Keras initializer `base` with TF1's `defaults`."""

    def __init__(self, *args, dtype=torch.float32, **kwargs):
        values = dict(defaults)
        values.update(zip(positional, args))
        values.update(kwargs)
        unknown = set(values) - set(defaults)
        if unknown:
            raise TypeError(f"{type(self).__name__}() got unexpected arguments {sorted(unknown)}. "
                            f"Received: {', '.join(f'{k}={values[k]!r}' for k in sorted(unknown))}")
        self._v1_dtype = as_dtype(dtype)
        self._v1_values = values
        base.__init__(self, **_keras_arguments(base, values))

    def __call__(self, shape, dtype=None, partition_info=None):
        return self._v1_call(lambda s, dtype: base.__call__(self, s, dtype=dtype), shape, dtype, partition_info)

    def get_config(self):
        return dict(self._v1_values, dtype=str(self._v1_dtype).replace("torch.", ""))

    return type(base.__name__, (_V1Mixin, base), {"__init__": __init__, "__call__": __call__,
                                                   "get_config": get_config, "__doc__": doc,
                                                   "_rule": "tf1"})  # the stateful tf.random op, `seed` its op seed


def _keras_arguments(base, values):
    values = dict(values)
    if base is keras_initializers.RandomUniform and values.get("maxval") is None:
        values["maxval"] = 1.0
    return values


truncated_normal_initializer = _v1(
    keras_initializers.TruncatedNormal,
    "`tf.compat.v1.truncated_normal_initializer(mean=0.0, stddev=1.0, seed=None, dtype=tf.float32)`.",
    {"mean": 0.0, "stddev": 1.0, "seed": None}, ("mean", "stddev", "seed"))
random_normal_initializer = _v1(
    keras_initializers.RandomNormal,
    "`tf.compat.v1.random_normal_initializer(mean=0.0, stddev=1.0, seed=None, dtype=tf.float32)`.",
    {"mean": 0.0, "stddev": 1.0, "seed": None}, ("mean", "stddev", "seed"))
random_uniform_initializer = _v1(
    keras_initializers.RandomUniform,
    "`tf.compat.v1.random_uniform_initializer(minval=0.0, maxval=None, seed=None, dtype=tf.float32)` "
    "(maxval None means 1.0).",
    {"minval": 0.0, "maxval": None, "seed": None}, ("minval", "maxval", "seed"))
variance_scaling_initializer = _v1(
    keras_initializers.VarianceScaling,
    "`tf.compat.v1.variance_scaling_initializer(scale=1.0, mode='fan_in', distribution='truncated_normal', "
    "seed=None, dtype=tf.float32)`.",
    {"scale": 1.0, "mode": "fan_in", "distribution": "truncated_normal", "seed": None},
    ("scale", "mode", "distribution", "seed"))
orthogonal_initializer = _v1(
    keras_initializers.Orthogonal, "`tf.compat.v1.orthogonal_initializer(gain=1.0, seed=None, dtype=tf.float32)`.",
    {"gain": 1.0, "seed": None}, ("gain", "seed"))


glorot_uniform_initializer = _v1(
    keras_initializers.GlorotUniform,
    "`tf.compat.v1.glorot_uniform_initializer(seed=None, dtype=tf.float32)`: uniform with variance 1/fan_avg.",
    {"seed": None}, ("seed",))
glorot_normal_initializer = _v1(
    keras_initializers.GlorotNormal,
    "`tf.compat.v1.glorot_normal_initializer(seed=None, dtype=tf.float32)`: truncated normal, variance 1/fan_avg.",
    {"seed": None}, ("seed",))


class zeros_initializer(_V1Mixin, keras_initializers.Zeros):  # noqa: N801 - TF's name
    """`tf.compat.v1.zeros_initializer(dtype=tf.float32)`."""

    def __init__(self, dtype=torch.float32):
        self._v1_dtype = as_dtype(dtype)
        super().__init__()

    def __call__(self, shape, dtype=None, partition_info=None):
        return self._v1_call(lambda s, dtype: keras_initializers.Zeros.__call__(self, s, dtype=dtype), shape, dtype,
                             partition_info)

    def get_config(self):
        return {"dtype": str(self._v1_dtype).replace("torch.", "")}


class ones_initializer(_V1Mixin, keras_initializers.Ones):  # noqa: N801 - TF's name
    """`tf.compat.v1.ones_initializer(dtype=tf.float32)`."""

    def __init__(self, dtype=torch.float32):
        self._v1_dtype = as_dtype(dtype)
        super().__init__()

    def __call__(self, shape, dtype=None, partition_info=None):
        return self._v1_call(lambda s, dtype: keras_initializers.Ones.__call__(self, s, dtype=dtype), shape, dtype,
                             partition_info)

    def get_config(self):
        return {"dtype": str(self._v1_dtype).replace("torch.", "")}


class constant_initializer(_constant_v2):  # noqa: N801 - TF's name
    """`tf.compat.v1.constant_initializer(value=0, dtype=tf.float32, verify_shape=False)`; with `verify_shape`, an
    array value must have exactly the requested shape."""

    def __init__(self, value=0, dtype=torch.float32, verify_shape=False):
        super().__init__(value)
        self._v1_dtype = as_dtype(dtype)
        self.verify_shape = verify_shape

    def __call__(self, shape, dtype=None, partition_info=None, verify_shape=None):
        if partition_info is not None:
            raise ValueError("Partitioned variables are not supported by keraslike. "
                             f"Received: partition_info={partition_info!r}")
        verify = self.verify_shape if verify_shape is None else verify_shape
        if verify and not np.isscalar(self.value) and tuple(np.shape(self.value)) != tuple(int(d) for d in shape):
            raise TypeError(f"Expected Tensor's shape: {tuple(int(d) for d in shape)}, but got "
                            f"{tuple(np.shape(self.value))}.")
        return super().__call__(shape, dtype=as_dtype(dtype) if dtype is not None else self._v1_dtype)

    def get_config(self):
        value = self.value.tolist() if hasattr(self.value, "tolist") else self.value
        return {"value": value, "dtype": str(self._v1_dtype).replace("torch.", "")}
