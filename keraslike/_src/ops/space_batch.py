"""Moving spatial blocks into the batch dim and back: `space_to_batch(_nd)`, `batch_to_space`.

Mirrors `tensorflow/python/ops/array_ops.py` (`space_to_batch_v2`, `batch_to_space_v2`,
`required_space_to_batch_paddings`). The layout is `[batch] + spatial_shape (M dims) + remaining_shape`;
`block_shape` has M entries, `paddings`/`crops` are `[M, 2]` (before, after) per spatial dim.

Example:
    >>> x = tf.reshape(tf.range(16), (1, 4, 4, 1))
    >>> tf.space_to_batch(x, [2, 2], [[0, 0], [0, 0]]).shape    # [4, 2, 2, 1]
"""

import numpy as np
import torch
import torch.nn.functional as F

from keraslike._src.ops.conversion import to_tensor


def _block_args(x, block_shape, pairs, arg_name):
    block = [int(b) for b in np.asarray(block_shape.tolist() if isinstance(block_shape, torch.Tensor)
                                        else block_shape).reshape(-1)]
    pairs = np.asarray(pairs.tolist() if isinstance(pairs, torch.Tensor) else pairs, dtype=np.int64).reshape(-1, 2)
    if any(b < 1 for b in block) or len(pairs) != len(block) or x.dim() < 1 + len(block) or (pairs < 0).any():
        raise ValueError(f"Expected `block_shape` of M >= 1 positive ints, `{arg_name}` of shape [M, 2] (non-"
                         f"negative) and an input of rank >= M + 1. Received: block_shape={block}, "
                         f"{arg_name}={pairs.tolist()}, input shape={list(x.shape)}")
    return block, pairs.tolist()


