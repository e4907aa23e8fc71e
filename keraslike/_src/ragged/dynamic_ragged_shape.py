"""`tf.experimental.DynamicRaggedShape`: the shape of a RaggedTensor (what `tf.shape(rt)` returns).

Mirrors `tensorflow/python/ops/ragged/dynamic_ragged_shape.py` (eager parts). A shape of rank R with K
row partitions is K `RowPartition`s (dimensions 1..K, each uniform or ragged) over an `inner_shape`
(the dense shape of the flat values: its first entry is the number of values the last partition cuts,
the rest are dimensions K+1..R-1). With K = 0 it is a plain dense shape.

Example:
    >>> rt = tf.ragged.constant([[1], [2, 3, 4], [], [5, 6]])
    >>> s = tf.shape(rt)         # <DynamicRaggedShape lengths=[4, (1, 3, 0, 2)] num_row_partitions=1>
    >>> s[0]                     # int32 4;  s[1] raises ValueError (not uniform)
    >>> tf.zeros(s)              # <tf.RaggedTensor [[0.0], [0.0, 0.0, 0.0], [], [0.0, 0.0]]>
"""

import numbers

import numpy as np
import torch

from keraslike._src.ops import dtypes
from keraslike._src.ops.string_tensor import StringTensor, as_string_array
from keraslike._src.ragged.ragged_tensor import RaggedTensor, ragged_binary
from keraslike._src.ragged.row_partition import RowPartition


def _int_list(value, arg_name):
    if isinstance(value, torch.Tensor):
        return [int(v) for v in value.reshape(-1).tolist()]
    if isinstance(value, numbers.Integral):
        return [int(value)]
    try:
        return [int(v) for v in value]
    except (TypeError, ValueError):
        raise ValueError(f"Expected `{arg_name}` to be a list of ints. Received: {arg_name}={value!r:.80}") from None


