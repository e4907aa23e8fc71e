"""`tf.random.*`: seeded sampling with TF's global-seed / op-seed rules.

Mirrors `tensorflow/python/ops/random_ops.py`, `stateless_random_ops.py` and
`tensorflow/python/framework/random_seed.py`:

- `tf.random.set_seed(s)` makes every later sequence reproducible (it seeds
  torch's generators on all devices, and numpy's legacy global RNG so that
  numpy-based shuffling elsewhere is reproducible too).
- An op-level `seed=` gives a reproducible sequence per `(global seed, op seed)`
  pair: repeated calls differ from each other, and `set_seed` restarts them.
  Without a global seed, TF's default global seed (87654321) is used; with a global
  seed and no op seed, the op seed is the next draw of `random.Random(global_seed)`,
  as TF's eager context draws it.
- `uniform`, `normal`, `truncated_normal` (and `tf.nn.dropout`, `tf.image.random_flip_*`
  through them) give TF's values when seeded: the Philox stream of TF's stateful kernel for
  that seed pair, which advances by 256 blocks per element on every call (`philox.py`).
  Unseeded draws (no global and no op seed) come from torch's generator.
- `stateless_*` ops depend only on their `seed` pair.

Samples land on torch's current default device.

Example:
    >>> tf.random.set_seed(1)
    >>> a = tf.random.uniform([2], seed=3)
    >>> tf.random.set_seed(1)
    >>> b = tf.random.uniform([2], seed=3)    # equal to a
"""

import enum
import math
import random as _py_random

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes, function_scope, philox, seed_override, trace_state
from keraslike._src.ops.conversion import to_shape, to_tensor
from keraslike._src.placement.scope import current_torch_device

DEFAULT_GRAPH_SEED = 87654321
_MASK = (1 << 63) - 1
_MAXINT32 = 2**31 - 1
# counters: torch-generator draws per (global, op) seed; kernels: Philox blocks each TF stateful kernel has
# used, by (op, attributes, seed pair), as TF's eager kernel cache keeps them; rng: TF's op-seed source
_state = {"global_seed": None, "counters": {}, "kernels": {}, "rng": None, "reseeds": 0}


def set_seed(seed):
    """`tf.random.set_seed(seed)`: set the global seed (None clears it) and restart op-seed sequences."""
    _state["counters"].clear()
    _state["kernels"].clear()
    _state["reseeds"] += 1
    if seed is None:
        _state["global_seed"] = None
        _state["rng"] = None
        return
    if isinstance(seed, torch.Tensor):
        seed = seed.item()
    seed = int(seed)
    _state["global_seed"] = seed
    _state["rng"] = _py_random.Random(seed)
    torch.manual_seed(seed & _MASK)
    np.random.seed(seed % (2**32))


def _snapshot():
    kernels, counters = dict(_state["kernels"]), dict(_state["counters"])
    rng_state = _state["rng"].getstate() if _state["rng"] is not None else None
    rng = _state["rng"]

    def restore():
        _state["kernels"], _state["counters"] = kernels, counters
        if rng is not None and _state["rng"] is rng:
            rng.setstate(rng_state)

    return restore


trace_state.register_snapshot(_snapshot)


def restart_kernels():
    """Seeded stateful ops start their sequences again, as the fresh kernels of a new TF1 `Session` do."""
    _state["kernels"].clear()


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


def current_device():
    """The device random samples land on (the `tf.device` scope, else torch's default)."""
    return current_torch_device("RandomUniform") or torch.get_default_device()


def _refuse_under_transform():
    """Raise before a stateful draw consumes any seed state inside a torch.func transform (`vmap`: tf.data's
    vectorized map tries one): each element must draw its own numbers, as TF's per-element map does, and the
    per-element fallback must find the seed sequence untouched."""
    if torch._C._functorch.peek_interpreter_stack() is not None:
        raise RuntimeError("A stateful random op cannot run under a vectorizing transform (vmap); "
                           "it runs per element.")


def _generator(seed):
    """A fresh generator for an op seed (None: use torch's global RNG); under `seed_override` (the
    DeterministicRandomTestTool) the override's pair seeds it instead."""
    _refuse_under_transform()
    override = seed_override.override_torch_seed()
    if override is not None:
        return torch.Generator(device=current_device()).manual_seed(override)
    if seed is None:
        return None
    if isinstance(seed, torch.Tensor):
        seed = seed.item()
    global_seed = _state["global_seed"] if _state["global_seed"] is not None else DEFAULT_GRAPH_SEED
    key = (global_seed, int(seed))
    count = _state["counters"].get(key, 0)
    _state["counters"][key] = count + 1
    gen = torch.Generator(device=current_device())
    gen.manual_seed(_mix(global_seed, seed, count))
    return gen


