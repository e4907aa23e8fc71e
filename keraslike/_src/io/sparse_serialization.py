"""`tf.io.serialize_sparse`, `serialize_many_sparse`, `deserialize_many_sparse`.

Mirrors `tensorflow/python/ops/sparse_ops.py`: a SparseTensor as three serialized `TensorProto`s
(indices, values, dense_shape), byte-identical to TF's (`tensor_serialization.py`).
"""

import numpy as np
import torch

from keraslike._src.ops.tensor_spec import as_spec_dtype, string
from keraslike._src.errors import InvalidArgumentError
from keraslike._src.io import string_values
from keraslike._src.io.tensor_serialization import parse_tensor, serialize_content
from keraslike._src.sparse.sparse_tensor import SparseTensor
from keraslike._src.sparse.sparse_ops import reorder


def _check_out_type(out_type):
    if as_spec_dtype(out_type) is not string:
        raise TypeError(f"Expected out_type tf.string: keraslike has no tf.variant tensors. Received: "
                        f"out_type={out_type!r}")


def _triple(indices, values, dense_shape):
    return [serialize_content(indices), serialize_content(values), serialize_content(dense_shape)]


def serialize_sparse(sp_input, out_type=string, name=None):
    """`tf.io.serialize_sparse(sp_input)`: a 3-vector of serialized (indices, values, dense_shape).

    Raises:
        TypeError: `sp_input` is not a SparseTensor, or `out_type` is not tf.string.
    """
    _check_out_type(out_type)
    if not isinstance(sp_input, SparseTensor):
        raise TypeError(f"Expected a SparseTensor. Received: sp_input={sp_input!r}")
    return string_values.string_output(np.array(_triple(sp_input.indices, sp_input.values, sp_input.dense_shape),
                                                dtype=object))


def serialize_many_sparse(sp_input, out_type=string, name=None):
    """`tf.io.serialize_many_sparse(sp_input)`: `[N, 3]` serialized sub-SparseTensors, one per first-dim row.

    Row i holds the entries whose first index is i, without that index, and dense shape `dense_shape[1:]`.

    Raises:
        TypeError: not a SparseTensor or a non-string `out_type`.
        ValueError: a SparseTensor of rank < 2.
    """
    _check_out_type(out_type)
    if not isinstance(sp_input, SparseTensor):
        raise TypeError(f"Expected a SparseTensor. Received: sp_input={sp_input!r}")
    if sp_input.ndim < 2:
        raise ValueError(f"Expected a SparseTensor of rank >= 2 to serialize by rows. Received: rank {sp_input.ndim}")
    rows = int(sp_input.dense_shape[0])
    out = np.empty((rows, 3), dtype=object)
    values = sp_input.values
    for row in range(rows):
        keep = (sp_input.indices[:, 0] == row).nonzero().reshape(-1)
        row_values = values[keep] if isinstance(values, torch.Tensor) else string_values.string_output(
            string_values.as_bytes_array(values)[keep.numpy()])
        out[row] = _triple(sp_input.indices[keep, 1:], row_values, sp_input.dense_shape[1:])
    return string_values.string_output(out)


def deserialize_many_sparse(serialized_sparse, dtype, rank=None, name=None):
    """`tf.io.deserialize_many_sparse(serialized_sparse, dtype, rank=None)`: `[N, 3]` serialized SparseTensors
    -> one SparseTensor with a new first dimension N, dense shape the largest of each, row-major order.

    Raises:
        ValueError: `serialized_sparse` is not `[N, 3]`, or `rank` differs from the stored rank.
        tf.errors.InvalidArgumentError: bytes that are no serialized tensors, or a dtype other than `dtype`.
    """
    array = string_values.as_bytes_array(serialized_sparse, "serialized_sparse")
    if array.ndim != 2 or array.shape[1] != 3:
        raise ValueError(f"Expected serialized_sparse of shape [N, 3]. Received: shape {array.shape}")
    indices, values, shapes = [], [], []
    for row, (ind, val, shape) in enumerate(array):
        sub_indices = parse_tensor(ind, torch.int64)
        indices.append(torch.cat([torch.full((sub_indices.shape[0], 1), row, dtype=torch.int64), sub_indices], 1))
        values.append(parse_tensor(val, dtype))
        shapes.append(parse_tensor(shape, torch.int64))
    if rank is not None and any(int(s.shape[0]) + 1 != int(rank) for s in shapes):
        raise ValueError(f"Expected SparseTensors of rank {rank} (with the batch dimension). Received: ranks "
                         f"{sorted({int(s.shape[0]) + 1 for s in shapes})}")
    if len({int(s.shape[0]) for s in shapes}) > 1:
        raise InvalidArgumentError("Inconsistent rank across SparseTensors: all must have the same rank")
    dense_shape = torch.stack(shapes).max(0).values if shapes else torch.zeros(0, dtype=torch.int64)
    joined = (torch.cat(values) if values and isinstance(values[0], torch.Tensor) else string_values.string_output(
        np.concatenate([string_values.as_bytes_array(v) for v in values]) if values else np.empty(0, object)))
    return reorder(SparseTensor(torch.cat(indices) if indices else torch.zeros((0, 1), dtype=torch.int64), joined,
                                torch.cat([torch.tensor([len(shapes)], dtype=torch.int64), dense_shape])))
