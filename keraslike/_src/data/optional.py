"""`tf.experimental.Optional`, `tf.OptionalSpec` and `tf.data.IteratorSpec`.

Mirrors `tensorflow/python/data/ops/optional_ops.py` and `iterator_ops.py` (`IteratorSpec`): an Optional holds a
nested structure of tensors or nothing; `iterator.get_next_as_optional()` wraps the next element (an empty
Optional at the end instead of an error). `has_value()` is a bool tensor; `get_value()` of an empty Optional
raises `InvalidArgumentError` as TF's kernel.
"""

import torch

from keraslike._src import errors
from keraslike._src.data import structure as nest


def _spec_repr(spec):
    return f"({spec!r},)"


class Optional:
    """A value that may be absent (`tf.experimental.Optional`). Build one with `Optional.from_value(value)` or
    `Optional.empty(element_spec)`."""

    def __init__(self, value, element_spec, has_value):
        self._value = value
        self._element_spec = element_spec
        self._has_value = bool(has_value)

    @staticmethod
    def from_value(value):
        """An Optional holding `value` (a nested structure of tensors, arrays or Python values; leaves are
        converted to tensors as `tf.constant` does)."""
        value = nest.normalize(value)
        return Optional(value, nest.element_spec_of(value), True)

    @staticmethod
    def empty(element_spec):
        """An Optional holding nothing, of type `element_spec` (None allowed, as TF)."""
        return Optional(None, element_spec, False)

    @property
    def element_spec(self):
        """The nested `TensorSpec` of the value (whether present or not)."""
        return self._element_spec

    @property
    def _type_spec(self):
        return OptionalSpec(self._element_spec)

    def has_value(self, name=None):
        """A scalar bool tensor: whether a value is present."""
        return torch.tensor(self._has_value)

    def get_value(self, name=None):
        """The value.

        Raises:
            InvalidArgumentError: the Optional is empty (TF: "The given optional does not have a value.").
        """
        if not self._has_value:
            raise errors.InvalidArgumentError("The given optional does not have a value.")
        return self._value


class OptionalSpec:
    """`tf.OptionalSpec(element_spec)`: the type of an `Optional` whose value has `element_spec`."""

    def __init__(self, element_spec):
        self._element_spec = element_spec

    @property
    def element_spec(self):
        return self._element_spec

    @property
    def value_type(self):
        return Optional

    @staticmethod
    def from_value(value):
        """The spec of `value`, an `Optional`."""
        return OptionalSpec(value.element_spec)

    def __eq__(self, other):
        return type(other) is OptionalSpec and self._element_spec == other._element_spec

    def __hash__(self):
        return hash((OptionalSpec, repr(self._element_spec)))

    def __repr__(self):
        return f"OptionalSpec{_spec_repr(self._element_spec)}"


class IteratorSpec:
    """`tf.data.IteratorSpec(element_spec)`: the type of an iterator over elements of `element_spec`."""

    def __init__(self, element_spec):
        self._element_spec = element_spec

    @property
    def value_type(self):
        return _iterator_type()

    @staticmethod
    def from_value(value):
        """The spec of `value`, an iterator."""
        return IteratorSpec(value.element_spec)

    def __eq__(self, other):
        return type(other) is IteratorSpec and self._element_spec == other._element_spec

    def __hash__(self):
        return hash((IteratorSpec, repr(self._element_spec)))

    def __repr__(self):
        return f"IteratorSpec{_spec_repr(self._element_spec)}"


_ITERATOR_TYPE = []


def register_iterator_type(cls):
    """The iterator class `IteratorSpec.value_type` names (iterator.py registers it: it imports this module)."""
    _ITERATOR_TYPE[:] = [cls]
    return cls


def _iterator_type():
    return _ITERATOR_TYPE[0] if _ITERATOR_TYPE else None


def get_next_as_optional(iterator):
    """`tf.data.experimental.get_next_as_optional(iterator)` (deprecated in TF): `iterator.get_next_as_optional()`."""
    return iterator.get_next_as_optional()
