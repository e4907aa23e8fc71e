"""Shape queries and shape manipulation: `shape`, `reshape`, `stack`, `concat`, `split`, ...

Mirrors `tensorflow/python/ops/array_ops.py` and `array_ops_stack.py`.
String tensors go to `string_array_ops`. Shapes may be given as lists, tuples, `TensorShape`-likes or 1-D int tensors;
axes as ints in `[-rank, rank)` (or `[-rank-1, rank]` where a new axis is made).

Example:
    >>> x = tf.reshape(tf.range(6), [2, 3])   # int32 [[0 1 2] [3 4 5]]
    >>> tf.shape(x)                            # int32 [2 3]
    >>> tf.concat([x, x], axis=0).shape        # torch.Size([4, 3])
"""

import builtins
import numbers

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.ops import dtypes
from keraslike._src.ops import string_array_ops as _str
from keraslike._src.ops import value_semantics
from keraslike._src.ops.string_tensor import has_strings
from keraslike._src.ragged import ragged_ops
from keraslike._src.ragged import dynamic_ragged_shape
from keraslike._src.ragged.dynamic_ragged_shape import DynamicRaggedShape
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.ops.conversion import normalize_axes, normalize_axis, to_shape, to_tensor
from keraslike._src.ragged.ragged_dispatch import on_flat_values
from keraslike._src.ragged import ragged_array_ops
from keraslike._src.sparse.sparse_dispatch import on_sparse_values
from keraslike._src.sparse.sparse_tensor import SparseTensor

newaxis = None


def _ints(values, arg_name):
    if isinstance(values, torch.Tensor):
        return [int(v) for v in values.reshape(-1).tolist()]
    if isinstance(values, numbers.Integral):
        return [int(values)]
    return [int(v.item() if isinstance(v, torch.Tensor) else v) for v in values]


def shape(input, out_type=torch.int32, name=None):
    """`tf.shape(input)`: the dynamic shape as a 1-D integer tensor (int32 by default, on the CPU)."""
    if isinstance(input, RaggedTensor):  # TF's ragged dispatch: the shape with its row partitions
        return DynamicRaggedShape.from_tensor(input).with_dtype(out_type)
    if has_strings(input):
        return _str.shape(input, out_type)
    x = to_tensor(input, None, "input")
    return torch.tensor(list(x.shape), dtype=dtypes.as_dtype(out_type), device="cpu")


def size(input, out_type=torch.int32, name=None):
    """`tf.size(input)`: number of elements as a scalar integer tensor (int32 by default)."""
    if isinstance(input, RaggedTensor):
        return torch.tensor(int(np.prod(list(input.flat_values.shape))), dtype=dtypes.as_dtype(out_type))
    if isinstance(input, SparseTensor):  # TF: the number of elements of the dense shape
        return torch.tensor(int(np.prod(input.dense_shape.tolist())), dtype=dtypes.as_dtype(out_type))
    if has_strings(input):
        return _str.size(input, out_type)
    x = to_tensor(input, None, "input")
    return torch.tensor(x.numel(), dtype=dtypes.as_dtype(out_type), device="cpu")


def rank(input, name=None):
    """`tf.rank(input)`: number of dimensions as a scalar int32 tensor."""
    if isinstance(input, RaggedTensor):
        return torch.tensor(input.ndim, dtype=torch.int32)
    if isinstance(input, SparseTensor):
        return torch.tensor(int(input.dense_shape.shape[0]), dtype=torch.int32)
    if has_strings(input):
        return _str.rank(input)
    return torch.tensor(to_tensor(input, None, "input").dim(), dtype=torch.int32, device="cpu")


def identity(input, name=None):
    """`tf.identity(input)`: a tensor with the same value; reads a Variable into a new tensor."""
    if has_strings(input):
        return _str.identity(input)
    if isinstance(input, torch.nn.Parameter):
        return torch.Tensor.clone(input)
    x = to_tensor(input, None, "input")
    return x.view_as(x)


