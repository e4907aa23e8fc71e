"""`keras.random.*`: sampling with Keras 3's seeding contract, on TF's stateless ops.

Mirrors `keras/src/random/random.py` with the TensorFlow backend (`keras/src/backend/tensorflow/random.py`). The
`seed` argument decides reproducibility:

- an int: the op is stateless, so the same call gives the same values every time;
- a `keras.random.SeedGenerator`: its state advances on each call, giving a new but
  reproducible sequence (what layers use); in a multi-replica step each replica mixes its
  replica id in, so replicas draw different masks;
- None: Keras's global `SeedGenerator` (made from Python's `random` on first use and again after
  `keras.utils.set_random_seed`), scrambled on each draw; mixed with the replica id like a layer's generator.

Every draw turns the seed into the `[seed, counter]` pair Keras's TF backend hands its stateless op (each word
`floormod(., 2**31 - 2)`) and runs keraslike's `tf.random.stateless_*` on it, so `normal`, `uniform`,
`truncated_normal`, `randint`, `dropout` and `shuffle` give TF's numbers for the same seed; `categorical`,
`gamma`, `binomial` and `beta` follow the same seeds through keraslike's stateless ops, whose values are
torch's, not TF's. Results go to the Keras current device.
"""

import numbers

import torch

from keraslike._src.distribute import replica_random
from keraslike._src.keras import backend
from keraslike._src.keras.ops import dtypes
from keraslike._src.keras.ops.tensors import convert, shape_tuple
from keraslike._src.keras.random.seed_generator import SeedGenerator, global_seed_generator
from keraslike._src.ops import dropout_mask, nn_experimental, seed_override
from keraslike._src.ops import random as tf_random

_SEED_MODULUS = 2**31 - 2  # Keras's TF backend: floormod(seed, tf.int32.max - 1), cast to int32


def _in_replica(pair):
    """A generator's `[seed, counter]` as this replica uses it (unchanged on replica 0 and one device)."""
    return [replica_random.seed_in_replica_context(int(pair[0])), int(pair[1])]


def seed_pair(seed):
    """The `[2]` seed Keras's TF backend gives the stateless op for `seed` (an int, a `SeedGenerator`, None for
    the global generator, or a drawn `[2]` tensor), as a tuple of two ints in `[0, 2**31 - 2)`.

    Under `DeterministicRandomTestTool.scope()` the tool's `(seed, operation_seed)` pair is used instead.

    Raises:
        ValueError: for any other `seed`.
    """
    pair = seed_override.override_pair()
    if pair is not None:
        pass
    elif isinstance(seed, SeedGenerator):
        pair = _in_replica(seed.next().tolist())
    elif isinstance(seed, numbers.Integral) and not isinstance(seed, bool):
        pair = [int(seed), 0]
    elif seed is None:
        pair = _in_replica(global_seed_generator().next(ordered=False).tolist())
    elif isinstance(seed, torch.Tensor) and seed.numel() == 2:  # a drawn [seed, counter] pair
        pair = seed.tolist()
    else:
        raise ValueError(f"Argument `seed` must be either an integer or an instance of `SeedGenerator`. "
                         f"Received: seed={seed} (of type {type(seed)})")
    return tuple(int(v) % _SEED_MODULUS for v in pair)


def _float_dtype(dtype, name):
    dtype = dtypes.standardize_dtype(dtype)
    if "float" not in dtype:
        raise ValueError(f"`keras.random.{name}` requires a floating point `dtype`. Received: dtype={dtype}")
    return dtypes.to_torch_dtype(dtype)


def _device():
    return backend.current_device()


def _on(x, device):
    return x.to(device) if isinstance(x, torch.Tensor) else x


def normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """`keras.random.normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None)`: Gaussian samples (floatx)."""
    dt = _float_dtype(dtype, "normal")
    pair = seed_pair(seed)
    return tf_random.stateless_normal(shape_tuple(shape), pair, mean, stddev, dtype=dt).to(_device())


def uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None):
    """`keras.random.uniform(shape, minval=0.0, maxval=1.0, dtype=None, seed=None)`: samples in `[minval, maxval)`.

    Raises:
        ValueError: for a non-float `dtype` (use `randint`).
    """
    dt = _float_dtype(dtype, "uniform")
    pair = seed_pair(seed)
    return tf_random.stateless_uniform(shape_tuple(shape), pair, minval, maxval, dtype=dt).to(_device())


def truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None):
    """`keras.random.truncated_normal(shape, mean=0.0, stddev=1.0, dtype=None, seed=None)`: Gaussian samples
    within two standard deviations of `mean` (TF's re-drawing truncation)."""
    dt = _float_dtype(dtype, "truncated_normal")
    pair = seed_pair(seed)
    return tf_random.stateless_truncated_normal(shape_tuple(shape), pair, mean, stddev, dtype=dt).to(_device())


