"""Stateful element-by-element transformations: `scan`, `take_while`, `unique`.

Mirrors `tensorflow/python/data/ops/{scan,take_while,unique}_op.py`.

Example:
    >>> ds = tf.data.Dataset.range(5).scan(tf.constant(0, tf.int64), lambda s, x: (s + x, s + x))
    >>> [int(v) for v in ds]                                  # running sums [0, 1, 3, 6, 10]
"""

import torch

from keraslike._src.data import structure as nest
from keraslike._src.data import cardinality as card
from keraslike._src.data.dataset import Dataset
from keraslike._src.data.functional import _as_bool, call_with_element
from keraslike._src.ops.tensor_spec import string
from keraslike._src.ops.string_tensor import as_string_array


class ScanDataset(Dataset):
    """`scan_func(state, element) -> (new_state, output)` threaded through the elements (see `Dataset.scan`).

    The element is passed as one argument (TF wraps `(state, element)`), so a tuple element stays a tuple.
    The new state must have the initial state's structure and dtypes.
    """

    def __init__(self, input_dataset, initial_state, scan_func):
        if not callable(scan_func):
            raise TypeError(f"Expected `scan_func` to be callable. Received: scan_func={scan_func!r}")
        super().__init__(None, [input_dataset])
        self._input = input_dataset
        self._initial = nest.normalize(initial_state)
        self._fn = scan_func

    def _step(self, state, element):
        result = nest.list_to_tuple(self._fn(state, element))
        if not (isinstance(result, tuple) and len(result) == 2):
            raise TypeError("Expected `scan_func` to return a pair (new_state, output_element). "
                            f"Received: result={result!r}")
        new_state, output = nest.normalize(result[0]), nest.normalize(result[1])
        nest.assert_same_structure(self._initial, new_state)
        for old, new in zip(nest.flatten(self._initial), nest.flatten(new_state)):
            if nest.spec_of(old).dtype != nest.spec_of(new).dtype:
                raise TypeError(f"`scan_func` changed a state dtype from {nest.spec_of(old).dtype!r} to "
                                f"{nest.spec_of(new).dtype!r}. Received: new_state={new_state!r}")
        return new_state, output

    @property
    def element_spec(self):
        if self._element_spec is None:
            first = next(self._input._elements(), None)
            if first is None:
                return self._input.element_spec
            self._element_spec = nest.element_spec_of(self._step(self._initial, first)[1])
        return self._element_spec

    def _cardinality(self):
        return self._input._cardinality()

    def _generic_elements(self):
        state = self._initial
        for element in self._input._elements():
            state, output = self._step(state, element)
            yield output


class TakeWhileDataset(Dataset):
    """The elements up to (not including) the first for which `predicate` is False."""

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
            if not _as_bool(call_with_element(self._predicate, element)):
                return
            yield element


def _hashable(leaf):
    if isinstance(leaf, torch.Tensor):
        return tuple(leaf.shape), leaf.cpu().numpy().tobytes()
    strings = as_string_array(leaf)
    return tuple(strings.shape), tuple(strings.reshape(-1).tolist())


class UniqueDataset(Dataset):
    """Each distinct element once, in order of first occurrence (see `Dataset.unique`).

    Raises:
        TypeError: elements of more than one component, or not int32/int64/string.
    """

    def __init__(self, input_dataset):
        spec = input_dataset.element_spec
        leaves = nest.flatten(spec)
        if len(leaves) != 1 or leaves[0].dtype not in (torch.int32, torch.int64, string):
            raise TypeError("`tf.data.Dataset.unique` supports elements of one tf.int32, tf.int64 or tf.string "
                            f"component. Received: element_spec={spec!r}")
        super().__init__(spec, [input_dataset])
        self._input = input_dataset

    def _cardinality(self):
        return card.UNKNOWN

    def _generic_elements(self):
        seen = set()
        for element in self._input._elements():
            key = _hashable(nest.flatten(element)[0])
            if key not in seen:
                seen.add(key)
                yield element

