"""Ops on batches of variable-length sequences: `sequence_mask`, `reverse_sequence`.

Mirrors `tensorflow/python/ops/array_ops.py` (`sequence_mask`, `reverse_sequence_v2`).

Example:
    >>> tf.sequence_mask([1, 3, 2], 5)        # bool [[T F F F F] [T T T F F] [T T F F F]]
"""

import torch

from keraslike._src.ops import dtypes
from keraslike._src.ops.conversion import normalize_axis, to_tensor


def sequence_mask(lengths, maxlen=None, dtype=torch.bool, name=None):
    """`tf.sequence_mask(lengths, maxlen=None, dtype=tf.bool)`: `mask[..., j] = j < lengths[...]`.

    Args:
        lengths: integer tensor of any shape.
        maxlen: scalar length of the new last dim (default `max(lengths)`).
        dtype: dtype of the result (1/0 for numeric dtypes).

    Returns:
        Tensor of shape `lengths.shape + [maxlen]`.
    """
    lens = to_tensor(lengths, None, "lengths")
    if lens.is_floating_point() or lens.is_complex():
        raise TypeError(f"`lengths` must be integers. Received: lengths with dtype={lens.dtype.name}")
    if maxlen is None:
        maxlen = int(lens.max()) if lens.numel() else 0
    else:
        maxlen = int(to_tensor(maxlen, None, "maxlen").reshape(()))
    positions = torch.arange(maxlen, device=lens.device)
    return (positions < lens.unsqueeze(-1)).to(dtypes.as_dtype(dtype))


def reverse_sequence(input, seq_lengths, seq_axis=None, batch_axis=None, name=None):
    """`tf.reverse_sequence`: for each batch slice i, reverse its first `seq_lengths[i]` entries along `seq_axis`.

    Args:
        input: tensor.
        seq_lengths: 1-D ints, one per entry of `batch_axis`, each at most `input.shape[seq_axis]`.
        seq_axis: the axis to reverse (required).
        batch_axis: the axis that indexes sequences (default 0).

    Raises:
        ValueError: missing `seq_axis`, equal axes, or a `seq_lengths` of the wrong size or out of range.
    """
    x = to_tensor(input, None, "input")
    if seq_axis is None:
        raise ValueError("`tf.reverse_sequence` needs `seq_axis`. Received: seq_axis=None")
    seq_axis = normalize_axis(seq_axis, x.dim(), "seq_axis")
    batch_axis = normalize_axis(0 if batch_axis is None else batch_axis, x.dim(), "batch_axis")
    if seq_axis == batch_axis:
        raise ValueError(f"`seq_axis` and `batch_axis` must differ. Received: seq_axis={seq_axis}, "
                         f"batch_axis={batch_axis}")
    lens = to_tensor(seq_lengths, None, "seq_lengths").to(torch.long).reshape(-1).to(x.device)
    n = x.shape[seq_axis]
    if lens.numel() != x.shape[batch_axis] or (lens.numel() and (int(lens.max()) > n or int(lens.min()) < 0)):
        raise ValueError(f"`seq_lengths` needs one length in [0, {n}] per batch entry ({x.shape[batch_axis]}). "
                         f"Received: seq_lengths={lens.tolist()}")
    j = torch.arange(n, device=x.device)
    source = torch.where(j < lens.unsqueeze(1), lens.unsqueeze(1) - 1 - j, j)  # [batch, n]
    shape = [1] * x.dim()
    shape[batch_axis], shape[seq_axis] = lens.numel(), n
    if batch_axis > seq_axis:
        source = source.T
    index = source.reshape(shape).expand(x.shape)
    return torch.gather(x, seq_axis, index)
