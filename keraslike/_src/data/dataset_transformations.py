"""The transformation methods of `tf.data.Dataset` (batch, shuffle, map, ...).

Mirrors the transformation methods of `DatasetV2` in
`tensorflow/python/data/ops/dataset_ops.py`. Each validates its arguments TF-style
and returns a dataset implemented in `stream_ops.py`, `batching.py` or
`functional.py`. Mixed into `Dataset` (kept apart only to keep files short).
"""

from keraslike._src.data.options import Options


def _as_int(value, name, minimum):
    """Converts an int-like argument (int, numpy/torch scalar) and checks its lower bound."""
    try:
        if isinstance(value, bool) or int(value) != value:
            raise TypeError
        result = int(value)
    except (TypeError, ValueError):
        raise TypeError(f"Expected `{name}` to be an integer. Received: {name}={value!r}") from None
    if result < minimum:
        kind = "a positive integer" if minimum == 1 else f"an integer >= {minimum}"
        raise ValueError(f"Expected `{name}` to be {kind}. Received: {name}={value!r}")
    return result


class DatasetTransformations:
    """Transformation methods shared by every `Dataset`."""

    def batch(self, batch_size, drop_remainder=False, num_parallel_calls=None, deterministic=None,
              name=None):
        """Combines consecutive elements into batches.

        Mirrors `DatasetV2.batch`. Each component gains a leading dimension of
        `batch_size` (the last batch may be smaller unless `drop_remainder`). Over
        in-memory slices, each batch is one `index_select` per component.

        Args:
            batch_size: positive int, elements per batch.
            drop_remainder: if True, a final batch smaller than `batch_size` is dropped
                and the element spec has a static batch dimension.
            num_parallel_calls, deterministic, name: accepted for TF compatibility.

        Returns:
            A `Dataset` of batches, shapes `(batch_size or None, *element_shape)`; it
            records `_batch_size` and `_drop_remainder`.

        Raises:
            ValueError: if `batch_size < 1`.
            ValueError: at iteration, if elements of one batch have different shapes.
        """
        from keraslike._src.data.batching import BatchDataset

        return BatchDataset(self, _as_int(batch_size, "batch_size", 1), bool(drop_remainder))

    def padded_batch(self, batch_size, padded_shapes=None, padding_values=None, drop_remainder=False,
                     name=None):
        """Batches elements, padding each component to a common shape.

        Mirrors `DatasetV2.padded_batch`.

        Args:
            batch_size: positive int, elements per batch.
            padded_shapes: nested shapes per component; `None`/-1 dimensions pad to the
                longest in the batch. Default: pad every unknown dimension.
            padding_values: nested scalars to pad with; default 0 (`b""` for strings).
            drop_remainder: drop a final partial batch.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of padded batches.

        Raises:
            ValueError: if `batch_size < 1`, a padded shape has the wrong rank, or an
                element is larger than its padded shape (at iteration).
        """
        from keraslike._src.data.batching import PaddedBatchDataset

        return PaddedBatchDataset(self, _as_int(batch_size, "batch_size", 1), padded_shapes, padding_values,
                                  bool(drop_remainder))

    def unbatch(self, name=None):
        """Splits each element into elements along its first dimension.

        Mirrors `DatasetV2.unbatch`; `ds.batch(n).unbatch()` gives back `ds`'s elements.

        Args:
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` whose element shapes drop the first dimension (cardinality UNKNOWN).

        Raises:
            ValueError: if a component is a scalar.
        """
        from keraslike._src.data.batching import UnbatchDataset

        return UnbatchDataset(self)

    def shuffle(self, buffer_size, seed=None, reshuffle_each_iteration=None, name=None):
        """Randomly shuffles elements with a buffer of `buffer_size` elements.

        Mirrors `DatasetV2.shuffle`: the buffer holds `buffer_size` input elements;
        each output is a uniformly chosen buffer element, replaced by the next input.
        `buffer_size >= cardinality` gives a uniform permutation; 1 keeps the order.
        The in-memory gather path yields exactly the same order as element iteration.

        Args:
            buffer_size: positive int.
            seed: optional int; `None` draws a seed from torch's global RNG (seeded by
                `tf.random.set_seed`) when the dataset is built.
            reshuffle_each_iteration: default True: each pass (each `iter()`, each
                `repeat()` repetition) has a new order; False repeats the first order.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` with the same elements and cardinality.

        Raises:
            ValueError: if `buffer_size < 1`.
        """
        from keraslike._src.data.stream_ops import ShuffleDataset

        reshuffle = True if reshuffle_each_iteration is None else bool(reshuffle_each_iteration)
        seed = None if seed is None else _as_int(seed, "seed", -(2**63))
        return ShuffleDataset(self, _as_int(buffer_size, "buffer_size", 1), seed, reshuffle)

    def repeat(self, count=None, name=None):
        """Repeats the dataset `count` times (forever if `None` or -1).

        Mirrors `DatasetV2.repeat`. Each repetition is a new pass (re-shuffled by an
        upstream `shuffle` unless `reshuffle_each_iteration=False`).

        Args:
            count: int >= -1 or `None`.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset`; cardinality `n * count`, INFINITE for `count=None`.

        Raises:
            ValueError: if `count < -1`.
        """
        from keraslike._src.data.stream_ops import RepeatDataset

        return RepeatDataset(self, -1 if count is None else _as_int(count, "count", -1))

    def take(self, count, name=None):
        """Keeps at most the first `count` elements (-1: all).

        Mirrors `DatasetV2.take`.

        Args:
            count: int >= -1, the number of elements to keep.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of `min(count, n)` elements.

        Raises:
            ValueError: if `count < -1`.
        """
        from keraslike._src.data.stream_ops import TakeDataset

        return TakeDataset(self, _as_int(count, "count", -1))

    def skip(self, count, name=None):
        """Drops the first `count` elements (-1: all).

        Mirrors `DatasetV2.skip`.

        Args:
            count: int >= -1, the number of elements to drop.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of `max(0, n - count)` elements.

        Raises:
            ValueError: if `count < -1`.
        """
        from keraslike._src.data.stream_ops import SkipDataset

        return SkipDataset(self, _as_int(count, "count", -1))

    def shard(self, num_shards, index, name=None):
        """Keeps elements `index, index + num_shards, index + 2 * num_shards, ...`.

        Mirrors `DatasetV2.shard`.

        Args:
            num_shards: positive int, number of shards.
            index: int in `[0, num_shards)`, this shard.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` with about `n / num_shards` elements.

        Raises:
            ValueError: if `num_shards < 1` or `index` is outside `[0, num_shards)`.
        """
        from keraslike._src.data.stream_ops import ShardDataset

        num_shards = _as_int(num_shards, "num_shards", 1)
        index = _as_int(index, "index", 0)
        if index >= num_shards:
            raise ValueError(
                f"Expected `index` to be in [0, num_shards={num_shards}). Received: index={index}")
        return ShardDataset(self, num_shards, index)

    def map(self, map_func, num_parallel_calls=None, deterministic=None, name=None):
        """Applies `map_func` to each element.

        Mirrors `DatasetV2.map`. A tuple element is unpacked into positional
        arguments (`lambda x, y: ...`); a dict or single tensor is passed as one
        argument. A returned list becomes a tuple; returned values become tensors.

        Over in-memory data (`from_tensor_slices`, `range`, then shuffle/repeat/take/...)
        followed by `batch`, each batch is mapped by ONE `torch.func.vmap` call of
        `map_func` when that is provably the same as mapping element by element (no
        random ops, no writes to outside state, no value-dependent Python control flow,
        and the first batch of each size checked bit for bit); otherwise per element.
        Python side effects that touch no tensor then run once per batch, as they run
        once per trace in TF. See `keraslike/_src/data/vectorized_map.py`.

        Args:
            map_func: function from an element to a new element.
            num_parallel_calls: `None` (sequential), a positive int or
                `tf.data.AUTOTUNE`: elements mapped one by one run on a thread pool of
                that many threads (AUTOTUNE: the CPU count); torch ops release the GIL.
            deterministic: with parallel calls, `False` lets elements come out in
                completion order; `None` follows `Options.deterministic` (default True).
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of the mapped elements, same cardinality.

        Raises:
            TypeError: if `map_func` is not callable or `num_parallel_calls` is not an int.
            ValueError: if `num_parallel_calls` is 0 or below -1.
        """
        from keraslike._src.data.functional import MapDataset

        if num_parallel_calls is not None:
            num_parallel_calls = _as_int(num_parallel_calls, "num_parallel_calls", -1)
            if num_parallel_calls == 0:
                raise ValueError("Expected `num_parallel_calls` to be a positive integer or tf.data.AUTOTUNE. "
                                 "Received: num_parallel_calls=0")
        return MapDataset(self, map_func, num_parallel_calls,
                          None if deterministic is None else bool(deterministic))

    def filter(self, predicate, name=None):
        """Keeps the elements for which `predicate` returns True.

        Mirrors `DatasetV2.filter` (same calling convention as `map`).

        Args:
            predicate: function from an element to a scalar bool tensor or Python bool.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of UNKNOWN cardinality.

        Raises:
            TypeError: if `predicate` is not callable, or (at iteration) returns
                something other than a scalar bool.
        """
        from keraslike._src.data.functional import FilterDataset

        return FilterDataset(self, predicate)

    def flat_map(self, map_func, name=None):
        """Maps each element to a dataset and concatenates those datasets.

        Mirrors `DatasetV2.flat_map`.

        Args:
            map_func: function from an element to a `Dataset`.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of UNKNOWN cardinality.

        Raises:
            TypeError: if `map_func` does not return a `Dataset` (at iteration).
        """
        from keraslike._src.data.functional import FlatMapDataset

        return FlatMapDataset(self, map_func)

    def interleave(self, map_func, cycle_length=None, block_length=None, num_parallel_calls=None,
                   deterministic=None, name=None):
        """Maps each element to a dataset and interleaves their elements round-robin.

        Mirrors `DatasetV2.interleave` (sequential, deterministic order).

        Args:
            map_func: function from an element to a `Dataset`.
            cycle_length: datasets open at once; `None`/`tf.data.AUTOTUNE` means the CPU count.
            block_length: consecutive elements taken from one dataset per turn, default 1.
            num_parallel_calls, deterministic, name: accepted for TF compatibility.

        Returns:
            A `Dataset` of UNKNOWN cardinality.

        Raises:
            ValueError: if `cycle_length` or `block_length` is < 1 (other than AUTOTUNE).
        """
        import os

        from keraslike._src.data.functional import InterleaveDataset

        if cycle_length is None or cycle_length == -1:
            cycle_length = os.cpu_count() or 1
        block_length = 1 if block_length is None else block_length
        return InterleaveDataset(self, map_func, _as_int(cycle_length, "cycle_length", 1),
                                 _as_int(block_length, "block_length", 1))

    def enumerate(self, start=0, name=None):
        """Pairs each element with its int64 position: `(start + i, element)`.

        Mirrors `DatasetV2.enumerate`.

        Args:
            start: int, the first index.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of `(scalar int64 tensor, element)` tuples.
        """
        from keraslike._src.data.functional import EnumerateDataset

        return EnumerateDataset(self, _as_int(start, "start", -(2**63)))

    def concatenate(self, dataset, name=None):
        """Appends the elements of `dataset` after this dataset's.

        Mirrors `DatasetV2.concatenate`.

        Args:
            dataset: a `Dataset` with the same structure and dtypes.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` with the most specific spec compatible with both inputs.

        Raises:
            TypeError: if the structures or dtypes differ.
        """
        from keraslike._src.data.functional import ConcatenateDataset

        return ConcatenateDataset(self, dataset)

    def cache(self, filename="", name=None):
        """Caches the elements of the first complete pass and replays them afterwards.

        Mirrors `DatasetV2.cache`. The cache is kept in memory even when `filename`
        is given. A `shuffle` before `cache` is thus fixed; put it after to reshuffle.

        Args:
            filename: accepted for TF compatibility (no file is written).
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` with the same elements.
        """
        from keraslike._src.data.stream_ops import CacheDataset

        return CacheDataset(self, filename)

    def prefetch(self, buffer_size, name=None):
        """Returns a dataset that produces up to `buffer_size` elements ahead of the consumer.

        Mirrors `DatasetV2.prefetch`. Elements, order and errors are unchanged. In-memory
        pipelines (slices/range, shuffle, repeat, batch, ..., with only vectorized maps) are
        produced on a background thread; pipelines running other user code (random or
        stateful maps, generators, filters) are produced on the consumer's thread, so seeded
        runs draw random numbers in the same order. See `keraslike/_src/data/prefetch.py`.

        Args:
            buffer_size: int >= -1: the most elements produced ahead; `tf.data.AUTOTUNE`
                (-1) picks 2 (enough to overlap one step); 0 produces on demand.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` with the same elements.

        Raises:
            ValueError: if `buffer_size < -1`.
        """
        from keraslike._src.data.prefetch import AUTOTUNE_BUFFER
        from keraslike._src.data.stream_ops import PassThroughDataset

        size = _as_int(buffer_size, "buffer_size", -1)
        return PassThroughDataset(self, buffer_size=AUTOTUNE_BUFFER if size == -1 else size)

    def with_options(self, options, name=None):
        """Returns the dataset with `options` merged over the current ones.

        Mirrors `DatasetV2.with_options`; options set later win.

        Args:
            options: a `tf.data.Options`.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` with the same elements whose `options()` include `options`.

        Raises:
            TypeError: if `options` is not a `tf.data.Options`.
        """
        from keraslike._src.data.stream_ops import PassThroughDataset

        if not isinstance(options, Options):
            raise TypeError(f"Expected a tf.data.Options. Received: options={options!r}")
        return PassThroughDataset(self, options)

    def apply(self, transformation_func):
        """Returns `transformation_func(self)` (TF's `DatasetV2.apply`).

        Args:
            transformation_func: function from a `Dataset` to a `Dataset`.

        Returns:
            The returned `Dataset`.

        Raises:
            TypeError: if the function does not return a `Dataset`.
        """
        result = transformation_func(self)
        if not isinstance(result, DatasetTransformations):
            raise TypeError("Expected `transformation_func` to return a Dataset. "
                            f"Received: result={result!r}")
        return result
