"""`tf.data.experimental` transformation functions: each returns `lambda dataset: dataset.<method>(...)`.

Mirrors `tensorflow/python/data/experimental/ops/{scan_ops,take_while_ops,unique,grouping,resampling,io,
interleave_ops,enumerate_ops,batching}.py`, which TF keeps as thin wrappers of the `Dataset` methods, for
`dataset.apply(tf.data.experimental.scan(...))`.

Also the experimental datasets with no `Dataset` method: `assert_cardinality`, `at`, `from_list`,
`pad_to_cardinality`, `group_by_reducer` (with `Reducer`), `get_structure`, and the fused
`map_and_batch` / `shuffle_and_repeat` (here the two plain steps, as TF's optimizer makes of them).
"""

import torch

from keraslike._src import errors
from keraslike._src.data import cardinality as card
from keraslike._src.data import structure as nest
from keraslike._src.data.dataset import Dataset
from keraslike._src.data.iterator import DatasetIterator
from keraslike._src.data.window_ops import ElementsDataset, _key_of
from keraslike._src.ops.tensor_spec import TensorSpec


def scan(initial_state, scan_func):
    """`tf.data.experimental.scan`: `Dataset.scan` as a transformation for `Dataset.apply`."""
    return lambda dataset: dataset.scan(initial_state, scan_func)


def take_while(predicate):
    """`tf.data.experimental.take_while`: `Dataset.take_while` for `Dataset.apply`."""
    return lambda dataset: dataset.take_while(predicate)


def unique():
    """`tf.data.experimental.unique`: `Dataset.unique` for `Dataset.apply`."""
    return lambda dataset: dataset.unique()


def group_by_window(key_func, reduce_func, window_size=None, window_size_func=None):
    """`tf.data.experimental.group_by_window`: `Dataset.group_by_window` for `Dataset.apply`."""
    return lambda dataset: dataset.group_by_window(key_func, reduce_func, window_size, window_size_func)


def bucket_by_sequence_length(element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes=None,
                              padding_values=None, pad_to_bucket_boundary=False, no_padding=False,
                              drop_remainder=False):
    """`tf.data.experimental.bucket_by_sequence_length`: `Dataset.bucket_by_sequence_length` for `apply`."""
    return lambda dataset: dataset.bucket_by_sequence_length(
        element_length_func, bucket_boundaries, bucket_batch_sizes, padded_shapes, padding_values,
        pad_to_bucket_boundary, no_padding, drop_remainder)


def rejection_resample(class_func, target_dist, initial_dist=None, seed=None):
    """`tf.data.experimental.rejection_resample`: `Dataset.rejection_resample` for `Dataset.apply`."""
    return lambda dataset: dataset.rejection_resample(class_func, target_dist, initial_dist, seed)


def enumerate_dataset(start=0):
    """`tf.data.experimental.enumerate_dataset`: `Dataset.enumerate` for `Dataset.apply`."""
    return lambda dataset: dataset.enumerate(start)


def unbatch():
    """`tf.data.experimental.unbatch`: `Dataset.unbatch` for `Dataset.apply`."""
    return lambda dataset: dataset.unbatch()


def get_single_element(dataset):
    """`tf.data.experimental.get_single_element(dataset)`: `dataset.get_single_element()`."""
    if not isinstance(dataset, Dataset):
        raise TypeError(f"Expected a tf.data.Dataset. Received: dataset={dataset!r}")
    return dataset.get_single_element()


def save(dataset, path, compression=None, shard_func=None, checkpoint_args=None):
    """`tf.data.experimental.save(dataset, path, ...)`: `dataset.save(path, ...)`."""
    return dataset.save(path, compression, shard_func, checkpoint_args)


def load(path, element_spec=None, compression=None, reader_func=None):
    """`tf.data.experimental.load`: `tf.data.Dataset.load`."""
    return Dataset.load(path, element_spec, compression, reader_func)


def choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset=False):
    """`tf.data.experimental.choose_from_datasets` (note: `stop_on_empty_dataset` defaults to False here)."""
    return Dataset.choose_from_datasets(datasets, choice_dataset, stop_on_empty_dataset)


def sample_from_datasets(datasets, weights=None, seed=None, stop_on_empty_dataset=False):
    """`tf.data.experimental.sample_from_datasets`: `tf.data.Dataset.sample_from_datasets`."""
    return Dataset.sample_from_datasets(datasets, weights, seed, stop_on_empty_dataset)


def RandomDataset(seed=None, rerandomize_each_iteration=None, name=None):  # noqa: N802 - TF's class name
    """`tf.data.experimental.RandomDataset`: `tf.data.Dataset.random`."""
    return Dataset.random(seed, rerandomize_each_iteration)


