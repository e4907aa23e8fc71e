"""`keras.random.*`: sampling with Keras 3's seeding contract, on torch.

Mirrors `keras/src/random/random.py`. The `seed` argument decides reproducibility:

- an int: the op is stateless, so the same call gives the same values every time;
- a `keras.random.SeedGenerator`: its state advances on each call, giving a new but
  reproducible sequence (what layers use); in a multi-replica step each replica mixes its
  replica id in, so replicas draw different masks;
- None: torch's global generator (Keras's global seed generator), made reproducible by
  `keras.utils.set_random_seed` / `tf.random.set_seed`, different on every replica.

Values are drawn by torch, so they differ from TensorFlow's for the same seed; the contract,
shapes, dtypes and distributions are Keras's. Results go to the Keras current device.
"""

import contextlib
import math
import numbers

import torch

from keraslike._src.distribute import replica_random
from keraslike._src.keras import backend
from keraslike._src.keras.ops import dtypes
from keraslike._src.keras.ops.tensors import convert, shape_tuple
from keraslike._src.keras.random.seed_generator import SeedGenerator
from keraslike._src.ops import dropout_mask, seed_override

_MASK = (1 << 63) - 1


def _mix(a, b):
    h = 1469598103934665603
    for part in (a, b, 0x9E3779B97F4A7C15):
        h = ((h ^ (int(part) & _MASK)) * 1099511628211) & _MASK
    return h


def _seed_value(seed):
    """An int seed for torch, or None for torch's global generator (under `seed_override`, the override's)."""
    override = seed_override.override_torch_seed()
    if override is not None:
        return override
    if isinstance(seed, SeedGenerator):  # a layer's generator: its own stream on each replica
        state = seed.next().tolist()
        return replica_random.seed_in_replica_context(_mix(state[0], state[1]))
    if isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        return _mix(int(seed), 0)
    if seed is None:
        return None
    if isinstance(seed, torch.Tensor) and seed.numel() == 2:  # a drawn [seed, counter] pair
        a, b = seed.tolist()
        return _mix(a, b)
    raise ValueError(f"Argument `seed` must be either an integer or an instance of `SeedGenerator`. "
                     f"Received: seed={seed} (of type {type(seed)})")


def _generator(seed, device):
    value = _seed_value(seed)
    if value is None:
        return None
    return torch.Generator(device=device).manual_seed(value)


@contextlib.contextmanager
def _forked(seed, device):
    """Run torch ops that take no generator with a seeded, private RNG state."""
    value = _seed_value(seed)
    if value is None:
        yield
        return
    devices = [device] if device.type == "cuda" else []
    with torch.random.fork_rng(devices=devices, device_type=device.type if devices else "cuda"):
        torch.manual_seed(value)
        yield


def _float_dtype(dtype, name):
    dtype = dtypes.standardize_dtype(dtype)
    if "float" not in dtype:
        raise ValueError(f"`keras.random.{name}` requires a floating point `dtype`. Received: dtype={dtype}")
    return dtypes.to_torch_dtype(dtype)


def _device():
    return backend.current_device()


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """`keras.random.normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None)`: Gaussian samples (floatx)."""
    dt = _float_dtype(dtype, "normal")
    device = _device()
    x = torch.randn(shape_tuple(shape), dtype=dt, device=device, generator=_generator(seed, device))
    return x * stddev + mean


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    """`keras.random.uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None)`: samples in `[minval, maxval)`.

    Raises:
        ValueError: for a non-float `dtype` (use `randint`).
    """
    dt = _float_dtype(dtype, "uniform")
    device = _device()
    x = torch.rand(shape_tuple(shape), dtype=dt, device=device, generator=_generator(seed, device))
    return x * (maxval - minval) + minval


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """`keras.random.truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None)`: Gaussian samples
    restricted to two standard deviations around `mean` (TF's truncation), by inverse-CDF sampling."""
    dt = _float_dtype(dtype, "truncated_normal")
    device = _device()
    lo = 0.5 * (1 + math.erf(-2 / math.sqrt(2)))
    u = torch.rand(shape_tuple(shape), dtype=torch.float64, device=device, generator=_generator(seed, device))
    z = math.sqrt(2) * torch.erfinv(2 * (lo + u * (1 - 2 * lo)) - 1)
    return (z.clamp(-2, 2) * stddev + mean).to(dt)