def op_seeds(op_seed):
    """TF's `random_seed.get_seed` in eager mode: the `(seed, seed2)` attributes of a stateful random op given its
    op seed, or None for a nondeterministic draw (no global seed and no op seed). With a global seed and no op
    seed, the op seed is the next draw of a Python `random.Random(global_seed)`, as TF's eager context makes it.
    Under a `seed_override` (DeterministicRandomTestTool.scope()) the override's pair, as TF's patched `get_seed`."""
    _refuse_under_transform()
    if seed_override.active():  # DeterministicRandomTestTool.scope() replaces get_seed: its pair, as it is
        return tuple(int(s) for s in seed_override.override_pair())
    global_seed = _state["global_seed"]
    if isinstance(op_seed, torch.Tensor):
        op_seed = op_seed.item()
    if global_seed is not None:
        if op_seed is None:
            in_function = function_scope.next_random_op()
            # in a function body TF seeds the op from its place in the function's graph, leaving the eager
            # sequence alone: here from the function's key and the op's place in the call (not TF's numbers)
            op_seed = _mix(*in_function) % _MAXINT32 if in_function is not None else \
                _state["rng"].randint(0, _MAXINT32)
        seeds = (global_seed % _MAXINT32, int(op_seed) % _MAXINT32)
    elif op_seed is not None:
        seeds = (DEFAULT_GRAPH_SEED, int(op_seed) % _MAXINT32)
    else:
        return None
    return (0, _MAXINT32) if seeds == (0, 0) else seeds


def kernel_start(op_name, attrs, seed, count, blocks=None):
    """The Philox key and counter this call of TF's stateful kernel `op_name` draws from, or None (unseeded).

    TF keeps one kernel per op and attributes (dtype, seed pair) in its eager cache, cleared by `set_seed`; the
    kernel's generator starts at key `seed`, counter `seed2 << 64` and skips `256 * count` blocks per call
    (`blocks` where the kernel reserves another amount)."""
    seeds = op_seeds(seed)
    if seeds is None:
        return None
    cache_key = (op_name, attrs, seeds)
    used = _state["kernels"].get(cache_key, 0)
    _state["kernels"][cache_key] = used + (256 * count if blocks is None else blocks)
    key, counter = philox.stateful_start(*seeds)
    return key, philox.skip(counter, used)


def _stateless_generator(seed):
    pair = [int(s) for s in (seed.tolist() if isinstance(seed, torch.Tensor) else seed)]
    if len(pair) != 2:
        raise ValueError(f"Expected `seed` to be a pair of integers. Received: seed={seed!r}")
    gen = torch.Generator(device=current_device())
    gen.manual_seed(_mix(*pair))
    return gen


def float_dtype(dtype, op_name):
    """`dtype` as a torch floating dtype, or ValueError naming `op_name`."""
    dtype = dtypes.as_dtype(dtype)
    if not dtype.is_floating_point:
        raise ValueError(f"`{op_name}` expects a floating point dtype. Received: dtype={dtype}")
    return dtype


def _rand(shape, dtype, gen):
    return torch.rand(shape, dtype=dtype, generator=gen, device=gen.device if gen is not None else current_device())


def _randn(shape, dtype, gen):
    return torch.randn(shape, dtype=dtype, generator=gen, device=gen.device if gen is not None else current_device())


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


def _uniform_floats(start, count, dims, dtype):
    """TF's uniform floats in [0, 1) from the generator `start`, on the current device: float32 draws for an
    accelerator are computed there by torch (the same bits), the rest by numpy."""
    device = torch.device(current_device())
    if dtype == torch.float32 and device.type != "cpu":
        u = philox.uniform_float32_tensor(start, count, device)
        if u is not None:
            return u.reshape(dims)
    return philox_tensor(philox.uniform_float(start, count, dtypes.dtype_name(dtype)), dims, dtype)


def _scaled(u, lo, hi):
    """`u * (hi - lo) + lo`, in place on `u` (a fresh draw) when the bounds are scalars: the same values without two
    more arrays the size of the draw (a VGG kernel is 100M floats)."""
    if lo.dim() == 0 and hi.dim() == 0 and lo.dtype == hi.dtype == u.dtype:
        return u.mul_(hi - lo).add_(lo)
    return u * (hi - lo) + lo


def philox_uniform(start, dims, minval, maxval, dtype):
    """TF's uniform values from the generator `start`: floats `u * (maxval - minval) + minval`, integers
    `minval + word % (maxval - minval)`."""
    count = math.prod(dims)
    if dtype.is_floating_point:
        u = _uniform_floats(start, count, dims, dtype)
        lo = to_tensor(minval, dtype, "minval").to(u.device)
        hi = to_tensor(1.0 if maxval is None else maxval, dtype, "maxval").to(u.device)
        return _scaled(u, lo, hi)
    lo, hi = int(to_tensor(minval, dtype, "minval")), int(to_tensor(maxval, dtype, "maxval"))
    if lo >= hi:
        raise errors.InvalidArgumentError(f"Need minval < maxval. Received: minval={lo}, maxval={hi}")
    bits = 32 if dtype == torch.int32 else 64
    return philox_tensor(philox.uniform_int(start, count, lo, hi, bits), dims, dtype)


