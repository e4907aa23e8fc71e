"""`tf.RaggedTensor`: rows of different lengths, stored as flat `values` plus `row_splits`.

Mirrors `tensorflow/python/ops/ragged/ragged_tensor.py` (eager parts). A RaggedTensor of ragged rank 1
is `values` (a `torch.Tensor` or `StringTensor` of shape `[nvals, ...]`) cut into `nrows` rows at the
int64 `row_splits` (`row i` is `values[row_splits[i]:row_splits[i + 1]]`); deeper raggedness nests a
RaggedTensor as `values`. Numeric values live on torch tensors, string values on `StringTensor`s.

Example:
    >>> rt = tf.RaggedTensor.from_row_splits([3, 1, 4, 1, 5, 9, 2], row_splits=[0, 4, 4, 7])
    >>> rt                       # <tf.RaggedTensor [[3, 1, 4, 1], [], [5, 9, 2]]>
    >>> rt.row_lengths()         # int64 [4 0 3]
    >>> rt.to_tensor()           # int32 [[3 1 4 1] [0 0 0 0] [5 9 2 0]]
"""

import numbers

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.nest.composite import CompositeTensor
from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ops.string_tensor import StringTensor, as_string_array
from keraslike._src.ops.tensor_shape import TensorShape
from keraslike._src.sparse.sparse_tensor import SparseTensor


def _values(values, arg_name="values"):
    """`values` as a torch tensor, StringTensor or RaggedTensor of rank >= 1."""
    if not isinstance(values, RaggedTensor):
        values = convert_to_tensor(values)
    if _rank(values) == 0:
        raise ValueError(f"Expected `{arg_name}` of rank >= 1. Received: {arg_name} with shape=()")
    return values


def _rank(values):
    return values.ndim if isinstance(values, (StringTensor, RaggedTensor)) else values.dim()


def _nvals(values):
    """The number of rows of a values tensor (a torch SymInt while torch.export traces: int() would fix it)."""
    if isinstance(values, RaggedTensor):
        return values.nrows_int()
    return values.shape[0] if isinstance(values, torch.Tensor) else int(values.shape[0])


def _int_vector(value, arg_name, dtype=None):
    t = value if isinstance(value, torch.Tensor) else torch.as_tensor(np.asarray(value))
    if t.dim() != 1 or t.is_floating_point() or t.is_complex() or t.dtype == torch.bool:
        raise ValueError(f"Expected `{arg_name}` to be a 1-D integer tensor. Received: {arg_name}={value!r:.80}")
    if t.numel() == 0 and not isinstance(value, torch.Tensor):
        t = t.long()
    dtype = dtypes.as_dtype(dtype) if dtype is not None else (t.dtype if t.dtype == torch.int32 else torch.int64)
    if dtype not in (torch.int32, torch.int64):
        raise ValueError(f"Expected row partition dtype int32 or int64. Received: row_splits_dtype={dtype}")
    return t.to(dtype)


def _take(values, start, stop):
    """Rows `start:stop` of a values tensor (torch / StringTensor / RaggedTensor)."""
    return values[start:stop]


def _gather_rows(values, index):
    """Rows `index` (1-D int64 numpy) of a values tensor."""
    if isinstance(values, RaggedTensor):
        return values.gather_rows(index)
    if isinstance(values, StringTensor):
        return StringTensor.from_bytes_array(as_string_array(values)[index])
    return values.index_select(0, torch.as_tensor(index, dtype=torch.long, device=values.device))


def _to_numpy(values):
    if isinstance(values, RaggedTensor):
        return values.numpy()
    return values.numpy() if isinstance(values, StringTensor) else values.detach().cpu().numpy()


def _array_text(x):
    """TF's eager RaggedTensor text: numpy's array2string with ", " separators (nested rows too)."""
    if isinstance(x, np.ndarray):
        if x.size == 0:
            return repr(x.tolist())
        return np.array2string(x, separator=", ", formatter={"all": _array_text})
    return str(x)


