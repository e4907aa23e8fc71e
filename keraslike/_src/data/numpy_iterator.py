"""The iterator `Dataset.as_numpy_iterator()` returns (TF's `_NumpyIterator`): each element with its tensors as
numpy values; `next(it)` and TF's `it.next()` both advance it."""

from keraslike._src.data import structure as nest


class NumpyIterator:
    """Iterates `elements` (an iterator of tensor structures), converting each leaf to numpy (strings to bytes)."""

    def __init__(self, elements):
        self._elements = elements

    def __iter__(self):
        return self

    def __next__(self):
        return nest.map_structure_unchecked(nest.to_numpy, next(self._elements))

    def next(self):
        """`it.next()`: the next element (TF's spelling of `next(it)`)."""
        return self.__next__()
