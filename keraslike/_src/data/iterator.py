"""The iterator returned by `iter(dataset)` (TF's `OwnedIterator`).

Mirrors `tensorflow/python/data/ops/iterator_ops.py`: `next(it)` / `it.get_next()`
return the next element; `element_spec` describes it.
"""


class DatasetIterator:
    """Iterator over one pass of a `Dataset`.

    Args:
        elements: the underlying Python iterator of elements.
        dataset: the dataset being iterated.
    """

    def __init__(self, elements, dataset):
        self._elements = elements
        self._dataset = dataset

    @property
    def element_spec(self):
        """Nested `TensorSpec` of the elements."""
        return self._dataset.element_spec

    def __iter__(self):
        return self

    def __next__(self):
        return next(self._elements)

    def get_next(self):
        """Returns the next element.

        Raises:
            StopIteration: at the end of the dataset (TF raises `OutOfRangeError`).
        """
        return next(self._elements)

