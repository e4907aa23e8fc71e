"""`Normalization` (keras/src/layers/preprocessing/normalization.py).

`(inputs - mean) / max(sqrt(variance), 1e-7)`, with `mean`/`variance` given
or learned by `adapt(data)` over every axis except `axis`. Adapted statistics
are non-trainable weights named `mean` and `variance` (and Keras 3's unused int64
`count`, always 0), so they travel with
`get_weights`/`set_weights` and saving.
"""

import numpy as np
import torch

from keraslike._src.keras.backend import config as keras_config
from keraslike._src.keras.layers.layer import Layer



class Normalization(Layer):
    """Feature-wise normalization.

    Args:
        axis: int, tuple of ints or None, default -1: the axes that keep separate statistics
            (None: one mean and variance for everything).
        mean, variance: optional floats/arrays; when given, `adapt` is not needed.
        invert: bool, default False: apply the inverse transform (de-normalize).

    Input/Output shape: unchanged.

    Raises:
        ValueError: if only one of `mean`/`variance` is given, or `adapt` data has the wrong rank.
    """

    def __init__(self, axis=-1, mean=None, variance=None, invert=False, **kwargs):
        super().__init__(**kwargs)
        if (mean is None) != (variance is None):
            raise ValueError(
                "When setting values directly, both `mean` and `variance` must be set. "
                f"Received: mean={mean} and variance={variance}"
            )
        self.axis = () if axis is None else ((axis,) if isinstance(axis, int) else tuple(axis))
        self.input_mean = mean
        self.input_variance = variance
        self.invert = invert
        self._keep_axes = None

    def build(self, input_shape):
        ndim = len(input_shape)
        self._keep_axes = tuple(sorted(a % ndim for a in self.axis))
        if any(input_shape[a] is None for a in self._keep_axes):
            raise ValueError(
                f"All `axis` values to be kept must have a known shape. Received: axis={self.axis}, "
                f"input_shape={input_shape}"
            )
        self._broadcast_shape = tuple(input_shape[d] if d in self._keep_axes else 1 for d in range(ndim))
        stat_shape = tuple(input_shape[d] for d in self._keep_axes)
        if self.input_mean is None:
            self.adapt_mean = self.add_weight("mean", stat_shape, "zeros", trainable=False)
            self.adapt_variance = self.add_weight("variance", stat_shape, "ones", trainable=False)
            # Keras 3 keeps an int64 `count` (always 0, for older files), so weight lists exchange with Keras.
            self.count = self.add_weight(name="count", shape=(), dtype="int64", initializer="zeros", trainable=False)
        else:
            self.adapt_mean = torch.broadcast_to(torch.as_tensor(self.input_mean, dtype=torch.float32), stat_shape)
            self.adapt_variance = torch.broadcast_to(torch.as_tensor(self.input_variance, dtype=torch.float32),
                                                     stat_shape)
        self.built = True

    def adapt(self, data, batch_size=None, steps=None):
        """Compute the mean and variance of `data` (numpy array, tensor, or an iterable of batches).

        Raises:
            ValueError: if the layer was built for a different rank than the data has.
        """
        count, total, total_sq = 0, None, None
        for i, batch in enumerate(_batches(data, batch_size)):
            if steps is not None and i >= steps:
                break
            x = np.asarray(batch.detach().cpu() if isinstance(batch, torch.Tensor) else batch, dtype=np.float64)
            if not self.built:
                self.build((None, *x.shape[1:]))
            if x.ndim != len(self._broadcast_shape):
                raise ValueError(f"Normalization was built for rank {len(self._broadcast_shape)} inputs. "
                                 f"Received: data with shape {x.shape}")
            reduce = tuple(d for d in range(x.ndim) if d not in self._keep_axes)
            n = int(np.prod([x.shape[d] for d in reduce]))
            s, sq = x.sum(axis=reduce), (x * x).sum(axis=reduce)
            count, total, total_sq = count + n, s if total is None else total + s, sq if total_sq is None \
                else total_sq + sq
        mean = total / count
        variance = np.maximum(total_sq / count - mean * mean, 0.0)
        self.adapt_mean.assign(mean.astype(np.float32))
        self.adapt_variance.assign(variance.astype(np.float32))

    def call(self, inputs):
        x = inputs.to(getattr(torch, self.compute_dtype))
        mean = self.adapt_mean.to(x.device, x.dtype).reshape(self._broadcast_shape)
        std = torch.sqrt(self.adapt_variance.to(x.device, x.dtype).reshape(self._broadcast_shape)).clamp(
            min=keras_config.epsilon())
        if self.invert:
            return mean + x * std
        return (x - mean) / std

    @property
    def mean(self):
        """Keras's `mean`: the statistics in the inputs' broadcast shape (`(1, features)` for `axis=-1`) and the
        compute dtype, a copy (later `adapt` calls do not change it); None before the layer is built."""
        return self._broadcast_stat(self.adapt_mean) if self.built else None

    @property
    def variance(self):
        """Keras's `variance`, as `mean`."""
        return self._broadcast_stat(self.adapt_variance) if self.built else None

    def _broadcast_stat(self, stat):
        stat = stat.value if hasattr(stat, "value") and not isinstance(stat, torch.Tensor) else stat
        return torch.Tensor.clone(torch.as_tensor(stat).detach().reshape(self._broadcast_shape).to(
            getattr(torch, self.compute_dtype)))

    def compute_output_shape(self, input_shape):
        return tuple(input_shape)

    def get_config(self):
        mean, var = self.input_mean, self.input_variance
        return {**super().get_config(), "axis": self.axis if self.axis else None, "invert": self.invert,
                "mean": np.asarray(mean).tolist() if mean is not None else None,
                "variance": np.asarray(var).tolist() if var is not None else None}


def _batches(data, batch_size):
    if isinstance(data, (np.ndarray, torch.Tensor, list)):
        arr = data if not isinstance(data, list) else np.asarray(data)
        step = batch_size or len(arr)
        for start in range(0, len(arr), step):
            yield arr[start:start + step]
        return
    for batch in data:
        yield batch[0] if isinstance(batch, (tuple, list)) else batch