def randint(shape, minval, maxval, dtype="int32", seed=None):
    """`keras.random.randint(shape, minval, maxval, dtype="int32", seed=None)`: integers in `[minval, maxval)`
    (drawn as int64 for integer dtypes other than int32/int64, then cast, as Keras's TF backend).

    Raises:
        ValueError: for a non-integer `dtype`.
    """
    name = dtypes.standardize_dtype(dtype)
    if "int" not in name:
        raise ValueError(f"`keras.random.randint` requires an integer `dtype`. Received: dtype={dtype}")
    work = name if name in ("int32", "int64") else "int64"
    pair = seed_pair(seed)
    out = tf_random.stateless_uniform(shape_tuple(shape), pair, minval, maxval, dtype=dtypes.to_torch_dtype(work))
    return out.to(device=_device(), dtype=dtypes.to_torch_dtype(name))


def dropout(inputs, rate, noise_shape=None, seed=None):
    """`keras.random.dropout(inputs, rate, noise_shape=None, seed=None)`: zero entries with probability `rate`
    and scale the rest by `1 / (1 - rate)` (TF's `stateless_dropout`); `noise_shape` broadcasts one mask (None
    entries follow `inputs`). `rate=1` gives zeros, `rate=0` the inputs, as Keras.

    Raises:
        ValueError: if `rate` is not in `[0, 1]`.
    """
    x = convert(inputs)
    if not 0 <= rate <= 1:
        raise ValueError(f"Invalid value received for argument `rate`. Expected a float value between 0 and 1. "
                         f"Received: rate={rate}")
    if rate == 1:
        return torch.zeros_like(x)
    if rate == 0:
        return x
    if noise_shape is not None:
        noise_shape = [x.shape[i] if s is None else int(s) for i, s in enumerate(noise_shape)]
    if isinstance(seed, SeedGenerator) and not seed.reproducible and seed_override.override_pair() is None:
        # An unseeded layer before any `set_random_seed`: TF's masks are not reproducible either, so the mask
        # comes from torch's generator (about 4x cheaper on CPU than TF's Philox bits); the state still advances.
        seed.next()
        return dropout_mask.dropout(x, rate, shape=noise_shape)
    pair = seed_pair(seed)
    return nn_experimental.stateless_dropout(x, rate, pair, noise_shape=noise_shape)


def shuffle(x, axis=0, seed=None):
    """`keras.random.shuffle(x, axis=0, seed=None)`: a random permutation of `x` along `axis` (the order that sorts
    a stateless uniform draw, as Keras's TF backend)."""
    x = convert(x)
    pair = seed_pair(seed)
    keys = tf_random.stateless_uniform((x.shape[axis],), pair)
    perm = torch.argsort(keys, stable=True).to(x.device)
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
    out = tf_random.stateless_categorical(lg, int(num_samples), seed_pair(seed))
    return out.to(device=lg.device, dtype=dtypes.to_torch_dtype(dtype))


def gamma(shape, alpha, dtype=None, seed=None):
    """`keras.random.gamma(shape, alpha, dtype=None, seed=None)`: Gamma(`alpha`, 1) samples."""
    dt = _float_dtype(dtype, "gamma")
    pair = seed_pair(seed)
    return tf_random.stateless_gamma(shape_tuple(shape), pair, _on(alpha, "cpu"), dtype=dt).to(_device())


def beta(shape, alpha, beta, dtype=None, seed=None):
    """`keras.random.beta(shape, alpha, beta, dtype=None, seed=None)`: Beta(`alpha`, `beta`) samples, as
    `X / (X + Y)` of two Gamma draws, the second seeded by the first's pair plus 12 (Keras's TF backend)."""
    dt = _float_dtype(dtype, "beta")
    s = shape_tuple(shape)
    first = seed_pair(seed)
    second = (first[0] + 12, first[1] + 12)
    a = torch.broadcast_to(convert(alpha, "float64", "cpu"), s)
    b = torch.broadcast_to(convert(beta, "float64", "cpu"), s)
    ga = tf_random.stateless_gamma(s, first, a, dtype=torch.float64)
    gb = tf_random.stateless_gamma(s, second, b, dtype=torch.float64)
    return (ga / (ga + gb)).to(device=_device(), dtype=dt)


def binomial(shape, counts, probabilities, dtype=None, seed=None):
    """`keras.random.binomial(shape, counts, probabilities, dtype=None, seed=None)`: Binomial samples (floats)."""
    dt = _float_dtype(dtype, "binomial")
    pair = seed_pair(seed)
    out = tf_random.stateless_binomial(shape_tuple(shape), pair, _on(counts, "cpu"), _on(probabilities, "cpu"),
                                       output_dtype=torch.float64)
    return out.to(device=_device(), dtype=dt)