class RaggedTensor(CompositeTensor):
    """A tensor whose rows (along one or more dimensions) have different lengths.

    Build one with `tf.ragged.constant` or the `from_*` classmethods, not the constructor.

    Attributes:
        values: the concatenated rows (a tensor, `StringTensor` or, for ragged rank > 1, a RaggedTensor).
        row_splits: 1-D int64 (or int32) tensor of `nrows + 1` offsets into `values`.
        flat_values: the innermost dense values; `nested_row_splits`: the splits of every level.
        ragged_rank: how many ragged dimensions (levels of row partitions) there are.
        dtype: the values' dtype; shape: `TensorShape([nrows, None, ...])`.
    """

    __slots__ = ("_values", "_row_splits", "_uniform")

    def __init__(self, values, row_splits, internal=False, uniform_row_length=None):
        if not internal:
            raise ValueError("RaggedTensor constructor is private; use one of the factory methods instead "
                             "(e.g., RaggedTensor.from_row_lengths()). Received: internal=False")
        self._values = values
        self._row_splits = row_splits
        # an int when every row has this length (a uniform partition: the dimension is known in `shape`)
        self._uniform = uniform_row_length

    # ---- factories -----------------------------------------------------------------------------
    @classmethod
    def from_row_splits(cls, values, row_splits, name=None, validate=True):
        """Rows `values[row_splits[i]:row_splits[i + 1]]`.

        Args:
            values: tensor (or RaggedTensor) of rank >= 1 with `row_splits[-1]` rows.
            row_splits: 1-D int tensor, starting at 0 and non-decreasing.
            name: ignored.
            validate: check the splits (as TF); invalid splits raise InvalidArgumentError.

        Raises:
            errors.InvalidArgumentError: if `validate` and the splits are not valid for `values`.
        """
        values = _values(values)
        splits = _int_vector(row_splits, "row_splits")
        if validate:
            if splits.numel() == 0 or int(splits[0]) != 0:
                raise errors.InvalidArgumentError(f"Arguments to from_row_splits do not form a valid RaggedTensor: "
                                                  f"first element of row_splits must be zero. Received: "
                                                  f"row_splits={splits.tolist()}")
            if bool((splits[1:] < splits[:-1]).any()):
                raise errors.InvalidArgumentError("Arguments to from_row_splits do not form a valid RaggedTensor: "
                                                  f"row_splits must be sorted. Received: row_splits={splits.tolist()}")
            if int(splits[-1]) != _nvals(values):
                raise errors.InvalidArgumentError(
                    "Arguments to from_row_splits do not form a valid RaggedTensor: last element of row_splits "
                    f"must equal the number of values ({_nvals(values)}). Received: row_splits={splits.tolist()}")
        return cls(values, splits, internal=True)

    @classmethod
    def from_row_lengths(cls, values, row_lengths, name=None, validate=True):
        """Row `i` has `row_lengths[i]` values.

        Raises:
            errors.InvalidArgumentError: if the lengths are negative or do not add up to `values`'s rows.
        """
        lengths = _int_vector(row_lengths, "row_lengths")
        if validate and bool((lengths < 0).any()):
            raise errors.InvalidArgumentError(
                f"row_lengths must be non-negative. Received: row_lengths={lengths.tolist()}")
        splits = torch.cat([torch.zeros(1, dtype=lengths.dtype), torch.cumsum(lengths, 0).to(lengths.dtype)])
        return cls.from_row_splits(values, splits, validate=validate)

    @classmethod
    def from_row_starts(cls, values, row_starts, name=None, validate=True):
        """Row `i` starts at `row_starts[i]` and ends where the next starts (the last at the end)."""
        values = _values(values)
        starts = _int_vector(row_starts, "row_starts")
        end = torch.tensor([_nvals(values)], dtype=starts.dtype)
        return cls.from_row_splits(values, torch.cat([starts, end]), validate=validate)

    @classmethod
    def from_row_limits(cls, values, row_limits, name=None, validate=True):
        """Row `i` ends at `row_limits[i]` and starts where the previous one ended."""
        limits = _int_vector(row_limits, "row_limits")
        return cls.from_row_splits(values, torch.cat([torch.zeros(1, dtype=limits.dtype), limits]), validate=validate)

    @classmethod
    def from_value_rowids(cls, values, value_rowids, nrows=None, name=None, validate=True):
        """Value `j` goes to row `value_rowids[j]` (sorted); `nrows` defaults to `value_rowids[-1] + 1`.

        Raises:
            errors.InvalidArgumentError: if the ids are unsorted, negative or not below `nrows`.
        """
        values = _values(values)
        rowids = _int_vector(value_rowids, "value_rowids")
        n = (int(rowids[-1]) + 1 if rowids.numel() else 0) if nrows is None else int(nrows)
        if validate and rowids.numel() and (bool((rowids[1:] < rowids[:-1]).any()) or int(rowids[0]) < 0
                                            or int(rowids[-1]) >= n):
            raise errors.InvalidArgumentError(
                f"value_rowids must be sorted, non-negative and less than nrows={n}. "
                f"Received: value_rowids={rowids.tolist()}")
        counts = torch.bincount(rowids.long(), minlength=n)[:n].to(rowids.dtype)
        return cls.from_row_lengths(values, counts, validate=validate)

    @classmethod
    def from_uniform_row_length(cls, values, uniform_row_length, nrows=None, validate=True, name=None):
        """Rows of `uniform_row_length` values each (a RaggedTensor whose new dimension is uniform)."""
        values = _values(values)
        width = int(uniform_row_length)
        n = (_nvals(values) // width if width else 0) if nrows is None else int(nrows)
        if validate and n * width != _nvals(values):
            raise errors.InvalidArgumentError(f"uniform_row_length={width} and nrows={n} do not match the "
                                              f"{_nvals(values)} values. Received: uniform_row_length={width}")
        splits = cls.from_row_splits(values, torch.arange(n + 1, dtype=torch.int64) * width, validate=validate)
        return RaggedTensor(splits._values, splits._row_splits, internal=True, uniform_row_length=width)

    @classmethod
    def from_nested_row_splits(cls, flat_values, nested_row_splits, name=None, validate=True):
        """A RaggedTensor with one ragged level per entry of `nested_row_splits` (outermost first)."""
        result = flat_values
        for splits in reversed(list(nested_row_splits)):
            result = cls.from_row_splits(result, splits, validate=validate)
        return result

    @classmethod
    def from_nested_row_lengths(cls, flat_values, nested_row_lengths, name=None, validate=True):
        """A RaggedTensor with one ragged level per entry of `nested_row_lengths` (outermost first)."""
        result = flat_values
        for lengths in reversed(list(nested_row_lengths)):
            result = cls.from_row_lengths(result, lengths, validate=validate)
        return result

    @classmethod
    def from_nested_value_rowids(cls, flat_values, nested_value_rowids, nested_nrows=None, name=None, validate=True):
        """A RaggedTensor with one ragged level per entry of `nested_value_rowids` (outermost first)."""
        rowids = list(nested_value_rowids)
        nrows = [None] * len(rowids) if nested_nrows is None else list(nested_nrows)
        result = flat_values
        for ids, n in reversed(list(zip(rowids, nrows))):
            result = cls.from_value_rowids(result, ids, n, validate=validate)
        return result

    @classmethod
    def from_tensor(cls, tensor, lengths=None, padding=None, ragged_rank=1, name=None, row_splits_dtype=torch.int64):
        """A RaggedTensor from a dense tensor: whole rows, the first `lengths[i]` values, or rows without trailing
        `padding`.

        Raises:
            ValueError: if both `lengths` and `padding` are given, or `ragged_rank` is not in `[1, rank)`.
        """
        if lengths is not None and padding is not None:
            raise ValueError("Specify argument `lengths` or `padding`, but not both. Received: lengths and padding")
        dense = tensor if isinstance(tensor, (torch.Tensor, StringTensor)) else convert_to_tensor(tensor)
        rank = _rank(dense)
        if isinstance(lengths, (list, tuple)) and lengths and not isinstance(lengths[0], numbers.Number) and \
                np.ndim(lengths[0]) == 1:  # nested lengths, outermost first: one ragged dimension each
            if len(lengths) >= rank:
                raise ValueError(f"Expected fewer nested `lengths` than the tensor's rank {rank}. Received: "
                                 f"{len(lengths)} lengths")
            rows = cls.from_tensor(dense, lengths=lengths[0], row_splits_dtype=row_splits_dtype)
            if len(lengths) == 1:
                return rows
            inner = cls.from_tensor(rows.values, lengths=tuple(lengths[1:]), row_splits_dtype=row_splits_dtype)
            return RaggedTensor.from_row_splits(inner, rows.row_splits, validate=False)
        if not 0 < int(ragged_rank) < max(rank, 1):
            raise ValueError(f"Expected `ragged_rank` in [1, {rank}). Received: ragged_rank={ragged_rank}")
        if int(ragged_rank) > 1:
            inner = cls.from_tensor(_merge_first_two(dense), lengths=None, padding=padding,
                                    ragged_rank=int(ragged_rank) - 1, row_splits_dtype=row_splits_dtype)
            width = int(dense.shape[1])
            return cls.from_uniform_row_length(inner, width, nrows=int(dense.shape[0]))
        nrows, width = int(dense.shape[0]), int(dense.shape[1])
        if lengths is not None:
            row_lengths = _int_vector(lengths, "lengths").long().clamp(max=width)
        elif padding is not None:
            row_lengths = _unpadded_lengths(dense, padding)
        else:  # every row is full: a uniform partition, as TF
            uniform = cls.from_uniform_row_length(_merge_first_two(dense), width, nrows=nrows)
            return uniform.with_row_splits_dtype(row_splits_dtype)
        keep = torch.arange(width).unsqueeze(0) < row_lengths.unsqueeze(1)  # [nrows, width]
        flat_index = np.flatnonzero(keep.numpy())
        values = _gather_rows(_merge_first_two(dense), flat_index)
        return cls.from_row_lengths(values, row_lengths.to(dtypes.as_dtype(row_splits_dtype)))

    # ---- structure -----------------------------------------------------------------------------
    @property
    def values(self):
        """The concatenated rows."""
        return self._values

    @property
    def row_splits(self):
        """1-D integer tensor of `nrows + 1` row offsets into `values`."""
        return self._row_splits

    @property
    def flat_values(self):
        """The innermost dense values (a torch tensor or `StringTensor`)."""
        values = self._values
        while isinstance(values, RaggedTensor):
            values = values.values
        return values

    @property
    def nested_row_splits(self):
        """The `row_splits` of every ragged level, outermost first (a tuple)."""
        out, rt = [], self
        while isinstance(rt, RaggedTensor):
            out.append(rt.row_splits)
            rt = rt.values
        return tuple(out)

    @property
    def ragged_rank(self):
        """The number of ragged (partitioned) dimensions."""
        return 1 + (self._values.ragged_rank if isinstance(self._values, RaggedTensor) else 0)

    @property
    def row_splits_dtype(self):
        """The dtype of `row_splits` (int64 unless built with int32)."""
        return self._row_splits.dtype

    @property
    def dtype(self):
        """The dtype of the values."""
        return self.flat_values.dtype

    @property
    def shape(self):
        """`TensorShape([nrows, None, ..., inner dims])` (ragged dimensions are `None`)."""
        inner = list(self._values.shape.as_list() if isinstance(self._values, RaggedTensor) else self._values.shape)
        return TensorShape([self.nrows_int(), self._uniform] + inner[1:])

    def get_shape(self):
        """The static shape, as `rt.shape`."""
        return self.shape

    @property
    def ndim(self):
        """The rank."""
        return 1 + _rank(self._values)

    def nrows_int(self):
        """The number of rows as a Python int (a symbolic size inside torch.export, so a program keeps the row
        count free: `int()` there would fix it to the example's)."""
        return self._row_splits.shape[0] - 1

    def nrows(self, out_type=None, name=None):
        """The number of rows as a scalar tensor (the splits' dtype unless `out_type` is given)."""
        return torch.tensor(self.nrows_int(), dtype=dtypes.as_dtype(out_type) or self._row_splits.dtype)

    def row_starts(self, name=None):
        """`row_splits[:-1]`."""
        return self._row_splits[:-1]

    def row_limits(self, name=None):
        """`row_splits[1:]`."""
        return self._row_splits[1:]

    def row_lengths(self, axis=1, name=None):
        """Lengths of the rows along ragged dimension `axis` (1 = the outermost rows).

        Returns:
            1-D int tensor for `axis=1`; a RaggedTensor of lengths for deeper axes.

        Raises:
            ValueError: if `axis` is 0 or beyond the ragged dimensions.
        """
        if axis == 1:
            return self._row_splits[1:] - self._row_splits[:-1]
        if axis == 0:
            raise ValueError(f"Expected `axis` >= 1 (axis 0 has no rows). Received: axis={axis}")
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.row_lengths(axis - 1))
        inner = self._values.shape[axis - 1] if axis - 1 < _rank(self._values) else None
        if inner is None:
            raise ValueError(f"Expected `axis` < {self.ndim}. Received: axis={axis}")
        return self.with_values(torch.full((_nvals(self._values),), int(inner), dtype=self._row_splits.dtype))

    def nested_row_lengths(self, name=None):
        """The `row_lengths` of every ragged level, outermost first (a tuple)."""
        return tuple(s[1:] - s[:-1] for s in self.nested_row_splits)

    def value_rowids(self, name=None):
        """For each value, the index of its row (1-D, the splits' dtype)."""
        lengths = self.row_lengths()
        return torch.repeat_interleave(torch.arange(self.nrows_int(), dtype=lengths.dtype), lengths.long())

    def nested_value_rowids(self, name=None):
        """The `value_rowids` of every ragged level, outermost first (a tuple)."""
        out, rt = [], self
        while isinstance(rt, RaggedTensor):
            out.append(rt.value_rowids())
            rt = rt.values
        return tuple(out)

    def bounding_shape(self, axis=None, name=None, out_type=None):
        """The smallest dense shape holding this tensor (int64 vector, or one entry for `axis`)."""
        dims = [self.nrows_int()]
        lengths = self.row_lengths()
        dims.append(int(lengths.max()) if lengths.numel() else 0)
        inner = self._values
        if isinstance(inner, RaggedTensor):
            dims.extend(int(d) for d in inner.bounding_shape().tolist()[1:])
        else:
            dims.extend(int(d) for d in list(inner.shape)[1:])
        out = torch.tensor(dims, dtype=dtypes.as_dtype(out_type) or self._row_splits.dtype)
        return out if axis is None else out[axis]

    @property
    def uniform_row_length(self):
        """The length of every row when the row partition is uniform (`from_uniform_row_length`,
        `from_tensor` without lengths or padding), as a scalar of the row splits' dtype; else None."""
        if self._uniform is None:
            return None
        return torch.tensor(self._uniform, dtype=self._row_splits.dtype)

    # ---- new tensors from this one -------------------------------------------------------------
    def with_values(self, new_values):
        """The same row partition over `new_values` (same number of rows as `values`)."""
        new_values = _values(new_values, "new_values")
        if _nvals(new_values) != _nvals(self._values):
            raise ValueError(f"Expected `new_values` with {_nvals(self._values)} rows. "
                             f"Received: new_values with {_nvals(new_values)} rows")
        return RaggedTensor(new_values, self._row_splits, internal=True, uniform_row_length=self._uniform)

    def with_flat_values(self, new_values):
        """The same nested row partitions over new innermost values."""
        if isinstance(self._values, RaggedTensor):
            return self.with_values(self._values.with_flat_values(new_values))
        return self.with_values(new_values)

    def with_row_splits_dtype(self, dtype):
        """This tensor with int32 or int64 row splits at every level."""
        dtype = dtypes.as_dtype(dtype)
        values = self._values.with_row_splits_dtype(dtype) if isinstance(self._values, RaggedTensor) else self._values
        return RaggedTensor(values, _int_vector(self._row_splits, "row_splits", dtype), internal=True,
                            uniform_row_length=self._uniform)

    def merge_dims(self, outer_axis, inner_axis):
        """Merge dimensions `outer_axis..inner_axis` into one (negative axes count from the end, as TF).

        Returns a RaggedTensor, or a dense tensor when no ragged dimension is left (all merged into the outer).

        Raises:
            ValueError: an axis out of range, or `outer_axis` after `inner_axis`.
        """
        rank = self.shape.rank
        outer, inner = (_positive_axis(a, rank, name) for a, name in ((outer_axis, "outer_axis"),
                                                                       (inner_axis, "inner_axis")))
        if outer > inner:
            raise ValueError(f"Expected outer_axis ({outer_axis}) to be less than or equal to inner_axis "
                             f"({inner_axis})")
        if outer == inner:
            return self
        if outer == 0:
            merged = self
            for _ in range(inner):
                merged = merged._values if isinstance(merged, RaggedTensor) else _merge_first_two(merged)
            return merged
        if outer > 1:
            values = self._values
            if isinstance(values, RaggedTensor):
                return self.with_values(values.merge_dims(outer - 1, inner - 1))
            shape = list(values.shape)
            return self.with_values(reshape_flat(values, tuple(shape[:outer - 1]) + (-1,) + tuple(shape[inner:])))
        # outer == 1: each row's dims 1..inner become one; the row splits map onto the merged values
        merged, positions = self._values, None
        for _ in range(inner - 1):
            if isinstance(merged, RaggedTensor):
                step, merged = merged._row_splits.long(), merged._values
            else:
                step = torch.arange(_nvals(merged) + 1, dtype=torch.int64) * int(merged.shape[1])
                merged = _merge_first_two(merged)
            positions = step if positions is None else step[positions]
        splits = self._row_splits.long()
        splits = positions[splits] if positions is not None else splits
        return RaggedTensor.from_row_splits(merged, splits.to(self._row_splits.dtype), validate=False)

    def gather_rows(self, index):
        """Rows `index` (1-D integer array) as a new RaggedTensor (the values are gathered too)."""
        index = np.asarray(index, dtype=np.int64).reshape(-1)
        splits = self._row_splits.cpu().numpy().astype(np.int64)
        starts, limits = splits[index], splits[index + 1]
        lengths = limits - starts
        value_index = np.concatenate([np.arange(s, e) for s, e in zip(starts, limits)]) if len(index) else np.zeros(
            0, np.int64)
        new_splits = torch.as_tensor(np.concatenate([[0], np.cumsum(lengths)]), dtype=self._row_splits.dtype)
        return RaggedTensor(_gather_rows(self._values, value_index.astype(np.int64)), new_splits, internal=True)

    # ---- conversion ----------------------------------------------------------------------------
    def to_tensor(self, default_value=None, name=None, shape=None):
        """A dense tensor, rows padded with `default_value` (0 / b"") to the longest (or cut/padded to `shape`).

        Args:
            default_value: scalar for the padding, of the values' dtype.
            shape: optional target shape; `None` entries keep the bounding size.
        """
        inner = self._values.to_tensor(default_value) if isinstance(self._values, RaggedTensor) else self._values
        lengths = self.row_lengths().long()
        width = int(lengths.max()) if lengths.numel() else 0
        dims = [self.nrows_int(), width] + list(inner.shape)[1:]
        if shape is not None:
            target = TensorShape(shape).as_list()
            if len(target) != len(dims):
                raise ValueError(f"Expected `shape` of rank {len(dims)}. Received: shape={shape!r}")
            dims = [d if t is None else int(t) for d, t in zip(dims, target)]
        rowids = self.value_rowids().long()
        pos = torch.arange(_nvals(inner)) - self._row_splits.long()[rowids]
        keep = (rowids < dims[0]) & (pos < dims[1])
        if isinstance(inner, StringTensor):
            fill = b"" if default_value is None else as_string_array(default_value)[()]
            out = np.full(dims, fill, dtype=object)
            src = as_string_array(inner)
            inner_slice = tuple(slice(0, d) for d in dims[2:])
            k = keep.numpy()
            out[(rowids.numpy()[k], pos.numpy()[k]) + inner_slice] = src[(k,) + inner_slice]
            return StringTensor.from_bytes_array(out)
        fill = 0 if default_value is None else default_value
        out = torch.full(dims, fill.item() if isinstance(fill, torch.Tensor) else fill, dtype=inner.dtype)
        inner_slice = tuple(slice(0, d) for d in dims[2:])
        src = inner[(keep,) + inner_slice] if inner_slice else inner[keep]
        out[(rowids[keep], pos[keep]) + inner_slice] = src
        return out

    def to_list(self):
        """The values as nested Python lists (bytes for strings)."""
        values = self._values
        rows = values.to_list() if isinstance(values, RaggedTensor) else _to_numpy(values).tolist()
        splits = self._row_splits.tolist()
        return [rows[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]

    def numpy(self):
        """TF's eager `numpy()`: an object array of row arrays (one array when all rows have one length)."""
        values = _to_numpy(self._values)
        splits = self._row_splits.tolist()
        rows = [values[splits[i]:splits[i + 1]] for i in range(len(splits) - 1)]
        if not rows:
            return np.zeros((0, 0) + values.shape[1:], dtype=values.dtype)
        if any(len(row) != len(rows[0]) for row in rows):
            out = np.empty(len(rows), dtype=object)
            for i, row in enumerate(rows):
                out[i] = row
            return out
        return np.array(rows)

    def to_sparse(self, name=None):
        """A `tf.sparse.SparseTensor` of the values at their `[row, position, ...]` indices (dense shape the bounding
        shape)."""
        dense_index = self._sparse_positions()
        flat = self.flat_values
        inner = list(flat.shape)[1:]
        if inner:  # uniform inner dimensions: one index per element
            cells = int(np.prod(inner))
            grid = np.array(list(np.ndindex(*inner)), dtype=np.int64)
            dense_index = np.concatenate([np.repeat(dense_index, cells, axis=0), np.tile(grid, (len(dense_index), 1))],
                                         axis=1)
            flat = reshape_flat(flat, (-1,))
        return SparseTensor(torch.from_numpy(dense_index), flat, self.bounding_shape().to(torch.int64))

    def _sparse_positions(self):
        """`[nvals, ragged_rank + 1]` int64 indices (row, position, ...) of every value row."""
        inner = self._values._sparse_positions() if isinstance(self._values, RaggedTensor) else np.zeros(
            (_nvals(self._values), 0), dtype=np.int64)
        splits = self._row_splits.cpu().numpy().astype(np.int64)
        n = splits[-1]
        rowids = np.repeat(np.arange(len(splits) - 1), np.diff(splits))
        positions = np.arange(n) - splits[rowids]
        outer = np.stack([rowids, positions], axis=1)
        if isinstance(self._values, RaggedTensor):
            counts = np.diff(self._values.row_splits.cpu().numpy().astype(np.int64))
            return np.concatenate([np.repeat(outer, counts, axis=0), inner[:, 1:]], axis=1)
        return outer

    @classmethod
    def from_sparse(cls, st_input, name=None, row_splits_dtype=torch.int64):
        """A ragged rank 1 RaggedTensor from a 2-D `tf.sparse.SparseTensor` whose rows are "ragged-right"
        (each row's values at positions 0, 1, ... in order).

        Raises:
            ValueError: for a SparseTensor that is not 2-D or not ragged-right.
        """
        indices = st_input.indices.cpu().numpy()
        dense_shape = st_input.dense_shape.tolist()
        if indices.ndim != 2 or indices.shape[1] != 2:
            raise ValueError(f"Expected a 2-D SparseTensor. Received: dense_shape={dense_shape}")
        rows = indices[:, 0]
        starts = np.searchsorted(rows, rows, side="left")
        if (np.diff(rows) < 0).any() or not np.array_equal(indices[:, 1], np.arange(len(rows)) - starts):
            raise ValueError("Expected a SparseTensor whose values are ragged-right (each row's values at columns "
                             "0, 1, ... in order). Received: a SparseTensor that is not")
        return cls.from_value_rowids(st_input.values, torch.from_numpy(rows).to(dtypes.as_dtype(row_splits_dtype)),
                                     nrows=int(dense_shape[0]))

    # ---- Python protocols ----------------------------------------------------------------------
    def __getitem__(self, key):
        parts = key if isinstance(key, tuple) else (key,)
        if not parts:
            return self
        first, rest = parts[0], parts[1:]
        if first is Ellipsis:
            if rest:
                raise ValueError(
                    f"Ellipsis is supported only as the last index of a RaggedTensor. Received: key={key!r}")
            return self
        if isinstance(first, torch.Tensor) and first.dim() == 0:
            first = int(first)
        if isinstance(first, numbers.Integral) and not isinstance(first, bool):
            n = self.nrows_int()
            i = int(first) + n if first < 0 else int(first)
            if not 0 <= i < n:
                raise errors.InvalidArgumentError(f"slice index {first} of dimension 0 out of bounds. "
                                                  f"Received: key={key!r}")
            start, stop = int(self._row_splits[i]), int(self._row_splits[i + 1])
            row = _take(self._values, start, stop)
            return row[rest] if rest else row
        if isinstance(first, slice):
            rows = self._slice_rows(first)
            return rows._index_inner(rest, key) if rest else rows
        raise TypeError(f"RaggedTensor indices must be integers, slices or `...`. Received: key={key!r}")

    def _slice_rows(self, sl):
        index = np.arange(self.nrows_int())[sl]
        if sl.step in (None, 1):
            start = int(index[0]) if len(index) else 0
            splits = self._row_splits[start:start + len(index) + 1]
            if not len(index):
                splits = self._row_splits[:1]
            base = splits[0]
            values = _take(self._values, int(base), int(splits[-1]))
            return RaggedTensor(values, splits - base, internal=True)
        return self.gather_rows(index)

    def _index_inner(self, rest, key):
        inner = rest[0]
        if isinstance(inner, numbers.Integral) or (isinstance(inner, torch.Tensor) and inner.dim() == 0):
            raise ValueError(f"Cannot index into an inner ragged dimension. Received: key={key!r}")
        if not isinstance(inner, slice):
            raise TypeError(f"RaggedTensor indices must be integers, slices or `...`. Received: key={key!r}")
        rows = [self[i][rest] for i in range(self.nrows_int())]
        return from_rows(rows, self)

    def __iter__(self):
        return (self[i] for i in range(self.nrows_int()))

    def __bool__(self):
        raise TypeError("RaggedTensor may not be used as a boolean. Received: bool(RaggedTensor)")

    def __hash__(self):
        raise TypeError("RaggedTensor is unhashable. Instead, use tensor.ref() as the key.")

    __array_ufunc__ = None

    # ---- composite parts (tf.nest with expand_composites=True) ---------------------------------
    def _to_components(self):
        return [self.flat_values, *self.nested_row_splits]

    def _from_components(self, components):
        flat_values, *splits = components
        return RaggedTensor.from_nested_row_splits(flat_values, splits, validate=False)

    def _structure_key(self):
        return ("RaggedTensor", self.dtype, self.ragged_rank, self.row_splits_dtype)

    def __repr__(self):
        return f"<tf.RaggedTensor {_array_text(self.numpy())}>"

    __str__ = __repr__

    # ---- elementwise arithmetic on the flat values (TF's ragged dispatch) ---------------------
    def _elementwise(self, other, fn, reverse=False):
        """`fn` on the flat values, `other` broadcast to this tensor's shape as TF's ragged dispatch does.

        `other` is a Python scalar, a RaggedTensor with the same row partitions, or a dense tensor
        broadcastable against this one (a dense dimension meets a ragged one only with size 1 or the
        length of every row there; dense dimensions beyond this tensor's rank become uniform outer rows).
        """
        if isinstance(other, RaggedTensor):
            if len(other.nested_row_splits) != len(self.nested_row_splits) or any(
                    a.shape != b.shape or not bool(torch.equal(a.long(), b.long()))
                    for a, b in zip(self.nested_row_splits, other.nested_row_splits)):
                raise errors.InvalidArgumentError(
                    "Condition x == y did not hold: ragged operands must have the same row partitions. "
                    f"Received: x with shape={self.shape} and y with shape={other.shape}")
            a, b = self.flat_values, other.flat_values
            return self.with_flat_values(_broadcast_flat(fn, (b, a) if reverse else (a, b)))
        if isinstance(other, numbers.Number) and not isinstance(other, bool) or isinstance(other, StringTensor):
            return self.with_flat_values(fn(other, self.flat_values) if reverse else fn(self.flat_values, other))
        other = convert_to_tensor(other, dtype_hint=self.dtype)
        this = self
        if other.dim() > self.ndim:  # dense outer dimensions: this tensor repeated as uniform outer rows
            this = _tile_outer(self, list(other.shape[:other.dim() - self.ndim]))
        gathered = _gather_dense_for_flat(this, other)
        flat = this.flat_values
        return this.with_flat_values(_broadcast_flat(fn, (gathered, flat) if reverse else (flat, gathered)))

    # ---- Python operators: TF's ops on the flat values (TF's ragged_operators.py) -------------------
    # The TF ops live in ops/math.py, which imports this module; it hands them over with `use_tf_ops` when it
    # is imported, so `rt > 2`, `rt ** 2`, `7 // rt`, `~mask`, `abs(rt)` convert their operands as the TF op.

    def _operator(self, name, other, reverse=False):
        op = _TF_OPS[name]
        return op(other, self) if reverse else op(self, other)

    def __add__(self, other):
        return self._operator("add", other)

    def __radd__(self, other):
        return self._operator("add", other, reverse=True)

    def __sub__(self, other):
        return self._operator("subtract", other)

    def __rsub__(self, other):
        return self._operator("subtract", other, reverse=True)

    def __mul__(self, other):
        return self._operator("multiply", other)

    def __rmul__(self, other):
        return self._operator("multiply", other, reverse=True)

    def __truediv__(self, other):
        return self._operator("truediv", other)

    def __rtruediv__(self, other):
        return self._operator("truediv", other, reverse=True)

    def __floordiv__(self, other):
        return self._operator("floordiv", other)

    def __rfloordiv__(self, other):
        return self._operator("floordiv", other, reverse=True)

    def __mod__(self, other):
        return self._operator("floormod", other)

    def __rmod__(self, other):
        return self._operator("floormod", other, reverse=True)

    def __pow__(self, other):
        return self._operator("pow", other)

    def __rpow__(self, other):
        return self._operator("pow", other, reverse=True)

    def __gt__(self, other):
        return self._operator("greater", other)

    def __ge__(self, other):
        return self._operator("greater_equal", other)

    def __lt__(self, other):
        return self._operator("less", other)

    def __le__(self, other):
        return self._operator("less_equal", other)

    def __and__(self, other):
        return self._operator("logical_and", other)

    def __rand__(self, other):
        return self._operator("logical_and", other, reverse=True)

    def __or__(self, other):
        return self._operator("logical_or", other)

    def __ror__(self, other):
        return self._operator("logical_or", other, reverse=True)

    def __xor__(self, other):
        return self._operator("logical_xor", other)

    def __rxor__(self, other):
        return self._operator("logical_xor", other, reverse=True)

    def __eq__(self, other):
        """Elementwise `==` (a RaggedTensor of bools), or False when the operands do not broadcast (TF's rule)."""
        return self._equals("equal", other, False)

    def __ne__(self, other):
        """Elementwise `!=`, or True when the operands do not broadcast (TF's rule)."""
        return self._equals("not_equal", other, True)

    def _equals(self, name, other, mismatch):
        if other is None:
            return mismatch
        try:
            return self._operator(name, other)
        except (errors.InvalidArgumentError, ValueError, TypeError):  # TF: not comparable gives False (`!=`: True)
            return mismatch

    def __neg__(self):
        return _TF_OPS["negative"](self)

    def __abs__(self):
        return _TF_OPS["abs"](self)

    def __invert__(self):
        return _TF_OPS["logical_not"](self)


_TF_OPS = {}  # operator's TF op name -> the op (ops/math.py fills it through `use_tf_ops`)


def use_tf_ops(**ops):
    """Hand RaggedTensor's Python operators the TF ops they call (`add=math.add`, ...)."""
    _TF_OPS.update(ops)


def _positive_axis(axis, rank, name):
    axis = int(axis)
    if not -rank <= axis < rank:
        raise ValueError(f"{name}={axis} out of bounds: expected {-rank}<={name}<{rank}")
    return axis + rank if axis < 0 else axis


def reshape_flat(values, shape):
    """`values` (torch tensor or StringTensor) reshaped."""
    if isinstance(values, StringTensor):
        return StringTensor.from_bytes_array(as_string_array(values).reshape(shape))
    return values.reshape(shape)


def _merge_first_two(dense):
    if isinstance(dense, StringTensor):
        array = as_string_array(dense)
        return StringTensor.from_bytes_array(array.reshape((-1,) + array.shape[2:]))
    return dense.reshape((-1,) + tuple(dense.shape[2:]))


def _unpadded_lengths(dense, padding):
    """Row lengths once trailing `padding` entries (whole inner cells equal to it) are dropped."""
    if isinstance(dense, StringTensor):
        is_pad = as_string_array(dense) == as_string_array(padding)[()]
        is_pad = torch.from_numpy(np.asarray(is_pad, dtype=bool))
    else:
        is_pad = dense == (padding if isinstance(padding, torch.Tensor) else torch.tensor(padding, dtype=dense.dtype))
    while is_pad.dim() > 2:
        is_pad = is_pad.all(-1)
    not_pad = ~is_pad
    width = not_pad.shape[1]
    positions = torch.arange(1, width + 1).expand_as(not_pad)
    return torch.where(not_pad, positions, torch.zeros_like(positions)).max(1).values.long() if width else torch.zeros(
        not_pad.shape[0], dtype=torch.int64)


def from_rows(rows, like):
    """A RaggedTensor from a list of row values (tensors / StringTensors / RaggedTensors)."""
    lengths = [_nvals(r) for r in rows]
    if rows:
        values = _concat_rows(rows)
    elif like is not None:
        values = _take(like.flat_values, 0, 0)
    else:
        values = torch.zeros(0)
    return RaggedTensor.from_row_lengths(values, torch.tensor(lengths, dtype=torch.int64))


def _concat_rows(parts):
    """`parts` (RaggedTensors of one ragged rank, or dense values) joined along their first dimension."""
    if not isinstance(parts[0], RaggedTensor):
        return concat_values(parts)
    offsets = np.cumsum([0] + [_nvals(p.values) for p in parts])
    splits = [torch.zeros(1, dtype=torch.int64)] + [p.row_splits[1:].long() + int(off)
                                                    for p, off in zip(parts, offsets)]
    return RaggedTensor.from_row_splits(_concat_rows([p.values for p in parts]), torch.cat(splits),
                                        validate=False).with_row_splits_dtype(parts[0].row_splits_dtype)


def concat_values(parts):
    if isinstance(parts[0], StringTensor):
        return StringTensor.from_bytes_array(np.concatenate([as_string_array(p) for p in parts]))
    return torch.cat(parts)


def _broadcast_flat(fn, operands):
    """`fn(a, b)` on flat values of one number of rows; TF's InvalidArgumentError when inner dims clash."""
    a, b = operands
    try:
        return fn(a, b)
    except RuntimeError as e:
        raise errors.InvalidArgumentError(
            f"Incompatible shapes: {list(a.shape[1:])} vs. {list(b.shape[1:])} (the inner dimensions of ragged "
            f"elementwise operands). Received: shapes={list(a.shape)} and {list(b.shape)}") from e


def _tile_outer(rt, outer_dims):
    """`rt` repeated `prod(outer_dims)` times, under uniform outer partitions of sizes `outer_dims`."""
    count = int(np.prod(outer_dims))
    out = _concat_rows([rt] * count) if count else _take(rt, 0, 0)
    for size in reversed(outer_dims[1:]):
        out = RaggedTensor.from_uniform_row_length(out, int(size))
    return RaggedTensor.from_uniform_row_length(out, int(outer_dims[0])) if outer_dims[0] else out


def _flat_coordinates(rt):
    """For each row of `rt.flat_values`, its index along dims 0..ragged_rank (a list of int64 tensors)."""
    splits = [s.long() for s in rt.nested_row_splits]
    index = torch.arange(int(splits[-1][-1]), dtype=torch.int64)
    coords = []
    for s in reversed(splits):
        row = torch.bucketize(index, s[1:], right=True)
        coords.insert(0, index - s[row])
        index = row
    coords.insert(0, index)
    return coords


def _gather_dense_for_flat(rt, dense):
    """`dense` broadcast to `rt`'s shape, one entry per row of `rt.flat_values` ([nflat, inner...]).

    Raises:
        errors.InvalidArgumentError: where a dense dimension is neither 1 nor the size it meets.
    """
    rank, k = rt.ndim, rt.ragged_rank
    dense = dense.reshape([1] * (rank - dense.dim()) + list(dense.shape))
    if all(int(d) == 1 for d in dense.shape[:k + 1]):  # constant over the rows: no per-value gather
        return dense.reshape([1] + list(dense.shape[k + 1:]))
    lengths = (torch.tensor([rt.nrows_int()]),) + tuple(s.long() for s in rt.nested_row_lengths())
    coords = _flat_coordinates(rt)
    index = []
    for axis in range(k + 1):
        size = int(dense.shape[axis])
        if size == 1:
            index.append(torch.zeros_like(coords[axis]))
            continue
        if bool((lengths[axis] != size).any()):
            raise errors.InvalidArgumentError(
                f"Condition x == y did not hold: dimension {axis} of the dense operand ({size}) is neither 1 nor "
                f"the size of the ragged operand's dimension there. Received: ragged shape={rt.shape}, "
                f"dense shape={list(dense.shape[(rank - dense.dim()):])}")
        index.append(coords[axis])
    return dense[tuple(index)]


def ragged_binary(x, y, op):
    """`op(x, y)` where one or both are RaggedTensors: on the flat values (same row partitions, or a scalar).

    Raises:
        errors.InvalidArgumentError: for RaggedTensors with different row partitions.
        ValueError: for a non-scalar dense operand.
    """
    if isinstance(x, RaggedTensor):
        return x._elementwise(y, op)
    return y._elementwise(x, op, reverse=True)
