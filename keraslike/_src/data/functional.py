"""Element-wise and combining transformations: map, filter, enumerate, zip, concatenate.

Mirrors `tensorflow/python/data/ops/{map,filter,zip,concatenate}_op.py` and
`structured_function.py` (how user functions are called). These run element by
element; a `map` placed after `batch` is still vectorized, since it sees whole batches, and an
element-wise `map` over in-memory data that is later batched runs once per batch through
`torch.func.vmap` when that gives the same result (see `vectorized_map.py`).

TF calling convention: a tuple element is unpacked into positional arguments; any
other element (a dict, a namedtuple, a single tensor) is passed as one argument. A
returned list becomes a tuple and returned leaves become tensors.
"""

import collections
import concurrent.futures
import itertools
import os
import threading

import numpy as np
import torch

from keraslike._src.data import cardinality as card
from keraslike._src.data import error_skipping
from keraslike._src.data import shuffle
from keraslike._src.data import structure as nest
from keraslike._src.data.dataset import Dataset, _implementation
from keraslike._src.data.dataset_spec import DatasetSpec
from keraslike._src.data.parallel_interleave import parallel_interleave
from keraslike._src.ops.tensor_spec import TensorSpec, string
from keraslike._src.ragged.ragged_tensor_spec import RaggedTensorSpec
from keraslike._src.sparse.sparse_tensor import SparseTensorSpec
from keraslike._src.ops import function_scope, trace_state
from keraslike._src.ops.string_tensor import StringTensor
from keraslike._src.data.vectorized_map import MappedSource, MapVectorizer

_TRACE_SIZE = 7  # stands for unknown dimensions when the map function is traced


def call_with_element(fn, element):
    """Calls `fn` the way tf.data does: plain tuples are unpacked, anything else is one argument; as a function
    body (TF traces dataset functions: `tf.executing_eagerly()` is False there, `numpy_function` checks `Tout`)."""
    with function_scope.entered(fn):
        return fn(*element) if type(element) is tuple else fn(element)


def _placeholder(spec, text=b"", number=0, unknown_rank=0):
    """Example element of `spec` (unknown dims `_TRACE_SIZE`; an unknown rank `unknown_rank` dims)."""
    if isinstance(spec, DatasetSpec):  # a window: an empty dataset of its elements stands for it
        return _implementation("ElementsDataset")([], spec.element_spec)
    dims = [(_TRACE_SIZE if d is None else d) for d in
            (spec.shape.as_list() if spec.shape.rank is not None else [None] * unknown_rank)]
    if spec.dtype is string:
        return StringTensor.from_bytes_array(np.full(dims, text, dtype=object))
    return torch.full(dims, number, dtype=spec.dtype) if number else torch.zeros(dims, dtype=spec.dtype)


def _has_empty_dims(spec):
    """Whether a traced output has a 0-sized dimension: a size that came from the zeros placeholder's value
    (`tf.range(x)`, `tf.fill([x], ...)`), which TF's symbolic trace leaves unknown."""
    return any(isinstance(s, TensorSpec) and s.shape.rank and 0 in s.shape.as_list() for s in nest.flatten(spec))


def _has_strings(spec):
    return any(s.dtype is string for s in nest.flatten(spec))


def _relax_differing(spec, other):
    """`spec` with the dimensions that differ from `other`'s as None (a shape that depends on string content)."""
    if (type(spec) is not type(other) or type(spec) not in (TensorSpec, RaggedTensorSpec) or spec.dtype != other.dtype
            or spec.shape.rank is None):
        return spec
    if spec.shape.rank != other.shape.rank:  # the rank follows the input's unknown rank
        return TensorSpec(None, spec.dtype) if type(spec) is TensorSpec else spec
    dims = [a if a == b else None for a, b in zip(spec.shape.as_list(), other.shape.as_list())]
    if type(spec) is RaggedTensorSpec:
        return RaggedTensorSpec(dims, spec.dtype, spec.ragged_rank, spec.row_splits_dtype)
    return TensorSpec(dims, spec.dtype)