class DynamicRaggedShape:
    """The shape of a (possibly ragged) tensor: row partitions over a dense inner shape.

    Args:
        row_partitions: a sequence of `RowPartition`s, outermost first (each cuts the values of the next).
        inner_shape: 1-D int tensor or list, the dense shape of the flat values.
        dtype: int32 or int64 (default: the partitions', else int64).
        validate: check that consecutive partitions agree on their number of values.
    """

    def __init__(self, row_partitions, inner_shape, dtype=None, validate=True, static_inner_shape=None):
        row_partitions = tuple(row_partitions)
        for rp in row_partitions:
            if not isinstance(rp, RowPartition):
                raise TypeError(f"Expected `row_partitions` to hold RowPartitions. Received: row_partitions={rp!r}")
        dims = _int_list(inner_shape, "inner_shape")
        if dtype is None:
            dtype = row_partitions[0].dtype if row_partitions else (
                inner_shape.dtype if isinstance(inner_shape, torch.Tensor) else torch.int64)
        dtype = dtypes.as_dtype(dtype)
        if dtype not in (torch.int32, torch.int64):
            raise ValueError(f"Expected dtype int32 or int64. Received: dtype={dtype}")
        if row_partitions and not dims:
            raise ValueError("Expected a non-empty `inner_shape` with row partitions. Received: inner_shape=[]")
        if validate:
            for outer, inner in zip(row_partitions, row_partitions[1:]):
                if outer.nvals_int() != inner.nrows_int():
                    raise ValueError(f"Expected each row partition's nvals to be the next one's nrows. Received: "
                                     f"nvals={outer.nvals_int()}, nrows={inner.nrows_int()}")
            if row_partitions and row_partitions[-1].nvals_int() != dims[0]:
                raise ValueError(f"Expected inner_shape[0] to be the last row partition's nvals "
                                 f"({row_partitions[-1].nvals_int()}). Received: inner_shape={dims}")
        self._partitions = tuple(rp.with_dtype(dtype) for rp in row_partitions)
        self._inner = dims
        self._dtype = dtype

    # ---- factories -----------------------------------------------------------------------------
    @classmethod
    def from_tensor(cls, t, dtype=None):
        """The shape of a tensor or RaggedTensor."""
        if isinstance(t, RaggedTensor):
            partitions, rt = [], t
            while isinstance(rt, RaggedTensor):
                uniform = rt._uniform
                partitions.append(RowPartition(rt.row_splits, uniform_row_length=uniform, internal=True))
                rt = rt.values
            return cls(partitions, _dense_dims(rt), dtype=dtype or t.row_splits_dtype, validate=False)
        return cls([], _dense_dims(t), dtype=dtype, validate=False)

    @classmethod
    def from_lengths(cls, lengths, num_row_partitions=None, dtype=torch.int64):
        """A shape from its lengths: an int per uniform dimension, a tuple of row lengths per ragged one.

        Example: `from_lengths([4, (2, 1, 0, 8), 12])` is 4 rows of 2, 1, 0 and 8 items of 12 values.
        """
        lengths = list(lengths)
        if not lengths or not isinstance(lengths[0], numbers.Integral):
            raise ValueError(f"Expected `lengths` to start with an int (the number of rows). Received: "
                             f"lengths={lengths!r}")
        ragged = [i for i, x in enumerate(lengths) if not isinstance(x, numbers.Integral)]
        k = ragged[-1] if ragged else 0
        if num_row_partitions is not None:
            if num_row_partitions < k or num_row_partitions >= max(len(lengths), 1):
                raise ValueError(f"Expected num_row_partitions between {k} and {len(lengths) - 1}. "
                                 f"Received: num_row_partitions={num_row_partitions}")
            k = num_row_partitions
        partitions, n = [], int(lengths[0])
        for dim in lengths[1:k + 1]:
            if isinstance(dim, numbers.Integral):
                rp = RowPartition.from_uniform_row_length(int(dim), nrows=n, dtype=dtype)
            else:
                dim = [int(d) for d in dim]
                if len(dim) != n:
                    raise ValueError(f"Expected {n} row lengths. Received: lengths={lengths!r}")
                rp = RowPartition.from_row_lengths(dim, dtype=dtype)
            partitions.append(rp)
            n = rp.nvals_int()
        return cls(partitions, [n] + [int(d) for d in lengths[k + 1:]], dtype=dtype)

    # ---- properties ----------------------------------------------------------------------------
    @property
    def row_partitions(self):
        return self._partitions

    @property
    def num_row_partitions(self):
        return len(self._partitions)

    @property
    def inner_shape(self):
        """The dense shape of the flat values (1-D tensor of this shape's dtype)."""
        return torch.tensor(self._inner, dtype=self._dtype)

    @property
    def inner_rank(self):
        return len(self._inner)

    @property
    def rank(self):
        return len(self._partitions) + len(self._inner) if self._partitions else len(self._inner)

    @property
    def dtype(self):
        return self._dtype

    def with_dtype(self, dtype):
        """This shape with int32 or int64 partitions and inner shape."""
        return DynamicRaggedShape(self._partitions, self._inner, dtype=dtype, validate=False)

    def is_uniform(self, axis):
        """Whether every slice along `axis` has the same length."""
        axis = self._axis(axis)
        return not (1 <= axis <= len(self._partitions)) or self._partitions[axis - 1].is_uniform()

    def static_lengths(self, ragged_lengths=True):
        """Each dimension's length: an int where uniform, a tuple of row lengths where ragged."""
        out = [self._partitions[0].nrows_int() if self._partitions else (self._inner[0] if self._inner else None)]
        if not self._partitions:
            return list(self._inner)
        for rp in self._partitions:
            if rp.is_uniform():
                out.append(rp.static_uniform_row_length())
            else:
                out.append(tuple(int(v) for v in rp.row_lengths().tolist()) if ragged_lengths else None)
        return out + list(self._inner[1:])

    def num_slices_in_dimension(self, axis):
        """How many slices there are along `axis` (the product of the lengths up to and including it)."""
        axis = self._axis(axis)
        k = len(self._partitions)
        if not k:
            count = int(np.prod(self._inner[:axis + 1]))
        elif axis == 0:
            count = self._partitions[0].nrows_int()
        elif axis <= k:
            count = self._partitions[axis - 1].nvals_int()
        else:
            count = int(np.prod(self._inner[:axis - k + 1]))
        return torch.tensor(count, dtype=self._dtype)

    # ---- indexing --------------------------------------------------------------------------------
    def _axis(self, axis):
        axis = int(axis)
        if not -self.rank <= axis < self.rank:
            raise ValueError(f"Index {axis} is out of range for a shape of rank {self.rank}. Received: index={axis}")
        return axis + self.rank if axis < 0 else axis

    def __getitem__(self, index):
        """`shape[i]`: a uniform dimension's length (scalar); `shape[:n]`: the first n dimensions.

        Raises:
            ValueError: for a ragged dimension (`Index i is not uniform`) or a slice not starting at 0.
        """
        if isinstance(index, slice):
            return self._prefix(index)
        axis = self._axis(index)
        k = len(self._partitions)
        if axis == 0:
            value = self._partitions[0].nrows_int() if k else self._inner[0]
        elif axis <= k:
            rp = self._partitions[axis - 1]
            if not rp.is_uniform():
                raise ValueError(f"Index {index} is not uniform")
            value = rp.static_uniform_row_length()
        else:
            value = self._inner[axis - k] if k else self._inner[axis]
        return torch.tensor(value, dtype=self._dtype)

    def _prefix(self, index):
        start, stop, step = index.start, index.stop, index.step
        if start not in (None, 0) or step not in (None, 1):
            raise ValueError(f"keraslike slices a DynamicRaggedShape only as shape[:n]. Received: index={index}")
        stop = self.rank if stop is None else (stop + self.rank if stop < 0 else min(stop, self.rank))
        k = len(self._partitions)
        if stop == 0:
            return DynamicRaggedShape([], [], dtype=self._dtype, validate=False)
        if not k:
            return DynamicRaggedShape([], self._inner[:stop], dtype=self._dtype, validate=False)
        if stop <= k:
            partitions = self._partitions[:stop - 1]
            nvals = partitions[-1].nvals_int() if partitions else self._partitions[0].nrows_int()
            return DynamicRaggedShape(partitions, [nvals], dtype=self._dtype, validate=False)
        return DynamicRaggedShape(self._partitions, self._inner[:stop - k], dtype=self._dtype, validate=False)

    # ---- tensors of this shape -------------------------------------------------------------------
    @property
    def inner_dims(self):
        """The inner shape as a list of Python ints."""
        return list(self._inner)

    def wrap_flat_values(self, flat_values):
        """`flat_values` (of shape `inner_shape`) under this shape's row partitions (a dense tensor for none)."""
        out = flat_values
        for rp in reversed(self._partitions):
            if rp.is_uniform():
                out = RaggedTensor.from_uniform_row_length(out, rp.static_uniform_row_length(), nrows=rp.nrows_int(),
                                                           validate=False)
            else:
                out = RaggedTensor.from_row_splits(out, rp.row_splits(), validate=False)
        return out

    def __eq__(self, other):
        if not isinstance(other, DynamicRaggedShape):
            return NotImplemented
        return self.static_lengths() == other.static_lengths()

    __hash__ = None

    def __repr__(self):
        lengths = ", ".join(repr(x) for x in self.static_lengths())
        return f"<DynamicRaggedShape lengths=[{lengths}] num_row_partitions={self.num_row_partitions}>"

    __str__ = __repr__