@value_semantics.no_variable_views
def reshape(tensor, shape, name=None):
    """`tf.reshape(tensor, shape)`: same values in a new shape; one dimension may be -1.

    Raises:
        ValueError: if the number of elements does not match `shape`.
    """
    if isinstance(shape, DynamicRaggedShape):  # the values in row-major order, cut by the shape's partitions
        flat = tensor.flat_values if isinstance(tensor, RaggedTensor) else tensor
        return shape.wrap_flat_values(reshape(flat, shape.inner_dims))
    if isinstance(tensor, RaggedTensor):  # TF: a ragged tensor's values in row-major order, in a dense shape
        tensor = tensor.flat_values
    if has_strings(tensor):
        return _str.reshape(tensor, shape)
    x = to_tensor(tensor, None, "tensor")
    dims = to_shape(shape, "shape")
    try:
        return x.reshape(dims)
    except RuntimeError:
        error = errors.InvalidArgumentError(
            None, "Reshape", f"Cannot reshape a tensor with {x.numel()} elements (shape {list(x.shape)}) to the "
            f"requested shape. Received: shape={list(dims)}"
        )
        if all(d >= 0 for d in dims):  # the sizes, for a functional model's trace to find the batch TF would use
            error.elements = (x.numel(), int(np.prod(dims, dtype=np.int64)))
        raise error from None


def _same_dtype_list(values, arg_name, op_name):
    if isinstance(values, torch.Tensor) and values.dim() > 0:
        values = list(values.unbind(0))
    if not isinstance(values, (list, tuple)) or not values:
        raise ValueError(
            f"`{op_name}` expects a non-empty list of tensors. "
            f"Received: {arg_name}={values!r:.80}"
        )
    first = next((v for v in values if isinstance(v, torch.Tensor)), None)
    dtype = first.dtype if first is not None else to_tensor(values[0]).dtype
    device = first.device if first is not None else None
    return [to_tensor(v, dtype, f"{arg_name}[{i}]", device) for i, v in enumerate(values)]


def stack(values, axis=0, name=None):
    """`tf.stack(values, axis=0)`: join same-shape tensors along a new axis.

    Raises:
        ValueError: if shapes differ or `axis` is outside `[-(R+1), R+1)`.
    """
    if isinstance(values, (list, tuple)) and any(isinstance(v, RaggedTensor) for v in values):
        return ragged_ops.stack(values, axis)  # TF's ragged dispatch
    if has_strings(values):
        return _str.stack(values, axis)
    tensors = _same_dtype_list(values, "values", "tf.stack")
    for i, t in enumerate(tensors[1:], 1):
        if t.shape != tensors[0].shape:
            raise errors.InvalidArgumentError(
                None, "Pack", f"`tf.stack` expects tensors of one shape. Received: values[0].shape="
                f"{list(tensors[0].shape)}, values[{i}].shape={list(t.shape)}"
            )
    return torch.stack(tensors, dim=normalize_axis(axis, tensors[0].dim() + 1))


@value_semantics.no_variable_views
def unstack(value, num=None, axis=0, name=None):
    """`tf.unstack(value, num=None, axis=0)`: list of the slices along `axis`.

    Raises:
        ValueError: if `num` is given and differs from the dimension's size.
    """
    if has_strings(value):
        return _str.unstack(value, num, axis)
    x = to_tensor(value, None, "value")
    axis = normalize_axis(axis, x.dim())
    if num is not None and int(num) != x.shape[axis]:
        raise ValueError(
            f"Expected `num` to equal the size of dimension {axis} ({x.shape[axis]}). Received: num={num}"
        )
    return list(torch.unbind(x, dim=axis))


def concat(values, axis, name=None):
    """`tf.concat(values, axis)`: join tensors of one rank and dtype along an existing axis.

    Raises:
        ValueError: for mismatched ranks or non-concat dimensions. TypeError: for mixed dtypes.
    """
    if isinstance(values, (list, tuple)) and any(isinstance(v, RaggedTensor) for v in values):
        return ragged_ops.concat(values, axis)
    if has_strings(values):
        return _str.concat(values, axis)
    tensors = _same_dtype_list(values, "values", "tf.concat")
    rank0 = tensors[0].dim()
    ax = normalize_axis(axis, rank0)
    for i, t in enumerate(tensors):
        if t.dim() != rank0 or any(t.shape[d] != tensors[0].shape[d] for d in range(rank0) if d != ax):
            raise errors.InvalidArgumentError(
                None, "ConcatV2", f"`tf.concat` expects all dimensions except {ax} to match. Received: values[0].shape="
                f"{list(tensors[0].shape)}, values[{i}].shape={list(t.shape)}"
            )
    return torch.cat(tensors, dim=ax)


