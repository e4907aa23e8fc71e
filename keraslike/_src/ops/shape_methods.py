"""The `tf.TensorShape` methods, written once over a tuple of dimensions (`int` or `None`).

Mirrors `tensorflow/python/framework/tensor_shape.py`. `TensorShape` (shapes that may be
partly unknown) and `torch.Size` (the shape of every eager tensor, see
`keraslike/_src/ops/tensor_attributes.py`) both expose these, so `x.shape.as_list()`,
`x.shape.rank` and `tf.TensorShape([None, 3]).merge_with(x.shape)` work alike.

A "dims" value below is `None` (unknown rank) or a tuple of `int`/`None`.
"""

from keraslike._src.ops.dimension import Dimension


def dims_of(shape):
    """The dims tuple of a `TensorShape`, `torch.Size`, list/tuple, an int (one dim), or `None`."""
    if shape is None:
        return None
    if isinstance(shape, int) and not isinstance(shape, bool):  # TF's TensorShape(3) is (3,)
        return (shape,)
    known = getattr(shape, "_tf_dims", None)
    if known is not None:
        return known()
    return tuple(None if d is None else int(d) for d in shape)


def _show(dims):
    if dims is None:
        return "<unknown>"
    if len(dims) == 1:
        return f"({dims[0]},)"
    return "(" + ", ".join(str(d) for d in dims) + ")"


def is_compatible(a, b):
    """True when dims `a` and `b` could describe the same tensor (unknowns match anything)."""
    if a is None or b is None:
        return True
    return len(a) == len(b) and all(x is None or y is None or x == y for x, y in zip(a, b))


def merge(a, b):
    """The dims compatible with both `a` and `b`, or ValueError (TF's `merge_with`)."""
    if a is None:
        return b
    if b is None:
        return a
    if not is_compatible(a, b):
        raise ValueError(f"Shapes {_show(a)} and {_show(b)} are not compatible")
    return tuple(x if x is not None else y for x, y in zip(a, b))


def with_rank(dims, rank, at_least=False, at_most=False):
    """`dims` if its rank fits, else ValueError (TF's `with_rank*`)."""
    if dims is None:
        return None if (at_least or at_most) else (None,) * rank
    n = len(dims)
    if at_least and n < rank:
        raise ValueError(f"Shape {_show(dims)} must have rank at least {rank}")
    if at_most and n > rank:
        raise ValueError(f"Shape {_show(dims)} must have rank at most {rank}")
    if not (at_least or at_most) and n != rank:
        raise ValueError(f"Shape {_show(dims)} must have rank {rank}")
    return dims


class ShapeMethods:
    """Mixin of the TF shape API; the host supplies `_tf_dims()` and a `_tf_make(dims)` factory."""

    @property
    def dims(self):
        """The dimensions as a list of `Dimension`s (as TF lists them: `.value` is the int or None), or `None`
        for unknown rank. `as_list()` gives plain ints."""
        d = self._tf_dims()
        return None if d is None else [Dimension(x) for x in d]

    @property
    def rank(self):
        """Number of dimensions, or `None` when the rank is unknown."""
        d = self._tf_dims()
        return None if d is None else len(d)

    ndims = rank

    def as_list(self):
        """The dimensions as a Python list. Raises ValueError for an unknown rank."""
        d = self._tf_dims()
        if d is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(d)

    def is_fully_defined(self):
        """True when the rank and every dimension are known."""
        d = self._tf_dims()
        return d is not None and all(x is not None for x in d)

    def assert_is_fully_defined(self):
        """Raises ValueError unless the shape is fully defined."""
        if not self.is_fully_defined():
            raise ValueError(f"Shape {_show(self._tf_dims())} is not fully defined")

    def num_elements(self):
        """Product of the dimensions, or `None` when the shape is not fully defined."""
        if not self.is_fully_defined():
            return None
        total = 1
        for x in self._tf_dims():
            total *= x
        return total

    def is_compatible_with(self, other):
        """True when `other` could describe the same tensor (unknowns match anything)."""
        return is_compatible(self._tf_dims(), dims_of(other))

    def assert_is_compatible_with(self, other):
        """Raises ValueError when `other` is not compatible with this shape."""
        if not self.is_compatible_with(other):
            raise ValueError(f"Shapes {_show(self._tf_dims())} and {_show(dims_of(other))} are incompatible")

    def merge_with(self, other):
        """The shape combining what this shape and `other` know. Raises ValueError if incompatible."""
        return self._tf_make(merge(self._tf_dims(), dims_of(other)))

    def most_specific_compatible_shape(self, other):
        """The most specific shape compatible with both: differing dimensions become `None`."""
        a, b = self._tf_dims(), dims_of(other)
        if a is None or b is None or len(a) != len(b):
            return self._tf_make(None)
        return self._tf_make(tuple(x if x == y else None for x, y in zip(a, b)))

    most_specific_common_supertype_of_two = most_specific_compatible_shape

    def is_subtype_of(self, other):
        """True when every dimension `other` knows is known and equal here (TF's trace-type order)."""
        a, b = self._tf_dims(), dims_of(other)
        if b is None:
            return True
        if a is None or len(a) != len(b):
            return False
        return all(y is None or x == y for x, y in zip(a, b))

    def concatenate(self, other):
        """The shape with `other`'s dimensions appended (unknown rank if either is)."""
        a, b = self._tf_dims(), dims_of(other)
        return self._tf_make(None if a is None or b is None else a + b)

    def assert_same_rank(self, other):
        """Raises ValueError when both ranks are known and differ."""
        a, b = self._tf_dims(), dims_of(other)
        if a is not None and b is not None and len(a) != len(b):
            raise ValueError(f"Shapes {_show(a)} and {_show(b)} must have the same rank")

    def assert_has_rank(self, rank):
        """Raises ValueError when the rank is known and is not `rank`."""
        d = self._tf_dims()
        if d is not None and len(d) != rank:
            raise ValueError(f"Shape {_show(d)} must have rank {rank}")

    def with_rank(self, rank):
        """This shape if its rank is `rank` (an unknown rank becomes `rank` unknown dims)."""
        return self._tf_make(with_rank(self._tf_dims(), rank))

    def with_rank_at_least(self, rank):
        """This shape if its rank is at least `rank`, else ValueError."""
        return self._tf_make(with_rank(self._tf_dims(), rank, at_least=True))

    def with_rank_at_most(self, rank):
        """This shape if its rank is at most `rank`, else ValueError."""
        return self._tf_make(with_rank(self._tf_dims(), rank, at_most=True))
