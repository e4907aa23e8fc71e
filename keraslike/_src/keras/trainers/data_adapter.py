"""Turn `fit`/`evaluate`/`predict` inputs into per-replica batches (keras/src/trainers/data_adapters/).

Every replica walks the same GLOBAL batches (same shuffle, seeded from the
chief) and keeps its rows of each (`ReplicaFeed.replica_rows`, the strategy's split), so a
step is the same computation as one device on the global batch. Adapters never see the strategy: a
`ReplicaFeed` hands them this replica's rows function, device and the two agreements they need.

- `ArrayDataAdapter`: numpy arrays / torch tensors / nests of them. They stay
  where they are (numpy wrapped without a copy); each step takes this replica's
  rows as slices (no shuffle) or one `index_select` per array (shuffle), never
  per-sample collation, and moves only those rows to the replica's device
  (`device_transfer`: pinned memory and non-blocking copies to CUDA).
- `IterableDataAdapter`: `tf.data.Dataset`, generators, `DataLoader`s and
  other iterables of batches `(x, y[, sample_weight])`.
- `PerReplicaDataAdapter`: `strategy.distribute_datasets_from_function(fn)`; each replica's
  batches are used as they are.
- `PyDatasetAdapter`: `keras.utils.PyDataset` / `Sequence` (keras/src/trainers/data_adapters/py_dataset_adapter.py).
  Each epoch reads `ds[i]` for `i` in `range(len(ds))`, in a shuffled order when `shuffle=True` (Keras shuffles
  the batch order, not the rows), drawn from a seed broadcast by the chief, so under N replicas every replica
  reads the same global batch at every step and keeps its rows. `on_epoch_begin()` / `on_epoch_end()` run
  around every epoch of `fit` (and around the single pass of `evaluate`/`predict`), as Keras's epoch iterator does.
"""

import contextlib
import math
import types
import warnings
from dataclasses import dataclass, replace
from typing import Any, Callable

import numpy as np
import torch

from keraslike._src.data import replica_split
from keraslike._src.data import shuffle as data_shuffle
from keraslike._src.data.dataset import Dataset
from keraslike._src.extension_type.extension_type import ExtensionType
from keraslike._src.distribute.input import DistributedDataset, batch_size_of, replica_slice
from keraslike._src.distribute.input_context import PerReplicaDataset
from keraslike._src.keras.keras_version import legacy_keras
from keraslike._src.keras.layers.keras_tensor import flatten, map_structure
from keraslike._src.keras.trainers import device_transfer, input_validation
from keraslike._src.nest import nest
from keraslike._src.keras.utils.py_dataset import PyDataset
from keraslike._src.ops import random as random_ops
from keraslike._src.ops import string_tensor
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.sparse import sparse_ops
from keraslike._src.sparse.sparse_tensor import SparseTensor


def _no_broadcast(tensors):
    del tensors  # one process: its values are the chief's


def _own_int(value):
    return [int(value)]  # one replica: its own


@dataclass(frozen=True)
class ReplicaFeed:
    """What a data adapter knows of the replica it feeds (instead of the strategy).

    Attributes:
        replica_rows: `fn(global_size) -> (start, stop)`, the rows of a global batch this replica takes.
        device: the `torch.device` its batches go to.
        num_replicas: replicas in sync (a `Dataset` ending in `.map(...).batch(b)` is split only with several).
        rank: this replica's index (named in errors).
        randomness: context manager swapping in this replica's random stream (a split pipeline's maps draw there).
        any_replica: `fn(flag) -> bool`, True on every replica when `flag` is True on any (each calls it).
        broadcast: `fn(tensors)` overwriting `tensors` in place with the chief's (a shuffle seed).
        gather_ints: `fn(value) -> list`, every replica's int `value` in replica order (each calls it).
    """

    replica_rows: Callable[[int], tuple]
    device: Any
    num_replicas: int = 1
    rank: int = 0
    randomness: Any = contextlib.nullcontext()
    any_replica: Callable[[bool], bool] = bool
    broadcast: Callable[[list], None] = _no_broadcast
    gather_ints: Callable[[int], list] = _own_int

    @classmethod
    def of(cls, strategy):
        """The feed of `strategy`'s replica in this process (`distribute/contract.py`'s members)."""
        return cls(strategy.replica_rows, strategy.device, strategy.num_replicas_in_sync, strategy.rank,
                   strategy.replica_randomness, strategy.any_replica, strategy.broadcast, strategy.gather_ints)