def randint(shape, minval, maxval, dtype="int32", seed=None):
    """`keras.random.randint(shape, minval, maxval, dtype="int32", seed=None)`: integers in `[minval, maxval)`.

    Raises:
        ValueError: for a non-integer `dtype`.
    """
    name = dtypes.standardize_dtype(dtype)
    if "int" not in name:
        raise ValueError(f"`keras.random.randint` requires an integer `dtype`. Received: dtype={dtype}")
    device = _device()
    return torch.randint(int(minval), int(maxval), shape_tuple(shape), dtype=dtypes.to_torch_dtype(name),
                         device=device, generator=_generator(seed, device))


def dropout(inputs, rate, noise_shape=None, seed=None):
    """`keras.random.dropout(inputs, rate, noise_shape=None, seed=None)`: zero entries with probability `rate`
    and scale the rest by `1 / (1 - rate)`; `noise_shape` broadcasts one mask (None entries follow `inputs`).

    Raises:
        ValueError: if `rate` is not in `[0, 1)`.
    """
    x = convert(inputs)
    if not 0 <= rate < 1:
        raise ValueError(f"Invalid value received for argument `rate`. Expected a float value between 0 and 1. "
                         f"Received: rate={rate}")
    if noise_shape is None:
        shape = tuple(x.shape)
    else:
        shape = tuple(x.shape[i] if s is None else int(s) for i, s in enumerate(noise_shape))
    return dropout_mask.dropout(x, rate, generator=_generator(seed, x.device), shape=shape)


def shuffle(x, axis=0, seed=None):
    """`keras.random.shuffle(x, axis=0, seed=None)`: a random permutation of `x` along `axis`."""
    x = convert(x)
    perm = torch.randperm(x.shape[axis], device=x.device, generator=_generator(seed, x.device))
    return torch.index_select(x, axis, perm)


def categorical(logits, num_samples, dtype="int32", seed=None):
    """`keras.random.categorical(logits, num_samples, dtype="int32", seed=None)`: `(batch, num_samples)` class
    indices drawn from the softmax of each row of 2-D `logits`.

    Raises:
        ValueError: if `logits` is not 2-D.
    """
    lg = convert(logits)
    if lg.dim() != 2:
        raise ValueError(f"`logits` should be a 2-D tensor with shape [batch_size, num_classes]. Received: "
                         f"logits.shape={tuple(lg.shape)}")
    probs = torch.softmax(lg.double(), dim=-1)
    out = torch.multinomial(probs, int(num_samples), replacement=True, generator=_generator(seed, lg.device))
    return out.to(dtypes.to_torch_dtype(dtype))


def gamma(shape, alpha, dtype=None, seed=None):
    """`keras.random.gamma(shape, alpha, dtype=None, seed=None)`: Gamma(`alpha`, 1) samples."""
    dt = _float_dtype(dtype, "gamma")
    device = _device()
    conc = torch.broadcast_to(convert(alpha, "float64", device), shape_tuple(shape)).contiguous()
    with _forked(seed, device):
        return torch._standard_gamma(conc).to(dt)


def beta(shape, alpha, beta, dtype=None, seed=None):
    """`keras.random.beta(shape, alpha, beta, dtype=None, seed=None)`: Beta(`alpha`, `beta`) samples."""
    dt = _float_dtype(dtype, "beta")
    device = _device()
    s = shape_tuple(shape)
    a = torch.broadcast_to(convert(alpha, "float64", device), s).contiguous()
    b = torch.broadcast_to(convert(beta, "float64", device), s).contiguous()
    with _forked(seed, device):
        ga, gb = torch._standard_gamma(a), torch._standard_gamma(b)
    return (ga / (ga + gb)).to(dt)


def binomial(shape, counts, probabilities, dtype=None, seed=None):
    """`keras.random.binomial(shape, counts, probabilities, dtype=None, seed=None)`: Binomial samples (floats)."""
    dt = _float_dtype(dtype, "binomial")
    device = _device()
    s = shape_tuple(shape)
    n = torch.broadcast_to(convert(counts, "float64", device), s).contiguous()
    p = torch.broadcast_to(convert(probabilities, "float64", device), s).contiguous()
    return torch.binomial(n, p, generator=_generator(seed, device)).to(dt)