class AssertCardinalityDataset(Dataset):
    """The input's elements, checked at iteration to number exactly `expected_cardinality`."""

    def __init__(self, input_dataset, expected_cardinality):
        super().__init__(input_dataset.element_spec, [input_dataset])
        self._input, self._expected = input_dataset, int(expected_cardinality)

    def _cardinality(self):
        return self._expected

    def _generic_elements(self):
        count = 0
        for element in self._input._elements():
            count += 1
            if self._expected >= 0 and count > self._expected:
                raise errors.FailedPreconditionError(f"Input dataset was expected to contain {self._expected} "
                                                     f"elements but contained at least {count} elements.")
            yield element
        if self._expected == card.INFINITE or count < self._expected:
            raise errors.FailedPreconditionError(f"Input dataset was expected to contain {self._expected} "
                                                 f"elements but contained only {count} elements.")


def assert_cardinality(expected_cardinality):
    """`tf.data.experimental.assert_cardinality(n)`: declares the cardinality; iterating checks it.

    Raises (at iteration):
        tf.errors.FailedPreconditionError: the input holds another number of elements.
    """
    return lambda dataset: AssertCardinalityDataset(dataset, expected_cardinality)


def at(dataset, index):
    """`tf.data.experimental.at(dataset, index)`: the element at `index` (read by iterating up to it).

    Raises:
        tf.errors.OutOfRangeError: `index` outside `[0, cardinality)`.
    """
    index = int(index)
    if index >= 0:
        for position, element in enumerate(dataset._elements()):
            if position == index:
                return element
    raise errors.OutOfRangeError(f"Index out of range [0, {dataset._cardinality()}):{index}. Received: index={index}")


def dense_to_ragged_batch(batch_size, drop_remainder=False, row_splits_dtype=torch.int64):
    """`tf.data.experimental.dense_to_ragged_batch(batch_size, ...)`: `dataset.ragged_batch(...)` for `apply`:
    elements of different shapes batched into RaggedTensors."""
    return lambda dataset: dataset.ragged_batch(batch_size, drop_remainder, row_splits_dtype)


def from_list(elements, name=None):
    """`tf.data.experimental.from_list(elements)`: a dataset of the given elements (one structure, one dtype per
    component; shapes may differ, their spec is the most specific compatible one).

    Raises:
        ValueError: an empty list. TypeError / ValueError: elements of different structures or dtypes.
    """
    if not isinstance(elements, list):
        raise ValueError(f"Invalid `elements`. `elements` must be a list. Received: elements={elements!r}")
    if not elements:
        raise ValueError("`from_list` needs a non-empty list of elements. Received: elements=[]")
    elements = [nest.normalize(e) for e in elements]  # tf.data's rules: a list inside an element is one tensor
    specs = [nest.element_spec_of(e) for e in elements]
    for other in specs[1:]:
        nest.assert_same_structure(specs[0], other)

    def common(*leaf_specs):
        if len({s.dtype for s in leaf_specs}) > 1:
            raise TypeError(f"All elements of `from_list` must have the same dtypes. Received: {leaf_specs!r}")
        shapes = [s.shape.as_list() if s.shape.rank is not None else None for s in leaf_specs]
        if any(x is None or len(x) != len(shapes[0]) for x in shapes):
            return TensorSpec(None, leaf_specs[0].dtype)
        return TensorSpec([d if all(x[i] == d for x in shapes) else None for i, d in enumerate(shapes[0])],
                          leaf_specs[0].dtype)

    return ElementsDataset(elements, nest.map_structure(common, *specs))


class PadToCardinalityDataset(Dataset):
    """A dict dataset padded with zero elements up to `cardinality`, `mask_key` saying which are real."""

    def __init__(self, input_dataset, cardinality, mask_key):
        spec = input_dataset.element_spec
        if not isinstance(spec, dict):
            raise ValueError("`pad_to_cardinality` requires its input dataset to be a dictionary. "
                             f"Received: element_spec={spec!r}")
        if mask_key in spec:
            raise ValueError(f"`mask_key` is already a key of the elements. Received: mask_key={mask_key!r}")
        for key, leaf in spec.items():
            if leaf.shape.rank is None or None in leaf.shape.as_list():
                raise ValueError(f"`pad_to_cardinality` needs fully defined shapes. Received: {key}: {leaf!r}")
        out = dict(spec)
        out[mask_key] = TensorSpec((), torch.bool)
        super().__init__(out, [input_dataset])
        self._input, self._target, self._mask_key = input_dataset, int(cardinality), mask_key

    def _cardinality(self):
        return self._target

    def _generic_elements(self):
        count = 0
        for element in self._input._elements():
            count += 1
            if count > self._target:
                raise errors.InvalidArgumentError(f"Cardinality of the input ({count} or more) exceeds the padded "
                                                  f"cardinality {self._target}.")
            yield {**element, self._mask_key: torch.tensor(True)}
        spec = self._input.element_spec
        for _ in range(self._target - count):
            padding = {k: torch.zeros(s.shape.as_list(), dtype=s.dtype) for k, s in spec.items()}
            yield {**padding, self._mask_key: torch.tensor(False)}


