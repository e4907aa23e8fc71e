"""`tf.random.*`: seeded sampling with TF's global-seed / op-seed rules.

Mirrors `tensorflow/python/ops/random_ops.py`, `stateless_random_ops.py` and
`tensorflow/python/framework/random_seed.py`:

- `tf.random.set_seed(s)` makes every later sequence reproducible (it seeds
  torch's generators on all devices, and numpy's legacy global RNG so that
  numpy-based shuffling elsewhere is reproducible too).
- An op-level `seed=` gives a reproducible sequence per `(global seed, op seed)`
  pair: repeated calls differ from each other, and `set_seed` restarts them.
  Without a global seed, TF's default global seed (87654321) is used.
- `stateless_*` ops depend only on their `seed` pair.

Samples land on torch's current default device.

Example:
    >>> tf.random.set_seed(1)
    >>> a = tf.random.uniform([2], seed=3)
    >>> tf.random.set_seed(1)
    >>> b = tf.random.uniform([2], seed=3)    # equal to a
"""

import math

import numpy as np
import torch

from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import to_shape, to_tensor
from keraslike._src.placement.scope import current_torch_device

DEFAULT_GRAPH_SEED = 87654321
_MASK = (1 << 63) - 1
_state = {"global_seed": None, "counters": {}, "reseeds": 0}


def set_seed(seed):
    """`tf.random.set_seed(seed)`: set the global seed (None clears it) and restart op-seed sequences."""
    _state["counters"].clear()
    _state["reseeds"] += 1
    if seed is None:
        _state["global_seed"] = None
        return
    if isinstance(seed, torch.Tensor):
        seed = seed.item()
    seed = int(seed)
    _state["global_seed"] = seed
    torch.manual_seed(seed & _MASK)
    np.random.seed(seed % (2**32))


def reseed_count():
    """How many times `set_seed` ran (replicas restart their per-replica layer streams after a reseed)."""
    return _state["reseeds"]


def get_global_seed():
    """The seed last given to `set_seed`, or None."""
    return _state["global_seed"]


def _mix(*parts):
    h = 1469598103934665603
    for p in parts:
        h = ((h ^ (int(p) & _MASK)) * 1099511628211) & _MASK
    return h


def _device():
    return current_torch_device("RandomUniform") or torch.get_default_device()


def _generator(seed):
    """A fresh generator for an op seed (None: use torch's global RNG)."""
    if seed is None:
        return None
    if isinstance(seed, torch.Tensor):
        seed = seed.item()
    global_seed = _state["global_seed"] if _state["global_seed"] is not None else DEFAULT_GRAPH_SEED
    key = (global_seed, int(seed))
    count = _state["counters"].get(key, 0)
    _state["counters"][key] = count + 1
    gen = torch.Generator(device=_device())
    gen.manual_seed(_mix(global_seed, seed, count))
    return gen


def _stateless_generator(seed):
    pair = [int(s) for s in (seed.tolist() if isinstance(seed, torch.Tensor) else seed)]
    if len(pair) != 2:
        raise ValueError(f"Expected `seed` to be a pair of integers. Received: seed={seed!r}")
    gen = torch.Generator(device=_device())
    gen.manual_seed(_mix(*pair))
    return gen


def _float_dtype(dtype, op_name):
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating_point:
        raise ValueError(f"`{op_name}` expects a floating point dtype. Received: dtype={dtype}")
    return dtype


def _rand(shape, dtype, gen):
    return torch.rand(shape, dtype=dtype, generator=gen, device=gen.device if gen is not None else _device())


def _randn(shape, dtype, gen):
    return torch.randn(shape, dtype=dtype, generator=gen, device=gen.device if gen is not None else _device())


def _uniform(shape, minval, maxval, dtype, gen):
    shape = to_shape(shape)
    dtype = dtypes.as_dtype(dtype)
    if dtype.is_floating_point:
        lo = to_tensor(minval, dtype, "minval")
        hi = to_tensor(1.0 if maxval is None else maxval, dtype, "maxval")
        u = _rand(shape, dtype, gen)
        return lo.to(u.device) + (hi.to(u.device) - lo.to(u.device)) * u
    if dtype not in (torch.int32, torch.int64):
        raise ValueError(f"Expected a float, int32 or int64 `dtype`. Received: dtype={dtype}")
    if maxval is None:
        raise ValueError("Must specify `maxval` for integer dtype. Received: maxval=None")
    lo, hi = to_tensor(minval, dtype, "minval"), to_tensor(maxval, dtype, "maxval")
    u = _rand(shape, torch.float64, gen)
    lo, hi = lo.to(u.device), hi.to(u.device)
    return (lo + torch.floor(u * (hi - lo).to(torch.float64)).to(dtype)).to(dtype)


