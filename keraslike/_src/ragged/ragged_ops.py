"""The `tf.ragged` functions: `constant`, `map_flat_values`, `range`, `stack`, `boolean_mask`, segment ids.

Mirrors `tensorflow/python/ops/ragged/ragged_factory_ops.py` (`constant`), `ragged_functional_ops.py`
(`map_flat_values`), `ragged_math_ops.py` (`range`), `ragged_array_ops.py` (`boolean_mask`, `stack`)
and `segment_id_ops.py`.

Example:
    >>> tf.ragged.constant([[1, 2], [3]])                      # <tf.RaggedTensor [[1, 2], [3]]>
    >>> tf.ragged.map_flat_values(tf.strings.upper, tf.ragged.constant([["a"], ["b", "c"]]))
"""

import builtins

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes, string_hash
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ops.string_tensor import StringTensor, as_string_array
from keraslike._src.ragged.ragged_tensor import RaggedTensor, concat_values, from_rows

_SCALAR = (int, float, bool, complex, str, bytes, np.generic)


def _scalar_depth(value, depth=0):
    """The set of nesting depths at which scalars occur, and the deepest empty list's depth."""
    if isinstance(value, np.ndarray) and value.dtype == object and value.ndim:
        value = list(value)  # an object array of rows (`df["terms"].values` holding lists): TF walks its items
    if isinstance(value, (list, tuple)):
        if not value:
            return set(), depth + 1
        found, empty = set(), 0
        for item in value:
            f, e = _scalar_depth(item, depth + 1)
            found |= f
            empty = max(empty, e)
        return found, empty
    if isinstance(value, np.ndarray):
        return {depth + value.ndim}, 0
    return {depth}, 0


def constant(pylist, dtype=None, ragged_rank=None, inner_shape=None, name=None, row_splits_dtype=torch.int64):
    """`tf.ragged.constant`: a RaggedTensor from a nested Python list of possibly ragged rows.

    Args:
        pylist: nested lists/tuples of scalars (numbers, bools, str/bytes), all scalars at one depth K.
        dtype: the values' dtype; inferred as `tf.constant` does (an all-empty list gives float32).
        ragged_rank: ragged dimensions; default `K - 1` (or `K - 1 - len(inner_shape)`).
        inner_shape: the uniform shape of the innermost values, when `ragged_rank` leaves some.
        name: ignored.
        row_splits_dtype: int64 (default) or int32.

    Returns:
        A `RaggedTensor` (a dense tensor when the ragged rank is 0).

    Raises:
        ValueError: if scalars sit at different depths, or `ragged_rank` is out of range.
    """
    depths, empty_depth = _scalar_depth(pylist)
    if len(depths) > 1:
        raise ValueError(f"all scalar values must have the same nesting depth. Received: pylist={pylist!r:.80}")
    k = depths.pop() if depths else max(empty_depth, 1)
    if ragged_rank is None:
        ragged_rank = max(0, k - 1 - (len(inner_shape) if inner_shape is not None else 0))
    ragged_rank = int(ragged_rank)
    if ragged_rank < 0 or (k and ragged_rank >= k and depths):
        raise ValueError(f"Expected `ragged_rank` in [0, {k}). Received: ragged_rank={ragged_rank}")
    if ragged_rank == 0:
        return convert_to_tensor(pylist, dtype=dtype)
    splits_dtype = dtypes.as_dtype(row_splits_dtype)
    nested_splits, items = [], list(pylist)
    for level in builtins.range(ragged_rank):
        for item in items:
            if not isinstance(item, (list, tuple, np.ndarray)):
                raise ValueError(f"Expected a list at ragged level {level + 1}; found {item!r:.40}. "
                                 f"Received: ragged_rank={ragged_rank}")
        lengths = [len(item) for item in items]
        splits = np.concatenate([[0], np.cumsum(lengths, dtype=np.int64)])
        nested_splits.append(torch.tensor(splits, dtype=splits_dtype))
        items = [x for item in items for x in item]
    values = _flat_values(items, dtype, inner_shape)
    return RaggedTensor.from_nested_row_splits(values, nested_splits)


def _flat_values(items, dtype, inner_shape):
    if items:
        values = convert_to_tensor(items, dtype=dtype)
        if inner_shape is not None and list(values.shape)[1:] != list(inner_shape):
            raise ValueError(f"Expected inner values of shape {list(inner_shape)}. "
                             f"Received: inner_shape={list(inner_shape)}")
        return values
    shape = [0] + list(inner_shape or [])
    if dtypes.as_dtype(dtype) is dtypes.string:
        return StringTensor.from_bytes_array(np.empty(shape, dtype=object))
    return torch.zeros(shape, dtype=dtypes.as_dtype(dtype) or torch.float32)


