"""Distributed input: `strategy.experimental_distribute_dataset(global_batched_dataset)`.

Mirrors `tensorflow/python/distribute/input_lib.py`. Every replica iterates
the same global batches and keeps its rows, TF's rebatching rule
(`batch_split.split_global_batch`): `range(6).batch(4)` on 2 replicas gives
[0, 1] / [2, 3], then [4] / [5]. Replicas may get empty batches.
"""

import torch

from keraslike._src import errors
from keraslike._src.distribute.values import mark_replica_parts
from keraslike._src.nest.nest import TF_NEST
from keraslike._src.ops.tensor_spec import TensorSpec
from keraslike._src.ops import trace_state


def _slice_leaf(leaf, start, stop):
    if isinstance(leaf, torch.Tensor) or hasattr(leaf, "__getitem__"):
        return leaf[start:stop]
    return leaf


def batch_size_of(element):
    """Rows in a batched element (the first dimension of its first tensor)."""
    for leaf in TF_NEST.flatten(element):
        shape = getattr(leaf, "shape", None)
        if shape is not None and len(shape):
            return int(shape[0])
    raise ValueError(
        "Expected a batched dataset (elements with a leading batch dimension); call dataset.batch("
        f"global_batch_size) first. Received an element of type {type(element).__name__}"
    )


def replica_slice(element, replica_rows):
    """This replica's rows of one global batch; `replica_rows(global_size) -> (start, stop)` (a strategy's)."""
    start, stop = replica_rows(batch_size_of(element))
    return TF_NEST.map(lambda leaf: _slice_leaf(leaf, start, stop), element)


def _replica_spec(spec, num_replicas):
    """One replica's part of a global batch's `TensorSpec`: the batch dimension divided by the replica count
    when it is known and divides evenly, else unknown (TF's rebatching rule for element specs)."""
    if num_replicas == 1 or not isinstance(spec, TensorSpec) or not spec.shape.rank:
        return spec
    dims = spec.shape.as_list()
    batch = dims[0]
    per_replica = batch // num_replicas if batch is not None and batch % num_replicas == 0 else None
    return TensorSpec([per_replica, *dims[1:]], spec.dtype, spec.name)


def replica_element_spec(dataset, strategy):
    """The spec of what a distributed dataset over `dataset` yields on this replica (a replica's tensors; TF,
    which hosts every replica in one process, wraps them in a `PerReplicaSpec` of each local replica's)."""
    spec = getattr(dataset, "element_spec", None)
    if spec is None:
        return None
    return TF_NEST.map(lambda leaf: _replica_spec(leaf, strategy.num_replicas_in_sync), spec)


class DistributedDataset:
    """Iterable of this replica's part of each global batch."""

    def __init__(self, dataset, strategy):
        self._dataset = dataset
        self._strategy = strategy

    def __iter__(self):
        return DistributedIterator(iter(self._dataset), self._strategy, self._dataset)

    @property
    def element_spec(self):
        """The `TensorSpec`s of this replica's part of each element (batch dimension per replica)."""
        return replica_element_spec(self._dataset, self._strategy)

    def __len__(self):
        return len(self._dataset)


class DistributedIterator:
    """`iter(dist_dataset)`: `next`, `get_next`, `get_next_as_optional`."""

    def __init__(self, iterator, strategy, dataset=None):
        self._iterator = iterator
        self._strategy = strategy
        self._dataset = dataset

    def __iter__(self):
        return self

    def __next__(self):
        trace_state.check_iterator_next("a distributed iterator")
        return mark_replica_parts(replica_slice(next(self._iterator), self._strategy.replica_rows))

    def get_next(self):
        """Next element; at the end raises `tf.errors.OutOfRangeError`, as TF (`next(it)`: `StopIteration`)."""
        try:
            return next(self)
        except StopIteration:
            raise errors.OutOfRangeError(None, None, "End of sequence") from None

    def get_next_as_optional(self):
        """`Optional` holding the next element, or an empty one at the end (never raises)."""
        try:
            return Optional(next(self))
        except StopIteration:
            return Optional(None, has_value=False)

    @property
    def element_spec(self):
        """The `TensorSpec`s of this replica's part of each element, as its dataset's `element_spec`."""
        return replica_element_spec(self._dataset, self._strategy)


class Optional:
    """`tf.experimental.Optional`: `has_value()` and `get_value()`."""

    def __init__(self, value, has_value=True):
        self._value = value
        self._has_value = has_value

    def has_value(self):
        return torch.tensor(self._has_value)

    def get_value(self):
        if not self._has_value:
            raise ValueError("The Optional has no value (the iterator is exhausted). Check has_value() first.")
        return self._value