def uniform(shape, minval=0, maxval=None, dtype=torch.float32, seed=None, name=None):
    """`tf.random.uniform`: samples from `[minval, maxval)`.

    Args:
        shape: output shape.
        minval, maxval: bounds (scalars or broadcastable tensors); `maxval`
            defaults to 1 for floats and is required for int32/int64.
        dtype: float16/bfloat16/float32/float64, int32 or int64.
        seed: optional op-level seed (see module docstring).

    Raises:
        ValueError: for an integer dtype without `maxval`, or an unsupported dtype.
    """
    return _uniform(shape, minval, maxval, dtype, _generator(seed))


def normal(shape, mean=0.0, stddev=1.0, dtype=torch.float32, seed=None, name=None):
    """`tf.random.normal`: samples from N(mean, stddev^2) of a floating `dtype`."""
    dtype = _float_dtype(dtype, "tf.random.normal")
    z = _randn(to_shape(shape), dtype, _generator(seed))
    return to_tensor(mean, dtype, "mean", z.device) + to_tensor(stddev, dtype, "stddev", z.device) * z


def _truncated(shape, dtype, gen):
    # Inverse CDF of the standard normal restricted to [-2, 2] (TF re-draws beyond 2 stddev).
    work = torch.float64 if dtype == torch.float64 else torch.float32
    lo = 0.5 * (1 + math.erf(-2 / math.sqrt(2)))
    u = lo + (1 - 2 * lo) * _rand(shape, work, gen)
    return (math.sqrt(2) * torch.erfinv(2 * u - 1)).clamp(-2, 2).to(dtype)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=torch.float32, seed=None, name=None):
    """`tf.random.truncated_normal`: normal samples, none farther than 2 `stddev` from `mean`."""
    dtype = _float_dtype(dtype, "tf.random.truncated_normal")
    z = _truncated(to_shape(shape), dtype, _generator(seed))
    return to_tensor(mean, dtype, "mean", z.device) + to_tensor(stddev, dtype, "stddev", z.device) * z


def shuffle(value, seed=None, name=None):
    """`tf.random.shuffle(value)`: a copy with the first dimension randomly permuted."""
    x = to_tensor(value, None, "value")
    if x.dim() == 0:
        raise ValueError("Expected `value` of rank >= 1. Received: value with shape=[]")
    gen = _generator(seed)
    perm = torch.randperm(x.shape[0], generator=gen, device=gen.device if gen is not None else _device())
    return x[perm.to(x.device)]


def categorical(logits, num_samples, dtype=torch.int64, seed=None, name=None):
    """`tf.random.categorical(logits, num_samples)`: class draws from unnormalised log-probs.

    Args:
        logits: `[batch_size, num_classes]` floating tensor.
        num_samples: draws per row (with replacement).
        dtype: int64 (default) or int32.

    Returns:
        `[batch_size, num_samples]` tensor of class indices.
    """
    lg = to_tensor(logits, None, "logits")
    if lg.dim() != 2:
        raise ValueError(
            f"Expected `logits` of shape [batch_size, num_classes]. "
            f"Received: shape={list(lg.shape)}"
        )
    probs = torch.softmax(lg.detach().to(torch.float64), dim=-1)
    gen = _generator(seed)
    if gen is not None and gen.device != probs.device:
        probs = probs.to(gen.device)
    out = torch.multinomial(probs, int(num_samples), replacement=True, generator=gen)
    return out.to(dtypes.as_dtype(dtype)).to(lg.device)


def stateless_uniform(shape, seed, minval=0, maxval=None, dtype=torch.float32, name=None, alg="auto_select"):
    """`tf.random.stateless_uniform`: like `uniform`, determined by the `seed` pair only."""
    return _uniform(shape, minval, maxval, dtype, _stateless_generator(seed))


def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype=torch.float32, name=None, alg="auto_select"):
    """`tf.random.stateless_normal`: like `normal`, determined by the `seed` pair only."""
    dtype = _float_dtype(dtype, "tf.random.stateless_normal")
    z = _randn(to_shape(shape), dtype, _stateless_generator(seed))
    return to_tensor(mean, dtype, "mean", z.device) + to_tensor(stddev, dtype, "stddev", z.device) * z


def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype=torch.float32, name=None,
                               alg="auto_select"):
    """`tf.random.stateless_truncated_normal`: like `truncated_normal`, determined by `seed` only."""
    dtype = _float_dtype(dtype, "tf.random.stateless_truncated_normal")
    z = _truncated(to_shape(shape), dtype, _stateless_generator(seed))
    return to_tensor(mean, dtype, "mean", z.device) + to_tensor(stddev, dtype, "stddev", z.device) * z


def random_mask(shape, rate, seed=None):
    """Internal: bool keep-mask with P(keep) = 1 - rate, used by `tf.nn.dropout`."""
    return _rand(to_shape(shape), torch.float32, _generator(seed)) >= rate