def pad_to_cardinality(cardinality, mask_key="valid"):
    """`tf.data.experimental.pad_to_cardinality(n, mask_key="valid")`: pads a dict dataset with zero elements to n,
    adding a bool `mask_key` component (True for the real elements).

    Raises:
        ValueError: elements that are not dicts of fully defined shapes. tf.errors.InvalidArgumentError (at
            iteration): more than `cardinality` input elements.
    """
    return lambda dataset: PadToCardinalityDataset(dataset, cardinality, mask_key)


class Reducer:
    """`tf.data.experimental.Reducer(init_func, reduce_func, finalize_func)`: how `group_by_reducer` folds a group.

    `init_func(key) -> state`, `reduce_func(state, element) -> state`, `finalize_func(state) -> output`.
    """

    def __init__(self, init_func, reduce_func, finalize_func):
        for name, fn in (("init_func", init_func), ("reduce_func", reduce_func), ("finalize_func", finalize_func)):
            if not callable(fn):
                raise TypeError(f"Expected `{name}` to be callable. Received: {name}={fn!r}")
        self.init_func, self.reduce_func, self.finalize_func = init_func, reduce_func, finalize_func


class GroupByReducerDataset(Dataset):
    """One output per key: the group's elements folded by a `Reducer`, in increasing key order."""

    def __init__(self, input_dataset, key_func, reducer):
        if not isinstance(reducer, Reducer):
            raise TypeError(f"Expected a tf.data.experimental.Reducer. Received: reducer={reducer!r}")
        super().__init__(None, [input_dataset])
        self._input, self._key_func, self._reducer = input_dataset, key_func, reducer

    def _fold(self):
        states = {}
        for element in self._input._elements():
            key = _key_of(self._key_func, element)
            if key not in states:
                states[key] = nest.normalize(self._reducer.init_func(torch.tensor(key, dtype=torch.int64)))
            states[key] = nest.normalize(nest.list_to_tuple(self._reducer.reduce_func(states[key], element)))
        return [nest.normalize(nest.list_to_tuple(self._reducer.finalize_func(states[k]))) for k in sorted(states)]

    @property
    def element_spec(self):
        if self._element_spec is None:
            outputs = self._fold()
            self._element_spec = nest.element_spec_of(outputs[0]) if outputs else self._input.element_spec
        return self._element_spec

    def _cardinality(self):
        return card.UNKNOWN

    def _generic_elements(self):
        return iter(self._fold())


def group_by_reducer(key_func, reducer):
    """`tf.data.experimental.group_by_reducer(key_func, reducer)`: groups by the int64 `key_func(element)` and
    outputs `reducer`'s finalized state of each group (keys in increasing order) once the input is consumed."""
    return lambda dataset: GroupByReducerDataset(dataset, key_func, reducer)


def get_structure(dataset_or_iterator):
    """`tf.data.experimental.get_structure`: the `element_spec` of a dataset or iterator.

    Raises:
        TypeError: anything else.
    """
    if isinstance(dataset_or_iterator, (Dataset, DatasetIterator)):
        return dataset_or_iterator.element_spec
    raise TypeError(f"Expected a tf.data.Dataset or iterator. Received: dataset_or_iterator={dataset_or_iterator!r}")


def map_and_batch(map_func, batch_size, num_parallel_batches=None, drop_remainder=False, num_parallel_calls=None):
    """`tf.data.experimental.map_and_batch` (deprecated in TF): `map(map_func).batch(batch_size)`.

    `num_parallel_batches=n` maps with `n * batch_size` parallel calls, as TF translates it.

    Raises:
        ValueError: both `num_parallel_batches` and `num_parallel_calls`.
    """
    if num_parallel_batches is not None and num_parallel_calls is not None:
        raise ValueError("`num_parallel_batches` and `num_parallel_calls` are mutually exclusive. Received: "
                         f"num_parallel_batches={num_parallel_batches}, num_parallel_calls={num_parallel_calls}")
    if num_parallel_batches is not None:
        num_parallel_calls = int(num_parallel_batches) * int(batch_size)
    return lambda dataset: dataset.map(map_func, num_parallel_calls).batch(batch_size, drop_remainder)


def shuffle_and_repeat(buffer_size, count=None, seed=None):
    """`tf.data.experimental.shuffle_and_repeat` (deprecated in TF): `shuffle(buffer_size, seed).repeat(count)`."""
    return lambda dataset: dataset.shuffle(buffer_size, seed).repeat(count)