@dataclass
class StepBatch:
    """One step's data on this replica: x, y, sample_weight (or None) and the batch sizes."""

    x: object
    y: object
    sample_weight: object
    local_size: int
    global_size: int


_SCALARS = (int, float, bool, np.generic)


def is_list_of_scalars(value):
    """TF 2's rule (`ListsOfScalarsDataAdapter`): a non-empty list/tuple whose first element, followed
    down through nested lists, is a Python/numpy scalar. A list of arrays is a list of inputs instead."""
    if isinstance(value, _SCALARS):
        return True
    if isinstance(value, (list, tuple)) and value and not hasattr(value, "_fields"):
        return is_list_of_scalars(value[0])
    return False


def pandas_to_numpy(value):
    """A pandas `DataFrame` as its `(rows, columns)` numpy array, a `Series` as `(rows, 1)` (Keras 3's
    `PandasSliceable`); anything else unchanged. pandas itself is never imported (it stays optional)."""
    kind = type(value)
    if not kind.__module__.startswith("pandas") or not hasattr(value, "to_numpy"):
        return value
    if kind.__name__ not in ("Series", "DataFrame"):
        return value
    array = value.to_numpy()
    if not array.flags.writeable:  # a copy-on-write view: torch wants memory it may own
        array = array.copy()
    return np.expand_dims(array, axis=-1) if kind.__name__ == "Series" else array


def lists_to_arrays(structure):
    """Turn every list of scalars (`[1, 2]`, `[[0.1, 0.2], ...]`) and pandas DataFrame/Series in a nest into a
    numpy array (see `pandas_to_numpy`)."""
    structure = pandas_to_numpy(structure)
    if isinstance(structure, (list, tuple)) and is_list_of_scalars(structure):
        try:
            array = np.asarray(structure)
        except ValueError:
            array = None
        if array is None or array.dtype == object:
            raise ValueError("Expected a list of numbers with a consistent shape (ragged lists cannot become an "
                             f"array). Received: a list whose first element is {structure[0]!r}")
        return array
    if isinstance(structure, dict):
        return {k: lists_to_arrays(v) for k, v in structure.items()}
    if isinstance(structure, (list, tuple)) and not hasattr(structure, "_fields"):
        return type(structure)(lists_to_arrays(v) for v in structure)
    return structure


def is_array(value):
    return isinstance(value, (np.ndarray, torch.Tensor)) or string_tensor.is_string_tensor(value) or (
        isinstance(value, (list, tuple)) and is_list_of_scalars(value))


def is_array_structure(value):
    leaves = flatten(lists_to_arrays(value))
    return bool(leaves) and all(is_array(leaf) or leaf is None for leaf in leaves) and any(
        leaf is not None for leaf in leaves)


def check_batch_size(batch_size, name="batch_size"):
    if batch_size is None:
        return None
    if isinstance(batch_size, bool) or not isinstance(batch_size, (int, np.integer)) or batch_size <= 0:
        raise ValueError(f"Expected {name} to be a positive integer. Received: {name}={batch_size!r}")
    return int(batch_size)


def to_device_tensor(value, device):
    """`value` as a tensor on `device` (float64 as `floatx()`; a batch of a dataset of SparseTensors in its dense
    form, as `_dense_in_memory`); see `device_transfer`."""
    if isinstance(value, SparseTensor):
        value = sparse_ops.to_dense(value)
    if isinstance(value, (ExtensionType, RaggedTensor)):  # a composite batch: its component tensors moved
        return nest.map_structure(lambda t: device_transfer.to_device(t, device), value, expand_composites=True)
    return device_transfer.to_device(device_transfer.host_tensor(value), device)


def _sizes(structure):
    return [int(t.shape[0]) for t in flatten(structure) if t is not None]


