"""`tf.TensorArray`: a list of same-dtype tensors written by index, then stacked.

Mirrors the eager `TensorArray` of `tensorflow/python/ops/tensor_array_ops.py`. `write`,
`unstack`, `scatter` and `split` return a TensorArray that shares storage with the one they were
called on (use the returned one, as in TF: `ta = ta.write(i, x)`). Values written keep their
autograd history, so gradients flow through `stack()`/`read()`.

Checks, as TF: the dtype of every written tensor (Python values are converted), writes beyond
`size` unless `dynamic_size=True`, negative indices, element shapes (all equal with
`infer_shape=True`, compatible with `element_shape`), and reading an element twice when
`clear_after_read=True` (TF eager's default). Unwritten elements read as zeros when their shape
is known.

Example:
    >>> ta = tf.TensorArray(tf.float32, size=0, dynamic_size=True)
    >>> for i in range(3):
    ...     ta = ta.write(i, float(i) * 2)
    >>> ta.stack()          # [0. 2. 4.]
"""

import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes, function_scope
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ops.shape_methods import dims_of, is_compatible, merge
from keraslike._src.ops.tensor_shape import TensorShape


class _Storage:
    def __init__(self, dtype, size, dynamic_size, clear_after_read, infer_shape, element_shape):
        self.dtype = dtype
        self.values = [None] * size
        self.dynamic_size = dynamic_size
        self.clear_after_read = clear_after_read
        self.infer_shape = infer_shape
        self.element_dims = dims_of(element_shape) if element_shape is not None else None
        self.read_once = set()