def broadcast_to(input, shape):
    """`tf.broadcast_to(input, shape)` for a ragged `input` or a DynamicRaggedShape `shape`.

    Raises:
        ValueError: if `input` does not broadcast to exactly `shape`.
        errors.InvalidArgumentError: from the ragged broadcasting rules (a dense dimension meeting a ragged one).
    """
    if not isinstance(shape, DynamicRaggedShape):
        shape = DynamicRaggedShape([], _int_list(shape, "shape"))
    if not isinstance(input, RaggedTensor) and not isinstance(input, StringTensor):
        input = torch.as_tensor(input) if not isinstance(input, torch.Tensor) else input
    if not shape.num_row_partitions:
        if isinstance(input, RaggedTensor):
            raise ValueError(f"Cannot broadcast a RaggedTensor to a dense shape. Received: shape={shape}")
        return input.expand(shape.inner_dims).clone()
    zeros = shape.wrap_flat_values(torch.zeros(shape.inner_dims, dtype=torch.int8))
    out = ragged_binary(zeros, input, lambda z, v: v.expand(torch.broadcast_shapes(z.shape, v.shape)).clone())
    if DynamicRaggedShape.from_tensor(out).static_lengths() != shape.static_lengths():
        raise ValueError(f"Cannot broadcast a tensor of shape {DynamicRaggedShape.from_tensor(input)} to "
                         f"{shape}. Received: shape={shape}")
    return out


def broadcast_dynamic_shape(shape_x, shape_y):
    """`tf.broadcast_dynamic_shape` where either shape is a DynamicRaggedShape (the result is one).

    Raises:
        errors.InvalidArgumentError: for shapes that do not broadcast under the ragged rules.
    """
    def as_zeros(shape):
        if isinstance(shape, DynamicRaggedShape):
            return shape.wrap_flat_values(torch.zeros(shape.inner_dims, dtype=torch.int8))
        return torch.zeros(_int_list(shape, "shape"), dtype=torch.int8)

    x, y = as_zeros(shape_x), as_zeros(shape_y)
    out = ragged_binary(x, y, lambda a, b: a + b) if isinstance(x, RaggedTensor) or isinstance(
        y, RaggedTensor) else x + y
    dtype = shape_x.dtype if isinstance(shape_x, DynamicRaggedShape) else shape_y.dtype
    return DynamicRaggedShape.from_tensor(out, dtype=dtype)


def _dense_dims(t):
    if isinstance(t, StringTensor):
        return list(as_string_array(t).shape)
    return list(t.shape)