class MapDataset(Dataset):
    """`fn` applied to every element (see `Dataset.map`).

    The element spec is found like TF's tracing: on first access, `fn` runs once on a
    placeholder element (zeros; each unknown dimension of size 7, reported back as
    `None`). If that fails, the first real element is used instead.

    Over an in-memory input (`_plan()`), batches downstream are mapped by `MapVectorizer` (one
    vmapped call per batch when safe). With `num_parallel_calls`, elements mapped one by one run on
    a thread pool of that many threads (`AUTOTUNE`: the CPU count); results keep the input order
    unless `deterministic=False` (or, with `deterministic=None`, `Options.deterministic=False`),
    in which case elements are yielded as they finish.
    """

    @property
    def _tf_repr_name(self):
        return "_MapDataset" if self._num_parallel_calls is None else "_ParallelMapDataset"

    def __init__(self, input_dataset, map_func, num_parallel_calls=None, deterministic=None):
        if not callable(map_func):
            raise TypeError(f"Expected `map_func` to be callable. Received: map_func={map_func!r}")
        super().__init__(None, [input_dataset])
        self._input = input_dataset
        self._fn = map_func
        self._num_parallel_calls = num_parallel_calls
        self._deterministic = deterministic
        self._pool = None
        self._pool_lock = threading.Lock()
        self._vectorizer = MapVectorizer(self._apply, lambda: self.element_spec, self._thread_pool)

    def _workers(self):
        calls = self._num_parallel_calls
        if calls is None or calls == 1:
            return 1
        return (os.cpu_count() or 1) if calls == -1 else calls

    def _thread_pool(self):
        """The shared thread pool of this map, or `None` when it runs sequentially."""
        workers = self._workers()
        if workers <= 1:
            return None
        with self._pool_lock:
            if self._pool is None:
                self._pool = concurrent.futures.ThreadPoolExecutor(workers, thread_name_prefix="tf.data.map")
            return self._pool

    def _is_deterministic(self):
        if self._deterministic is not None:
            return bool(self._deterministic)
        option = self.options().deterministic
        return True if option is None else bool(option)

    def _plan(self):
        plan = self._input._plan()
        if plan is None or plan.batched:
            return None
        return plan.derive(plan.epoch).with_source(MappedSource(plan.source, self._vectorizer, self._apply))

    def _apply(self, element):
        return nest.normalize(nest.list_to_tuple(call_with_element(self._fn, element)))

    @property
    def element_spec(self):
        if self._element_spec is None:
            self._element_spec = self._trace_spec()
        return self._element_spec

    def _traced(self, element, relax):
        """The spec of `fn(element)`, with the static shapes TF's trace would give py_function outputs."""
        with trace_state.element_trace() as stated, trace_state.variables_restored():
            output = self._apply(element)

        def spec_of(leaf):
            if id(leaf) in stated and isinstance(leaf, (torch.Tensor, StringTensor)):
                shape = stated[id(leaf)]
                return TensorSpec(None if shape is None else shape, string if isinstance(leaf, StringTensor)
                                  else leaf.dtype)
            return relax(leaf)
        return nest.map_structure_unchecked(spec_of, output)

    def _spec_from_elements(self, in_spec, tries=16):
        """The spec traced on the first of the input's elements the function takes (TF's trace sees no values, so
        a function that fails on some values, `check_numerics` under `ignore_errors()`, still has a spec); the first
        error when the first `tries` elements all fail. Uses up no shuffle pass."""
        first_error = None
        with shuffle.passes_restored():
            for element in itertools.islice(self._input._elements(), tries):
                try:
                    return self._traced(element, nest.spec_of)
                except Exception as error:  # noqa: BLE001 - this element's values: try the next
                    first_error = first_error or error
        if first_error is not None:
            raise first_error
        return in_spec

    def _trace_spec(self):
        in_spec = self._input.element_spec
        try:
            placeholder = nest.map_structure_unchecked(_placeholder, in_spec)
            unknown = any(s.shape.rank is None or None in s.shape.as_list() for s in nest.flatten(in_spec))
            spec = self._traced(placeholder, lambda leaf: _relaxed_spec(leaf, unknown))
        except Exception:  # noqa: BLE001 - fall back to a real element, like a retrace would
            return self._spec_from_elements(in_spec)
        unknown_rank = any(getattr(s, "shape", None) is not None and s.shape.rank is None
                           for s in nest.flatten(in_spec))
        if _has_strings(in_spec) or _has_empty_dims(spec) or unknown_rank:  # shapes may depend on the values
            try:                                # (tf.strings.split, tf.range(x)) or on the rank: trace others too
                other = self._traced(nest.map_structure_unchecked(lambda s: _placeholder(s, b"a b\tc", 3, 1), in_spec),
                                     lambda leaf: _relaxed_spec(leaf, unknown))
                spec = nest.map_up_to(spec, _relax_differing, other)
            except Exception:  # noqa: BLE001, S110 - the other text may not suit the function; keep the first trace
                pass
        return spec

    def _cardinality(self):
        return self._input._cardinality()

    def _generic_elements(self):
        pool = self._thread_pool()
        if error_skipping.active():  # under ignore_errors(): an element whose function raises is dropped
            for element in self._input._elements():
                try:
                    value = self._apply(element)
                except Exception as error:  # noqa: BLE001 - ignore_errors drops the element
                    error_skipping.dropped(error)
                    continue
                yield value
            return
        if pool is None:
            for element in self._input._elements():
                yield self._apply(element)
            return
        yield from _parallel_map(pool, self._apply, self._input._elements(), 2 * self._workers(),
                                 self._is_deterministic())


