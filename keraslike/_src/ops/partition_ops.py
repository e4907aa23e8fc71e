"""Splitting a tensor by partition ids and interleaving pieces back: `dynamic_partition`, `dynamic_stitch`.

Mirrors `tensorflow/python/ops/data_flow_ops.py` (the DynamicPartition / DynamicStitch kernels).

Example:
    >>> tf.dynamic_partition([10, 20, 30, 40, 50], [0, 0, 1, 1, 0], 2)    # [[10 20 50], [30 40]]
    >>> tf.dynamic_stitch([[0, 2], [1]], [[1, 3], [2]])                    # [1 2 3]
"""

import torch

from keraslike._src import errors
from keraslike._src.ops.conversion import to_tensor
from keraslike._src.ragged import ragged_array_ops
from keraslike._src.ragged.ragged_tensor import RaggedTensor


def dynamic_partition(data, partitions, num_partitions, name=None):
    """`tf.dynamic_partition`: `num_partitions` tensors, the i-th holding the slices of `data` whose id is i.

    Args:
        data: tensor.
        partitions: int tensor whose shape is a prefix of `data.shape`, values in `[0, num_partitions)`.
        num_partitions: int >= 1.

    Returns:
        A list of tensors of shape `[count_i] + data.shape[partitions.ndim:]`, in `data`'s order.

    Raises:
        ValueError: `partitions` not a prefix of `data`'s shape. tf.errors.InvalidArgumentError: ids out of range.
    """
    if isinstance(data, RaggedTensor):  # TF's ragged dispatch (ragged/ragged_array_ops.py)
        return ragged_array_ops.dynamic_partition(data, partitions, num_partitions, dynamic_partition)
    x = to_tensor(data, None, "data")
    ids = to_tensor(partitions, None, "partitions", x.device).to(torch.long)
    if int(num_partitions) < 1 or tuple(x.shape[:ids.dim()]) != tuple(ids.shape):
        raise ValueError(f"`partitions` must have a prefix of data's shape {list(x.shape)}, and num_partitions "
                         f">= 1. Received: partitions shape={list(ids.shape)}, num_partitions={num_partitions}")
    if ids.numel() and (int(ids.min()) < 0 or int(ids.max()) >= int(num_partitions)):
        raise errors.InvalidArgumentError(f"partitions must be in [0, {num_partitions}). "
                                          f"Received: partitions={ids.tolist()}")
    flat_ids = ids.reshape(-1)
    flat = x.reshape(-1, *x.shape[ids.dim():])
    return [flat[flat_ids == i] for i in range(int(num_partitions))]


def dynamic_stitch(indices, data, name=None):
    """`tf.dynamic_stitch(indices, data)`: `merged[indices[m][i]] = data[m][i]`, later pieces winning ties.

    Args:
        indices: list of int tensors.
        data: list of tensors of one dtype, `data[m].shape == indices[m].shape + slice_shape`.

    Returns:
        Tensor of shape `[max(indices) + 1] + slice_shape`; rows no index names are zero.

    Raises:
        ValueError: lists of different lengths or pieces whose shapes do not match their indices.
    """
    if len(indices) != len(data) or not indices:
        raise ValueError(f"`indices` and `data` must be non-empty lists of one length. Received: "
                         f"{len(indices)} indices, {len(data)} data")
    pieces = [to_tensor(d, None, "data") for d in data]
    idx = [to_tensor(i, None, "indices", pieces[0].device).to(torch.long) for i in indices]
    slice_shape = tuple(pieces[0].shape[idx[0].dim():])
    for i, d in zip(idx, pieces):
        if tuple(d.shape) != tuple(i.shape) + slice_shape or d.dtype != pieces[0].dtype:
            raise ValueError(f"Each data piece must be indices.shape + {list(slice_shape)} of one dtype. Received: "
                             f"indices shape={list(i.shape)}, data shape={list(d.shape)}")
    flat_idx = torch.cat([i.reshape(-1) for i in idx])
    flat_data = torch.cat([d.reshape(-1, *slice_shape) for d in pieces])
    size = int(flat_idx.max()) + 1 if flat_idx.numel() else 0
    out = torch.zeros((size,) + slice_shape, dtype=flat_data.dtype, device=flat_data.device)
    # the last write of an index wins: keep, per index, its last position
    last = torch.full((size,), -1, dtype=torch.long, device=flat_idx.device)
    last = last.scatter_reduce(0, flat_idx, torch.arange(flat_idx.numel(), device=flat_idx.device), reduce="amax")
    present = last >= 0
    out[present] = flat_data[last[present]]
    return out
