"""`tnp.random`: numpy's sampling functions (float64 by default, as numpy) on keraslike's global generator.

`tnp.random.seed(s)` seeds it as `tf.random.set_seed(s)` does; the streams are torch's, so values differ from TF's.
"""

import torch

from keraslike._src.numpy.array_ops import asarray
from keraslike._src.numpy.np_dtypes import torch_dtype
from keraslike._src.ops import conversion
from keraslike._src.ops import random as _random


def seed(s):
    _random.set_seed(int(s))


def _size(size):
    if size is None:
        return ()
    return (int(size),) if isinstance(size, int) else tuple(int(s) for s in size)


def randn(*args):
    """`tnp.random.randn(d0, d1, ...)`: standard normal float64 samples."""
    return conversion.to_tensor(_random.normal(tuple(int(a) for a in args), dtype=torch.float64))


def standard_normal(size=None):
    return conversion.to_tensor(_random.normal(_size(size), dtype=torch.float64))


def rand(*size):
    return uniform(size=tuple(int(s) for s in size))


def random(size=None):
    return uniform(size=size)


def uniform(low=0.0, high=1.0, size=None):
    low, high = asarray(low, torch.float64), asarray(high, torch.float64)
    shape = _size(size) if size is not None else torch.broadcast_shapes(low.shape, high.shape)
    unit = _random.uniform(shape, dtype=torch.float64)
    return conversion.to_tensor(low + (high - low) * unit)


def randint(low, high=None, size=None, dtype=int):
    """`tnp.random.randint`: integers in `[low, high)` (`[0, low)` when `high` is None), int64 by default."""
    if high is None:
        low, high = 0, low
    dtype = torch.int64 if dtype is int else torch_dtype(dtype)
    draws = _random.uniform(_size(size), minval=int(low), maxval=int(high), dtype=torch.int64)
    return conversion.to_tensor(draws).to(dtype)


def poisson(lam=1.0, size=None):
    rate = asarray(lam, torch.float64)
    shape = _size(size) if size is not None else tuple(rate.shape)
    return torch.poisson(torch.broadcast_to(rate, shape).clone()).to(torch.int64)