def uniform(shape, minval=0, maxval=None, dtype=torch.float32, seed=None, name=None):
    """`tf.random.uniform`: samples from `[minval, maxval)`.

    Seeded (a global seed, an op seed, or both) the values are TF's: its `RandomUniform`/`RandomUniformInt`
    kernels' Philox stream for the seed pair TF derives, advancing per call as TF's cached kernel does.

    Args:
        shape: output shape.
        minval, maxval: bounds (scalars or broadcastable tensors); `maxval`
            defaults to 1 for floats and is required for int32/int64.
        dtype: float16/bfloat16/float32/float64, int32 or int64.
        seed: optional op-level seed (see module docstring).

    Raises:
        ValueError: for an integer dtype without `maxval`, or an unsupported dtype.
    """
    dims = to_shape(shape)
    dt = dtypes.as_dtype(dtype)
    if not dt.is_floating_point:
        if dt not in (torch.int32, torch.int64):
            raise ValueError(f"Expected a float, int32 or int64 `dtype`. Received: dtype={dt}")
        if maxval is None:
            raise ValueError("Must specify `maxval` for integer dtype. Received: maxval=None")
        scalar_bounds = all(to_tensor(v, dt, n).dim() == 0 for v, n in ((minval, "minval"), (maxval, "maxval")))
        if not scalar_bounds:
            return _uniform(shape, minval, maxval, dtype, _generator(seed))
    op = "RandomUniform" if dt.is_floating_point else "RandomUniformInt"
    start = kernel_start(op, dtypes.dtype_name(dt), seed, math.prod(dims))
    if start is None:
        return _uniform(shape, minval, maxval, dtype, None)
    return philox_uniform(start, dims, minval, maxval, dt)


def normal(shape, mean=0.0, stddev=1.0, dtype=torch.float32, seed=None, name=None):
    """`tf.random.normal`: samples from N(mean, stddev^2) of a floating `dtype`; seeded, TF's values (its
    `RandomStandardNormal` kernel's stream, see `uniform`)."""
    dtype = float_dtype(dtype, "tf.random.normal")
    dims = to_shape(shape)
    start = kernel_start("RandomStandardNormal", dtypes.dtype_name(dtype), seed, math.prod(dims))
    if start is None:
        z = _randn(dims, dtype, None)
    else:
        z = philox_tensor(philox.normal(start, math.prod(dims), dtypes.dtype_name(dtype)), dims, dtype)
    return z * to_tensor(stddev, dtype, "stddev", z.device) + to_tensor(mean, dtype, "mean", z.device)


def _truncated(shape, dtype, gen):
    # Inverse CDF of the standard normal restricted to [-2, 2] (TF re-draws beyond 2 stddev).
    work = torch.float64 if dtype == torch.float64 else torch.float32
    lo = 0.5 * (1 + math.erf(-2 / math.sqrt(2)))
    u = lo + (1 - 2 * lo) * _rand(shape, work, gen)
    return (math.sqrt(2) * torch.erfinv(2 * u - 1)).clamp(-2, 2).to(dtype)


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=torch.float32, seed=None, name=None):
    """`tf.random.truncated_normal`: normal samples, none farther than 2 `stddev` from `mean`; seeded, TF's
    values (its `TruncatedNormal` kernel's stream, see `uniform`)."""
    dtype = float_dtype(dtype, "tf.random.truncated_normal")
    dims = to_shape(shape)
    start = kernel_start("TruncatedNormal", dtypes.dtype_name(dtype), seed, math.prod(dims))
    if start is None:
        z = _truncated(dims, dtype, None)
    else:
        z = philox_tensor(philox.truncated_normal(start, math.prod(dims), dtypes.dtype_name(dtype)), dims, dtype)
    return z * to_tensor(stddev, dtype, "stddev", z.device) + to_tensor(mean, dtype, "mean", z.device)


def _fisher_yates(n, words):
    """TF's shuffle permutation of `range(n)`: position `i` swapped with `i + word % (n - i)` (forward)."""
    perm = list(range(n))
    for i in range(n - 1):
        j = i + int(words[i]) % (n - i)
        perm[i], perm[j] = perm[j], perm[i]
    return perm