def _find_ragged(value, out):
    if isinstance(value, RaggedTensor):
        out.append(value)
    elif isinstance(value, (list, tuple)):
        for v in value:
            _find_ragged(v, out)
    elif isinstance(value, dict):
        for v in value.values():
            _find_ragged(v, out)
    return out


def _replace_ragged(value):
    if isinstance(value, RaggedTensor):
        return value.flat_values
    if isinstance(value, (list, tuple)):
        return type(value)(_replace_ragged(v) for v in value)
    if isinstance(value, dict):
        return {k: _replace_ragged(v) for k, v in value.items()}
    return value


def _same_partitions(a, b):
    sa, sb = a.nested_row_splits, b.nested_row_splits
    return len(sa) == len(sb) and all(x.shape == y.shape and bool(torch.equal(x.long(), y.long()))
                                      for x, y in zip(sa, sb))


def map_flat_values(op, *args, **kwargs):
    """`tf.ragged.map_flat_values(op, *args, **kwargs)`: `op` applied to the flat values of the ragged arguments.

    Every RaggedTensor argument (also inside lists/tuples/dicts) is replaced by its `flat_values`; the
    result gets the row partitions of the ragged arguments back.

    Returns:
        A RaggedTensor with the partitions of the ragged inputs (`op`'s result as is when there are none).

    Raises:
        ValueError: if the ragged arguments' partitions differ, or `op` changes the number of values.
    """
    ragged = _find_ragged(list(args), [])
    _find_ragged(kwargs, ragged)
    if not ragged:
        return op(*args, **kwargs)
    for other in ragged[1:]:
        if not _same_partitions(ragged[0], other):
            raise ValueError("All ragged inputs of map_flat_values must have the same row partitions. "
                             f"Received: {ragged[0]!r:.60} and {other!r:.60}")
    result = op(*_replace_ragged(args), **_replace_ragged(kwargs))
    n = ragged[0].flat_values.shape[0]
    if not hasattr(result, "shape") or len(result.shape) == 0 or result.shape[0] != n:
        raise ValueError(f"map_flat_values's `op` must keep the number of values ({n}). "
                         f"Received: result of shape {getattr(result, 'shape', None)}")
    return ragged[0].with_flat_values(result)


def row_splits_to_segment_ids(splits, name=None, out_type=None):
    """`tf.ragged.row_splits_to_segment_ids`: `[0, 2, 2, 5]` -> `[0, 0, 2, 2, 2]` (the splits' int dtype)."""
    splits = convert_to_tensor(splits, dtype_hint=torch.int64)
    if splits.dim() != 1 or splits.numel() == 0:
        raise ValueError(f"Expected non-empty 1-D `splits`. Received: splits={splits.tolist()}")
    dtype = dtypes.as_dtype(out_type) or splits.dtype
    lengths = (splits[1:] - splits[:-1]).long()
    return torch.repeat_interleave(torch.arange(lengths.numel()), lengths).to(dtype)


def segment_ids_to_row_splits(segment_ids, num_segments=None, out_type=None, name=None):
    """`tf.ragged.segment_ids_to_row_splits`: sorted segment ids -> row splits (int64 by default)."""
    ids = convert_to_tensor(segment_ids).long()
    n = (int(ids.max()) + 1 if ids.numel() else 0) if num_segments is None else int(num_segments)
    counts = torch.bincount(ids, minlength=n)[:n]
    dtype = dtypes.as_dtype(out_type) or torch.int64
    return torch.cat([torch.zeros(1, dtype=torch.int64), torch.cumsum(counts, 0)]).to(dtype)


def _range_row(start, limit, delta, dtype):
    """One row of `tf.ragged.range`: empty when `delta` points away from `limit`, as TF."""
    if delta == 0:
        raise errors.InvalidArgumentError(f"Requires delta != 0. Received: deltas={delta}")
    if (delta > 0 and start >= limit) or (delta < 0 and start <= limit):
        return torch.zeros(0, dtype=dtype)
    return torch.arange(start, limit, delta, dtype=dtype)