@value_semantics.no_variable_views
def expand_dims(input, axis, name=None):
    """`tf.expand_dims(input, axis)`: insert a length-1 axis at `axis` in `[-rank-1, rank]`."""
    if isinstance(input, RaggedTensor):  # TF's ragged dispatch (ragged/ragged_array_ops.py)
        return ragged_array_ops.expand_dims(input, axis, expand_dims)
    if has_strings(input):
        return _str.expand_dims(input, axis)
    x = to_tensor(input, None, "input")
    return x.unsqueeze(normalize_axis(axis, x.dim() + 1))


@value_semantics.no_variable_views
def squeeze(input, axis=None, name=None):
    """`tf.squeeze(input, axis=None)`: drop length-1 dims (only those in `axis` when given).

    Raises:
        ValueError: if a listed dimension is not 1.
    """
    if isinstance(input, RaggedTensor):  # TF's ragged dispatch (ragged/ragged_array_ops.py)
        return ragged_array_ops.squeeze(input, axis, squeeze)
    if has_strings(input):
        return _str.squeeze(input, axis)
    x = to_tensor(input, None, "input")
    if axis is None:
        return x.squeeze()
    axes = normalize_axes(axis, x.dim())
    for a in axes:
        if x.shape[a] != 1:
            raise ValueError(
                f"Can not squeeze dim[{a}], expected a dimension of 1, got {x.shape[a]}. "
                f"Received: axis={axis!r}"
            )
    return x.squeeze(axes) if axes else x


@value_semantics.no_variable_views
def transpose(a, perm=None, conjugate=False, name=None):
    """`tf.transpose(a, perm=None)`: permute dimensions; default reverses them.

    Raises:
        ValueError: if `perm` is not a permutation of `range(rank)`.
    """
    if has_strings(a):
        return _str.transpose(a, perm)
    x = to_tensor(a, None, "a")
    perm = list(range(x.dim()))[::-1] if perm is None else _ints(perm, "perm")
    if sorted(p % max(x.dim(), 1) for p in perm) != list(range(x.dim())):
        raise ValueError(f"Expected `perm` to be a permutation of range({x.dim()}). Received: perm={perm}")
    out = x.permute(perm)
    return out.conj().resolve_conj() if conjugate and out.is_complex() else out


def tile(input, multiples, name=None):
    """`tf.tile(input, multiples)`: repeat the tensor `multiples[i]` times along dimension i.

    Raises:
        ValueError: if `len(multiples)` differs from the rank.
    """
    if isinstance(input, RaggedTensor):
        return ragged_ops.tile(input, multiples)
    if has_strings(input):
        return _str.tile(input, multiples)
    x = to_tensor(input, None, "input")
    reps = _ints(multiples, "multiples")
    if len(reps) != x.dim():
        raise ValueError(
            f"Expected `multiples` to have one entry per dimension ({x.dim()}). Received: multiples={reps}"
        )
    return x.repeat(reps) if reps else x.clone()