def _parallel_map(pool, fn, elements, window, deterministic):
    """`fn` over `elements` on `pool`, at most `window` calls in flight; in order if `deterministic`."""
    pending = collections.deque()
    elements = iter(elements)
    for element in itertools.islice(elements, window):
        pending.append(pool.submit(fn, element))
    while pending:
        if deterministic:
            done = pending.popleft()
        else:
            finished, _ = concurrent.futures.wait(pending, return_when=concurrent.futures.FIRST_COMPLETED)
            done = next(future for future in pending if future in finished)
            pending.remove(done)
        nxt = next(elements, _EXHAUSTED)
        if nxt is not _EXHAUSTED:
            pending.append(pool.submit(fn, nxt))
        yield done.result()


def _relaxed_spec(leaf, input_has_unknown_dims):
    spec = nest.spec_of(leaf)
    if isinstance(spec, SparseTensorSpec):  # a traced dense shape depends on the data (VarLenFeature counts)
        return SparseTensorSpec([None] * spec.shape.rank, spec.dtype)
    if not input_has_unknown_dims:
        return spec
    return type(spec)([None if d == _TRACE_SIZE else d for d in spec.shape], spec.dtype)


class FilterDataset(Dataset):
    """Elements for which `predicate` is True (see `Dataset.filter`)."""

    def __init__(self, input_dataset, predicate):
        if not callable(predicate):
            raise TypeError(f"Expected `predicate` to be callable. Received: predicate={predicate!r}")
        super().__init__(input_dataset.element_spec, [input_dataset])
        self._input = input_dataset
        self._predicate = predicate

    def _cardinality(self):
        return card.UNKNOWN

    def _generic_elements(self):
        for element in self._input._elements():
            if _as_bool(call_with_element(self._predicate, element)):
                yield element


def _as_bool(value):
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    if isinstance(value, torch.Tensor) and value.dtype == torch.bool and value.dim() == 0:
        return bool(value)
    if isinstance(value, np.ndarray) and value.dtype == np.bool_ and value.ndim == 0:
        return bool(value)
    raise TypeError(f"Expected `predicate` to return a scalar tf.bool tensor. Received: result={value!r}")


class EnumerateDataset(Dataset):
    """`(index, element)` pairs with an int64 counter (see `Dataset.enumerate`)."""

    _tf_repr_name = "_ZipDataset"  # TF zips a counter with the input

    def __init__(self, input_dataset, start):
        super().__init__((TensorSpec((), torch.int64), input_dataset.element_spec), [input_dataset])
        self._input = input_dataset
        self._start = int(start)

    def _cardinality(self):
        return self._input._cardinality()

    def _generic_elements(self):
        for index, element in zip(itertools.count(self._start), self._input._elements()):
            yield torch.tensor(index, dtype=torch.int64), element


class ZipDataset(Dataset):
    """Elements of several datasets combined into one structure (see `Dataset.zip`).

    Raises:
        TypeError: if a leaf of `datasets` is not a `Dataset`.
    """

    def __init__(self, datasets):
        datasets = nest.list_to_tuple(datasets)
        leaves = nest.flatten(datasets)
        for leaf in leaves:
            if not isinstance(leaf, Dataset):
                raise TypeError("Expected a (nested) structure of datasets to zip. "
                                f"Received: datasets={datasets!r}")
        super().__init__(nest.pack_as(datasets, [d.element_spec for d in leaves]), leaves)
        self._structure = datasets
        self._datasets = leaves

    def _cardinality(self):
        return card.zipped([d._cardinality() for d in self._datasets])

    def _generic_elements(self):
        iterators = [d._elements() for d in self._datasets]
        for parts in zip(*iterators):
            yield nest.pack_as(self._structure, parts)