def check_cardinality(x, y, sample_weight):
    """Raise Keras's 'Data cardinality is ambiguous' error when sample counts differ."""
    sizes = {name: _sizes(v) for name, v in (("x", x), ("y", y), ("sample_weight", sample_weight))}
    all_sizes = {s for v in sizes.values() for s in v}
    if len(all_sizes) > 1:
        detail = " ".join(f"'{k}' sizes: {', '.join(map(str, v))}" for k, v in sizes.items() if v)
        raise ValueError(
            "Data cardinality is ambiguous. Make sure all arrays contain the same number of samples. "
            f"{detail}. Received: x, y and sample_weight with different first dimensions"
        )
    return all_sizes.pop() if all_sizes else 0


def train_validation_split(arrays, validation_split):
    """Last `validation_split` fraction becomes validation data (before any shuffling), as Keras."""
    if not 0 < validation_split < 1:
        raise ValueError(f"Expected validation_split to be in (0, 1). Received: validation_split={validation_split}")
    first = next(t for t in flatten(arrays) if t is not None)
    n = int(first.shape[0])
    split_at = int(math.floor(n * (1.0 - validation_split)))
    if split_at in (0, n):
        raise ValueError(
            f"Training data contains {n} samples, which is not sufficient to split it into a validation and "
            f"training set as specified by `validation_split={validation_split}`. Either provide more data, or "
            "a different value for the `validation_split` argument."
        )
    train = map_structure(lambda t: None if t is None else t[:split_at], arrays)
    val = map_structure(lambda t: None if t is None else t[split_at:], arrays)
    return train, val


def class_weight_to_sample_weight(y, class_weight):
    """Per-sample weights `class_weight[label]` (1.0 for classes absent from the dict), as Keras 3.

    Labels are the argmax of one-hot `y` (last dimension > 1), otherwise `round(y)`
    (keras/src/trainers/data_adapters/data_adapter_utils.py).

    Raises:
        ValueError: for a nested `y` (several outputs), as Keras.
    """
    if not isinstance(y, torch.Tensor):
        raise ValueError("`class_weight` is only supported for Models with a single output. "
                         f"Received: y of type {type(y).__name__}")
    if y.dim() > 1:
        scores = y.to(torch.uint8) if y.dtype == torch.bool else y  # one-hot bool targets: torch's argmax refuses bool
        labels = scores.argmax(dim=-1) if y.shape[-1] != 1 else y.squeeze(-1)
    else:
        labels = y
    labels = labels.round().long() if labels.is_floating_point() else labels.long()
    size = int(max(class_weight)) + 1
    table = torch.tensor([float(class_weight.get(c, 1.0)) for c in range(size)], dtype=torch.float32,
                         device=y.device)
    inside = (labels >= 0) & (labels < size)
    return torch.where(inside, table[labels.clamp(0, size - 1)], torch.ones((), device=y.device))


def _check_one_weighting(sample_weight, class_weight):
    if class_weight is not None and sample_weight is not None:
        raise ValueError("You cannot `class_weight` and `sample_weight` at the same time. "
                         f"Received: class_weight={class_weight} and a sample_weight")


