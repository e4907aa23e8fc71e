"""`CategoryEncoding` and `Discretization` (keras/src/layers/preprocessing/{category_encoding,discretization}.py).

Both end in Keras's categorical encoding: "int" (indices as they are), "one_hot" (a trailing
length-1 axis is dropped first), "multi_hot" (one vector per sample; a 1-D input is one sample)
and "count" (how often each index occurs, optionally weighted).
"""

import numpy as np
import torch

from keraslike._src.keras.layers.layer import Layer
from keraslike._src.keras.ops import nn as ops_nn
from keraslike._src.sparse import sparse_ops

_MODES = ("int", "one_hot", "multi_hot", "count")


def encode_categorical(indices, output_mode, depth, dtype, count_weights=None):
    """Encode integer `indices` as Keras's `encode_categorical_inputs` does."""
    if output_mode == "int":
        return indices.to(dtype)
    if output_mode == "multi_hot":
        return ops_nn.multi_hot(indices, depth, dtype=dtype)
    if output_mode == "one_hot":
        if indices.dim() > 1 and indices.shape[-1] == 1:
            indices = indices.squeeze(-1)
        return ops_nn.one_hot(indices, depth, dtype=dtype)
    if indices.dim() <= 2:  # "count": the sum over a sample's indices, scattered
        return ops_nn.hot_counts(indices, depth, dtype if count_weights is None else count_weights.dtype,
                                 count_weights)
    axis = 1
    hot = ops_nn.one_hot(indices, depth, dtype=dtype if count_weights is None else count_weights.dtype)
    if count_weights is not None:
        hot = hot * count_weights.unsqueeze(-1)
    return hot.sum(dim=axis)


def _check_mode(output_mode, allowed=_MODES):
    if output_mode not in allowed:
        raise ValueError(f"Unknown arg for output_mode: {output_mode}. Expected one of {allowed}.")


class CategoryEncoding(Layer):
    """Encode integer features: `one_hot`, `multi_hot` (default) or `count` vectors of `num_tokens`.

    Args:
        num_tokens: int, the number of categories; inputs must lie in `[0, num_tokens)`.
        output_mode: "multi_hot" (default), "one_hot" or "count".
        sparse: return a `tf.SparseTensor` of the non-zero entries (default False: a dense tensor).

    Call args: `inputs` (integer tensor, rank 1 or 2), `count_weights` (same shape, for "count").

    Raises:
        ValueError: for a bad `num_tokens`/`output_mode`, or out-of-range inputs.
    """

    def __init__(self, num_tokens=None, output_mode="multi_hot", sparse=False, **kwargs):
        super().__init__(**kwargs)
        if output_mode == "binary":
            output_mode = "multi_hot"
        _check_mode(output_mode, ("one_hot", "multi_hot", "count"))
        if num_tokens is None:
            raise ValueError("num_tokens must be set to use this layer. If the number of tokens is not known "
                             "beforehand, use the IntegerLookup layer instead.")
        if num_tokens < 1:
            raise ValueError(f"`num_tokens` must be >= 1. Received: num_tokens={num_tokens}.")
        self.num_tokens, self.output_mode, self.sparse = int(num_tokens), output_mode, sparse

    def call(self, inputs, count_weights=None):
        x = inputs if isinstance(inputs, torch.Tensor) else torch.as_tensor(np.asarray(inputs))
        if x.is_floating_point():
            x = x.to(torch.int64)
        if x.numel() and (int(x.min()) < 0 or int(x.max()) >= self.num_tokens):
            raise ValueError(f"Input values must be in the range 0 <= values < num_tokens with "
                             f"num_tokens={self.num_tokens}. Received: values in [{int(x.min())}, {int(x.max())}]")
        weights = None
        if count_weights is not None:
            if self.output_mode != "count":
                raise ValueError(f"`count_weights` is not used when `output_mode` is not 'count'. Received "
                                 f"count_weights={count_weights}.")
            weights = torch.as_tensor(np.asarray(count_weights) if not isinstance(count_weights, torch.Tensor)
                                      else count_weights, device=x.device)
        out = encode_categorical(x, self.output_mode, self.num_tokens, getattr(torch, self.compute_dtype), weights)
        return sparse_ops.from_dense(out) if self.sparse else out

    def compute_output_shape(self, input_shape):
        shape = tuple(input_shape)
        if not shape:
            return (self.num_tokens,)
        if self.output_mode == "one_hot" and shape[-1] != 1:
            return (*shape, self.num_tokens)
        return (*shape[:-1], self.num_tokens)

    def get_config(self):
        return {**super().get_config(), "num_tokens": self.num_tokens, "output_mode": self.output_mode,
                "sparse": self.sparse}


def _summarize(values, epsilon):
    """A weighted sample of the sorted values, about `1 / epsilon` points (Keras's quantile summary)."""
    values = np.sort(np.reshape(values, [-1]))
    step = max(values.size * epsilon, 1)
    points = values[int(step - 1)::int(step)]
    return np.stack([points, np.full_like(points, step, dtype=np.float64)])