class ConcatenateDataset(Dataset):
    """The elements of one dataset followed by another's (see `Dataset.concatenate`).

    Raises:
        TypeError: if the element structures or dtypes differ.
    """

    def __init__(self, first, second):
        if not isinstance(second, Dataset):
            raise TypeError(f"Expected a Dataset to concatenate. Received: dataset={second!r}")
        try:
            nest.assert_same_structure(first.element_spec, second.element_spec)
            spec = nest.map_structure(lambda a, b: a.most_specific_compatible_type(b),
                                      first.element_spec, second.element_spec)
        except (TypeError, ValueError):
            raise TypeError(
                "Expected datasets with compatible element specs to concatenate. Received: "
                f"{first.element_spec!r} and {second.element_spec!r}"
            ) from None
        super().__init__(spec, [first, second])
        self._first, self._second = first, second

    def _cardinality(self):
        return card.concatenated(self._first._cardinality(), self._second._cardinality())

    def _generic_elements(self):
        yield from self._first._elements()
        yield from self._second._elements()


class FlatMapDataset(Dataset):
    """The concatenation of the datasets `map_func` returns per element (see `Dataset.flat_map`)."""

    def __init__(self, input_dataset, map_func):
        if not callable(map_func):
            raise TypeError(f"Expected `map_func` to be callable. Received: map_func={map_func!r}")
        super().__init__(None, [input_dataset])
        self._input = input_dataset
        self._fn = map_func

    def _dataset_for(self, element):
        result = call_with_element(self._fn, element)
        if not isinstance(result, Dataset):
            raise TypeError(f"Expected `map_func` to return a Dataset. Received: result={result!r}")
        return result

    @property
    def element_spec(self):
        if self._element_spec is None:
            placeholder = nest.map_structure_unchecked(_placeholder, self._input.element_spec)
            self._element_spec = self._dataset_for(placeholder).element_spec
        return self._element_spec

    def _cardinality(self):
        return card.UNKNOWN

    def _generic_elements(self):
        for element in self._input._elements():
            yield from self._dataset_for(element)._elements()


class InterleaveDataset(FlatMapDataset):
    """Round-robin over the datasets `map_func` returns (see `Dataset.interleave`).

    Mirrors `InterleaveDatasetOp`: `cycle_length` slots each hold one element's
    dataset; from each slot `block_length` consecutive elements are taken before moving
    to the next slot; an exhausted slot is refilled from the input when next visited.

    With `num_parallel_calls`, the open datasets produce ahead on threads (`parallel_interleave.py`).
    """

    def __init__(self, input_dataset, map_func, cycle_length, block_length, num_parallel_calls=None,
                 deterministic=None):
        super().__init__(input_dataset, map_func)
        self._cycle_length, self._block_length = cycle_length, block_length
        self._num_parallel_calls = num_parallel_calls
        self._deterministic = deterministic

    def _generic_elements(self):
        if self._num_parallel_calls is not None:
            calls = self._num_parallel_calls
            workers = self._cycle_length if calls == -1 else min(calls, self._cycle_length)
            deterministic = self._deterministic
            if deterministic is None:
                option = self.options().deterministic
                deterministic = True if option is None else bool(option)
            return parallel_interleave(self._input._elements(), self._dataset_for, self._cycle_length,
                                       self._block_length, workers, deterministic)
        return self._sequential_elements()

    def _sequential_elements(self):
        inputs = self._input._elements()
        slots = [None] * self._cycle_length
        slot, taken, num_open, input_done = 0, 0, 0, False
        while not input_done or num_open:
            if slots[slot] is not None:
                element = next(slots[slot], _EXHAUSTED)
                if element is not _EXHAUSTED:
                    yield element
                    taken += 1
                    if taken < self._block_length:
                        continue
                else:
                    slots[slot], num_open = None, num_open - 1
            elif not input_done:
                source = next(inputs, _EXHAUSTED)
                if source is _EXHAUSTED:
                    input_done = True
                else:
                    slots[slot], num_open = self._dataset_for(source)._elements(), num_open + 1
                continue
            slot, taken = (slot + 1) % self._cycle_length, 0


_EXHAUSTED = object()