class ArrayDataAdapter:
    """Batches of in-memory arrays for one replica.

    The arrays are not copied to the device up front: every replica walks the same global batches of
    the same permutation (so each sample is seen once per epoch across replicas) and moves only its own
    rows of each step (`device_transfer.take_rows`). Nothing is cached between calls, so arrays changed
    in place between `fit` calls are read afresh.

    Args:
        x, y, sample_weight: arrays or nests of arrays with equal first dimension.
        batch_size: global batch size (default 32).
        shuffle: reshuffle the sample order every epoch (same order on every replica).
        replica: the `ReplicaFeed` of this replica (its rows of each batch, its device).
        steps: optional cap on steps per epoch.
        class_weight: optional dict class -> weight, turned into sample weights.
    """

    def __init__(self, x, y=None, sample_weight=None, batch_size=None, shuffle=False, replica=None, steps=None,
                 class_weight=None):
        self.batch_size = check_batch_size(batch_size) or 32
        x, y, sample_weight = (lists_to_arrays(v) for v in (x, y, sample_weight))
        self.num_samples = check_cardinality(x, y, sample_weight)
        self.replica = replica
        self.x = map_structure(device_transfer.host_tensor, x)
        self.y = map_structure(device_transfer.host_tensor, y) if y is not None else None
        self.sample_weight = device_transfer.host_tensor(sample_weight) if sample_weight is not None else None
        _check_one_weighting(sample_weight, class_weight)
        if class_weight is not None and self.y is not None:
            self.sample_weight = class_weight_to_sample_weight(self.y, class_weight)
        self.shuffle = bool(shuffle)
        full_steps = math.ceil(self.num_samples / self.batch_size)
        self.steps_per_epoch = min(full_steps, steps) if steps else full_steps
        # under a global seed (`keras.utils.set_random_seed`, `tf.random.set_seed`) TF's own order, the same on
        # every replica; else a seed drawn on the chief
        self._tf_order = self.shuffle and random_ops.get_global_seed() is not None
        self._seed = _shared_seed(replica) if self.shuffle and not self._tf_order else 0
        self._first_epoch = None
        self._tf_orders = {}  # (draw, global seed) -> TF's order (the latest only)

    def first_batch(self):
        """The first batch of epoch 0 (no side effects; used to build the model)."""
        return next(iter(self._batches(self._order(0, first=0))))

    def _order(self, epoch_index, first=None):
        """This epoch's sample order (a host tensor), or None unshuffled. `first`: the epoch `fit` began with."""
        if not self.shuffle:
            return None
        if self._tf_order:
            key = (epoch_index - first if legacy_keras() else 0, random_ops.get_global_seed())
            if key not in self._tf_orders:  # Keras 3 draws one order for the whole fit: computed once
                order = random_ops.global_seed_shuffle_order(self.num_samples, key[0])
                if order is None:  # the seed was cleared during `fit`
                    return torch.randperm(self.num_samples, generator=torch.Generator().manual_seed(epoch_index))
                self._tf_orders = {key: torch.tensor(order, dtype=torch.long)}
            return self._tf_orders[key]
        gen = torch.Generator().manual_seed(self._seed + epoch_index)
        return torch.randperm(self.num_samples, generator=gen)

    def epoch(self, epoch_index):
        """Iterator of `StepBatch` for one epoch."""
        if self._first_epoch is None:
            self._first_epoch = epoch_index
        return self._batches(self._order(epoch_index, self._first_epoch))

    def _batches(self, order):
        """`StepBatch`es over the samples in `order` (None: as stored); on the host: each source gathers with its
        own copy of the order."""
        replica_rows, device = self.replica.replica_rows, self.replica.device
        for step in range(self.steps_per_epoch):
            start = (step * self.batch_size) % max(self.num_samples, 1)
            stop = min(self.num_samples, start + self.batch_size)
            global_size = stop - start
            lo, hi = replica_rows(global_size)
            rows = slice(start + lo, start + hi) if order is None else order[start + lo:start + hi]
            take = _Rows(rows, device)
            yield StepBatch(take.apply(self.x), take.apply(self.y), take.apply(self.sample_weight), hi - lo,
                            global_size)


class _Rows:
    """This replica's rows of one step, from every array in a structure, on the replica's device."""

    def __init__(self, rows, device):
        self.rows, self.device = rows, device
        self._index = {}  # source device -> the row numbers there (one copy per device per step)

    def _take(self, source):
        rows = self.rows
        if not isinstance(rows, slice) and not string_tensor.is_string_tensor(source):  # strings: host rows
            rows = self._index.get(source.device)
            if rows is None:
                rows = self._index[source.device] = self.rows.to(source.device)
        return device_transfer.take_rows(source, rows, self.device)

    def apply(self, structure):
        if isinstance(structure, torch.Tensor):
            return self._take(structure)
        if structure is None:
            return None
        return map_structure(lambda t: None if t is None else self._take(t), structure)


def _shared_seed(replica):
    """A seed drawn from torch's RNG on the chief, the same on every replica."""
    seed = torch.randint(0, 2**31 - 1, (1,), dtype=torch.int64)
    replica.broadcast([seed])
    return int(seed)


def pack_x_y_sample_weight(x, y=None, sample_weight=None):
    """`x`, `(x,)`, `(x, y)` or `(x, y, sample_weight)` as Keras packs a step's data.

    Returns:
        `x` alone when it is not a tuple/list and there is no `y`, else a tuple.
    """
    if y is None:
        return (x,) if isinstance(x, (tuple, list)) else x
    if sample_weight is None:
        return (x, y)
    return (x, y, sample_weight)


