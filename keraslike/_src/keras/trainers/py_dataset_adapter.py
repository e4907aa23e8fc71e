"""Adapter for `keras.utils.PyDataset` / `Sequence` (keras/src/trainers/data_adapters/py_dataset_adapter.py).

Each epoch reads `ds[i]` for `i` in `range(len(ds))`, in a shuffled order
when `shuffle=True` (Keras shuffles the batch order, not the rows). The order
is drawn from a seed broadcast by the chief, so under N replicas every replica
reads the same global batch at every step and keeps its rows.
`on_epoch_begin()` / `on_epoch_end()` run around every epoch of `fit` (and
around the single pass of `evaluate`/`predict`), as Keras's epoch iterator does.
"""

import torch

from keraslike._src.keras.trainers.data_adapter import IterableDataAdapter, _shared_seed
from keraslike._src.keras.utils.py_dataset import PyDataset


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
        strategy: the model's strategy.
        steps: steps per epoch; default `len(dataset)`.
        shuffle: visit the batches in a new random order each epoch.
        class_weight: optional dict class -> weight, turned into each batch's sample weights.

    Raises:
        ValueError: if `len(dataset)` is not a non-negative integer.
    """

    def __init__(self, dataset, strategy, steps=None, shuffle=False, class_weight=None):
        num_batches = len(dataset)
        if not isinstance(num_batches, int) or num_batches < 0:
            raise ValueError(f"Expected len(PyDataset) to be a non-negative int. Received: len={num_batches!r}")
        self.py_dataset = dataset
        super().__init__(_Passes(dataset, _shared_seed() if shuffle else None), strategy, steps, class_weight)

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
