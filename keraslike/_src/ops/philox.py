"""TF's Philox4x32-10 counter-based generator, as its random ops derive it and turn it into values.

TF's stateless ops (`tf.random.fold_in`, `tf.random.split`, `stateless_random_uniform` of full-range
integers) scramble the `[2]` seed into a Philox key and counter with one Philox block under a fixed key, then
emit the blocks of the counters that follow. This module reproduces those integers bit for bit (Salmon et al.,
"Parallel random numbers: as easy as 1, 2, 3", SC 2011), so the seeds these ops return are TF's.

Example:
    >>> full_int((1, 2), 1, 32)        # [1105988140], what tf.random.fold_in([1, 2], 3)[0] holds
"""

import numpy as np
import torch

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
    return stream(*key_counter(*seed), count)


def stateful_start(seed, seed2):
    """The key and counter of TF's stateful random kernels (`tf.random.uniform(seed=...)` and kin) for the op's
    seed attributes: key from `seed`, the counter's upper 64 bits from `seed2`."""
    s0, s1 = seed & _U64, seed2 & _U64
    return (s0 & _U32, s0 >> 32), [0, 0, s1 & _U32, s1 >> 32]


def skip(counter, blocks):
    """The 128-bit counter (4 uint32 words, low first) advanced by `blocks`, as TF's `PhiloxRandom::Skip`."""
    value = sum(int(w) << (32 * i) for i, w in enumerate(counter)) + int(blocks)
    value &= (1 << 128) - 1
    return [(value >> (32 * i)) & _U32 for i in range(4)]