def unpack_x_y_sample_weight(data):
    """`(x,)`, `(x, y)` or `(x, y, sample_weight)` -> a 3-tuple (Keras's helper)."""
    if isinstance(data, list):
        data = tuple(data)
    if not isinstance(data, tuple):
        return data, None, None
    if len(data) == 1:
        return data[0], None, None
    if len(data) == 2:
        return data[0], data[1], None
    if len(data) == 3:
        return data
    raise ValueError(
        "Data is expected to be in format `x`, `(x,)`, `(x, y)`, or `(x, y, sample_weight)`. "
        f"Received: a tuple of length {len(data)}"
    )


class IterableDataAdapter:
    """Global batches from a Dataset / generator / iterable; this replica keeps its rows.

    Args:
        data: iterable of global batches. A re-iterable (Dataset, list,
            DataLoader) restarts each epoch; a one-shot generator continues.
        replica: the `ReplicaFeed` of this replica.
        steps: steps per epoch; default `len(data)` when known, else until exhausted.
        class_weight: optional dict class -> weight, turned into each batch's sample weights (the batches
            must then be `(x, y)`), as Keras maps a Dataset.
    """

    def __init__(self, data, replica, steps=None, class_weight=None):
        self.class_weight = class_weight
        if isinstance(data, DistributedDataset):
            data = data._dataset
        self.data = data
        self.replica = replica
        # a Dataset ending in `.map(...).batch(b)`: each replica maps only its rows (replica_split)
        self._split = replica.num_replicas > 1 and isinstance(data, Dataset) and replica_split.can_split(data)
        self._reiterable = not hasattr(data, "__next__")
        self._iterator = None
        self._pending = None  # an element read ahead by `first_batch` from a one-shot iterator
        self._first_epoch = None  # the index of the first epoch asked for (tf_keras's extra pass)
        self._user_steps = steps
        self.exhausted = False
        try:
            known = len(data)
        except TypeError:
            known = None
        if known is not None and known < 0:
            known = None
        self.steps_per_epoch = steps if steps else known

    def first_batch(self):
        """The first batch, without consuming it (used to build the model before training). A re-iterable
        dataset's look takes no shuffle pass: Keras builds the model on the first step's batch, so training's first
        pass must still be the dataset's first order."""
        if self._reiterable:
            with data_shuffle.passes_restored():
                return self._step_batch(next(iter(self.data)))
        if self._pending is None:
            if self._iterator is None:
                self._iterator = iter(self.data)
            self._pending = next(self._iterator)
        return self._step_batch(self._pending)

    def _next_element(self):
        if self._pending is not None:
            element, self._pending = self._pending, None
            return element
        return next(self._iterator)

    def _new_iterator(self):
        if not self._split:
            return iter(self.data)
        local = replica_split.replica_batches(self.data, self.replica.replica_rows)
        return _LocalBatches(local, self.replica.randomness)

    def epoch(self, epoch_index):
        # Keras: a fresh pass per epoch, unless steps_per_epoch was given (then one iterator continues)
        tf_passes = self._reiterable and self._user_steps is None and isinstance(self.data, Dataset)
        if self._first_epoch is None:
            self._first_epoch = epoch_index
        if tf_passes and legacy_keras() and epoch_index == self._first_epoch:
            # tf_keras's DataHandler makes an iterator, then a new one for the first epoch: TF's shuffles draw the
            # seeds of a pass for the dropped one (at each fit, and at each evaluation with its epoch 0)
            data_shuffle.skip_pass(self.data)
        if self._iterator is None or (self._reiterable and self._user_steps is None):
            self._iterator = self._new_iterator()
        step = 0
        while self.steps_per_epoch is None or step < self.steps_per_epoch:
            try:
                element = self._next_element()
            except StopIteration:
                if self._reiterable and self._user_steps is not None and step == 0 and epoch_index > 0:
                    self._iterator = self._new_iterator()
                    continue
                if self._user_steps is not None and step < self._user_steps:
                    warnings.warn(
                        "Your input ran out of data; interrupting training. Make sure that your dataset or "
                        f"generator can generate at least `steps_per_epoch * epochs` batches. Received: "
                        f"steps_per_epoch={self._user_steps}, data exhausted after {step} step(s) of this epoch",
                        UserWarning, stacklevel=2)
                    self.exhausted = True
                return
            yield self._step_batch(element)
            step += 1
        if tf_passes and not legacy_keras():
            # Keras 3 makes a new iterator when an epoch of known length ends (and drops it at the next epoch's
            # start): TF's shuffles draw a pass's seeds for it, so the next epoch sees the pass after that
            data_shuffle.skip_pass(self.data)

    def _step_batch(self, element):
        """This replica's rows of one global batch, on its device."""
        if isinstance(element, _LocalBatch):  # already this replica's rows
            global_size = element.global_size
            x, y, sw = (lists_to_arrays(v) for v in unpack_x_y_sample_weight(element.element))
        else:
            element = tuple(lists_to_arrays(v) for v in unpack_x_y_sample_weight(element))
            global_size = batch_size_of(element)
            x, y, sw = replica_slice(element, self.replica.replica_rows)
        device = self.replica.device
        move = lambda t: to_device_tensor(t, device) if t is not None else None  # noqa: E731
        x, y = map_structure(move, x), map_structure(move, y) if y is not None else None
        sw = move(sw)
        if self.class_weight is not None:  # Keras maps the dataset: (x, y) -> (x, y, class weights)
            _check_one_weighting(sw, self.class_weight)
            sw = class_weight_to_sample_weight(y, self.class_weight)
        lo, hi = self.replica.replica_rows(global_size)
        return StepBatch(x, y, sw, hi - lo, global_size)


