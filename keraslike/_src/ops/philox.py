"""TF's Philox4x32-10 counter-based generator, as its stateless random ops derive it from a seed pair.

TF's stateless ops (`tf.random.fold_in`, `tf.random.split`, `stateless_random_uniform` of full-range
integers) scramble the `[2]` seed into a Philox key and counter with one Philox block under a fixed key, then
emit the blocks of the counters that follow. This module reproduces those integers bit for bit (Salmon et al.,
"Parallel random numbers: as easy as 1, 2, 3", SC 2011), so the seeds these ops return are TF's.

Example:
    >>> full_int((1, 2), 1, 32)        # [1105988140], what tf.random.fold_in([1, 2], 3)[0] holds
"""

import numpy as np

_M0, _M1 = 0xD2511F53, 0xCD9E8D57  # round multipliers
_W0, _W1 = 0x9E3779B9, 0xBB67AE85  # key schedule (Weyl) increments
_SCRAMBLE_KEY = (0x3EC8F720, 0x02461E29)  # TF's fixed key for turning a seed into a key and counter
_U32 = 0xFFFFFFFF
_U64 = (1 << 64) - 1


def block(counter, key):
    """Philox4x32 with 10 rounds: four uint32 words from a 4-word counter and a 2-word key."""
    c0, c1, c2, c3 = counter
    k0, k1 = key
    for _ in range(10):
        p0, p1 = _M0 * c0, _M1 * c2
        c0, c1, c2, c3 = (p1 >> 32) ^ c1 ^ k0, p1 & _U32, (p0 >> 32) ^ c3 ^ k1, p0 & _U32
        k0, k1 = (k0 + _W0) & _U32, (k1 + _W1) & _U32
    return [c0, c1, c2, c3]


def key_counter(seed0, seed1):
    """TF's key and starting counter for the seed pair (int32 seeds are sign-extended, as TF's kernel does)."""
    s0, s1 = seed0 & _U64, seed1 & _U64
    mix = block((s0 & _U32, s0 >> 32, s1 & _U32, s1 >> 32), _SCRAMBLE_KEY)
    return (mix[0], mix[1]), [0, 0, mix[2], mix[3]]


def words(seed, count):
    """The first `count` uint32 words of the seed pair's stream (numpy uint64 array), every Philox block at once."""
    key, counter = key_counter(*seed)
    blocks = -(-count // 4)
    low = counter[2] | (counter[3] << 32)  # the counter's upper 64 bits are 0 after `key_counter`
    index = np.arange(blocks, dtype=np.uint64)
    start = np.uint64(low)
    c = [index & np.uint64(_U32), index >> np.uint64(32), np.full(blocks, start & np.uint64(_U32), np.uint64),
         np.full(blocks, start >> np.uint64(32), np.uint64)]
    # counters after this block index: the 128-bit value (c0 + c1 << 32) + index, with the carry into c2/c3 ignored
    # (a stream that long is 2**66 words)
    k0, k1 = np.uint64(key[0]), np.uint64(key[1])
    mask = np.uint64(_U32)
    for _ in range(10):
        p0, p1 = np.uint64(_M0) * c[0], np.uint64(_M1) * c[2]  # exact: both factors are below 2**32
        c = [(p1 >> np.uint64(32)) ^ c[1] ^ k0, p1 & mask, (p0 >> np.uint64(32)) ^ c[3] ^ k1, p0 & mask]
        k0, k1 = (k0 + np.uint64(_W0)) & mask, (k1 + np.uint64(_W1)) & mask
    return np.stack(c, axis=1).reshape(-1)[:count]


def uniform_float(seed, count, dtype_name):
    """`count` floats in [0, 1) as TF's stateless uniform makes them from the words: the mantissa bits of one word
    (two for float64) under exponent 0, minus 1 (numpy array of that dtype; bfloat16 as float32 values)."""
    if dtype_name == "float64":
        w = words(seed, 2 * count).reshape(count, 2)
        mantissa = ((w[:, 0] & np.uint64(0xFFFFF)) << np.uint64(32)) | w[:, 1]
        return ((np.uint64(1023) << np.uint64(52)) | mantissa).view(np.float64) - 1.0
    w = words(seed, count)
    if dtype_name == "float16":
        bits = (np.uint16(15) << np.uint16(10)) | (w & np.uint64(0x3FF)).astype(np.uint16)
        return bits.view(np.float16) - np.float16(1.0)
    if dtype_name == "bfloat16":
        return ((w & np.uint64(0x7F)).astype(np.float32) / np.float32(128.0)).astype(np.float32)
    bits = (np.uint32(127) << np.uint32(23)) | (w & np.uint64(0x7FFFFF)).astype(np.uint32)
    return bits.view(np.float32) - np.float32(1.0)


def uniform_int(seed, count, low, high, bits):
    """`count` integers in [low, high) as TF's stateless uniform makes them: `low + word % (high - low)` (one word
    per int32, two per int64, low word first), as Python ints."""
    span = high - low
    if bits == 32:
        return [low + int(w) % span for w in words(seed, count)]
    w = words(seed, 2 * count).reshape(count, 2)
    return [low + ((int(b) << 32) | int(a)) % span for a, b in w]


def normal(seed, count, dtype_name):
    """`count` standard normal values as TF's stateless normal makes them: Box-Muller on pairs of uniforms
    (`u1` floored at 1e-7, `sqrt(-2 log u1) * (sin, cos)(2 pi u2)`), computed in float64 and rounded to the
    dtype; float64 takes its uniforms from two words each (numpy array; float32 values for half types)."""
    pairs = -(-count // 2)
    if dtype_name == "float64":
        u = uniform_float(seed, 2 * pairs, "float64").reshape(pairs, 2)
        epsilon = 1e-7
    else:
        u = uniform_float(seed, 2 * pairs, "float32").astype(np.float64).reshape(pairs, 2)
        epsilon = float(np.float32(1e-7))
    u1 = np.maximum(u[:, 0], epsilon)
    radius = np.sqrt(-2.0 * np.log(u1))
    angle = 2.0 * np.pi * u[:, 1]
    return np.stack([np.sin(angle) * radius, np.cos(angle) * radius], axis=1).reshape(-1)[:count]


def full_int(seed, count, bits):
    """`count` full-range signed integers of `bits` (32 or 64) from the seed pair, as TF's
    `stateless_random_uniform(..., minval=None, maxval=None)` gives them (64-bit values take two words,
    low word first), as Python ints."""
    if bits == 32:
        return [int(w) - (1 << 32) if int(w) >> 31 else int(w) for w in words(seed, count)]
    w = words(seed, 2 * count).reshape(count, 2)
    values = [int(a) | (int(b) << 32) for a, b in w]
    return [v - (1 << 64) if v >> 63 else v for v in values]
