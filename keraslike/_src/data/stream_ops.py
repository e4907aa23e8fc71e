"""Transformations that only select or reorder elements: take, skip, shard, repeat,
shuffle, cache, prefetch, with_options.

Mirrors `tensorflow/python/data/ops/{take,skip,shard,repeat,shuffle,cache,prefetch,
options}_op.py`. Each is written once as an operation over a stream of items and runs
on whichever stream the input offers:
  * elements (generic path),
  * batch keys of a batched `IndexPlan` (same code as elements),
  * index chunks of an unbatched `IndexPlan` (vectorized variant, same result).
"""

import itertools
import os
import uuid

from keraslike._src.data import cardinality as card
from keraslike._src.data import index_plan as ip
from keraslike._src.data.dataset import Dataset
from keraslike._src.data.file_cache import cached_elements
from keraslike._src.data.prefetch import prefetched
from keraslike._src.data.shuffle import ShuffleSeeds, shuffle_stream
from keraslike._src.data.vectorized_map import is_mapped


class StreamOpDataset(Dataset):
    """Base of the select/reorder transformations.

    Subclasses implement `_apply(make_input)` over any item stream (elements or
    batch keys), and may override `_apply_chunks(make_input)` for unbatched index
    chunks; `make_input()` starts a new pass over the input stream.
    """

    def __init__(self, input_dataset):
        super().__init__(input_dataset.element_spec, [input_dataset])
        self._input = input_dataset

    def _cardinality(self):
        return self._input._cardinality()

    def _apply(self, make_input):
        raise NotImplementedError

    def _apply_chunks(self, make_input):
        return ip.to_chunks(self._apply(lambda: ip.iter_indices(make_input())))

    def _generic_elements(self):
        return self._apply(self._input._elements)

    def _plan(self):
        plan = self._input._plan()
        if plan is None:
            return None
        apply = self._apply if plan.batched else self._apply_chunks
        return plan.derive(lambda: apply(plan.epoch))


class TakeDataset(StreamOpDataset):
    """The first `count` elements (`count == -1`: all)."""

    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = count

    def _cardinality(self):
        return card.taken(self._input._cardinality(), self._count)

    def _apply(self, make_input):
        return make_input() if self._count == -1 else itertools.islice(make_input(), self._count)

    def _apply_chunks(self, make_input):
        return ip.take_chunks(make_input(), self._count)


class SkipDataset(StreamOpDataset):
    """All but the first `count` elements (`count == -1`: none)."""

    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = count

    def _cardinality(self):
        return card.skipped(self._input._cardinality(), self._count)

    def _apply(self, make_input):
        if self._count == -1:
            return iter(_drain(make_input()))
        return itertools.islice(make_input(), self._count, None)

    def _apply_chunks(self, make_input):
        return ip.skip_chunks(make_input(), self._count)


def _drain(items):
    for _ in items:
        pass
    return ()


class ShardDataset(StreamOpDataset):
    """Every `num_shards`-th element starting at `index`."""

    def __init__(self, input_dataset, num_shards, index):
        super().__init__(input_dataset)
        self._num_shards, self._index = num_shards, index

    def _cardinality(self):
        return card.sharded(self._input._cardinality(), self._num_shards, self._index)

    def _apply(self, make_input):
        return itertools.islice(make_input(), self._index, None, self._num_shards)

    def _apply_chunks(self, make_input):
        return ip.shard_chunks(make_input(), self._num_shards, self._index)


class RepeatDataset(StreamOpDataset):
    """The input repeated `count` times (`count == -1`: forever); each repetition is a new pass."""

    def __init__(self, input_dataset, count):
        super().__init__(input_dataset)
        self._count = count

    def _cardinality(self):
        return card.repeated(self._input._cardinality(), self._count)

    def _apply(self, make_input):
        repetitions = itertools.count() if self._count == -1 else range(self._count)
        for _ in repetitions:
            empty = True
            for item in make_input():
                empty = False
                yield item
            if empty:  # TF stops repeating an empty input instead of spinning forever
                return

    def _apply_chunks(self, make_input):
        return self._apply(make_input)


class ShuffleDataset(StreamOpDataset):
    """TF's buffered shuffle; see `keraslike/_src/data/shuffle.py`."""

    def __init__(self, input_dataset, buffer_size, seed, reshuffle_each_iteration):
        super().__init__(input_dataset)
        self._buffer_size = buffer_size
        self._seeds = ShuffleSeeds(seed, reshuffle_each_iteration)

    def _apply(self, make_input):
        return shuffle_stream(make_input(), self._buffer_size, self._seeds.next_seed())


class CacheDataset(StreamOpDataset):
    """Replays the first complete pass on every later pass (TF's cache; in files with a `filename`,
    see `file_cache.py`)."""

    _tf_repr_name = "CacheDataset"  # TF's class is public here

    def __init__(self, input_dataset, filename):
        super().__init__(input_dataset)
        self._filename = filename
        self._stored = {}

    def _generic_elements(self):
        if self._filename:
            return cached_elements(self._filename, self._input._elements, self.element_spec)
        return super()._generic_elements()

    def _plan(self):
        if self._filename:
            return None  # elements, not indices, go to the files
        plan = self._input._plan()
        if plan is not None and is_mapped(plan.source):
            return None  # replaying indices would re-run the map: cache its elements instead
        return super()._plan()

    def _apply(self, make_input):
        return self._replay_or_record("items", make_input)

    def _apply_chunks(self, make_input):
        return self._replay_or_record("chunks", make_input)

    def _replay_or_record(self, kind, make_input):
        if kind in self._stored:
            yield from self._stored[kind]
            return
        recorded = []
        for item in make_input():
            recorded.append(item)
            yield item
        self._stored.setdefault(kind, recorded)


class SnapshotDataset(CacheDataset):
    """`Dataset.snapshot(path)`: the first complete pass is written under `path`, later passes read it.

    TF finds a snapshot again in a later run by the pipeline graph's fingerprint; a Python pipeline has none
    keraslike could trust, so each snapshot dataset writes its own folder `path/keraslike-<hex>/` and a later run
    writes a new one rather than read elements of a pipeline that may have changed.
    """

    _tf_repr_name = "_SnapshotDataset"

    def __init__(self, input_dataset, path):
        self._folder = os.path.join(path, f"keraslike-{uuid.uuid4().hex}")
        super().__init__(input_dataset, os.path.join(self._folder, "snapshot"))

    def _generic_elements(self):
        os.makedirs(self._folder, exist_ok=True)  # TF creates the snapshot's folders
        return super()._generic_elements()


class PassThroughDataset(StreamOpDataset):
    """Same elements; used by `prefetch` (`buffer_size` > 0: see `prefetch.py`) and `with_options`."""

    def __init__(self, input_dataset, options=None, buffer_size=0):
        super().__init__(input_dataset)
        self._own_options = options
        self._buffer_size = buffer_size

    @property
    def _tf_repr_name(self):
        return "_OptionsDataset" if self._own_options is not None else "_PrefetchDataset"

    def _plan_elements(self, plan):
        node = self  # `prefetch(n).with_options(...)`: the prefetch below still produces ahead
        while type(node) is PassThroughDataset and not node._buffer_size:
            node = node._input
        if type(node) is PassThroughDataset:
            return prefetched(plan, node._buffer_size, self.options().threading.max_intra_op_parallelism)
        return plan.elements()

    def _apply(self, make_input):
        return make_input()

    def _apply_chunks(self, make_input):
        return make_input()