def range(starts, limits=None, deltas=1, dtype=None, name=None, row_splits_dtype=torch.int64):
    """`tf.ragged.range`: row `i` is `tf.range(starts[i], limits[i], deltas[i])` (scalars broadcast).

    With only `starts`, rows count from 0 to `starts[i]`.
    """
    if limits is None:
        starts, limits = 0, starts
    parts = [convert_to_tensor(v, dtype=dtype) if dtype is not None else convert_to_tensor(v)
             for v in (starts, limits, deltas)]
    out_dtype = dtypes.as_dtype(dtype) or max((p.dtype for p in parts), key=lambda d: (d.is_floating_point, d.itemsize))
    s, lim, d = torch.broadcast_tensors(*(p.to(out_dtype).reshape(-1) for p in parts))
    rows = [_range_row(a.item(), b.item(), c.item(), out_dtype) for a, b, c in zip(s, lim, d)]
    lengths = torch.tensor([r.numel() for r in rows], dtype=dtypes.as_dtype(row_splits_dtype))
    values = torch.cat(rows) if rows else torch.zeros(0, dtype=out_dtype)
    return RaggedTensor.from_row_lengths(values, lengths)


def stack(values, axis=0, name=None):
    """`tf.ragged.stack(values, axis=0)`: RaggedTensors (or dense tensors) of one rank stacked along a new axis
    `axis` (in `[-(rank + 1), rank]`); the result is ragged.

    Raises:
        ValueError: no values, values of different ranks, or `axis` out of range.
        errors.InvalidArgumentError: values whose dimensions before `axis` differ.
    """
    rows = [v if isinstance(v, RaggedTensor) else RaggedTensor.from_tensor(convert_to_tensor(v)) if _rank(v) > 1
            else convert_to_tensor(v) for v in values]
    if not rows:
        raise ValueError("Expected a non-empty list of tensors. Received: values=[]")
    rank = _rank(rows[0])
    if any(_rank(r) != rank for r in rows):
        raise ValueError(f"Expected all values to have the same rank. Received: ranks={[_rank(r) for r in rows]}")
    if not -(rank + 1) <= axis <= rank:
        raise ValueError(f"axis={axis} out of bounds: expected {-(rank + 1)}<=axis<={rank}")
    axis = axis + rank + 1 if axis < 0 else axis
    dense = [convert_to_tensor(v) for v in values] if not any(isinstance(v, RaggedTensor) for v in values) else []
    if dense and rank > 1 and axis >= rank - 1 and all(isinstance(d, torch.Tensor) for d in dense):
        return torch.stack(dense, axis)  # TF: dense inputs stacked at one of the last two axes give a Tensor
    if rank == 0:  # the innermost step of a stack along the last axis: scalars make a dense row
        return torch.stack([convert_to_tensor(r) for r in rows])
    if axis == 0:
        return from_rows(rows, rows[0] if isinstance(rows[0], RaggedTensor) else None)
    counts = [len(r.row_splits) - 1 if isinstance(r, RaggedTensor) else int(r.shape[0]) for r in rows]
    if len(set(counts)) > 1:
        raise errors.InvalidArgumentError(f"Input tensors have incompatible shapes: their dimension 0 differs "
                                          f"({counts}), which tf.ragged.stack(axis={axis}) keeps.")
    return from_rows([stack([r[i] for r in rows], axis - 1) for i in builtins.range(counts[0])],
                     rows[0] if isinstance(rows[0], RaggedTensor) else None)


def _rank(v):
    if isinstance(v, (RaggedTensor, StringTensor)):
        return v.ndim
    return convert_to_tensor(v).dim()


def boolean_mask(data, mask, name=None):
    """`tf.ragged.boolean_mask(data, mask)`: keep the entries where `mask` is True; rows become ragged.

    `mask` is 1-D (rows are kept or dropped), or has the shape (and, for ragged `data`, the row
    partitions) of `data`'s first two dimensions.

    Raises:
        ValueError: if `mask`'s shape does not match `data`'s.
    """
    if not isinstance(mask, RaggedTensor):
        mask = convert_to_tensor(mask)
    if isinstance(mask, torch.Tensor) and mask.dim() == 1:
        keep = np.flatnonzero(mask.numpy())
        if isinstance(data, RaggedTensor):
            return data.gather_rows(keep)
        data = convert_to_tensor(data)
        if isinstance(data, StringTensor):
            return StringTensor.from_bytes_array(as_string_array(data)[keep])
        return data[torch.as_tensor(keep, dtype=torch.long)]
    if not isinstance(data, RaggedTensor):
        data = RaggedTensor.from_tensor(convert_to_tensor(data))
    if not isinstance(mask, RaggedTensor):
        mask = RaggedTensor.from_tensor(mask)
    if mask.row_splits.shape != data.row_splits.shape or not torch.equal(mask.row_splits.long(),
                                                                          data.row_splits.long()):
        raise ValueError(f"Expected `mask` with the row lengths of `data`. Received: mask={mask!r:.60}")
    flat_mask = mask.values.numpy().astype(bool)
    keep = np.flatnonzero(flat_mask)
    rowids = data.value_rowids().numpy()[keep]
    lengths = np.bincount(rowids, minlength=data.nrows_int())
    if isinstance(data.values, RaggedTensor):
        values = data.values.gather_rows(keep)
    elif isinstance(data.values, StringTensor):
        values = StringTensor.from_bytes_array(as_string_array(data.values)[keep])
    else:
        values = data.values[torch.as_tensor(keep, dtype=torch.long)]
    return RaggedTensor.from_row_lengths(values, torch.as_tensor(lengths, dtype=data.row_splits.dtype))



