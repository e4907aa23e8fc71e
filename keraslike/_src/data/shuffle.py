"""TF's buffered shuffle, shared by the element path and the index (gather) path.

Mirrors `tensorflow/core/kernels/data/shuffle_dataset_op.cc`: a buffer is filled with
the first `buffer_size` input items; each output is a uniformly drawn buffer slot,
refilled from the input; once the input is exhausted the buffer drains in random
order. With `buffer_size >= len(input)` this is a uniform permutation.

The same `shuffle_stream` runs over dataset elements (generic path) or over row
indices (in-memory fast path), and draws its randomness from a `UniformStream` that
consumes the generator in fixed chunks, so both paths give the same order for the
same seed.

Seeds: `ShuffleSeeds` fixes a base seed when the dataset is built (the given `seed`,
or a draw from torch's global RNG, which `tf.random.set_seed` seeds) and derives one
seed per iteration; with `reshuffle_each_iteration=False` every iteration reuses the
first.
"""

import itertools

import torch

_DRAW_CHUNK = 1024
_MASK64 = (1 << 64) - 1
_END = object()


def _mix64(value):
    """SplitMix64 finalizer: spreads nearby seeds (epoch 0, 1, ...) over the seed space."""
    value = (value + 0x9E3779B97F4A7C15) & _MASK64
    value = ((value ^ (value >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    value = ((value ^ (value >> 27)) * 0x94D049BB133111EB) & _MASK64
    return value ^ (value >> 31)


class ShuffleSeeds:
    """Per-iteration seeds of one `shuffle()` dataset.

    Args:
        seed: an int, or `None` to draw the base seed from torch's global RNG now.
        reshuffle_each_iteration: if False, every iteration gets the same seed.
    """

    def __init__(self, seed, reshuffle_each_iteration):
        if seed is None:
            seed = int(torch.randint(0, 2**62, (1,)).item())
        self._base = int(seed) & _MASK64
        self._reshuffle = bool(reshuffle_each_iteration)
        self._epoch = 0

    def next_seed(self):
        """Seed for the next iteration over the dataset."""
        seed = _mix64(self._base ^ _mix64(self._epoch)) & ((1 << 63) - 1)
        if self._reshuffle:
            self._epoch += 1
        return seed


class UniformStream:
    """Uniform draws in `[0, 1)` from a seeded `torch.Generator`, produced in fixed-size blocks.

    Both iteration paths consume the same blocks, so they see the same numbers.
    """

    def __init__(self, seed):
        self._generator = torch.Generator().manual_seed(seed)

    def blocks(self):
        """Endless iterator of lists of `_DRAW_CHUNK` floats."""
        while True:
            yield torch.rand(_DRAW_CHUNK, generator=self._generator, dtype=torch.float64).tolist()


def shuffle_stream(items, buffer_size, seed):
    """Yields `items` in TF's buffered-shuffle order.

    Args:
        items: an iterator (elements, batch index keys, or row indices).
        buffer_size: positive int, the number of items held in the buffer.
        seed: int seed of this pass.

    Returns:
        A generator over the shuffled items.
    """
    items = iter(items)
    if buffer_size == 1:
        yield from items
        return
    blocks = UniformStream(seed).blocks()
    draws, pos = next(blocks), 0
    buffer = list(itertools.islice(items, buffer_size))
    exhausted = len(buffer) < buffer_size
    while buffer:  # hot loop on the index path: keep it flat
        if pos == _DRAW_CHUNK:
            draws, pos = next(blocks), 0
        size = len(buffer)
        slot = int(draws[pos] * size)
        pos += 1
        if slot >= size:
            slot = size - 1
        chosen = buffer[slot]
        incoming = _END if exhausted else next(items, _END)
        if incoming is _END:
            exhausted = True
            last = buffer.pop()
            if slot < size - 1:
                buffer[slot] = last
        else:
            buffer[slot] = incoming
        yield chosen
