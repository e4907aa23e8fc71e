"""`keras.utils.PyDataset` (Keras 3) and `keras.utils.Sequence` (its TF 2 name).

Mirrors `keras/src/trainers/data_adapters/py_dataset_adapter.py`: a Python
object that returns whole batches by index. `fit` walks `range(len(ds))`
(in a shuffled order when `fit(shuffle=True)`, the same order on every
replica), calls `on_epoch_begin()` / `on_epoch_end()` around each pass, and
under N replicas every replica reads the same global batch and keeps its rows.

`workers`, `use_multiprocessing` and `max_queue_size` are accepted and kept
as attributes for compatibility; batches are read in the training process,
one after another (torch does the heavy lifting once the batch is built).

Example:

    class Batches(keras.utils.PyDataset):
        def __init__(self, x, y, batch_size, **kwargs):
            super().__init__(**kwargs)
            self.x, self.y, self.batch_size = x, y, batch_size

        def __len__(self):
            return math.ceil(len(self.x) / self.batch_size)

        def __getitem__(self, index):
            lo = index * self.batch_size
            return self.x[lo:lo + self.batch_size], self.y[lo:lo + self.batch_size]

    model.fit(Batches(x, y, 32), epochs=3)
"""


class PyDataset:
    """Base class for datasets of batches indexed by integers.

    Args:
        workers: int, accepted for compatibility (batches are read in-process).
        use_multiprocessing: bool, accepted for compatibility.
        max_queue_size: int, accepted for compatibility.

    Subclasses implement `__len__` (number of batches per epoch) and
    `__getitem__(index)` returning `x`, `(x, y)` or `(x, y, sample_weight)`;
    optionally `on_epoch_begin()` and `on_epoch_end()`.

    Raises:
        ValueError: for a non-positive `workers` or `max_queue_size`.
    """

    def __init__(self, workers=1, use_multiprocessing=False, max_queue_size=10):
        if not isinstance(workers, int) or workers < 1:
            raise ValueError(f"Expected workers to be a positive integer. Received: workers={workers!r}")
        if not isinstance(max_queue_size, int) or max_queue_size < 1:
            raise ValueError(
                f"Expected max_queue_size to be a positive integer. Received: max_queue_size={max_queue_size!r}")
        self._workers = workers
        self._use_multiprocessing = bool(use_multiprocessing)
        self._max_queue_size = max_queue_size

    @property
    def workers(self):
        return getattr(self, "_workers", 1)

    @workers.setter
    def workers(self, value):
        self._workers = value

    @property
    def use_multiprocessing(self):
        return getattr(self, "_use_multiprocessing", False)

    @use_multiprocessing.setter
    def use_multiprocessing(self, value):
        self._use_multiprocessing = value

    @property
    def max_queue_size(self):
        return getattr(self, "_max_queue_size", 10)

    @max_queue_size.setter
    def max_queue_size(self, value):
        self._max_queue_size = value

    def __getitem__(self, index):
        """Batch number `index`: `x`, `(x, y)` or `(x, y, sample_weight)`."""
        raise NotImplementedError(f"{type(self).__name__} must implement __getitem__(index).")

    def __len__(self):
        """Number of batches per epoch."""
        raise NotImplementedError(f"{type(self).__name__} must implement __len__().")

    @property
    def num_batches(self):
        """Keras 3: number of batches per epoch (`len(self)`)."""
        return len(self)

    def on_epoch_begin(self):
        """Called before each pass over the dataset."""

    def on_epoch_end(self):
        """Called after each pass over the dataset (e.g. to reshuffle the samples)."""

    def __iter__(self):
        """Plain iteration over the batches in order (as `keras.utils.Sequence`)."""
        for index in range(len(self)):
            yield self[index]


#: TF 2's name for the same base class (`tf.keras.utils.Sequence`).
Sequence = PyDataset