def concat(values, axis):
    """`tf.concat` of RaggedTensors (and dense tensors, taken as ragged) along axis 0 (rows) or 1 (within rows).

    Raises:
        ValueError: for different row counts along axis 1, or a rank mismatch.
        NotImplementedError: for other axes, or axis 1 of ragged rank > 1.
    """
    parts = [v if isinstance(v, RaggedTensor) else RaggedTensor.from_tensor(convert_to_tensor(v)) for v in values]
    ndim = parts[0].ndim
    if any(p.ndim != ndim for p in parts):
        raise ValueError(f"Expected tensors of one rank to concatenate. Received: ranks {[p.ndim for p in parts]}")
    axis = int(axis) + ndim if int(axis) < 0 else int(axis)
    if axis == 0:
        return from_rows([row for p in parts for row in p], parts[0])
    if axis == 1 and all(p.ragged_rank == 1 for p in parts):
        n = parts[0].nrows_int()
        if any(p.nrows_int() != n for p in parts):
            raise ValueError(f"Expected the same number of rows to concatenate along axis 1. Received: "
                             f"{[p.nrows_int() for p in parts]}")
        rows = [concat_values([p[i] for p in parts]) for i in builtins.range(n)]
        return from_rows(rows, parts[0])
    raise NotImplementedError(f"keraslike concatenates RaggedTensors along axis 0, or axis 1 of ragged rank 1. "
                              f"Received: axis={axis}")


def tile(input, multiples):
    """`tf.tile` of a 2-D RaggedTensor (ragged rank 1): the rows repeated `multiples[0]` times, each row's values
    `multiples[1]` times (`tf.tile([[3, 1], []], [1, 2])` is `[[3, 1, 3, 1], []]`).

    Raises:
        ValueError: `multiples` without one entry per dimension, or a negative entry.
        NotImplementedError: another rank or ragged rank.
    """
    reps = [int(m) for m in (multiples.tolist() if hasattr(multiples, "tolist") else multiples)]
    if len(reps) != input.ndim or any(m < 0 for m in reps):
        raise ValueError(f"Expected `multiples` to have one non-negative entry per dimension ({input.ndim}). "
                         f"Received: multiples={reps}")
    if input.ndim != 2 or input.ragged_rank != 1:
        raise NotImplementedError(f"keraslike tiles 2-D RaggedTensors of ragged rank 1. Received: input with "
                                  f"ndim={input.ndim}, ragged_rank={input.ragged_rank}")
    rows = [concat_values([row] * reps[1]) if reps[1] else row[:0] for row in input] * reps[0]
    return from_rows(rows, input)


def reverse(tensor, axis):
    """`tf.reverse` of a 2-D RaggedTensor (ragged rank 1): axis 0 reverses the row order, axis 1 the values within
    each row (`tf.reverse([[1, 2], [3]], [1])` is `[[2, 1], [3]]`).

    Raises:
        NotImplementedError: another rank or ragged rank.
    """
    if tensor.ndim != 2 or tensor.ragged_rank != 1:
        raise NotImplementedError(f"keraslike reverses 2-D RaggedTensors of ragged rank 1. Received: tensor with "
                                  f"ndim={tensor.ndim}, ragged_rank={tensor.ragged_rank}")
    axes = {int(a) % 2 for a in (axis.tolist() if hasattr(axis, "tolist") else axis)}
    rows = list(tensor)
    if 1 in axes:
        rows = [row.flip(0) if isinstance(row, torch.Tensor) else row[::-1] for row in rows]
    if 0 in axes:
        rows = rows[::-1]
    return from_rows(rows, tensor)


