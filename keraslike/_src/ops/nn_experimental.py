"""`tf.nn.experimental.stateless_dropout` / `general_dropout` (tensorflow/python/ops/nn_ops.py) and
`tf.nn.isotonic_regression`.

The dropouts share TF's recipe: `x` scaled by `1 / (1 - rate)`, then zeroed where the uniform noise drawn by the
sampler (`stateless_uniform(seed)`, or the caller's `uniform_sampler(shape=, dtype=)`) is below `rate`; the noise
has `noise_shape` (its `None` entries take `x`'s size) and broadcasts. With the same seed the values are TF's:
`stateless_uniform` follows TF's Philox stream.
"""

import collections
import numbers

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ops.random import stateless_uniform
from keraslike._src.ragged.ragged_dispatch import on_flat_values

IsotonicRegression = collections.namedtuple("IsotonicRegression", ["output", "segments"])


def _noise_shape(x, noise_shape):
    if noise_shape is None:
        return tuple(x.shape)
    dims = list(noise_shape.tolist() if isinstance(noise_shape, torch.Tensor) else noise_shape)
    if len(dims) != x.dim():
        return tuple(int(d) for d in dims)
    return tuple(int(x.shape[i]) if d is None else int(d) for i, d in enumerate(dims))


def dropout_with(x, rate, noise_shape, uniform_sampler, op_name, dummy_rng_step=None):
    """TF's `_dropout` recipe with the noise from `uniform_sampler(shape=, dtype=)`; at a Python `rate` of 0, `x`
    unchanged after `dummy_rng_step()` (TF still takes the op seed there, so later draws do not shift)."""
    x = to_tensor(x, None, "x")
    if not x.is_floating_point():
        raise ValueError(f"`x.dtype` must be a floating point tensor as `x` will be scaled. Received: "
                         f"x_dtype={dtypes.dtype_name(x.dtype)}")
    if isinstance(rate, numbers.Real) and not isinstance(rate, bool):
        if not 0 <= rate < 1:
            raise ValueError(f"`rate` must be a scalar tensor or a float in the range [0, 1). Received: rate={rate}")
        if rate == 0:
            if dummy_rng_step is not None:
                dummy_rng_step()
            return x
        scaled = x * torch.tensor(1 / (1 - rate), dtype=x.dtype, device=x.device)
        rate_t = torch.tensor(rate, dtype=x.dtype, device=x.device)
    else:
        rate_t = to_tensor(rate, x.dtype, "rate").to(x.device)
        if rate_t.dim() != 0:
            raise ValueError(f"`rate` must be a scalar or scalar tensor. Received: rate={rate}")
        rate_t = rate_t.to(x.dtype)
        scaled = x / (1 - rate_t)
    noise = to_tensor(uniform_sampler(shape=_noise_shape(x, noise_shape), dtype=x.dtype), None, "noise").to(x.device)
    return torch.where(noise >= rate_t, scaled, torch.zeros((), dtype=x.dtype, device=x.device))


def stateless_dropout(x, rate, seed, rng_alg=None, noise_shape=None, name=None):
    """`tf.nn.experimental.stateless_dropout(x, rate, seed, rng_alg=None, noise_shape=None)`: dropout whose mask
    depends only on the `[2]` `seed` (TF's values for the same seed and algorithm).

    Raises:
        ValueError: `x` not floating point, or `rate` outside [0, 1).
    """
    def sampler(shape, dtype):
        return stateless_uniform(shape, seed=seed, dtype=dtype, alg="auto_select" if rng_alg is None else rng_alg)
    return dropout_with(x, rate, noise_shape, sampler, "stateless_dropout")


def general_dropout(x, rate, uniform_sampler, noise_shape=None, name=None):
    """`tf.nn.experimental.general_dropout(x, rate, uniform_sampler, noise_shape=None)`: dropout with the noise
    from `uniform_sampler(shape=..., dtype=...)` (values in [0, 1)).

    Raises:
        ValueError: `x` not floating point, or `rate` outside [0, 1).
    """
    return dropout_with(x, rate, noise_shape, uniform_sampler, "general_dropout")


# ---- isotonic regression ---------------------------------------------------------------------------------

_ISOTONIC_DTYPES = {torch.float32: torch.float32, torch.float16: torch.float16, torch.bfloat16: torch.bfloat16,
                    torch.int8: torch.float32, torch.int16: torch.float32}