def space_to_batch_nd(input, block_shape, paddings, name=None):
    """`tf.space_to_batch_nd`: zero-pad the spatial dims, then move `block_shape` blocks into the batch dim.

    Returns:
        `[batch * prod(block_shape)] + [(padded_i / block_i)] + remaining_shape`.

    Raises:
        ValueError: bad `block_shape`/`paddings`, or a padded spatial size not divisible by its block.
    """
    x = to_tensor(input, None, "input")
    block, pads = _block_args(x, block_shape, paddings, "paddings")
    m = len(block)
    flat_pad = []
    for before, after in reversed(pads):  # F.pad takes the last padded dim first
        flat_pad += [before, after]
    rest = x.dim() - 1 - m
    padded = F.pad(x, [0, 0] * rest + flat_pad) if any(flat_pad) else x
    sizes = list(padded.shape[1:1 + m])
    if any(s % b for s, b in zip(sizes, block)):
        raise ValueError(f"Padded spatial dims {sizes} must be divisible by block_shape {block}. "
                         f"Received: paddings={pads}")
    batch, tail = padded.shape[0], list(padded.shape[1 + m:])
    split = [batch] + [v for s, b in zip(sizes, block) for v in (s // b, b)] + tail
    y = padded.reshape(split)
    order = [2 + 2 * i for i in range(m)] + [0] + [1 + 2 * i for i in range(m)] + list(range(1 + 2 * m, y.dim()))
    y = y.permute(order)
    return y.reshape([batch * int(np.prod(block))] + [s // b for s, b in zip(sizes, block)] + tail)


def space_to_batch(input, block_shape, paddings, name=None):
    """`tf.space_to_batch` (TF 2): the same as `tf.space_to_batch_nd`."""
    return space_to_batch_nd(input, block_shape, paddings)


def batch_to_space(input, block_shape, crops, name=None):
    """`tf.batch_to_space` (TF 2's `batch_to_space_nd`): the inverse of `space_to_batch`, then crop.

    Returns:
        `[batch / prod(block_shape)] + [in_i * block_i - crop_before_i - crop_after_i] + remaining_shape`.

    Raises:
        ValueError: bad `block_shape`/`crops`, a batch not divisible by `prod(block_shape)`, or crops too large.
    """
    x = to_tensor(input, None, "input")
    block, crop = _block_args(x, block_shape, crops, "crops")
    m, total = len(block), int(np.prod(block))
    if x.shape[0] % total:
        raise ValueError(f"The batch dim ({x.shape[0]}) must be divisible by prod(block_shape) = {total}. "
                         f"Received: block_shape={block}")
    batch, sizes, tail = x.shape[0] // total, list(x.shape[1:1 + m]), list(x.shape[1 + m:])
    y = x.reshape(block + [batch] + sizes + tail)
    order = [m] + [v for i in range(m) for v in (m + 1 + i, i)] + list(range(2 * m + 1, y.dim()))
    y = y.permute(order).reshape([batch] + [s * b for s, b in zip(sizes, block)] + tail)
    index = [slice(None)]
    for (before, after), s, b in zip(crop, sizes, block):
        if before + after > s * b:
            raise ValueError(f"Crops {crop} are larger than the spatial dims {[s * b for s, b in zip(sizes, block)]}."
                             f" Received: crops={crop}")
        index.append(slice(before, s * b - after))
    return y[tuple(index)]


def required_space_to_batch_paddings(input_shape, block_shape, base_paddings=None, name=None):
    """`tf.required_space_to_batch_paddings`: `(paddings, crops)` that make `input_shape` divisible by the blocks.

    `paddings` extends `base_paddings` (default zeros) at the end of each dim just enough; `crops` removes that
    extension again in `batch_to_space`. Both are `[M, 2]` int32 tensors.
    """
    shape = np.asarray(input_shape.tolist() if isinstance(input_shape, torch.Tensor) else input_shape,
                       dtype=np.int64).reshape(-1)
    block = np.asarray(block_shape.tolist() if isinstance(block_shape, torch.Tensor) else block_shape,
                       dtype=np.int64).reshape(-1)
    if shape.shape != block.shape:
        raise ValueError(f"`input_shape` and `block_shape` must have the same length. Received: "
                         f"input_shape={shape.tolist()}, block_shape={block.tolist()}")
    base = np.zeros((len(shape), 2), np.int64) if base_paddings is None else np.asarray(
        base_paddings.tolist() if isinstance(base_paddings, torch.Tensor) else base_paddings,
        dtype=np.int64).reshape(-1, 2)
    full = shape + base[:, 0] + base[:, 1]
    extra = (block - full % block) % block
    paddings = np.stack([base[:, 0], base[:, 1] + extra], axis=1)
    crops = np.stack([np.zeros_like(extra), extra], axis=1)
    return torch.tensor(paddings, dtype=torch.int32), torch.tensor(crops, dtype=torch.int32)


def _nhwc(x, data_format, op_name):
    if data_format not in ("NHWC", "NCHW"):
        raise ValueError(f"{op_name} supports data_format 'NHWC' or 'NCHW'. Received: data_format={data_format!r}")
    if x.dim() != 4:
        raise ValueError(f"{op_name} expects a 4-D input. Received: input with shape={list(x.shape)}")
    return x.permute(0, 2, 3, 1) if data_format == "NCHW" else x


def space_to_depth(input, block_size, data_format="NHWC", name=None):
    """`tf.nn.space_to_depth(input, block_size, data_format="NHWC")`: each `block_size x block_size` block of
    pixels becomes one pixel with `block_size**2` times the channels (TF's order: block row, block column,
    channel).

    Raises:
        ValueError: when height or width is not divisible by `block_size`, or for another layout.
    """
    x = _nhwc(to_tensor(input, None, "input"), data_format, "tf.nn.space_to_depth")
    n, h, w, c = x.shape
    b = int(block_size)
    if b < 2 or h % b or w % b:
        raise ValueError(f"Image height {h} and width {w} must be divisible by block_size, which must be >= 2. "
                         f"Received: block_size={block_size}")
    y = x.reshape(n, h // b, b, w // b, b, c).permute(0, 1, 3, 2, 4, 5).reshape(n, h // b, w // b, b * b * c)
    return y.permute(0, 3, 1, 2) if data_format == "NCHW" else y


def depth_to_space(input, block_size, data_format="NHWC", name=None):
    """`tf.nn.depth_to_space(input, block_size, data_format="NHWC")`: the inverse of `space_to_depth`.

    Raises:
        ValueError: when the channels are not divisible by `block_size**2`, or for another layout.
    """
    x = _nhwc(to_tensor(input, None, "input"), data_format, "tf.nn.depth_to_space")
    n, h, w, c = x.shape
    b = int(block_size)
    if b < 2 or c % (b * b):
        raise ValueError(f"Input depth {c} must be divisible by block_size**2, block_size >= 2. "
                         f"Received: block_size={block_size}")
    y = x.reshape(n, h, w, b, b, c // (b * b)).permute(0, 1, 3, 2, 4, 5).reshape(n, h * b, w * b, c // (b * b))
    return y.permute(0, 3, 1, 2) if data_format == "NCHW" else y