def _feature_rows(inputs):
    """Each input of `tf.ragged.cross` as a list of rows, each row a list of bytes or ints."""
    rows_of = []
    for i, value in enumerate(inputs):
        if isinstance(value, RaggedTensor):
            if value.ragged_rank != 1:
                raise ValueError(f"Expected inputs[{i}] of ragged rank 1. Received: ragged_rank={value.ragged_rank}")
            flat = value.values
            splits = value.row_splits.tolist()
        else:
            flat = convert_to_tensor(value)
            if flat.ndim != 2:
                raise ValueError(f"Expected inputs[{i}] to be 2-D (batch, features). "
                                 f"Received: shape={list(flat.shape)}")
            width = int(flat.shape[1])
            splits = [r * width for r in builtins.range(int(flat.shape[0]) + 1)]
            flat = flat.reshape(-1) if isinstance(flat, torch.Tensor) else StringTensor.from_bytes_array(
                as_string_array(flat).reshape(-1))
        items = as_string_array(flat).tolist() if isinstance(flat, StringTensor) else flat.tolist()
        if isinstance(flat, torch.Tensor) and flat.dtype not in (torch.int32, torch.int64):
            raise TypeError(f"Expected string or integer inputs[{i}]. Received: dtype={flat.dtype}")
        rows_of.append([items[splits[r]:splits[r + 1]] for r in builtins.range(len(splits) - 1)])
    n = {len(rows) for rows in rows_of}
    if len(n) > 1:
        raise ValueError(f"Expected inputs with the same number of rows. Received: {sorted(n)}")
    return rows_of


def _crosses(rows_of):
    """Per row, every combination of one feature from each input (first input varies slowest)."""
    out = []
    for r in builtins.range(len(rows_of[0])):
        combos = [[]]
        for rows in rows_of:
            combos = [c + [f] for c in combos for f in rows[r]]
        out.append(combos)
    return out


def cross(inputs, name=None):
    """`tf.ragged.cross(inputs)`: per row, every combination of the inputs' features joined with "_X_".

    Args:
        inputs: list of 2-D string/int tensors or ragged rank 1 RaggedTensors with one row count.

    Returns:
        A string RaggedTensor (ragged rank 1).
    """
    rows = _crosses(_feature_rows(inputs))
    text = [[b"_X_".join(f if isinstance(f, bytes) else str(f).encode() for f in combo) for combo in row]
            for row in rows]
    flat = np.asarray([t for row in text for t in row] + [None], dtype=object)[:-1]
    return RaggedTensor.from_row_lengths(StringTensor.from_bytes_array(flat),
                                         torch.tensor([len(row) for row in text], dtype=torch.int64))


def cross_hashed(inputs, num_buckets=0, hash_key=None, name=None):
    """`tf.ragged.cross_hashed`: the crosses of `tf.ragged.cross` as int64 FingerprintCat64 hashes.

    Args:
        inputs: as `cross`.
        num_buckets: hashes are taken modulo this (0: int64 max, i.e. the raw non-negative hash).
        hash_key: the starting key of the hash (default TF's 0xDECAFCAFFE).
    """
    key = string_hash.CROSS_HASH_KEY if hash_key is None else int(hash_key)
    modulo = int(num_buckets) if int(num_buckets) > 0 else np.iinfo(np.int64).max
    rows = _crosses(_feature_rows(inputs))
    hashed = []
    for row in rows:
        out_row = []
        for combo in row:
            result = key
            for feature in combo:
                result = string_hash.fingerprint_cat64(result, string_hash.feature_hash(feature))
            out_row.append(result % modulo)
        hashed.append(out_row)
    flat = torch.tensor([h for row in hashed for h in row], dtype=torch.int64)
    return RaggedTensor.from_row_lengths(flat, torch.tensor([len(row) for row in hashed], dtype=torch.int64))


def stack_dynamic_partitions(data, partitions, num_partitions, name=None):
    """`tf.ragged.stack_dynamic_partitions`: row `i` holds the `data` rows whose partition is `i`, in order.

    Raises:
        errors.InvalidArgumentError: for a partition outside `[0, num_partitions)`.
    """
    values = data if isinstance(data, (RaggedTensor, StringTensor, torch.Tensor)) else convert_to_tensor(data)
    parts = convert_to_tensor(partitions).reshape(-1).tolist()
    n = int(num_partitions)
    if any(p < 0 or p >= n for p in parts):
        raise errors.InvalidArgumentError(f"partitions must be in [0, {n}). Received: partitions={parts[:10]}")
    order = sorted(builtins.range(len(parts)), key=lambda i: parts[i])
    index = np.asarray(order, dtype=np.int64)
    if isinstance(values, RaggedTensor):
        gathered = values.gather_rows(index)
    elif isinstance(values, StringTensor):
        gathered = StringTensor.from_bytes_array(as_string_array(values)[index])
    else:
        gathered = values[torch.as_tensor(index, dtype=torch.long)]
    lengths = torch.bincount(torch.tensor(parts, dtype=torch.int64), minlength=n)[:n]
    return RaggedTensor.from_row_lengths(gathered, lengths)