@dataclass
class _LocalBatch:
    """This replica's rows of a global batch of `global_size` rows, computed by `replica_split`."""

    element: object
    global_size: int


class _LocalBatches:
    """Iterator of `_LocalBatch`; the pipeline's maps draw from this replica's random stream.

    Replicas map different rows, so random ops in a map must not move the agreed (pipeline) stream
    by different amounts on different replicas (later shuffles would then diverge).
    """

    def __init__(self, local, randomness):
        self._local = local
        self._randomness = randomness

    def __iter__(self):
        return self

    def __next__(self):
        with self._randomness:
            element, global_size = next(self._local)
        return _LocalBatch(element, global_size)


class PerReplicaDataAdapter(IterableDataAdapter):
    """Batches of `strategy.distribute_datasets_from_function(fn)`, used as they are on this replica.

    Each step every replica reports its batch's rows, -1 when it has none left (one small all-gather);
    a replica whose share ran out trains on an empty batch while others still have data, so all
    replicas run the same number of steps and no row is dropped. A step's global batch is the rows the
    replicas hold in it, so each replica's mean scaled by `local / global` makes one device's update on
    their union (DESIGN section 4), whatever batch size the function asked `get_per_replica_batch_size`
    about: TF's update (each replica's mean divided by N) whenever the replicas' batches are equal.
    """

    per_replica = True

    def __init__(self, data, replica, steps=None, class_weight=None):
        super().__init__(data, replica, steps, class_weight)
        self._template = None

    def epoch(self, epoch_index):
        batches = super().epoch(epoch_index)
        while True:
            batch = next(batches, None)
            rows = self.replica.gather_ints(-1 if batch is None else batch.local_size)
            if max(rows) < 0:
                return
            if batch is None:
                if self._template is None:
                    raise ValueError("Expected every replica's dataset from `distribute_datasets_from_function` to "
                                     "have at least one batch. Received: an empty dataset on replica "
                                     f"{self.replica.rank}")
                batch = self._template
            else:
                self._template = StepBatch(*(map_structure(lambda t: None if t is None else t[:0], v)
                                             for v in (batch.x, batch.y, batch.sample_weight)), 0, 0)
            yield replace(batch, global_size=sum(max(r, 0) for r in rows))

    def _step_batch(self, element):
        element = tuple(lists_to_arrays(v) for v in unpack_x_y_sample_weight(element))
        local = batch_size_of(element)
        device = self.replica.device
        move = lambda t: to_device_tensor(t, device) if t is not None else None  # noqa: E731
        x, y, sw = element
        x, y = map_structure(move, x), map_structure(move, y) if y is not None else None
        sw = move(sw)
        if self.class_weight is not None:
            _check_one_weighting(sw, self.class_weight)
            sw = class_weight_to_sample_weight(y, self.class_weight)
        return StepBatch(x, y, sw, local, local)  # `epoch` sets the global size the replicas agree on