@value_semantics.no_variable_views
def split(value, num_or_size_splits, axis=0, num=None, name=None):
    """`tf.split`: an int splits `axis` evenly; a list gives sizes (one may be -1).

    Returns:
        list of tensors.

    Raises:
        ValueError: if the sizes do not add up to the dimension.
    """
    if isinstance(value, RaggedTensor):  # TF's ragged dispatch (ragged/ragged_array_ops.py)
        return ragged_array_ops.split(value, num_or_size_splits, axis, num, split)
    if has_strings(value):
        return _str.split(value, num_or_size_splits, axis)
    x = to_tensor(value, None, "value")
    axis = normalize_axis(axis, x.dim())
    dim = x.shape[axis]
    if isinstance(num_or_size_splits, numbers.Integral) or (
        isinstance(num_or_size_splits, torch.Tensor) and num_or_size_splits.dim() == 0
    ):
        n = int(num_or_size_splits)
        if n <= 0 or dim % n:
            raise ValueError(
                f"Expected `num_or_size_splits` to evenly divide dimension {axis} of size {dim}. "
                f"Received: num_or_size_splits={n}"
            )
        return list(torch.split(x, dim // n, dim=axis))
    sizes = _ints(num_or_size_splits, "num_or_size_splits")
    if sizes.count(-1) == 1:
        sizes[sizes.index(-1)] = dim - (sum(sizes) + 1)
    if sum(sizes) != dim or any(s < 0 for s in sizes):
        raise ValueError(
            f"Expected `num_or_size_splits` to sum to the size of dimension {axis} ({dim}). "
            f"Received: num_or_size_splits={list(num_or_size_splits)}"
        )
    return list(torch.split(x, sizes, dim=axis))


@value_semantics.no_variable_views
def broadcast_to(input, shape, name=None):
    """`tf.broadcast_to(input, shape)`: broadcast with numpy rules to `shape` (a DynamicRaggedShape too)."""
    if isinstance(shape, DynamicRaggedShape) or isinstance(input, RaggedTensor):
        return dynamic_ragged_shape.broadcast_to(input, shape)
    if has_strings(input):
        return _str.broadcast_to(input, shape)
    x = to_tensor(input, None, "input")
    dims = to_shape(shape, "shape")
    try:
        return x.expand(dims)
    except RuntimeError:
        raise ValueError(
            f"Cannot broadcast shape {list(x.shape)} to the requested shape. Received: shape={list(dims)}"
        ) from None


def reverse(tensor, axis, name=None):
    """`tf.reverse(tensor, axis)`: flip the listed dimensions."""
    if isinstance(tensor, RaggedTensor):
        return ragged_ops.reverse(tensor, axis)
    if has_strings(tensor):
        return _str.reverse(tensor, axis)
    x = to_tensor(tensor, None, "tensor")
    return torch.flip(x, list(normalize_axes(axis, x.dim())))


@value_semantics.no_variable_views
def slice(input_, begin, size, name=None):
    """`tf.slice(input_, begin, size)`: the block starting at `begin`; size -1 means to the end."""
    if has_strings(input_):
        return _str.slice(input_, begin, size)
    x = to_tensor(input_, None, "input_")
    begin, size = _ints(begin, "begin"), _ints(size, "size")
    index = tuple(builtins.slice(b, None if s == -1 else b + s) for b, s in zip(begin, size))
    return x[index]


def _pad_index(n, before, after, mode, device):
    if mode == "REFLECT":
        left, right = range(before, 0, -1), range(n - 2, n - 2 - after, -1)
    else:  # SYMMETRIC
        left, right = range(before - 1, -1, -1), range(n - 1, n - 1 - after, -1)
    return torch.tensor([*left, *range(n), *right], dtype=torch.long, device=device)


def pad(tensor, paddings, mode="CONSTANT", constant_values=0, name=None):
    """`tf.pad(tensor, paddings, mode)`: `paddings[i] = [before, after]` for dimension i.

    `mode` is "CONSTANT", "REFLECT" (edge not repeated) or "SYMMETRIC" (edge repeated).
    """
    if has_strings(tensor):
        return _str.pad(tensor, paddings, mode, constant_values)
    x = to_tensor(tensor, None, "tensor")
    rows = paddings.tolist() if isinstance(paddings, torch.Tensor) else paddings
    pads = [_ints(p, "paddings") for p in rows]
    if len(pads) != x.dim() or any(len(p) != 2 for p in pads):
        raise ValueError(f"Expected `paddings` of shape [{x.dim()}, 2]. Received: paddings={pads}")
    mode = mode.upper()
    if mode == "CONSTANT":
        flat = [v for p in reversed(pads) for v in p]
        value = constant_values.item() if isinstance(constant_values, torch.Tensor) else constant_values
        return torch.nn.functional.pad(x, flat, mode="constant", value=value)
    if mode not in ("REFLECT", "SYMMETRIC"):
        raise ValueError(f"Expected `mode` 'CONSTANT', 'REFLECT' or 'SYMMETRIC'. Received: mode={mode!r}")
    for d, (before, after) in enumerate(pads):
        if before or after:
            x = x.index_select(d, _pad_index(x.shape[d], before, after, mode, x.device))
    return x


# TF's ragged dispatch: these ops run on a RaggedTensor's flat values (ragged/ragged_dispatch.py)
identity = on_flat_values(identity)

# TF's sparse dispatch: these zero-preserving ops map a SparseTensor's values (sparse/sparse_dispatch.py)
identity = on_sparse_values(identity)
