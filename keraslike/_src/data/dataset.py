"""`tf.data.Dataset`: the base class, its constructors and its consumers.

Mirrors `tensorflow/python/data/ops/dataset_ops.py` (`DatasetV2`). Transformations
(batch, map, shuffle, ...) validate their arguments TF-style and return a subclass implemented in a
sibling module (`sources.py`, `stream_ops.py`, `batching.py`, `functional.py`, `generator_dataset.py`).
Those subclass `Dataset`, so this module cannot import them: each joins `_IMPLEMENTATIONS` when it is
defined (`Dataset.__init_subclass__`), and `keraslike/_src/data/__init__.py` imports them all, so the
table is full before any `Dataset` method runs.

How a dataset is iterated:
  * `_plan()` returns an `IndexPlan` when the dataset is an in-memory source plus
    reordering/batching steps; elements are then gathered by index (fast path);
  * otherwise `_generic_elements()` yields elements one by one, pulling from inputs.
Both paths run the same ordering code, so they give the same elements.

Example:
    >>> ds = Dataset.from_tensor_slices(np.arange(10)).shuffle(10, seed=1).batch(4)
    >>> [b.shape for b in ds]
    [torch.Size([4]), torch.Size([4]), torch.Size([2])]
"""

import os

from keraslike._src import errors
from keraslike._src.data import cardinality as card
from keraslike._src.data import error_skipping
from keraslike._src.data import structure as nest
from keraslike._src.data.dataset_spec import register_dataset_type
from keraslike._src.data.iterator import DatasetIterator
from keraslike._src.data.numpy_iterator import NumpyIterator
from keraslike._src.data.options import Options, merge_options
from keraslike._src.data.prefetch import AUTOTUNE_BUFFER
from keraslike._src.io import gfile
from keraslike._src.ops import trace_state
from keraslike._src.ops.string_tensor import as_string_array

FAST_PATH_ENABLED = True
"""Tests switch this off to compare the gather path with the element-by-element path."""

_PACKAGE = __name__.split(".")[0] + "._src."  # "keraslike._src.": only keraslike's own subclasses join the table
_IMPLEMENTATIONS = {}
"""Class name -> keraslike's `Dataset` subclass of that name; each joins when it is defined."""


def _implementation(name):
    """keraslike's `Dataset` subclass called `name` (e.g. "BatchDataset"), which a transformation returns."""
    try:
        return _IMPLEMENTATIONS[name]
    except KeyError:
        raise RuntimeError(f"No Dataset subclass {name!r} is defined: keraslike/_src/data/__init__.py must import "
                           f"the module that implements it. Received: name={name!r}") from None


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



