"""`tf.sets`: set operations along the last dimension of dense tensors and SparseTensors.

Mirrors `tensorflow/python/ops/sets_impl.py`. Each row (all dimensions but the last) is a set: every element of a
dense row, the present values of a sparse row. Results are SparseTensors whose rows hold the sorted members, of
dense shape `batch_shape + [largest row]`; `size` counts a SparseTensor's distinct values per row (int32).
"""

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ops.string_tensor import StringTensor, has_strings, string_tensor
from keraslike._src.sparse.sparse_tensor import SparseTensor


def _numpy(values):
    if isinstance(values, StringTensor):
        return values.numpy()
    return values.detach().cpu().numpy()


def _check_order(indices):
    flat = [tuple(row) for row in indices.tolist()]
    if any(a >= b for a, b in zip(flat, flat[1:])):
        raise errors.InvalidArgumentError(None, None, "Sparse indices are not in lexicographic order or repeat "
                                          "(validate_indices=True). Received: indices out of order")


def _rows(x, validate_indices, arg_name):
    """(batch shape, [set per row, row-major], dtype, strings?) of a dense tensor or SparseTensor."""
    if isinstance(x, SparseTensor):
        indices = x.indices.cpu().numpy()
        shape = [int(d) for d in x.dense_shape.tolist()]
        if len(shape) < 2:
            raise errors.InvalidArgumentError(None, None, f"Shape {shape} has rank {len(shape)} < 2 "
                                              f"(Received: {arg_name} of rank {len(shape)})")
        if validate_indices:
            _check_order(indices)
        values = _numpy(x.values)
        batch = shape[:-1]
        rows = [set() for _ in range(int(np.prod(batch)))]
        for index, value in zip(indices, values):
            rows[int(np.ravel_multi_index(tuple(index[:-1]), batch))].add(value)
        return batch, rows, x.dtype, isinstance(x.values, StringTensor)
    strings = has_strings(x)
    tensor = string_tensor(x) if strings else to_tensor(x, None, arg_name)
    array = _numpy(tensor)
    if array.ndim < 2:
        raise errors.InvalidArgumentError(None, None, f"Shape {list(array.shape)} has rank {array.ndim} < 2 "
                                          f"(Received: {arg_name} of rank {array.ndim})")
    batch = list(array.shape[:-1])
    return batch, [set(row.tolist()) for row in array.reshape(-1, array.shape[-1])], tensor.dtype, strings


def _result(batch, rows, dtype, strings):
    members = [sorted(row) for row in rows]
    width = max((len(m) for m in members), default=0)
    indices = [list(np.unravel_index(r, batch)) + [j] for r, m in enumerate(members) for j in range(len(m))]
    flat = [v for m in members for v in m]
    index_tensor = torch.tensor(indices, dtype=torch.int64).reshape(-1, len(batch) + 1)
    if strings:
        values = StringTensor.from_bytes_array(np.asarray(flat + [None], dtype=object)[:-1])
    else:
        values = torch.tensor(flat, dtype=dtype) if flat else torch.zeros(0, dtype=dtype)
    return SparseTensor(index_tensor, values, batch + [width])


def _binary(a, b, combine, validate_indices, name):
    if not isinstance(a, SparseTensor) and isinstance(b, SparseTensor):  # TF: the sparse operand goes first
        a, b = b, a
        if name == "difference":
            combine = _DIFFERENCES[combine]
    batch_a, rows_a, dtype_a, strings_a = _rows(a, validate_indices, "a")
    batch_b, rows_b, dtype_b, strings_b = _rows(b, validate_indices, "b")
    if strings_a != strings_b or (not strings_a and dtype_a != dtype_b):
        raise TypeError(f"Expected a and b of one dtype. Received: a dtype={dtypes.dtype_name(dtype_a)}, "
                        f"b dtype={dtypes.dtype_name(dtype_b)}")
    if batch_a != batch_b:
        raise errors.InvalidArgumentError(None, None, f"Shapes {batch_a} and {batch_b} of the sets' rows differ. "
                                          f"Received: a rows {batch_a}, b rows {batch_b}")
    return _result(batch_a, [combine(x, y) for x, y in zip(rows_a, rows_b)], dtype_a, strings_a)


def _a_minus_b(x, y):
    return x - y


def _b_minus_a(x, y):
    return y - x


_DIFFERENCES = {_a_minus_b: _b_minus_a, _b_minus_a: _a_minus_b}


def intersection(a, b, validate_indices=True):
    """`tf.sets.intersection(a, b)`: the members of each row of `a` also in `b`'s row, as a SparseTensor."""
    return _binary(a, b, lambda x, y: x & y, validate_indices, "intersection")


def union(a, b, validate_indices=True):
    """`tf.sets.union(a, b)`: the members of each row of `a` or `b`, as a SparseTensor."""
    return _binary(a, b, lambda x, y: x | y, validate_indices, "union")


def difference(a, b, aminusb=True, validate_indices=True):
    """`tf.sets.difference(a, b, aminusb=True)`: each row's members of `a` not in `b` (`b - a` when
    `aminusb=False`), as a SparseTensor."""
    return _binary(a, b, _a_minus_b if aminusb else _b_minus_a, validate_indices, "difference")


def size(a, validate_indices=True):
    """`tf.sets.size(a)`: the number of distinct values in each row of the SparseTensor `a` (int32)."""
    if not isinstance(a, SparseTensor):
        raise TypeError(f"Expected `SparseTensor`, got {a!r:.120}.")
    batch, rows, _, _ = _rows(a, validate_indices, "a")
    return torch.tensor([len(row) for row in rows], dtype=torch.int32).reshape(batch)