def stream(key, counter, count):
    """`count` uint32 words (numpy uint64 array) of the Philox blocks for the 128-bit `counter` and the ones after
    it, under `key`: what a TF kernel handed this generator draws in order."""
    blocks = -(-count // 4)
    low = int(counter[0]) | (int(counter[1]) << 32)
    high = int(counter[2]) | (int(counter[3]) << 32)
    return _blocks(key, low, high, np.arange(blocks, dtype=np.uint64)).reshape(-1)[:count]


_CHUNK = 1 << 15  # counters per pass of the ten rounds: their temporaries stay in the CPU's cache


def _in_pieces(draw, start, count, unit, unit_blocks, dtype_name):
    """`draw(start, count, dtype_name)` of a large draw made in pieces of `_CHUNK` units (`unit` values that take
    `unit_blocks` blocks of the stream), each piece from the counter where its units start: the same values, with
    temporaries that fit the cache instead of a dozen arrays the size of the draw."""
    step = _CHUNK * unit
    if count <= step:
        return draw(start, count, dtype_name)
    key, counter = start
    out = None
    for first in range(0, count, step):
        piece = draw((key, skip(counter, first // unit * unit_blocks)), min(step, count - first), dtype_name)
        if out is None:
            out = np.empty(count, dtype=piece.dtype)
        out[first:first + piece.shape[0]] = piece
    return out


def _blocks(key, low, high, offsets):
    """Philox blocks `[len(offsets), 4]` for the 128-bit counters `(high << 64 | low) + offsets`.

    A large draw (a VGG kernel is 25M blocks) runs in pieces of `_CHUNK` counters: the same words, ~5x less CPU
    than the ten rounds' passes over arrays far larger than the cache."""
    if offsets.shape[0] <= _CHUNK:
        return _block_piece(key, low, high, offsets)
    out = np.empty((offsets.shape[0], 4), dtype=np.uint64)
    for first in range(0, offsets.shape[0], _CHUNK):
        out[first:first + _CHUNK] = _block_piece(key, low, high, offsets[first:first + _CHUNK])
    return out


def _block_piece(key, low, high, offsets):
    with np.errstate(over="ignore"):
        lo = np.uint64(low) + offsets  # wraps; the carry goes into the upper 64 bits
    hi = np.full(offsets.shape, high, dtype=np.uint64)
    carried = lo < np.uint64(low)
    if carried.any():
        hi[carried] = np.uint64((high + 1) & _U64)
    c = [lo & np.uint64(_U32), lo >> np.uint64(32), hi & np.uint64(_U32), hi >> np.uint64(32)]
    k0, k1 = np.uint64(key[0]), np.uint64(key[1])
    mask = np.uint64(_U32)
    for _ in range(10):
        p0, p1 = np.uint64(_M0) * c[0], np.uint64(_M1) * c[2]  # exact: both factors are below 2**32
        c = [(p1 >> np.uint64(32)) ^ c[1] ^ k0, p1 & mask, (p0 >> np.uint64(32)) ^ c[3] ^ k1, p0 & mask]
        k0, k1 = (k0 + np.uint64(_W0)) & mask, (k1 + np.uint64(_W1)) & mask
    return np.stack(c, axis=1)


def uniform_float(start, count, dtype_name):
    """`count` floats in [0, 1) as TF's uniform kernels make them from the words of `start` (key, counter): the
    mantissa bits of one word (two for float64) under exponent 0, minus 1 (numpy array of that dtype; bfloat16
    as float32 values)."""
    per_block = 2 if dtype_name == "float64" else 4  # values per Philox block
    return _in_pieces(_uniform_float_piece, start, count, per_block, 1, dtype_name)


def _uniform_float_piece(start, count, dtype_name):
    if dtype_name == "float64":
        w = stream(*start, 2 * count).reshape(count, 2)
        mantissa = ((w[:, 0] & np.uint64(0xFFFFF)) << np.uint64(32)) | w[:, 1]
        return ((np.uint64(1023) << np.uint64(52)) | mantissa).view(np.float64) - 1.0
    w = stream(*start, count)
    if dtype_name == "float16":
        bits = (np.uint16(15) << np.uint16(10)) | (w & np.uint64(0x3FF)).astype(np.uint16)
        return bits.view(np.float16) - np.float16(1.0)
    if dtype_name == "bfloat16":
        return ((w & np.uint64(0x7F)).astype(np.float32) / np.float32(128.0)).astype(np.float32)
    bits = (np.uint32(127) << np.uint32(23)) | (w & np.uint64(0x7FFFFF)).astype(np.uint32)
    return bits.view(np.float32) - np.float32(1.0)


def uniform_int(start, count, low, high, bits):
    """`count` integers in [low, high) as TF's stateless uniform makes them: `low + word % (high - low)` (one word
    per int32, two per int64, low word first), as Python ints."""
    span = high - low
    if bits == 32:
        return [low + int(w) % span for w in stream(*start, count)]
    w = stream(*start, 2 * count).reshape(count, 2)
    return [low + ((int(b) << 32) | int(a)) % span for a, b in w]


def normal(start, count, dtype_name):
    """`count` standard normal values as TF's normal kernels make them: Box-Muller on pairs of uniforms
    (`u1` floored at 1e-7, `sqrt(-2 log u1) * (sin, cos)(2 pi u2)`) in float32 (float64 for float64, its uniforms
    from two words each); numpy array, float32 values for the half types."""
    per_block = 2 if dtype_name == "float64" else 4  # values per Philox block
    return _in_pieces(_normal_piece, start, count, per_block, 1, dtype_name)


def _normal_piece(start, count, dtype_name):
    pairs = -(-count // 2)
    per_pair = 4 if dtype_name == "float64" else 2
    return _box_muller_words(stream(*start, pairs * per_pair), dtype_name)[:count]


def full_int(start, count, bits):
    """`count` full-range signed integers of `bits` (32 or 64) from the generator `start` (key, counter), as TF's
    `stateless_random_uniform(..., minval=None, maxval=None)` gives them (64-bit values take two words,
    low word first), as Python ints."""
    if bits == 32:
        return [int(w) - (1 << 32) if int(w) >> 31 else int(w) for w in stream(*start, count)]
    w = stream(*start, 2 * count).reshape(count, 2)
    values = [int(a) | (int(b) << 32) for a, b in w]
    return [v - (1 << 64) if v >> 63 else v for v in values]


def _box_muller_words(w, dtype_name):
    """Box-Muller on consecutive words as TF's `BoxMullerFloat` (2 words -> 2 values, float32 arithmetic) or
    `BoxMullerDouble` (4 words -> 2 values): numpy array, values in draw order."""
    if dtype_name == "float64":
        w = w.reshape(-1, 2)
        mantissa = ((w[:, 0] & np.uint64(0xFFFFF)) << np.uint64(32)) | w[:, 1]
        u = (((np.uint64(1023) << np.uint64(52)) | mantissa).view(np.float64) - 1.0).reshape(-1, 2)
        u1 = np.maximum(u[:, 0], 1e-7)
        radius = np.sqrt(-2.0 * np.log(u1))
        angle = 2.0 * np.pi * u[:, 1]
    else:
        bits = (np.uint32(127) << np.uint32(23)) | (w & np.uint64(0x7FFFFF)).astype(np.uint32)
        u = (bits.view(np.float32) - np.float32(1.0)).reshape(-1, 2)
        u1 = np.maximum(u[:, 0], np.float32(1e-7))
        radius = np.sqrt(np.float32(-2.0) * np.log(u1))
        angle = (2.0 * np.pi * u[:, 1].astype(np.float64)).astype(np.float32)  # 2 * M_PI in double, as TF
    return np.stack([np.sin(angle) * radius, np.cos(angle) * radius], axis=1).reshape(-1)


def truncated_normal(start, count, dtype_name):
    """`count` standard normal values within (-2, 2) as TF's truncated-normal kernels make them: outputs in groups
    of 4 (2 for float64), group `g` drawing from the generator skipped by `g * 256` blocks (128 for float64),
    Box-Muller pairs drawn one word at a time and kept while below 2 in magnitude (numpy float64 array)."""
    group = 2 if dtype_name == "float64" else 4
    return _in_pieces(_truncated_normal_piece, start, count, group, group * 256 // 4, dtype_name)


def _truncated_normal_piece(start, count, dtype_name):
    group = 2 if dtype_name == "float64" else 4
    key, counter = start
    groups = -(-count // group)
    step = group * 256 // 4  # blocks reserved per group
    low = int(counter[0]) | (int(counter[1]) << 32)
    high = int(counter[2]) | (int(counter[3]) << 32)
    # first two blocks of every group at once (8 candidates for float, 4 for float64)
    offsets = (np.arange(groups, dtype=np.uint64)[:, None] * np.uint64(step) + np.arange(2, dtype=np.uint64))
    w = _blocks(key, low, high, offsets.reshape(-1)).reshape(groups, 8)
    values = _box_muller_words(w.reshape(-1), dtype_name).reshape(groups, -1)
    inside = np.abs(values) < 2.0
    order = np.argsort(~inside, axis=1, kind="stable")[:, :group]
    out = np.take_along_axis(values, order, axis=1)
    for g in np.nonzero(inside.sum(axis=1) < group)[0]:  # rare: fewer than `group` inside the cut
        base = skip(counter, int(g) * step)
        draws = 4
        while True:
            kept = _box_muller_words(stream(key, base, draws * 4), dtype_name)
            kept = kept[np.abs(kept) < 2.0]
            if kept.size >= group:
                out[g] = kept[:group]
                break
            draws *= 2
    return out.reshape(-1)[:count]


_TORCH_MIN_COUNT = 4096  # below this the numpy path is as fast


def uniform_float32_tensor(start, count, device):
    """`uniform_float(start, count, "float32")` computed by torch on `device` (the same bits; dropout masks of
    large activations stay on the accelerator), or None where the counter would wrap within the draw (use the
    numpy path) or the draw is small."""
    key, counter = start
    low = int(counter[0]) | (int(counter[1]) << 32)
    high = int(counter[2]) | (int(counter[3]) << 32)
    blocks = -(-count // 4)
    if count < _TORCH_MIN_COUNT or low + blocks >= 1 << 63:
        return None
    mask = _U32
    lo = torch.arange(blocks, dtype=torch.int64, device=device) + low
    c0, c1 = lo & mask, (lo >> 32) & mask
    c2 = torch.full_like(lo, high & mask)
    c3 = torch.full_like(lo, (high >> 32) & mask)
    k0, k1 = int(key[0]), int(key[1])
    for _ in range(10):
        p0, p1 = c0 * _M0, c2 * _M1  # the low 64 bits of each product (int64 arithmetic wraps)
        c0, c1, c2, c3 = ((p1 >> 32) & mask) ^ c1 ^ k0, p1 & mask, ((p0 >> 32) & mask) ^ c3 ^ k1, p0 & mask
        k0, k1 = (k0 + _W0) & _U32, (k1 + _W1) & _U32
    words = torch.stack([c0, c1, c2, c3], dim=1).reshape(-1)[:count]
    bits = ((127 << 23) | (words & 0x7FFFFF)).to(torch.int32)
    return bits.view(torch.float32) - 1.0