def _compress(summary, epsilon):
    """Re-sample a summary at cumulative-weight fractions `epsilon, 2 epsilon, ...`."""
    if summary.shape[1] * epsilon < 1:
        return summary
    fractions = epsilon + np.arange(0.0, 1.0, epsilon)
    cum = summary[1].cumsum()
    bins = np.interp(fractions, cum / cum[-1], summary[0])
    cum_at = np.interp(fractions, cum / cum[-1], cum)
    return np.stack([bins, cum_at - np.concatenate([[0.0], cum_at[:-1]])]).astype("float32")


def _merge(a, b, epsilon):
    merged = np.concatenate([a, b], axis=1)
    return _compress(merged[:, np.argsort(merged[0], kind="stable")], epsilon)


class Discretization(Layer):
    """Bucket continuous values: index `i` for values in `[boundaries[i-1], boundaries[i])`.

    Args:
        bin_boundaries: sorted list of floats, or None to learn them with `adapt`.
        num_bins: int, the number of bins `adapt` learns (approximate quantiles).
        epsilon: float, default 0.01, the quantile summary's error tolerance.
        output_mode: "int" (default), "one_hot", "multi_hot", "count".
        sparse: with "one_hot", "multi_hot" or "count", a `tf.SparseTensor` of the non-zero entries.
        dtype: output dtype (default int64 for "int", float32 otherwise).

    Raises:
        ValueError: if both or neither of `bin_boundaries`/`num_bins` are given, or for a bad mode.
    """

    def __init__(self, bin_boundaries=None, num_bins=None, epsilon=0.01, output_mode="int", sparse=False,
                 dtype=None, name=None, **kwargs):
        if dtype is None:
            dtype = "int64" if output_mode == "int" else "float32"
        super().__init__(name=name, **kwargs)
        _check_mode(output_mode)
        if sparse and output_mode == "int":
            raise ValueError("`sparse=True` may only be used if `output_mode` is `'one_hot'`, `'multi_hot'`, or "
                             f"`'count'`. Received: sparse=True and output_mode={output_mode}")
        if num_bins is not None and num_bins < 0:
            raise ValueError(f"`num_bins` must be greater than or equal to 0. Received: `num_bins={num_bins}`")
        if num_bins is not None and bin_boundaries is not None:
            raise ValueError("Both `num_bins` and `bin_boundaries` should not be set. Received: "
                             f"`num_bins={num_bins}` and `bin_boundaries={bin_boundaries}`")
        if num_bins is None and bin_boundaries is None:
            raise ValueError("You need to set either `num_bins` or `bin_boundaries`.")
        self.bin_boundaries = None if bin_boundaries is None else list(bin_boundaries)
        self.num_bins, self.epsilon = num_bins, epsilon
        self.output_mode, self.sparse = output_mode, sparse
        self.output_dtype = dtype

    def adapt(self, data, steps=None):
        """Learn `num_bins - 1` boundaries from `data` (array, tensor, dataset or iterable of batches).

        Raises:
            ValueError: if the layer was made with `bin_boundaries`.
        """
        if self.num_bins is None:
            raise ValueError("Cannot adapt a Discretization layer that has been initialized with "
                             "`bin_boundaries`, use `num_bins` instead.")
        batches = [data] if isinstance(data, (np.ndarray, torch.Tensor)) else data
        summary = np.array([[], []], dtype="float32")
        for i, batch in enumerate(batches):
            if steps is not None and i >= steps:
                break
            values = batch.detach().cpu().numpy() if isinstance(batch, torch.Tensor) else np.asarray(batch)
            summary = _merge(_summarize(values.astype("float64"), self.epsilon), summary, self.epsilon)
        self.bin_boundaries = _compress(summary, 1.0 / self.num_bins)[0, :-1].tolist()

    def call(self, inputs):
        if self.bin_boundaries is None:
            raise ValueError("You need to either pass the `bin_boundaries` argument at construction time or call "
                             "`adapt(dataset)` before you can start using the `Discretization` layer.")
        x = inputs if isinstance(inputs, torch.Tensor) else torch.as_tensor(np.asarray(inputs))
        boundaries = torch.tensor(self.bin_boundaries, dtype=torch.float64, device=x.device)
        indices = torch.bucketize(x.double(), boundaries, right=True)
        out = encode_categorical(indices, self.output_mode, len(self.bin_boundaries) + 1,
                                 getattr(torch, self.output_dtype))
        return sparse_ops.from_dense(out) if self.sparse else out

    @classmethod
    def from_config(cls, config):
        """As Keras: an adapted layer's config has both `num_bins` and the learned `bin_boundaries`."""
        config = dict(config)
        boundaries = config.pop("bin_boundaries", None) if config.get("num_bins") is not None else None
        layer = cls(**config)
        if boundaries is not None:
            layer.bin_boundaries = list(boundaries)
        return layer

    def compute_output_shape(self, input_shape):
        if self.output_mode == "int":
            return tuple(input_shape)
        depth = len(self.bin_boundaries) + 1 if self.bin_boundaries is not None else self.num_bins
        shape = tuple(input_shape)
        if self.output_mode == "one_hot" and not (len(shape) > 1 and shape[-1] == 1):  # (B, 1) one-hots as (B, depth)
            return (*shape, depth)
        return (*shape[:-1], depth)

    def get_config(self):
        return {**super().get_config(), "bin_boundaries": self.bin_boundaries, "num_bins": self.num_bins,
                "epsilon": self.epsilon, "output_mode": self.output_mode, "sparse": self.sparse,
                "dtype": self.output_dtype}