class TensorArray:
    """`tf.TensorArray(dtype, size=None, dynamic_size=None, clear_after_read=None, ..., element_shape=None)`.

    Args:
        dtype: element dtype.
        size: initial number of elements (int or scalar tensor); required unless `dynamic_size`.
        dynamic_size: allow writes past the end (default False).
        clear_after_read: forbid reading an element twice (default True, as TF eager).
        tensor_array_name, handle, flow, colocate_with_first_write_call, name: TF graph plumbing;
            `handle`/`flow` cannot be given eagerly.
        infer_shape: require all elements to have the same shape (default True).
        element_shape: optional `TensorShape` every element must be compatible with.

    Raises:
        ValueError: if `size` is missing without `dynamic_size`, or `handle`/`flow` is given.
    """

    _is_tensor_array = True

    def __init__(self, dtype, size=None, dynamic_size=None, clear_after_read=None, tensor_array_name=None,
                 handle=None, flow=None, infer_shape=True, element_shape=None, colocate_with_first_write_call=True,
                 name=None, _storage=None):
        if _storage is not None:
            self._storage = _storage
            return
        if handle is not None or flow is not None:
            raise ValueError("TensorArray(handle=..., flow=...) wraps a TF graph resource, which does not exist "
                             f"eagerly; build the TensorArray from dtype and size. Received: handle={handle!r}, "
                             f"flow={flow!r}")
        if size is None and not dynamic_size:
            raise ValueError("Size must be provided if handle is not provided. Received: size=None")
        size = 0 if size is None else int(size.item() if isinstance(size, torch.Tensor) else size)
        if dtypes.as_dtype(dtype) is dtypes.string:
            raise TypeError("keraslike's TensorArray holds numeric tensors; for strings collect them in a Python "
                            "list and tf.stack it (string tensors stack). Received: dtype=tf.string")
        # made in a `tf.function` body it is TF's graph TensorArray (a tensor list), which reads an element
        # any number of times whatever `clear_after_read` says
        clear = (True if clear_after_read is None else bool(clear_after_read)) and not function_scope.inside()
        self._storage = _Storage(dtypes.as_dtype(dtype), size, bool(dynamic_size), clear, bool(infer_shape),
                                 element_shape)

    def _new(self):
        return TensorArray(None, _storage=self._storage)

    @property
    def dtype(self):
        """The element dtype."""
        return self._storage.dtype

    @property
    def dynamic_size(self):
        """Whether writes may grow the array."""
        return self._storage.dynamic_size

    @property
    def element_shape(self):
        """The known element shape (`TensorShape(None)` before anything is written or declared)."""
        return TensorShape(self._storage.element_dims)

    @property
    def handle(self):
        raise AttributeError("TensorArray.handle is a TF graph resource; it does not exist eagerly.")

    @property
    def flow(self):
        raise AttributeError("TensorArray.flow is a TF graph tensor; it does not exist eagerly.")

    def size(self, name=None):
        """The number of elements, as an int32 scalar tensor."""
        return torch.tensor(len(self._storage.values), dtype=torch.int32)

    def _index(self, index):
        return int(index.item() if isinstance(index, torch.Tensor) else index)

    def _check_value(self, value):
        s = self._storage
        if not isinstance(value, torch.Tensor):
            value = convert_to_tensor(value, dtype=s.dtype)
        elif value.dtype != s.dtype:
            raise errors.InvalidArgumentError(
                f"TensorArray dtype is {dtypes.dtype_name(s.dtype)} but Op is trying to write dtype "
                f"{dtypes.dtype_name(value.dtype)}")
        dims = tuple(value.shape)
        if s.element_dims is not None:
            if not is_compatible(dims, s.element_dims):
                raise ValueError(f"Incompatible shape for value ({dims}), expected ({_show(s.element_dims)})")
            if s.infer_shape:
                s.element_dims = merge(s.element_dims, dims)
        elif s.infer_shape:
            s.element_dims = dims
        return value

    def write(self, index, value, name=None):
        """Write `value` at `index`; returns the TensorArray to use from now on.

        Raises:
            tf.errors.OutOfRangeError: for a negative index, or past the end without `dynamic_size`.
            tf.errors.InvalidArgumentError: for a tensor of another dtype.
            ValueError: for an incompatible element shape.
        """
        s = self._storage
        i = self._index(index)
        if i < 0:
            raise errors.OutOfRangeError(f"Writing to negative indices (index {i}) is not allowed.")
        if i >= len(s.values):
            if not s.dynamic_size:
                raise errors.OutOfRangeError(f"Tried to write to index {i} but array is not resizeable and size "
                                             f"is: {len(s.values)}")
            s.values.extend([None] * (i + 1 - len(s.values)))
        s.values[i] = self._check_value(value)
        s.read_once.discard(i)
        return self._new()

    def read(self, index, name=None):
        """The element at `index` (zeros of the element shape if never written).

        Raises:
            tf.errors.OutOfRangeError: for an index outside the array.
            tf.errors.InvalidArgumentError: when reading an element twice with `clear_after_read`.
        """
        s = self._storage
        i = self._index(index)
        if i < 0 or i >= len(s.values):
            raise errors.OutOfRangeError(f"Tried to read from index {i} but array size is: {len(s.values)}")
        if s.clear_after_read and i in s.read_once:
            raise errors.InvalidArgumentError(
                f"Could not read index {i} twice because it was cleared after a previous read (perhaps try "
                "setting clear_after_read = false?)")
        value = s.values[i]
        if value is None:
            value = self._zeros(f"read index {i}")
        if s.clear_after_read:
            s.read_once.add(i)
        return value

    def _zeros(self, what):
        dims = self._storage.element_dims
        if dims is None or any(d is None for d in dims):
            raise errors.InvalidArgumentError(f"Could not {what}: the element was never written and the "
                                              "TensorArray's element shape is not fully known.")
        return torch.zeros(dims, dtype=self._storage.dtype)

    def _all(self):
        return [v if v is not None else self._zeros(f"read index {i}") for i, v in enumerate(self._storage.values)]

    def stack(self, name=None):
        """All elements stacked along a new first dimension."""
        values = self._all()
        if not values:
            dims = self._storage.element_dims
            known = dims is not None and all(d is not None for d in dims)
            return torch.zeros([0] + (list(dims) if known else []), dtype=self._storage.dtype)
        return torch.stack(values)

    def gather(self, indices, name=None):
        """The elements at `indices`, stacked."""
        idx = indices.tolist() if isinstance(indices, torch.Tensor) else list(indices)
        return torch.stack([self.read(int(i)) for i in idx])

    def concat(self, name=None):
        """All elements concatenated along their first dimension."""
        values = self._all()
        if not values:
            return torch.zeros([0], dtype=self._storage.dtype)
        return torch.cat(values)

    def unstack(self, value, name=None):
        """Write `value[i]` at index `i` for every row of `value`."""
        value = value if isinstance(value, torch.Tensor) else convert_to_tensor(value, dtype=self._storage.dtype)
        for i in range(value.shape[0]):
            self.write(i, value[i])
        return self._new()

    def scatter(self, indices, value, name=None):
        """Write `value[j]` at index `indices[j]`."""
        value = value if isinstance(value, torch.Tensor) else convert_to_tensor(value, dtype=self._storage.dtype)
        idx = indices.tolist() if isinstance(indices, torch.Tensor) else list(indices)
        for j, i in enumerate(idx):
            self.write(int(i), value[j])
        return self._new()

    def split(self, value, lengths, name=None):
        """Split `value` along its first dimension into pieces of `lengths` and write them in order."""
        value = value if isinstance(value, torch.Tensor) else convert_to_tensor(value, dtype=self._storage.dtype)
        sizes = [int(v) for v in (lengths.tolist() if isinstance(lengths, torch.Tensor) else lengths)]
        if sum(sizes) != value.shape[0]:
            raise errors.InvalidArgumentError(f"Expected sum of lengths to be equal to values.shape[0], but sum of "
                                              f"lengths is {sum(sizes)} and value's shape is {tuple(value.shape)}")
        saved = self._storage.infer_shape
        self._storage.infer_shape = False  # pieces may differ in length
        try:
            for i, piece in enumerate(torch.split(value, sizes)):
                self.write(i, piece)
        finally:
            self._storage.infer_shape = saved
        return self._new()

    def identity(self):
        """A TensorArray sharing this one's elements."""
        return self._new()

    def close(self, name=None):
        """Drops every element."""
        self._storage.values = []

    def mark_used(self):
        """TF's should-use bookkeeping; nothing to mark here."""

    def grad(self, source, flow=None, name=None):
        raise NotImplementedError("TensorArray.grad belongs to TF's graph gradients; gradients flow through "
                                  "stack()/read() under tf.GradientTape here.")

    def __repr__(self):
        return (f"<TensorArray dtype={dtypes.dtype_name(self.dtype)} size={len(self._storage.values)} "
                f"element_shape={self.element_shape}>")


def _show(dims):
    return str(TensorShape(dims))
