"""The iterator returned by `iter(dataset)` (TF's `OwnedIterator`).

Mirrors `tensorflow/python/data/ops/iterator_ops.py`: `next(it)` / `it.get_next()`
return the next element; `element_spec` describes it.

A `tf.train.Checkpoint` saves an iterator's position (how many elements it has given, under the checkpoint
attribute `ITERATOR_POSITION`; TF saves its pipeline state, a variant tensor keraslike cannot hold, under
`ITERATOR_STATE`); restoring starts a new pass and skips that many elements, so the iterator continues where
the saved one was for a pipeline that gives the same elements on every pass (an unseeded shuffle does not).
"""

import torch

from keraslike._src import errors
from keraslike._src.data.optional import IteratorSpec, Optional, register_iterator_type
from keraslike._src.ops import trace_state


@register_iterator_type
class DatasetIterator:
    """Iterator over one pass of a `Dataset`.

    Args:
        elements: the underlying Python iterator of elements.
        dataset: the dataset being iterated.
    """

    _checkpoint_attribute = "ITERATOR_POSITION"
    shape = ()

    def __init__(self, elements, dataset):
        self._elements = elements
        self._dataset = dataset
        self._position = 0

    @property
    def element_spec(self):
        """Nested `TensorSpec` of the elements."""
        return self._dataset.element_spec

    def __iter__(self):
        return self

    def __next__(self):
        trace_state.check_iterator_next("a tf.data iterator")
        element = next(self._elements)
        self._position += 1
        return element

    def next(self):
        """`iterator.next()`: the next element (TF's Python-2-style name for `next(iterator)`)."""
        return self.__next__()

    def get_next(self):
        """Returns the next element.

        Raises:
            tf.errors.OutOfRangeError: at the end of the dataset, as TF (`next(it)` raises `StopIteration`).
        """
        try:
            return self.__next__()
        except StopIteration:
            raise errors.OutOfRangeError(None, None, "End of sequence") from None

    def get_next_as_optional(self):
        """The next element as a `tf.experimental.Optional`; an empty one (of this iterator's `element_spec`)
        at the end, where `get_next` would raise."""
        try:
            element = self.__next__()
        except StopIteration:
            return Optional.empty(self.element_spec)
        return Optional(element, self.element_spec, True)

    @property
    def _type_spec(self):
        return IteratorSpec(self.element_spec)

    def _checkpoint_value(self):
        """The position a checkpoint saves (module docstring)."""
        return torch.tensor(self._position, dtype=torch.int64)

    def _checkpoint_assign(self, value):
        """Continue from a saved position: a new pass over the dataset, `value` elements skipped."""
        position = int(value)
        elements = self._dataset._elements()
        for _ in range(position):
            next(elements)
        self._elements, self._position = elements, position