def shuffle(value, seed=None, name=None):
    """`tf.random.shuffle(value)`: a copy with the first dimension randomly permuted; seeded, TF's permutation (its
    `RandomShuffle` kernel's Philox words, a block per 4 elements reserved per call)."""
    x = to_tensor(value, None, "value")
    if x.dim() == 0:
        raise ValueError("Expected `value` of rank >= 1. Received: value with shape=[]")
    n = x.shape[0]
    # the kernel reserves n 32-bit samples per call: ceil(n / 4) blocks
    start = kernel_start("RandomShuffle", dtypes.dtype_name(x.dtype), seed, n, blocks=(n + 3) // 4)
    if start is None:
        perm = torch.randperm(n, device=current_device())
        return x[perm.to(x.device)]
    words = philox.stream(*start, max(n - 1, 0)).tolist()
    return x[torch.tensor(_fisher_yates(n, words), dtype=torch.long, device=x.device)]


def global_seed_shuffle_order(n, draw=0):
    """TF's order of `range(n)` for Keras `fit(shuffle=True)` on in-memory arrays under a global seed, or None
    when none is set: `tf.random.shuffle(tf.range(n))` in a dataset function, a kernel seeded with the pair
    (global seed, 0) and created afresh for each iterator, at its `draw`-th call. Keras 3 starts a new iterator
    every epoch (draw 0: the same order each epoch), tf_keras repeats one over the epochs of a `fit` (draw =
    epochs since `fit` began). Uses no random state."""
    global_seed = _state["global_seed"]
    if global_seed is None:
        return None
    seeds = (global_seed % _MAXINT32, 0)
    key, counter = philox.stateful_start(*((0, _MAXINT32) if seeds == (0, 0) else seeds))
    counter = philox.skip(counter, int(draw) * ((n + 3) // 4))
    return _fisher_yates(n, philox.stream(key, counter, max(n - 1, 0)).tolist())


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


def _stateless_pair(seed):
    pair = [int(v) for v in (seed.tolist() if isinstance(seed, torch.Tensor) else seed)]
    if len(pair) != 2:
        raise ValueError(f"Expected `seed` to be a pair of integers. Received: seed={seed!r}")
    return tuple(pair)


def philox_tensor(values, shape, dtype):
    """`values` (Philox draws, numpy or a list) as a tensor of `shape` and `dtype` on the current device."""
    return torch.as_tensor(np.asarray(values)).to(device=current_device(), dtype=dtype).reshape(shape)


def stateless_uniform(shape, seed, minval=0, maxval=None, dtype=torch.float32, name=None, alg="auto_select"):
    """`tf.random.stateless_uniform`: samples from `[minval, maxval)` determined by the `seed` pair only: TF's own
    values (its Philox stream from the seed, turned into floats or integers as TF's kernels do). With an integer
    `dtype` and `minval=None, maxval=None` the values are full-range integers.

    Raises:
        ValueError: another dtype, an integer dtype with only one bound, or `minval >= maxval` for integers.
    """
    to_algorithm(alg)
    dims = to_shape(shape)
    dtype = dtypes.as_dtype(dtype)
    pair, count = philox.key_counter(*_stateless_pair(seed)), math.prod(dims)
    if dtype.is_floating_point:
        u = _uniform_floats(pair, count, dims, dtype)
        lo = to_tensor(minval, dtype, "minval").to(u.device)
        hi = to_tensor(1.0 if maxval is None else maxval, dtype, "maxval").to(u.device)
        return _scaled(u, lo, hi)
    if dtype not in (torch.int32, torch.int64):
        raise ValueError(f"Expected a float, int32 or int64 `dtype`. Received: dtype={dtype}")
    bits = 32 if dtype == torch.int32 else 64
    if minval is None and maxval is None:
        return philox_tensor(philox.full_int(pair, count, bits), dims, dtype)
    if minval is None or maxval is None:
        raise ValueError("For integer `dtype`, `minval` and `maxval` must be both None or both given. "
                         f"Received: minval={minval!r}, maxval={maxval!r}")
    lo, hi = int(to_tensor(minval, dtype, "minval")), int(to_tensor(maxval, dtype, "maxval"))
    if lo >= hi:
        raise errors.InvalidArgumentError(f"Need minval < maxval. Received: minval={lo}, maxval={hi}")
    return philox_tensor(philox.uniform_int(pair, count, lo, hi, bits), dims, dtype)


def stateless_normal(shape, seed, mean=0.0, stddev=1.0, dtype=torch.float32, name=None, alg="auto_select"):
    """`tf.random.stateless_normal`: normal samples determined by the `seed` pair only: TF's own values (Box-Muller
    on its Philox uniforms)."""
    to_algorithm(alg)
    dtype = float_dtype(dtype, "tf.random.stateless_normal")
    dims = to_shape(shape)
    start = philox.key_counter(*_stateless_pair(seed))
    z = philox_tensor(philox.normal(start, math.prod(dims), dtypes.dtype_name(dtype)), dims, dtype)
    return z * to_tensor(stddev, dtype, "stddev", z.device) + to_tensor(mean, dtype, "mean", z.device)


def stateless_truncated_normal(shape, seed, mean=0.0, stddev=1.0, dtype=torch.float32, name=None,
                               alg="auto_select"):
    """`tf.random.stateless_truncated_normal`: like `truncated_normal`, determined by `seed` only (TF's values)."""
    to_algorithm(alg)
    dtype = float_dtype(dtype, "tf.random.stateless_truncated_normal")
    dims = to_shape(shape)
    start = philox.key_counter(*_stateless_pair(seed))
    z = philox_tensor(philox.truncated_normal(start, math.prod(dims), dtypes.dtype_name(dtype)), dims, dtype)
    return z * to_tensor(stddev, dtype, "stddev", z.device) + to_tensor(mean, dtype, "mean", z.device)


# ---- Shared samplers (also used by `tf.random.Generator`, keraslike/_src/ops/random_generator.py) ----

def op_generator(seed):
    """The torch generator of an op with op-level `seed` (TF's global/op seed rules); None: torch's global RNG."""
    return _generator(seed)


def generator_from_parts(*parts):
    """A torch generator on the current device, seeded by a hash of the integers `parts`."""
    return torch.Generator(device=current_device()).manual_seed(_mix(*parts))


def sample_uniform(shape, minval, maxval, dtype, gen):
    """`uniform` drawn from the torch generator `gen`."""
    return _uniform(shape, minval, maxval, dtype, gen)


def sample_normal(shape, mean, stddev, dtype, gen, op_name="tf.random.normal"):
    """`normal` drawn from `gen`."""
    dtype = float_dtype(dtype, op_name)
    z = _randn(to_shape(shape), dtype, gen)
    return to_tensor(mean, dtype, "mean", z.device) + to_tensor(stddev, dtype, "stddev", z.device) * z


def sample_truncated_normal(shape, mean, stddev, dtype, gen, op_name="tf.random.truncated_normal"):
    """`truncated_normal` drawn from `gen`."""
    dtype = float_dtype(dtype, op_name)
    z = _truncated(to_shape(shape), dtype, gen)
    return to_tensor(mean, dtype, "mean", z.device) + to_tensor(stddev, dtype, "stddev", z.device) * z


def sample_binomial(shape, counts, probs, dtype, gen):
    """Binomial(counts, probs) draws of `shape` (counts/probs broadcast to it) as `dtype`."""
    shape = to_shape(shape)
    dtype = dtypes.as_dtype(dtype)
    dev = gen.device if gen is not None else current_device()
    n = to_tensor(counts, None, "counts").to(dev, torch.float64)
    p = to_tensor(probs, None, "probs").to(dev, torch.float64)
    try:
        n, p = torch.broadcast_to(n, shape), torch.broadcast_to(p, shape)
    except RuntimeError:
        raise ValueError(f"`counts` and `probs` must broadcast to `shape`. Received: shape={list(shape)}, "
                         f"counts shape={list(n.shape)}, probs shape={list(p.shape)}") from None
    if bool(((p < 0) | (p > 1)).any()):
        raise ValueError("`probs` must lie in [0, 1]. Received: probs outside [0, 1]")
    out = torch.binomial(n.contiguous(), p.contiguous(), generator=gen)
    return out.to(dtype)


def _sample_gamma(shape, alpha, beta, dtype, gen):
    """Gamma(alpha, rate=beta) draws of exactly `shape` (alpha/beta broadcast to it)."""
    dev = gen.device if gen is not None else current_device()
    work = torch.float64 if dtype == torch.float64 else torch.float32
    a = torch.broadcast_to(alpha.to(dev, work), shape).contiguous()
    g = torch._standard_gamma(a, generator=gen)
    if beta is not None:
        g = g / torch.broadcast_to(beta.to(dev, work), shape)
    return g.to(dtype)


def _gamma_args(alpha, beta, dtype, op_name):
    dtype = float_dtype(dtype, op_name)
    a = to_tensor(alpha, dtype, "alpha")
    b = None if beta is None else to_tensor(beta, dtype, "beta")
    return a, b, dtype


def gamma(shape, alpha, beta=None, dtype=torch.float32, seed=None, name=None):
    """`tf.random.gamma`: Gamma(alpha, rate=beta) samples of shape `shape + broadcast(alpha, beta).shape`.

    Mirrors `tensorflow/python/ops/random_ops.py::random_gamma`: `beta` is the inverse scale (rate,
    default 1); `dtype` is float16/bfloat16/float32/float64; `seed` follows the op-seed rules above.
    """
    a, b, dtype = _gamma_args(alpha, beta, dtype, "tf.random.gamma")
    param_shape = a.shape if b is None else torch.broadcast_shapes(a.shape, b.shape)
    out_shape = tuple(to_shape(shape)) + tuple(param_shape)
    a = a.reshape((1,) * len(to_shape(shape)) + tuple(a.shape))
    if b is not None:
        b = b.reshape((1,) * len(to_shape(shape)) + tuple(b.shape))
    return _sample_gamma(out_shape, a, b, dtype, _generator(seed))


def stateless_gamma(shape, seed, alpha, beta=None, dtype=torch.float32, name=None):
    """`tf.random.stateless_gamma`: Gamma(alpha, rate=beta) of exactly `shape`; alpha/beta broadcast to it
    (trailing dimensions), determined by the `seed` pair only."""
    a, b, dtype = _gamma_args(alpha, beta, dtype, "tf.random.stateless_gamma")
    shape = tuple(to_shape(shape))
    try:
        torch.broadcast_shapes(shape, a.shape, *(() if b is None else (b.shape,)))
    except RuntimeError:
        raise ValueError(f"`alpha`/`beta` must broadcast to `shape`. Received: shape={list(shape)}, "
                         f"alpha shape={list(a.shape)}") from None
    return _sample_gamma(shape, a, b, dtype, _stateless_generator(seed))


def _sample_poisson(shape, lam, dtype, gen):
    dev = gen.device if gen is not None else current_device()
    rates = torch.broadcast_to(lam.to(dev, torch.float64), shape).contiguous()
    if bool((rates < 0).any()):
        raise ValueError("`lam` must be non-negative. Received: a negative rate")
    return torch.poisson(rates, generator=gen).to(dtypes.as_dtype(dtype))


def poisson(shape, lam, dtype=torch.float32, seed=None, name=None):
    """`tf.random.poisson`: Poisson(lam) draws of shape `shape + lam.shape` as `dtype` (float or int)."""
    lam_t = to_tensor(lam, None, "lam")
    lead = tuple(to_shape(shape))
    out_shape = lead + tuple(lam_t.shape)
    return _sample_poisson(out_shape, lam_t.reshape((1,) * len(lead) + tuple(lam_t.shape)), dtype, _generator(seed))


def stateless_poisson(shape, seed, lam, dtype=torch.int32, name=None):
    """`tf.random.stateless_poisson`: Poisson(lam) of exactly `shape` (lam broadcast to it), by `seed` only."""
    return _sample_poisson(tuple(to_shape(shape)), to_tensor(lam, None, "lam"), dtype, _stateless_generator(seed))


def stateless_binomial(shape, seed, counts, probs, output_dtype=torch.int32, name=None):
    """`tf.random.stateless_binomial`: Binomial(counts, probs) of `shape`, determined by `seed` only."""
    return sample_binomial(shape, counts, probs, output_dtype, _stateless_generator(seed))


def _tf_multinomial(start, logits, num_samples):
    """TF's multinomial kernel on one thread: per row, the cumulative `exp(logit - max)` over the finite logits (in
    float64), and each sample the first class whose running total exceeds `u * total`, `u` the next double of the
    Philox stream (two words each), rows drawn one after another."""
    rows, classes = logits.shape
    u = philox.uniform_float(start, rows * num_samples, "float64").reshape(rows, num_samples)
    out = np.empty((rows, num_samples), dtype=np.int64)
    for b in range(rows):
        row = logits[b]
        finite = np.isfinite(row)
        top = row[finite].max() if finite.any() else np.finfo(row.dtype).min
        cdf = np.cumsum(np.where(finite, np.exp(row.astype(np.float64) - float(top)), 0.0))
        out[b] = np.searchsorted(cdf, u[b] * cdf[-1], side="right") if classes else 0
    return out


def stateless_categorical(logits, num_samples, seed, dtype=torch.int64, name=None):
    """`tf.random.stateless_categorical`: `[batch_size, num_samples]` class draws from unnormalised log-probs,
    determined by the `seed` pair only: TF's values (its multinomial kernel on the seed's Philox stream; TF splits
    a draw over `batch * (num_samples * log2(classes) + classes) * 50 >= 10000` across its threads, whose
    values then depend on the thread count, where keraslike draws the rows in order as one thread does)."""
    lg = to_tensor(logits, None, "logits")
    if lg.dim() != 2:
        raise ValueError(f"Expected `logits` of shape [batch_size, num_classes]. Received: shape={list(lg.shape)}")
    start = philox.key_counter(*_stateless_pair(seed))
    out = _tf_multinomial(start, lg.detach().cpu().numpy(), int(num_samples))
    return torch.from_numpy(out).to(device=lg.device, dtype=dtypes.as_dtype(dtype))


def stateless_parameterized_truncated_normal(shape, seed, means=0.0, stddevs=1.0, minvals=-2.0, maxvals=2.0,
                                             name=None):
    """`tf.random.stateless_parameterized_truncated_normal`: N(means, stddevs^2) restricted to
    `[minvals, maxvals]` (all broadcast to `shape`), by inverse-CDF sampling; determined by `seed` only.
    The dtype is that of `means` (float32 for Python numbers)."""
    mean = to_tensor(means, None, "means")
    dtype = mean.dtype if mean.is_floating_point() else torch.float32
    work = torch.float64
    shape = tuple(to_shape(shape))
    gen = _stateless_generator(seed)
    dev = gen.device
    m, s, lo, hi = (torch.broadcast_to(to_tensor(v, dtype, n).to(dev, work), shape)
                    for v, n in ((means, "means"), (stddevs, "stddevs"), (minvals, "minvals"), (maxvals, "maxvals")))
    if bool((hi < lo).any()) or bool((s <= 0).any()):
        raise ValueError("Expected `stddevs` > 0 and `minvals` <= `maxvals`. Received: values violating that")
    std = torch.distributions.Normal(torch.zeros((), dtype=work, device=dev), torch.ones((), dtype=work, device=dev))
    a, b = std.cdf((lo - m) / s), std.cdf((hi - m) / s)
    u = a + (b - a) * torch.rand(shape, dtype=work, generator=gen, device=dev)
    z = std.icdf(u.clamp(1e-300, 1 - 1e-16))
    return (m + s * z).clamp(lo, hi).to(dtype)


class Algorithm(enum.Enum):
    """`tf.random.Algorithm`: PHILOX (1), THREEFRY (2), AUTO_SELECT (3, resolves to PHILOX as on CPU)."""

    PHILOX = 1
    THREEFRY = 2
    AUTO_SELECT = 3


def to_algorithm(alg):
    """`alg` (an Algorithm, 1/2/3, or 'philox'/'threefry'/'auto_select', None: PHILOX) as PHILOX or THREEFRY.

    Raises:
        ValueError: for anything else.
    """
    if alg is None:
        return Algorithm.PHILOX
    if isinstance(alg, Algorithm):
        found = alg
    elif isinstance(alg, str):
        found = {"philox": Algorithm.PHILOX, "threefry": Algorithm.THREEFRY,
                 "auto_select": Algorithm.AUTO_SELECT}.get(alg.lower())
    elif isinstance(alg, int) and not isinstance(alg, bool):
        found = {a.value: a for a in Algorithm}.get(alg)
    else:
        found = None
    if found is None:
        raise ValueError("Argument `alg` must be a tf.random.Algorithm, 1/2/3, or 'philox'/'threefry'/"
                         f"'auto_select'. Received: alg={alg!r}")
    return Algorithm.PHILOX if found is Algorithm.AUTO_SELECT else found


def _seed_pair(seed, op_name):
    t = to_tensor(seed, None, "seed")
    if t.shape != (2,) or t.dtype not in (torch.int32, torch.int64):
        raise ValueError(f"`{op_name}` expects `seed` of shape [2] and dtype int32 or int64. "
                         f"Received: seed={seed!r}")
    return t


def fold_in(seed, data, alg="auto_select"):
    """`tf.random.fold_in(seed, data)` (= `tf.random.experimental.stateless_fold_in`): a new seed pair
    `[r, data]` of `data`'s dtype, `r` the full-range integer TF's Philox draws from `seed` (TF's values).

    Raises:
        ValueError: a `seed` that is not a `[2]` int32/int64 pair, or a `data` that is not an integer scalar.
    """
    to_algorithm(alg)
    s0, s1 = _seed_pair(seed, "tf.random.fold_in").tolist()
    d = to_tensor(data, None, "data")
    if d.dim() != 0 or d.dtype not in (torch.int32, torch.int64):
        raise ValueError(f"`data` must be an int32 or int64 scalar. Received: data={data!r}")
    bits = 32 if d.dtype == torch.int32 else 64
    value = philox.full_int(philox.key_counter(s0, s1), 1, bits)[0]
    return torch.tensor([value, int(d.item())], dtype=d.dtype, device=current_device())


def split(seed, num=2, alg="auto_select"):
    """`tf.random.split(seed, num=2)` (= `tf.random.experimental.stateless_split`): `num` new seed pairs,
    a `[num, 2]` tensor of `seed`'s dtype, TF's Philox draws from `seed` (TF's values)."""
    to_algorithm(alg)
    t = _seed_pair(seed, "tf.random.split")
    num = int(num)
    if num < 0:
        raise ValueError(f"`num` must be >= 0. Received: num={num}")
    bits = 32 if t.dtype == torch.int32 else 64
    flat = philox.full_int(philox.key_counter(*t.tolist()), 2 * num, bits)
    return torch.tensor(flat, dtype=t.dtype, device=current_device()).reshape(num, 2)


def stateless_shuffle(value, seed, alg="auto_select", name=None):
    """`tf.random.experimental.stateless_shuffle`: `value` with its first dimension permuted, by `seed` only: TF's
    permutation (a forward Fisher-Yates shuffle, position `i` swapped with `i + word % (n - i)`, on the seed's
    Philox words)."""
    to_algorithm(alg)
    x = to_tensor(value, None, "value")
    if x.dim() == 0:
        raise ValueError("Expected `value` of rank >= 1. Received: value with shape=[]")
    n = x.shape[0]
    words = philox.stream(*philox.key_counter(*_stateless_pair(seed)), max(n - 1, 0)).tolist()
    return x[torch.tensor(_fisher_yates(n, words), dtype=torch.long, device=x.device)]


_INDEX_SHUFFLE_PAD = 498247692  # TF's first seed word in front of the user's [2] seed


def _rotl(x, r, width):
    return ((x << r) | (x >> (width - r))) & ((1 << width) - 1)


def _simon_keys(key, rounds, width):
    """The Simon key schedule TF's `random_index_shuffle` uses (words of `width` bits)."""
    mask = (1 << width) - 1
    c, z = 0xFFFFFFFC & mask, 0x7369F885192C0EF5 & mask
    keys = [k & mask for k in key]
    for i in range(3, rounds):
        rotr3, rotr4 = _rotl(keys[i - 1], width - 3, width), _rotl(keys[i - 1], width - 4, width)
        keys.append(c ^ (z & 1) ^ keys[i - 3] ^ rotr3 ^ rotr4)
        z >>= 1
    return keys


def _simon_encrypt(value, keys, width):
    mask = (1 << width) - 1
    left, right = (value >> width) & mask, value & mask

    def f(x):
        return (_rotl(x, 1, width) & _rotl(x, 8, width)) ^ _rotl(x, 2, width)

    for i in range(0, len(keys), 2):
        left ^= f(right) ^ keys[i]
        right ^= f(left) ^ keys[i + 1]
    return (left << width) | right


def _index_shuffle_one(index, key, max_index, rounds=4):
    """TF's permutation position of `index` in [0, max_index]: a Simon block cipher on the smallest even block
    (at least 16 bits) holding `max_index`, cycle-walked until the result falls in range."""
    if max_index == 0:
        return 0
    block = max(0, math.ceil(math.log2(max_index)))
    block = min(max(block + block % 2, 16), 64)
    width = block // 2
    keys = _simon_keys(key, rounds, width)
    value = index
    while True:
        value = _simon_encrypt(value, keys, width)
        if value <= max_index:
            return value


def index_shuffle(index, seed, max_index):
    """`tf.random.experimental.index_shuffle(index, seed, max_index)`: the position of `index` under a random
    permutation of `[0, max_index]` chosen by `seed` (shape [2]; `index` and `max_index` scalars or vectors): TF's
    permutation (its 4-round Simon-cipher shuffle, the seed padded in front with TF's constant). For a fixed seed
    it is a bijection, computed per index without building the permutation. Output: `index`'s shape and dtype.

    Raises:
        tf.errors.InvalidArgumentError: a seed not of shape [2].
        ValueError: an index outside [0, max_index].
    """
    idx = to_tensor(index, None, "index")
    sd = to_tensor(seed, None, "seed")
    if tuple(sd.shape) != (2,):  # TF pads a [n, 2] seed with a row (its kernel then rejects it): [2] only
        raise errors.InvalidArgumentError(f"`seed` must be a vector of size [2]. Received: seed shape="
                                          f"{list(sd.shape)}")
    maxes = to_tensor(max_index, None, "max_index").to(idx.dtype)
    n = max(idx.numel(), maxes.numel())
    flat_idx = torch.broadcast_to(idx.reshape(-1), (n,)).tolist() if idx.dim() else [int(idx)] * n
    flat_max = torch.broadcast_to(maxes.reshape(-1), (n,)).tolist() if maxes.dim() else [int(maxes)] * n
    seeds = sd.reshape(-1, 2).tolist() * n
    out = []
    for i, m, (s0, s1) in zip(flat_idx, flat_max, seeds):
        if m < 0 or not 0 <= i <= m:
            raise ValueError(f"`index` must lie in [0, max_index]. Received: index={i}, max_index={m}")
        key = [_INDEX_SHUFFLE_PAD & 0xFFFFFFFF, s0 & 0xFFFFFFFF, s1 & 0xFFFFFFFF]
        out.append(_index_shuffle_one(int(i), key, int(m)))
    shape = () if idx.dim() == 0 and maxes.dim() == 0 else (n,)
    return torch.tensor(out, dtype=idx.dtype, device=idx.device).reshape(shape)
