"""TF's buffered shuffle, shared by the element path and the index (gather) path.

Mirrors `tensorflow/core/kernels/data/shuffle_dataset_op.cc`, with TF's numbers: the buffer is filled with the
first `buffer_size` input items; each output takes the item at `word % live` positions past the oldest live slot
(`word` the next 32-bit Philox word of the pass's generator, `live` the items in the buffer), moves the oldest
item into the freed slot and refills from the input; once the input is exhausted the buffer drains the same way.

Seeds: `ShuffleSeeds` fixes the dataset's seed pair when it is built, as TF's `random_seed.get_seed` gives the
kernel its `(seed, seed2)` (the global seed and the given op seed, or the next op seed TF's eager context draws;
unseeded, a draw from torch's global RNG). Each pass takes its generator's key from that pair: with
`reshuffle_each_iteration=True` the next two words of a Philox stream on the pair (TF's `RandomSeedGenerator`),
else the pair itself (TF's `FixedSeedGenerator`). So a seeded `shuffle` gives TF's order pass after pass (not
after `repeat`, which TF fuses with the shuffle into one stream across passes).
"""

import contextlib
import itertools
import weakref

import torch

from keraslike._src.ops import philox
from keraslike._src.ops import random as tf_random

_WORD_CHUNK = 1024
_U32 = 0xFFFFFFFF
_END = object()
_LIVE = weakref.WeakSet()  # every ShuffleSeeds, for `passes_restored`


def _pack(seed, seed2):
    return (int(seed) & _U32) | ((int(seed2) & _U32) << 32)


def _unpack(packed):
    return packed & _U32, (packed >> 32) & _U32


class ShuffleSeeds:
    """Per-iteration seeds of one `shuffle()` dataset (also `Dataset.random` and the samplers' generators).

    Args:
        seed: the op seed (int), or None (TF's global-seed rules; unseeded, a draw from torch's global RNG).
        reshuffle_each_iteration: if False, every iteration gets the same seed.

    `next_seed()` gives an int that packs the pass's `(seed, seed2)` pair (`seed | seed2 << 32`).
    """

    def __init__(self, seed, reshuffle_each_iteration):
        pair = tf_random.op_seeds(seed)
        if pair is None:
            self._base = int(torch.randint(0, 2**62, (1,)).item())
        else:
            self._base = _pack(*pair)
        self._reshuffle = bool(reshuffle_each_iteration)
        self._epoch = 0
        _LIVE.add(self)

    def next_seed(self):
        """The packed seed pair of the next iteration over the dataset."""
        if not self._reshuffle:
            return self._base
        key, counter = philox.stateful_start(*_unpack(self._base))
        # two words per iteration: iteration e takes words 2e, 2e + 1 (block e // 2)
        words = philox.stream(key, philox.skip(counter, self._epoch // 2), 4)
        first = 2 * (self._epoch % 2)
        self._epoch += 1
        return _pack(int(words[first]), int(words[first + 1]))


@contextlib.contextmanager
def passes_restored():
    """Run a look at the data (a map's spec traced on a real element) without using up any shuffle's pass: TF
    traces functions without iterating, so the first real pass must still take the first seeds."""
    saved = [(seeds, seeds._epoch) for seeds in list(_LIVE)]
    try:
        yield
    finally:
        for seeds, epoch in saved:
            seeds._epoch = epoch


def skip_pass(dataset):
    """Use up one pass of every shuffle (and seeded sampler) in `dataset`'s pipeline without iterating: what making
    and dropping a TF iterator does to their seeds (Keras 3 makes one at the end of each epoch over a dataset of
    known length)."""
    seen, stack = set(), [dataset]
    while stack:
        obj = stack.pop()
        if id(obj) in seen:
            continue
        seen.add(id(obj))
        if isinstance(obj, ShuffleSeeds):
            obj.next_seed()
        elif isinstance(obj, (list, tuple)):
            stack.extend(obj)
        elif isinstance(obj, dict):
            stack.extend(obj.values())
        elif type(obj).__module__.startswith("keraslike._src.data") and hasattr(obj, "__dict__"):
            stack.extend(vars(obj).values())


def _words(seed):
    """Endless iterator of lists of the 32-bit Philox words of a pass's generator (`seed` a packed pair)."""
    key, counter = philox.stateful_start(*_unpack(seed))
    for chunk in itertools.count():
        yield philox.stream(key, philox.skip(counter, chunk * _WORD_CHUNK // 4), _WORD_CHUNK).tolist()


def shuffle_stream(items, buffer_size, seed):
    """Yields `items` in TF's buffered-shuffle order.

    Args:
        items: an iterator (elements, batch index keys, or row indices).
        buffer_size: positive int, the number of items held in the buffer.
        seed: the pass's packed seed pair (`ShuffleSeeds.next_seed()`).

    Returns:
        A generator over the shuffled items.
    """
    items = iter(items)
    if buffer_size == 1:
        yield from items
        return
    chunks = _words(seed)
    words, pos = next(chunks), 0
    buffer = list(itertools.islice(items, buffer_size))
    exhausted = len(buffer) < buffer_size
    start, end = 0, len(buffer)  # live items sit in slots start..end-1 (mod buffer_size), oldest first
    while start < end:  # hot loop on the index path: keep it flat
        if pos == _WORD_CHUNK:
            words, pos = next(chunks), 0
        index = (start + words[pos] % (end - start)) % buffer_size
        pos += 1
        chosen = buffer[index]
        buffer[index] = buffer[start % buffer_size]
        start += 1
        if not exhausted:
            incoming = next(items, _END)
            if incoming is _END:
                exhausted = True
            else:
                buffer[end % buffer_size] = incoming
                end += 1
        yield chosen