@register_dataset_type
class Dataset:
    """A sequence of elements (nested structures of tensors) built and iterated like tf.data.

    Build one with `from_tensor_slices`, `from_tensors`, `from_generator` or `range`,
    chain transformations, and iterate it with `for` (eager, like TF2). Elements are
    `torch.Tensor`s (strings: numpy `bytes` arrays) in the nesting they were given:
    tuples stay tuples, dicts stay dicts.

    Subclasses implement `_cardinality()`, `_generic_elements()` and, when they can
    run over index streams, `_plan()`.
    """

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        if cls.__module__.startswith(_PACKAGE):
            _IMPLEMENTATIONS.setdefault(cls.__name__, cls)

    def _trackable_children(self):
        """A checkpoint may hold a dataset, as TF's: a node with nothing saved (its iterators save positions)."""
        return []

    def __init__(self, element_spec, inputs=()):
        self._element_spec = element_spec
        self._inputs = tuple(inputs)
        self._own_options = None

    # ------------------------------------------------------------- subclass hooks
    def _cardinality(self):
        raise NotImplementedError

    def _generic_elements(self):
        raise NotImplementedError

    def _plan(self):
        """An `IndexPlan` when this dataset can be gathered by index, else `None`."""
        return

    def _elements(self):
        """A fresh iterator over this dataset's elements (fast path when possible)."""
        plan = self._plan() if FAST_PATH_ENABLED and not error_skipping.active() else None
        return self._plan_elements(plan) if plan is not None else self._generic_elements()

    def _plan_elements(self, plan):
        """Iterates this dataset's `IndexPlan` (`prefetch` overrides it to produce ahead)."""
        return plan.elements()

    # ------------------------------------------------------------- introspection
    @property
    def element_spec(self):
        """The type specification of an element: a nested structure of `TensorSpec`.

        Returns:
            Structure matching one element, e.g. `(TensorSpec(shape=(None, 3),
            dtype=tf.float32), TensorSpec(shape=(None,), dtype=tf.int64))` after `batch`.
        """
        return self._element_spec

    def cardinality(self):
        """Returns the number of elements, if it is known without iterating.

        Mirrors `DatasetV2.cardinality` in `tensorflow/python/data/ops/dataset_ops.py`.

        Returns:
            Scalar int64 tensor: the count, `tf.data.INFINITE_CARDINALITY` (-1) or
            `tf.data.UNKNOWN_CARDINALITY` (-2, e.g. after `filter`).
        """
        return card.as_tensor(self._cardinality())

    def __len__(self):
        """Returns the number of elements (TF's `DatasetV2.__len__`).

        Raises:
            TypeError: if the dataset is infinite or its length is unknown.
        """
        count = self._cardinality()
        if count == card.INFINITE:
            raise TypeError("The dataset is infinite.")
        if count == card.UNKNOWN:
            raise TypeError("The dataset length is unknown.")
        return count

    def __bool__(self):
        return True

    def __iter__(self):
        """Returns an iterator over the elements (TF's `OwnedIterator`).

        Every call starts a new pass; a `shuffle` with `reshuffle_each_iteration=True`
        gives a new order each time.
        """
        trace_state.check_python_iteration("a tf.data.Dataset")
        return DatasetIterator(self._elements(), self)

    _tf_repr_name = None  # TF's class name where it is not `_` + this class's (see `__repr__`)

    def __repr__(self):
        """`<_RangeDataset element_spec=...>`: TF's text, with TF's (private) class name for the operation."""
        return f"<{self._tf_repr_name or '_' + type(self).__name__} element_spec={self.element_spec!r}>"

    def options(self):
        """Returns the `tf.data.Options` of this dataset, merged over all its inputs.

        Returns:
            A new `tf.data.Options`; options set later in the pipeline win.
        """
        merged = merge_options(*(d.options() for d in self._inputs))
        return merged if self._own_options is None else merge_options(merged, self._own_options)

    # ----------------------------------------------------------------- consumers
    def as_numpy_iterator(self):
        """Returns an iterator converting each element's tensors to numpy.

        Mirrors `DatasetV2.as_numpy_iterator`. Structure is kept; scalars become numpy
        scalars, strings become `bytes`.

        Returns:
            An iterator of numpy-valued elements (`next(it)` or TF's `it.next()`).
        """
        return NumpyIterator(iter(self._elements()))

    def reduce(self, initial_state, reduce_func):
        """Reduces all elements to one value: `state = reduce_func(state, element)`.

        Mirrors `DatasetV2.reduce`. The element is passed as one argument (a tuple
        element is not unpacked), matching TF.

        Args:
            initial_state: the starting state (a nested structure of tensor-like values).
            reduce_func: `(state, element) -> new_state` with the structure of the state.

        Returns:
            The final state, its leaves converted to tensors.

        Raises:
            ValueError: if `reduce_func` returns a differently nested state.
        """
        state = nest.normalize(initial_state)
        for element in self._elements():
            new_state = nest.normalize(nest.list_to_tuple(reduce_func(state, element)))
            nest.assert_same_structure(state, new_state)
            state = new_state
        return state

    def get_single_element(self):
        """Returns the only element (`tf.data.Dataset.get_single_element`).

        Raises:
            ValueError: if the dataset does not hold exactly one element.
        """
        iterator = self._elements()
        sentinel = object()
        first = next(iterator, sentinel)
        if first is sentinel or next(iterator, sentinel) is not sentinel:
            count = "0" if first is sentinel else "more than 1"
            raise ValueError(f"Expected a dataset with exactly one element. Received: num_elements={count}")
        return first

    # ------------------------------------------------------------ transformations
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
        return _implementation("BatchDataset")(self, _as_int(batch_size, "batch_size", 1), bool(drop_remainder))

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
        return _implementation("PaddedBatchDataset")(self, _as_int(batch_size, "batch_size", 1), padded_shapes,
                                                     padding_values, bool(drop_remainder))

    def ragged_batch(self, batch_size, drop_remainder=False, row_splits_dtype=None, name=None):
        """Batches elements of different lengths into RaggedTensors (rows keep their own lengths).

        Mirrors `DatasetV2.ragged_batch`: components of rank >= 1 (and RaggedTensors) become
        RaggedTensors with one more ragged dimension; scalars are batched densely.

        Args:
            batch_size: positive int, elements per batch.
            drop_remainder: drop a final partial batch.
            row_splits_dtype: int64 (default) or int32 for the new row splits.
            name: unused, for TF compatibility.

        Raises:
            ValueError: if `batch_size < 1`.
        """
        return _implementation("RaggedBatchDataset")(self, _as_int(batch_size, "batch_size", 1), bool(drop_remainder),
                                                     row_splits_dtype)

    def sparse_batch(self, batch_size, row_shape, name=None):
        """Batches dense elements of varying shape into `[batch] + row_shape` SparseTensors (`DatasetV2.sparse_batch`).

        Every position of an element (zeros too) is an entry; elements must fit in `row_shape`.

        Raises:
            ValueError: `batch_size < 1`, or a `row_shape` that does not fit the elements' rank.
            tf.errors.InvalidArgumentError (when iterating): an element larger than `row_shape`.
        """
        return _implementation("SparseBatchDataset")(self, _as_int(batch_size, "batch_size", 1), row_shape)

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
        return _implementation("UnbatchDataset")(self)

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
        reshuffle = True if reshuffle_each_iteration is None else bool(reshuffle_each_iteration)
        seed = None if seed is None else _as_int(seed, "seed", -(2**63))
        return _implementation("ShuffleDataset")(self, _as_int(buffer_size, "buffer_size", 1), seed, reshuffle)

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
        return _implementation("RepeatDataset")(self, -1 if count is None else _as_int(count, "count", -1))

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
        return _implementation("TakeDataset")(self, _as_int(count, "count", -1))

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
        return _implementation("SkipDataset")(self, _as_int(count, "count", -1))

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
        num_shards = _as_int(num_shards, "num_shards", 1)
        index = _as_int(index, "index", 0)
        if index >= num_shards:
            raise ValueError(
                f"Expected `index` to be in [0, num_shards={num_shards}). Received: index={index}")
        return _implementation("ShardDataset")(self, num_shards, index)

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
        if num_parallel_calls is not None:
            num_parallel_calls = _as_int(num_parallel_calls, "num_parallel_calls", -1)
            if num_parallel_calls == 0:
                raise ValueError("Expected `num_parallel_calls` to be a positive integer or tf.data.AUTOTUNE. "
                                 "Received: num_parallel_calls=0")
        return _implementation("MapDataset")(self, map_func, num_parallel_calls,
                                             None if deterministic is None else bool(deterministic))

    def ignore_errors(self, log_warning=False, name=None):
        """Drops the elements whose production raised (a `map` function's error: `check_numerics`, a parse, a
        `py_function`); with `log_warning=True` each dropped element logs `Ignoring error: ...`.

        Mirrors `DatasetV2.ignore_errors`. An error from another source (a generator that raised) ends the
        dataset there, as the source cannot continue.

        Returns:
            A `Dataset` of the elements produced without error (unknown cardinality).
        """
        return _implementation("IgnoreErrorsDataset")(self, log_warning)

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
        return _implementation("FilterDataset")(self, predicate)

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
        return _implementation("FlatMapDataset")(self, map_func)

    def interleave(self, map_func, cycle_length=None, block_length=None, num_parallel_calls=None,
                   deterministic=None, name=None):
        """Maps each element to a dataset and interleaves their elements round-robin.

        Mirrors `DatasetV2.interleave`: `cycle_length` datasets are open at once and
        `block_length` consecutive elements are taken from each in turn.

        Args:
            map_func: function from an element to a `Dataset`.
            cycle_length: datasets open at once; `None`/`tf.data.AUTOTUNE` means the CPU count.
            block_length: consecutive elements taken from one dataset per turn, default 1.
            num_parallel_calls: `None` (sequential), a positive int or `tf.data.AUTOTUNE`
                (= `cycle_length`): that many open datasets produce ahead on threads at once
                (datasets that run user code, e.g. a `map` inside, are produced on the
                consumer's thread; see `keraslike/_src/data/parallel_interleave.py`).
            deterministic: with parallel calls, `False` lets a ready element of another open
                dataset come first; `None` follows `Options.deterministic` (default True).
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of UNKNOWN cardinality.

        Raises:
            ValueError: if `cycle_length` or `block_length` is < 1 (other than AUTOTUNE), or
                `num_parallel_calls` is 0 or below -1.
            TypeError: if one of them is not an int.
        """
        if cycle_length is None or cycle_length == -1:
            cycle_length = os.cpu_count() or 1
        block_length = 1 if block_length is None else block_length
        if num_parallel_calls is not None:
            num_parallel_calls = _as_int(num_parallel_calls, "num_parallel_calls", -1)
            if num_parallel_calls == 0:
                raise ValueError("Expected `num_parallel_calls` to be a positive integer or tf.data.AUTOTUNE. "
                                 "Received: num_parallel_calls=0")
        return _implementation("InterleaveDataset")(self, map_func, _as_int(cycle_length, "cycle_length", 1),
                                                    _as_int(block_length, "block_length", 1), num_parallel_calls,
                                                    None if deterministic is None else bool(deterministic))

    def enumerate(self, start=0, name=None):
        """Pairs each element with its int64 position: `(start + i, element)`.

        Mirrors `DatasetV2.enumerate`.

        Args:
            start: int, the first index.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of `(scalar int64 tensor, element)` tuples.
        """
        return _implementation("EnumerateDataset")(self, _as_int(start, "start", -(2**63)))

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
        return _implementation("ConcatenateDataset")(self, dataset)

    def snapshot(self, path, compression="AUTO", reader_func=None, shard_func=None, name=None):
        """Persists the elements of the first complete pass under `path`; later passes read them back.

        Mirrors `DatasetV2.snapshot` for the same elements: the first pass over the dataset writes them (in
        keraslike's file-cache format, `file_cache.py`) into a folder of its own under `path`, and every later
        pass of this dataset reads that folder. TF also reuses a snapshot in a later run when the pipeline's
        graph fingerprint matches; keraslike cannot fingerprint a Python pipeline, so a later run writes a new
        snapshot rather than risk elements of a changed pipeline.

        Args:
            path: the folder under which the snapshot is written (created if needed).
            compression: "AUTO", None or "" (keraslike's files are uncompressed; "GZIP"/"SNAPPY" raise).
            reader_func: not supported (raises when given).
            shard_func: not supported (raises when given).
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` with the same elements.

        Raises:
            TypeError: if `path` is not a str or path.
            ValueError: for a compression, `reader_func` or `shard_func` keraslike does not implement.
        """
        if not isinstance(path, (str, os.PathLike)):
            raise TypeError(f"Expected `path` to be a string or path. Received: path={path!r}")
        if compression not in ("AUTO", None, ""):
            raise ValueError("keraslike writes snapshots uncompressed; only compression='AUTO' (or None) is "
                             f"supported. Received: compression={compression!r}")
        for arg, value in (("reader_func", reader_func), ("shard_func", shard_func)):
            if value is not None:
                raise ValueError(f"keraslike's Dataset.snapshot writes one shard and reads it in order; `{arg}` "
                                 f"is not supported. Received: {arg}={value!r}")
        return _implementation("SnapshotDataset")(self, os.fspath(path))

    def cache(self, filename="", name=None):
        """Caches the elements of the first complete pass and replays them afterwards.

        Mirrors `DatasetV2.cache`. Without `filename` the cache is kept in memory. With one,
        the first complete pass writes `<filename>.index` and `<filename>.data-00000-of-00001`
        (atomically, one element at a time, no pickle) and every later pass, also in a later
        run of the program, reads them; a pass stopped early writes no cache (and warns).
        See `keraslike/_src/data/file_cache.py`. A `shuffle` before `cache` is thus fixed;
        put it after to reshuffle.

        Args:
            filename: `""` (memory) or a path prefix (str or `os.PathLike`) for the cache files.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` with the same elements.

        Raises:
            TypeError: if `filename` is not a str or path.
            NotFoundError: at iteration, when the folder of `filename` does not exist.
            DataLossError: at iteration, when existing cache files are not a complete keraslike cache.
        """
        if not isinstance(filename, (str, os.PathLike)):
            raise TypeError(f"Expected `filename` to be a string or path. Received: filename={filename!r}")
        return _implementation("CacheDataset")(self, os.fspath(filename))

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
        size = _as_int(buffer_size, "buffer_size", -1)
        return _implementation("PassThroughDataset")(self, buffer_size=AUTOTUNE_BUFFER if size == -1 else size)

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
        if not isinstance(options, Options):
            raise TypeError(f"Expected a tf.data.Options. Received: options={options!r}")
        return _implementation("PassThroughDataset")(self, options)

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
        if not isinstance(result, Dataset):
            raise TypeError("Expected `transformation_func` to return a Dataset. "
                            f"Received: result={result!r}")
        return result

    def window(self, size, shift=None, stride=1, drop_remainder=False, name=None):
        """Groups elements into windows, each a dataset (per component) of up to `size` elements.

        Mirrors `DatasetV2.window`: window k starts at input element `k * shift` and takes every `stride`-th
        element from there; a tuple/dict element gives a tuple/dict of datasets (so
        `ds.window(3).flat_map(lambda w: w.batch(3))` makes sliding batches).

        Args:
            size: positive int, the elements per window.
            shift: positive int, input elements between window starts (default `size`).
            stride: positive int, the step between the input elements of one window.
            drop_remainder: drop the final windows that would hold fewer than `size` elements.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` whose `element_spec` is the element structure of `tf.data.DatasetSpec`s.

        Raises:
            ValueError: a non-positive `size`, `shift` or `stride`.
        """
        size = _as_int(size, "size", 1)
        shift = size if shift is None else _as_int(shift, "shift", 1)
        return _implementation("WindowDataset")(self, size, shift, _as_int(stride, "stride", 1), bool(drop_remainder))

    def scan(self, initial_state, scan_func, name=None):
        """A running state threaded through the elements: `(state, output) = scan_func(state, element)`.

        Mirrors `DatasetV2.scan`; the element is passed as one argument (a tuple element stays a tuple).

        Args:
            initial_state: nested structure of tensor-likes, the first state.
            scan_func: `(state, element) -> (new_state, output_element)`; the new state keeps the initial
                state's structure and dtypes.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of the outputs, same cardinality.

        Raises:
            TypeError: `scan_func` not callable, or (at iteration) a result that is not a pair or changes the
                state's structure or dtypes.
        """
        return _implementation("ScanDataset")(self, initial_state, scan_func)

    def unique(self, name=None):
        """Each distinct element once, in order of first occurrence (`DatasetV2.unique`).

        Raises:
            TypeError: elements that are not one tf.int32, tf.int64 or tf.string component.
        """
        return _implementation("UniqueDataset")(self)

    def take_while(self, predicate, name=None):
        """The elements before the first one for which `predicate` is False (`DatasetV2.take_while`).

        Raises:
            TypeError: `predicate` not callable, or (at iteration) not returning a scalar bool.
        """
        return _implementation("TakeWhileDataset")(self, predicate)

    def group_by_window(self, key_func, reduce_func, window_size=None, window_size_func=None, name=None):
        """Groups elements by key and reduces each group (window) to a dataset.

        Mirrors `DatasetV2.group_by_window`: `key_func(element)` gives a scalar int64 key; once a key's group
        holds `window_size` (or `window_size_func(key)`) elements, `reduce_func(key, window_dataset)` runs and
        its dataset's elements are output; at the end the unfinished groups are reduced in key order.

        Args:
            key_func: element -> scalar tf.int64.
            reduce_func: `(key, dataset) -> dataset`.
            window_size: positive int, or None when `window_size_func` is given.
            window_size_func: key -> positive int64, or None when `window_size` is given.
            name: unused, for TF compatibility.

        Raises:
            ValueError: both or neither of `window_size` and `window_size_func`.
        """
        if (window_size is None) == (window_size_func is None):
            raise ValueError("Either the `window_size` argument or the `window_size_func` argument must be "
                             f"specified. Received: window_size={window_size!r}, window_size_func={window_size_func!r}")
        if window_size is not None:
            size = _as_int(window_size, "window_size", 1)
            window_size_func = lambda key: size  # noqa: E731
        return _implementation("GroupByWindowDataset")(self, key_func, reduce_func, window_size_func)

    def bucket_by_sequence_length(self, element_length_func, bucket_boundaries, bucket_batch_sizes,
                                  padded_shapes=None, padding_values=None, pad_to_bucket_boundary=False,
                                  no_padding=False, drop_remainder=False, name=None):
        """Batches elements of similar length together, padding each batch to its longest element.

        Mirrors `DatasetV2.bucket_by_sequence_length`. Bucket i holds lengths in
        `[bucket_boundaries[i-1], bucket_boundaries[i])` (from 0, the last unbounded) and emits a batch
        when it holds `bucket_batch_sizes[i]` elements; leftovers are batched at the end (by bucket order).

        Args:
            element_length_func: element -> scalar int length.
            bucket_boundaries: increasing ints.
            bucket_batch_sizes: `len(bucket_boundaries) + 1` positive ints.
            padded_shapes, padding_values: as in `padded_batch` (default: pad unknown dims to the batch's longest).
            pad_to_bucket_boundary: pad unknown dims to `bucket_boundary - 1` instead (elements must then be
                shorter than the last boundary).
            no_padding: batch with `batch` (elements of one bucket must have one shape).
            drop_remainder: drop partial batches.
            name: unused, for TF compatibility.

        Raises:
            ValueError: mismatched list lengths or non-increasing boundaries.
        """
        return _implementation("BucketBySequenceLengthDataset")(
            self, element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes, padding_values,
            bool(pad_to_bucket_boundary), bool(no_padding), bool(drop_remainder))

    def rejection_resample(self, class_func, target_dist, initial_dist=None, seed=None, name=None):
        """Resamples by rejection so that the classes follow `target_dist`; elements are `(class, element)`.

        Mirrors `DatasetV2.rejection_resample`: each element of class `c = class_func(element)` is kept with
        probability `(t_c / p_c) / max_k (t_k / p_k)`, with `p` the `initial_dist` or the class frequencies
        seen so far. Under replicas the draws are agreed like `shuffle`'s.

        Args:
            class_func: element -> int class in `[0, num_classes)`.
            target_dist: the wanted class probabilities (sums to 1).
            initial_dist: the input's class probabilities, if known.
            seed: optional int seed of the acceptance draws.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of `(int64 class, element)` pairs.
        """
        return _implementation("RejectionResampleDataset")(self, class_func, target_dist, initial_dist, seed)

    def rebatch(self, batch_size, drop_remainder=False, name=None):
        """Re-cuts a batched dataset into batches of `batch_size` rows (a list of sizes is cycled through).

        Mirrors `DatasetV2.rebatch`: the same rows in the same order, as `unbatch().batch(batch_size)` would
        give; with a list, batch k has `batch_size[k % len(batch_size)]` rows.

        Raises:
            ValueError: non-positive sizes, or unbatched (scalar) components.
        """
        return _implementation("RebatchDataset")(self, batch_size, bool(drop_remainder))

    def save(self, path, compression=None, shard_func=None, checkpoint_args=None):
        """Writes the elements under the directory `path`; `tf.data.Dataset.load(path)` reads them back.

        Mirrors `DatasetV2.save` in use; the format is keraslike's own (documented in
        `keraslike/_src/data/save_load.py`: JSON spec + `.npy` records, no pickle), written atomically.

        Args:
            path: directory to write (an existing save there is replaced).
            compression: None or "GZIP".
            shard_func: optional `element -> int64` shard index (default: one shard).
            checkpoint_args: not supported; passing it raises ValueError.
        """
        _implementation("LoadDataset").write(self, path, compression, shard_func, checkpoint_args)

    @staticmethod
    def load(path, element_spec=None, compression=None, reader_func=None, wait=False):
        """Reads a dataset written by `Dataset.save` (keraslike's format).

        Args:
            path: the save's directory.
            element_spec: optional; must equal the saved spec.
            compression: must be the compression the save used.
            reader_func: optional `(dataset of shard datasets) -> dataset`, e.g.
                `lambda shards: shards.interleave(lambda x: x, cycle_length=2)`; default: shards in order.
            wait: accepted: keraslike saves are complete when `save` returns, so there is nothing to wait for.

        Raises:
            FileNotFoundError: no keraslike save at `path` (TF snapshots are not read). ValueError: a spec or
                compression that differs from the save's.
        """
        return _implementation("LoadDataset")(path, element_spec, compression, reader_func, wait)

    @staticmethod
    def random(seed=None, rerandomize_each_iteration=None, name=None):
        """An infinite dataset of random int64 scalars, uniform over `[0, 2**32)` (`DatasetV2.random`).

        Args:
            seed: optional int; None draws one from torch's global RNG (`tf.random.set_seed`).
            rerandomize_each_iteration: if True each pass draws new numbers; default False repeats them.
            name: unused, for TF compatibility.
        """
        seed = None if seed is None else _as_int(seed, "seed", -(2**63))
        return _implementation("RandomDataset")(seed, bool(rerandomize_each_iteration))

    @staticmethod
    def counter(start=0, step=1, dtype=None, name=None):
        """An infinite dataset `start, start + step, ...` of scalars of `dtype` (default tf.int64); `DatasetV2.counter`.

        Raises:
            TypeError: a string dtype.
        """
        return _implementation("Counter")(start, step, "int64" if dtype is None else dtype)

    @staticmethod
    def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=True):
        """Element i is the next element of `datasets[c_i]`, `c_i` the i-th element of `choice_dataset`.

        Mirrors `DatasetV2.choose_from_datasets`. When a chosen dataset is empty, the result ends
        (`stop_on_empty_dataset=True`) or that choice is skipped.

        Raises:
            TypeError: datasets of different structures, or a `choice_dataset` not of scalar tf.int64.
        """
        return _implementation("ChooseFromDatasetsDataset")(datasets, choice_dataset, stop_on_empty_dataset)

    @staticmethod
    def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False,
                             rerandomize_each_iteration=None):
        """Each element from one of `datasets`, drawn with probabilities `weights` (default uniform).

        Mirrors `DatasetV2.sample_from_datasets`: an exhausted dataset ends the result
        (`stop_on_empty_dataset=True`) or drops out, the others' weights renormalized. `weights` may be a list
        or a dataset of weight vectors (one per element). Draws are seeded like `shuffle`'s.

        Raises:
            TypeError: datasets of different structures. ValueError: bad weights.
        """
        seed = None if seed is None else _as_int(seed, "seed", -(2**63))
        return _implementation("SampleFromDatasetsDataset")(datasets, weights, seed, stop_on_empty_dataset,
                                                            rerandomize_each_iteration)

    # --------------------------------------------------------------- constructors
    @staticmethod
    def from_tensor_slices(tensors, name=None):
        """Creates a dataset whose elements are slices of `tensors` along their first dimension.

        Mirrors `DatasetV2.from_tensor_slices`. Leaves may be numpy arrays, torch
        tensors or (nested) Python lists; tuples and dicts are structure. Python floats
        become float32 and ints int32, numpy/torch dtypes are kept. Numpy arrays and
        tensors are held without copying (yielded batches are fresh copies), so modify
        them after building the dataset only if the dataset should see the change.

        Args:
            tensors: a nested structure of tensor-like values, all with the same first
                dimension `N`.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of `N` elements, each of shape `leaf.shape[1:]`. Batches of it are
            gathered with one index op per component.

        Raises:
            ValueError: if a leaf is a scalar or the first dimensions differ.
        """
        return _implementation("TensorSliceDataset")(tensors)

    @staticmethod
    def list_files(file_pattern, shuffle=None, seed=None, name=None):
        """A dataset of the file names (scalar `tf.string`) matching `file_pattern` (one glob or a list of them).

        Mirrors `DatasetV2.list_files`: the sorted matches, shuffled again every epoch unless
        `shuffle=False` (`seed` makes the order reproducible; under replicas the order is agreed).

        Raises:
            tf.errors.InvalidArgumentError: if no file matches.
        """
        patterns = [p.decode("utf-8") for p in as_string_array(
            [file_pattern] if isinstance(file_pattern, (str, bytes)) else file_pattern).reshape(-1)]
        names = sorted({match for pattern in patterns for match in gfile.glob(pattern)})
        if not names:
            raise errors.InvalidArgumentError(None, None, f"Expect a non-empty file list: no files match "
                                              f"{patterns!r}. Received: file_pattern={file_pattern!r}")
        dataset = _implementation("TensorSliceDataset")(names)
        if shuffle or shuffle is None:
            dataset = dataset.shuffle(len(names), seed=seed)
        return dataset

    @staticmethod
    def from_tensors(tensors, name=None):
        """Creates a dataset with the single element `tensors`.

        Mirrors `DatasetV2.from_tensors`.

        Args:
            tensors: a nested structure of tensor-like values.
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of exactly one element.
        """
        return _implementation("TensorDataset")(tensors)

    @staticmethod
    def range(*args, output_type=None, dtype=None, name=None):
        """Creates a dataset of a step-separated range: `range(stop)` or `range(start, stop[, step])`.

        Mirrors `DatasetV2.range` (Python `range` semantics).

        Args:
            *args: `stop`, or `start, stop`, or `start, stop, step` (ints).
            output_type: element dtype, default `tf.int64` (`dtype` is accepted as alias).
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of scalar tensors.

        Raises:
            ValueError: for a wrong number of arguments or `step == 0`.
        """
        return _implementation("RangeDataset")(args, output_type if output_type is not None else dtype)

    @staticmethod
    def from_generator(generator, output_types=None, output_shapes=None, args=None,
                       output_signature=None, name=None):
        """Creates a dataset whose elements are produced by calling `generator(*args)`.

        Mirrors `DatasetV2.from_generator`. The generator is called anew for each pass.
        Each yielded value is converted to the declared dtypes and checked against the
        declared shapes.

        Args:
            generator: a callable returning an iterator.
            output_types: (deprecated in TF) nested dtypes of an element.
            output_shapes: (deprecated in TF) nested shapes matching `output_types`;
                default unknown.
            args: optional tuple of arguments, passed to `generator` as numpy values
                (strings as `bytes`).
            output_signature: nested `TensorSpec`s describing an element (preferred).
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` of unknown cardinality.

        Raises:
            TypeError: if `generator` is not callable, neither or both of
                `output_types`/`output_signature` are given, or a yielded value does not
                match the declared structure or dtype.
            ValueError: if a yielded value does not match the declared shape.
        """
        return _implementation("GeneratorDataset")(generator, output_types, output_shapes, args, output_signature)

    @staticmethod
    def zip(*args, datasets=None, name=None):
        """Zips datasets: element `i` is the structure of the inputs' elements `i`.

        Mirrors `DatasetV2.zip`: `zip(a, b)`, `zip((a, b))` and `zip({"x": a, "y": b})`
        are accepted. The result stops with its shortest input.

        Args:
            *args: datasets, or one nested structure (tuple/dict) of datasets.
            datasets: the nested structure as a keyword (TF >= 2.13).
            name: unused, for TF compatibility.

        Returns:
            A `Dataset` whose elements have the structure of the inputs.

        Raises:
            TypeError: if both forms are given, none is, or a leaf is not a Dataset.
        """
        if datasets is not None and args:
            raise TypeError("Expected either positional datasets or datasets=, not both. "
                            f"Received: args={args!r}, datasets={datasets!r}")
        if datasets is None:
            if not args:
                raise TypeError("Expected at least one dataset to zip. Received: args=()")
            datasets = args[0] if len(args) == 1 else args
        return _implementation("ZipDataset")(datasets)