def is_py_dataset(value):
    """True for a `keras.utils.PyDataset` (also spelled `keras.utils.Sequence`)."""
    return isinstance(value, PyDataset)


class _Passes:
    """Re-iterable over the batches of a PyDataset; each `iter()` is one pass in the epoch's order."""

    def __init__(self, dataset, seed):
        self.dataset = dataset
        self.seed = seed
        self.passes = 0

    def __len__(self):
        return len(self.dataset)

    def __iter__(self):
        n = len(self.dataset)
        if self.seed is None:
            order = range(n)
        else:
            gen = torch.Generator().manual_seed(self.seed + self.passes)
            order = torch.randperm(n, generator=gen).tolist()
        self.passes += 1
        return (self.dataset[i] for i in order)


class PyDatasetAdapter(IterableDataAdapter):
    """Global batches from a PyDataset; this replica keeps its rows.

    Args:
        dataset: a `keras.utils.PyDataset` (or `Sequence`) returning whole batches.
        replica: the `ReplicaFeed` of this replica.
        steps: steps per epoch; default `len(dataset)`.
        shuffle: visit the batches in a new random order each epoch.
        class_weight: optional dict class -> weight, turned into each batch's sample weights.

    Raises:
        ValueError: if `len(dataset)` is not a non-negative integer.
    """

    def __init__(self, dataset, replica, steps=None, shuffle=False, class_weight=None):
        num_batches = len(dataset)
        if not isinstance(num_batches, int) or num_batches < 0:
            raise ValueError(f"Expected len(PyDataset) to be a non-negative int. Received: len={num_batches!r}")
        self.py_dataset = dataset
        super().__init__(_Passes(dataset, _shared_seed(replica) if shuffle else None), replica, steps, class_weight)

    def first_batch(self):
        """Batch 0, read directly (no pass started, no epoch hooks run)."""
        return self._step_batch(self.py_dataset[0])

    def epoch(self, epoch_index):
        hook = getattr(self.py_dataset, "on_epoch_begin", None)
        if hook is not None:
            hook()
        yield from super().epoch(epoch_index)
        hook = getattr(self.py_dataset, "on_epoch_end", None)
        if hook is not None:
            hook()


def make_adapter(x, y=None, sample_weight=None, batch_size=None, shuffle=False, replica=None, steps=None,
                 class_weight=None, arg="x"):
    """Pick the adapter for `x` (arrays, Dataset, generator, iterable) feeding `replica` (a `ReplicaFeed`).

    Raises:
        ValueError: batch_size given with a dataset/generator, y given with a dataset, bad batch_size.
        TypeError: `x` of an unsupported type.
    """
    if x is None:
        raise ValueError(f"Expected {arg} to be data (arrays, a tf.data.Dataset or a generator). Received: {arg}=None")
    input_validation.check_class_weight(class_weight)
    x, y, sample_weight = (_dense_in_memory(v) for v in (x, y, sample_weight))
    if is_py_dataset(x):
        _check_batched_input(x, y, batch_size, arg, sample_weight, "PyDataset")
        return PyDatasetAdapter(x, replica, steps, shuffle, class_weight)
    if isinstance(x, PerReplicaDataset):
        _check_batched_input(x, y, batch_size, arg, sample_weight, "distributed dataset")
        return PerReplicaDataAdapter(x, replica, steps, class_weight)
    if _has_composite(x):  # ExtensionTypes / RaggedTensors in memory: sliced and batched by tf.data, as tf_keras
        x = _composite_dataset(x, y, sample_weight, batch_size, shuffle)
        return IterableDataAdapter(x, replica, steps, class_weight)
    if isinstance(x, dict) or is_array_structure(x):
        return ArrayDataAdapter(x, y, sample_weight, batch_size, shuffle, replica, steps, class_weight)
    if hasattr(x, "__iter__") or hasattr(x, "__next__"):
        is_dataset = isinstance(x, (Dataset, DistributedDataset))
        _check_batched_input(x, y, batch_size, arg, sample_weight,
                             "tf.data.Dataset" if is_dataset else type(x).__name__)
        if shuffle:
            _warn_shuffle_ignored(x, is_dataset)
        if class_weight is not None and not is_dataset:
            raise ValueError("Argument `class_weight` is not supported for Python generator inputs (Keras maps "
                             "it over a tf.data.Dataset or a PyDataset only); yield (x, y, sample_weight) instead. "
                             f"Received: class_weight={class_weight}, x of type {type(x).__name__}")
        return IterableDataAdapter(x, replica, steps, class_weight)
    raise TypeError(
        "Expected x to be numpy arrays, torch tensors, a dict/list of them, a tf.data.Dataset, a "
        f"keras.utils.PyDataset or a generator. Received: x of type {type(x).__name__}"
    )


