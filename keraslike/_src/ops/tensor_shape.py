"""A minimal `tf.TensorShape`: static shapes whose dimensions may be unknown (`None`).

Mirrors `tensorflow/python/framework/tensor_shape.py`. Used by `TensorSpec` and
`Dataset.element_spec`; a shape is either of unknown rank (`TensorShape(None)`) or a
tuple of dimensions, each an `int` or `None`. The TF methods (`as_list`, `rank`,
`merge_with`, `concatenate`, ...) come from `shape_methods.ShapeMethods`, which eager
tensors' `torch.Size` shapes also carry.
"""

from keraslike._src.ops.shape_methods import ShapeMethods


class TensorShape(ShapeMethods):
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

    def _tf_dims(self):
        return self._dims

    def _tf_make(self, dims):
        return TensorShape(dims)

    def __add__(self, other):
        return self.concatenate(other)

    def __radd__(self, other):
        return as_shape(other).concatenate(self)

    def __bool__(self):
        return self._dims is not None

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


class VariableShape(TensorShape, tuple):
    """A `tf.Variable`'s `.shape` as users read it: a fully known `TensorShape` (prints `(8, 16)`, as TF) that is
    also the tuple of its dimensions, so torch and numpy take it wherever they take a `torch.Size` (`numel()`
    included). keraslike's own code and torch read the variable's `torch.Size` instead."""

    def __new__(cls, dims):
        return tuple.__new__(cls, dims)

    def numel(self):
        """The number of elements (torch's `Size.numel`)."""
        count = 1
        for d in self:
            count *= d
        return count


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