def _pav_decreasing(row):
    """Pool adjacent violators for the best non-increasing fit of a 1-D float64 array: `(fit, segment ids)`.
    Blocks merge only on a strict violation (equal neighbours stay separate segments, as TF's kernel)."""
    sums, counts = [], []
    for v in row.tolist():
        sums.append(v)
        counts.append(1)
        while len(sums) > 1 and sums[-1] / counts[-1] > sums[-2] / counts[-2]:
            s, c = sums.pop(), counts.pop()
            sums[-1] += s
            counts[-1] += c
    fit = np.repeat(np.asarray(sums) / np.asarray(counts), counts)
    segments = np.repeat(np.arange(len(counts)), counts)
    return fit, segments


class _Isotonic(torch.autograd.Function):
    """Forward: PAV per row of a 2-D tensor. Backward (TF's `_IsotonicRegressionGrad`): each input's gradient is
    the mean of the output gradients over its segment."""

    @staticmethod
    def forward(ctx, matrix, out_dtype):
        rows = matrix.detach().to("cpu", torch.float64).numpy()
        fits, segs = zip(*(_pav_decreasing(r) for r in rows)) if len(rows) else ((), ())
        n = matrix.shape[-1]
        fit = torch.as_tensor(np.asarray(fits, dtype=np.float64).reshape(matrix.shape), device=matrix.device)
        segments = torch.as_tensor(np.asarray(segs, dtype=np.int64).reshape(matrix.shape), device=matrix.device)
        ctx.save_for_backward(segments)
        ctx.n = n
        ctx.mark_non_differentiable(segments)
        return fit.to(out_dtype), segments.to(torch.int32)

    @staticmethod
    def backward(ctx, grad, _):
        (segments,) = ctx.saved_tensors
        rows, n = segments.shape[0], ctx.n
        index = (segments + n * torch.arange(rows, device=segments.device).unsqueeze(1)).reshape(-1)
        total = torch.zeros(rows * n, dtype=grad.dtype, device=grad.device).index_add_(0, index, grad.reshape(-1))
        count = torch.zeros(rows * n, dtype=grad.dtype, device=grad.device).index_add_(
            0, index, torch.ones_like(grad).reshape(-1))
        return (total / count.clamp_min(1))[index].reshape(segments.shape), None


def isotonic_regression(inputs, decreasing=True, axis=-1):
    """`tf.nn.isotonic_regression(inputs, decreasing=True, axis=-1)`: the least-squares monotone (non-increasing,
    or non-decreasing with `decreasing=False`) fit along `axis`.

    Raises:
        InvalidArgumentError: `axis` outside `[-rank, rank)` (a scalar has no axis).

    Returns:
        `(output, segments)`: `output` float (float32/16/bfloat16 stay, int8/int16 give float32, others float64);
        `segments` int32, the block index of each entry (0, 1, ... along `axis`). A namedtuple
        `IsotonicRegression` for the default `decreasing=True, axis=-1`, a plain tuple otherwise, as TF.
    """
    x = to_tensor(inputs, None, "inputs")
    out_dtype = _ISOTONIC_DTYPES.get(x.dtype, torch.float64)
    rank = x.dim()
    if not -rank <= int(axis) < rank:
        raise errors.InvalidArgumentError(f"`dim` must be in the range [{-rank}, {rank}) where {rank} is the number "
                                          f"of dimensions in the input. Received: dim={axis}")
    axis = int(axis) % rank
    moved = x.movedim(axis, -1)
    flat = moved.reshape(-1, moved.shape[-1])
    flat = flat.to(torch.float64 if not flat.is_floating_point() else flat.dtype)
    if decreasing:
        fit, segments = _Isotonic.apply(flat, out_dtype)
    else:
        fit, segments = _Isotonic.apply(-flat, out_dtype)
        fit = -fit
    fit = fit.reshape(moved.shape).movedim(-1, axis).reshape(x.shape)
    segments = segments.reshape(moved.shape).movedim(-1, axis).reshape(x.shape)
    if decreasing and axis == x.dim() - 1:
        return IsotonicRegression(fit, segments)
    return fit, segments


# TF's ragged dispatch: these ops run on a RaggedTensor's flat values (ragged/ragged_dispatch.py)
stateless_dropout = on_flat_values(stateless_dropout)