def _has_composite(data):
    return any(isinstance(v, (ExtensionType, RaggedTensor)) for v in flatten(data))


def _composite_dataset(x, y, sample_weight, batch_size, shuffle):
    """In-memory data holding extension types or RaggedTensors as a batched `tf.data.Dataset` of `(x, y, sw)`
    (tf_keras's CompositeTensorDataAdapter: rows shuffled each epoch when `shuffle`, batches of 32 by default)."""
    data = tuple(v for v in (x, y, sample_weight) if v is not None)
    dataset = Dataset.from_tensor_slices(data if len(data) > 1 else data[0])
    if shuffle:
        count = int(dataset.cardinality())
        dataset = dataset.shuffle(max(count, 1), reshuffle_each_iteration=True)
    return dataset.batch(32 if batch_size is None else int(batch_size))


def _dense_in_memory(data):
    """In-memory `tf.sparse.SparseTensor`s (alone or in a list/tuple/dict) as their dense tensors: batches are then
    row slices, and a model's sparse Input hands its layers the dense form anyway (models/functional.py)."""
    if isinstance(data, SparseTensor):
        return sparse_ops.to_dense(data)
    if isinstance(data, (list, tuple, dict)) and any(isinstance(v, SparseTensor) for v in flatten(data)):
        return map_structure(lambda v: sparse_ops.to_dense(v) if isinstance(v, SparseTensor) else v, data)
    return data


def _warn_shuffle_ignored(x, is_dataset):
    """Keras 3 warns when `fit(shuffle=True)` (its default) meets data that fixes its own order; Keras 2 does not
    (`TF_USE_LEGACY_KERAS=1`: `fit_generator`'s default `shuffle=True` passes through silently, as in tf_keras)."""
    if legacy_keras():
        return
    if is_dataset:
        kind, rest = "a tf.data.Dataset", "Shuffle the Dataset itself (`.shuffle(buffer_size)`)."
    elif isinstance(x, torch.utils.data.DataLoader):
        kind, rest = "a torch DataLoader", "Shuffle in the DataLoader itself (`shuffle=True` there)."
    elif isinstance(x, types.GeneratorType):
        kind, rest = "a generator", "The generator decides the order of what it yields."
    else:
        return
    warnings.warn(f"`shuffle=True` was passed, but will be ignored since the data `x` was provided as {kind}. "
                  f"{rest}", stacklevel=3)


def _check_batched_input(x, y, batch_size, arg, sample_weight=None, kind="dataset"):
    if sample_weight is not None:
        raise ValueError(f"When providing `x` as a {kind}, `sample_weights` should not be passed. Instead, the "
                         f"sample weights should be included as part of the {kind}. "
                         f"Received: sample_weight of type {type(sample_weight).__name__}")
    if y is not None:
        raise ValueError(
            f"`y` argument is not supported when using a dataset, generator or PyDataset as input; the data should "
            f"yield (x, y) tuples. Received: y of type {type(y).__name__}"
        )
    if batch_size is not None:
        raise ValueError(
            "The `batch_size` argument must not be specified for the given input type (the data is already "
            f"batched). Received: batch_size={batch_size}, {arg} of type {type(x).__name__}"
        )
