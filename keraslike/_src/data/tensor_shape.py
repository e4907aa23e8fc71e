"""A minimal `tf.TensorShape`: static shapes whose dimensions may be unknown (`None`).

Mirrors `tensorflow/python/framework/tensor_shape.py`. Used by `TensorSpec` and
`Dataset.element_spec`; a shape is either of unknown rank (`TensorShape(None)`) or a
tuple of dimensions, each an `int` or `None`.
"""


class TensorShape:
    """The static shape of a tensor, possibly partially known.

    Args:
        dims: `None` (unknown rank), or an iterable of `int`/`None` such as a list,
            tuple, `torch.Size` or another `TensorShape`.

    Raises:
        TypeError: if a dimension is neither an integer nor `None`.

    Example:
        >>> TensorShape([None, 3]).as_list()
        [None, 3]
    """

    def __init__(self, dims):
        if isinstance(dims, TensorShape):
            dims = dims._dims
        if dims is None:
            self._dims = None
            return
        if isinstance(dims, int):
            dims = (dims,)
        self._dims = tuple(_as_dim(d, dims) for d in dims)

    @property
    def dims(self):
        """The dimensions as a list of `int`/`None`, or `None` for unknown rank."""
        return None if self._dims is None else list(self._dims)

    @property
    def rank(self):
        """Number of dimensions, or `None` when the rank is unknown."""
        return None if self._dims is None else len(self._dims)

    ndims = rank

    def as_list(self):
        """Returns the dimensions as a Python list.

        Raises:
            ValueError: if the rank is unknown.
        """
        if self._dims is None:
            raise ValueError("as_list() is not defined on an unknown TensorShape.")
        return list(self._dims)

    def is_fully_defined(self):
        """True when the rank and every dimension are known."""
        return self._dims is not None and all(d is not None for d in self._dims)

    def is_compatible_with(self, other):
        """True when `other` could describe the same tensor (unknowns match anything)."""
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return True
        if len(self._dims) != len(other._dims):
            return False
        return all(a is None or b is None or a == b for a, b in zip(self._dims, other._dims))

    def most_specific_compatible_shape(self, other):
        """The most specific shape compatible with both: differing dimensions become `None`."""
        other = as_shape(other)
        if self._dims is None or other._dims is None or len(self._dims) != len(other._dims):
            return TensorShape(None)
        return TensorShape([a if a == b else None for a, b in zip(self._dims, other._dims)])

    def concatenate(self, other):
        """Returns the shape with `other`'s dimensions appended."""
        other = as_shape(other)
        if self._dims is None or other._dims is None:
            return TensorShape(None)
        return TensorShape(self._dims + other._dims)

    def __len__(self):
        if self._dims is None:
            raise ValueError("Cannot take the length of a shape with unknown rank.")
        return len(self._dims)

    def __iter__(self):
        if self._dims is None:
            raise ValueError("Cannot iterate over a shape with unknown rank.")
        return iter(self._dims)

    def __getitem__(self, key):
        if self._dims is None:
            return TensorShape(None) if isinstance(key, slice) else None
        if isinstance(key, slice):
            return TensorShape(self._dims[key])
        return self._dims[key]

    def __eq__(self, other):
        try:
            other = as_shape(other)
        except TypeError:
            return NotImplemented
        return self._dims == other._dims

    def __hash__(self):
        return hash(self._dims)

    def __repr__(self):
        return "TensorShape(None)" if self._dims is None else f"TensorShape({list(self._dims)})"

    def __str__(self):
        if self._dims is None:
            return "<unknown>"
        if len(self._dims) == 1:
            return f"({self._dims[0]},)"
        return "(" + ", ".join(str(d) for d in self._dims) + ")"


def as_shape(shape):
    """Converts `shape` (list, tuple, `torch.Size`, `None` or `TensorShape`) to `TensorShape`."""
    return shape if isinstance(shape, TensorShape) else TensorShape(shape)


def _as_dim(value, dims):
    if value is None:
        return None
    if hasattr(value, "value") and not isinstance(value, int):  # tf.compat.v1.Dimension-like
        value = value.value
        if value is None:
            return None
    try:
        index = value.__index__()
    except (AttributeError, TypeError):
        raise TypeError(
            f"Expected each dimension of a shape to be an int or None. Received: dims={dims!r}"
        ) from None
    if index < 0:
        raise ValueError(f"Expected non-negative dimensions. Received: dims={dims!r}")
    return index
