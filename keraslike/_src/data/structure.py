"""Nested element structures and TF's value-to-tensor conversion for tf.data.

Mirrors `tensorflow/python/data/util/nest.py` and `.../util/structure.py`: tuples,
namedtuples and dicts are structures; everything else (lists included) is a leaf that
becomes one tensor. Numeric leaves become `torch.Tensor`; string leaves become
`StringTensor`s (keraslike's `tf.string` tensors: torch has no string dtype).

Conversion follows TF eager: Python floats -> float32, Python ints -> int32 (int64 if
out of range), bools -> bool, numpy arrays and torch tensors keep their dtype.
"""

import numpy as np
import torch

from keraslike._src import errors
from keraslike._src.extension_type import extension_type
from keraslike._src.nest.nest import Rules, rebuild_mapping, sorted_keys
from keraslike._src.ops.string_tensor import StringTensor, as_string_array
from keraslike._src.ops.tensor_spec import TensorSpec, as_spec_dtype, string
from keraslike._src.ragged import ragged_ops
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.ragged.ragged_tensor_spec import RaggedTensorSpec
from keraslike._src.sparse.sparse_tensor import SparseTensor, SparseTensorSpec, sparse_row, stack_sparse

_INT32_MIN, _INT32_MAX = -(2**31), 2**31 - 1


# ----------------------------------------------------------------------------- nesting
def is_nested(value):
    """True for the containers tf.data treats as structure: tuple, namedtuple, dict (a list is a value), and
    extension types (their tensor fields are components, as TF's type specs decompose them)."""
    return isinstance(value, (tuple, dict)) or extension_type.is_extension_type(value)


def _keys(structure):
    if isinstance(structure, dict):
        return sorted_keys(structure)
    if extension_type.is_extension_type(structure):
        return extension_type.component_fields(structure)
    return range(len(structure))


def _child(structure, key):
    return getattr(structure, key) if isinstance(key, str) and not isinstance(structure, dict) else structure[key]


def _rebuild(structure, keys, values):
    if isinstance(structure, dict):
        return rebuild_mapping(structure, keys, values)
    if extension_type.is_extension_type(structure):
        return extension_type.rebuild(structure, keys, values)
    return type(structure)(*values) if hasattr(structure, "_fields") else type(structure)(values)


DATA = Rules(is_nested, _keys, _child, _rebuild)
"""tf.data's rules on `nest.Rules`: tuples, namedtuples, dicts (by sorted key, unsortable keys raise as in
TF) and extension types (their tensor fields) are structure; lists and everything else are values."""


def flatten(structure):
    """Leaves of `structure` in TF's order (dict keys sorted)."""
    return DATA.flatten(structure)


def pack_as(structure, leaves):
    """Inverse of `flatten`: rebuilds `structure`'s containers around `leaves`."""
    leaves = list(leaves)
    used = len(DATA.flatten(structure))
    if used != len(leaves):
        raise ValueError(
            f"Expected {used} leaves to pack into the structure. Received: len(leaves)={len(leaves)}"
        )
    return DATA.pack(structure, leaves)


def map_structure(fn, *structures):
    """Applies `fn` leafwise across structures of the same shape, keeping the containers.

    Raises:
        ValueError: if the structures differ.
    """
    first = structures[0]
    for other in structures[1:]:
        assert_same_structure(first, other)
    flat = [flatten(s) for s in structures]
    return pack_as(first, [fn(*leaves) for leaves in zip(*flat)])


def _skeleton(structure):
    if extension_type.is_extension_type(structure):
        return (extension_type.value_type_of(structure).__name__, tuple((k, _skeleton(getattr(structure, k)))
                                                for k in extension_type.component_fields(structure)))
    if isinstance(structure, dict):
        return ("dict", tuple((k, _skeleton(structure[k])) for k in sorted_keys(structure)))
    if isinstance(structure, tuple):
        kind = type(structure).__name__ if hasattr(structure, "_fields") else "tuple"
        return (kind, tuple(_skeleton(s) for s in structure))
    return None


def assert_same_structure(first, second):
    """Raises ValueError naming both structures when their nesting differs."""
    if _skeleton(first) != _skeleton(second):
        raise ValueError(
            "Expected two elements with the same nested structure. "
            f"Received: first={_describe(first)}, second={_describe(second)}"
        )


def _describe(structure):
    return repr(map_structure_unchecked(lambda _: ".", structure))


def map_structure_unchecked(fn, structure):
    """Applies `fn` to every leaf of one structure."""
    return DATA.map(fn, structure)


def map_up_to(shallow, fn, *deeper):
    """Maps `fn` over the leaves of `shallow`, passing the matching sub-values of `deeper`.

    `deeper` structures may continue below `shallow`'s leaves (e.g. a shape tuple under
    a dtype leaf); lists are accepted where `shallow` has tuples.

    Raises:
        ValueError: if `deeper` does not contain `shallow`'s structure.
    """
    if isinstance(shallow, dict):
        for d in deeper:
            if not isinstance(d, dict) or set(d) != set(shallow):
                raise ValueError(f"Expected a structure matching {shallow!r}. Received: value={d!r}")
        return type(shallow)((k, map_up_to(shallow[k], fn, *(d[k] for d in deeper))) for k in shallow)
    if isinstance(shallow, tuple):
        for d in deeper:
            if not isinstance(d, (tuple, list)) or len(d) != len(shallow):
                raise ValueError(f"Expected a structure matching {shallow!r}. Received: value={d!r}")
        items = [map_up_to(s, fn, *(d[i] for d in deeper)) for i, s in enumerate(shallow)]
        return type(shallow)(*items) if hasattr(shallow, "_fields") else tuple(items)
    return fn(shallow, *deeper)


def list_to_tuple(value):
    """TF's rule for function outputs: a returned top-level Python list becomes a tuple.

    Nested lists stay lists and are converted to (stacked) tensors, as in TF.
    """
    return tuple(value) if isinstance(value, list) else value


# -------------------------------------------------------------------------- conversion
def to_tensor(value, dtype=None):
    """Converts one leaf to a `torch.Tensor` (numbers) or a `StringTensor` (strings).

    Args:
        value: a torch tensor, numpy array/scalar, Python scalar, `str`/`bytes`, or a
            (nested) list of those.
        dtype: optional target dtype (torch/numpy/TF name, or `tf.string`).

    Returns:
        `torch.Tensor`; for strings a `StringTensor` (its `.numpy()` is `bytes` when 0-d, else an
        `np.ndarray` of dtype object holding `bytes`).

    Raises:
        ValueError: for ragged (non-rectangular) lists.
        TypeError: for values that are not tensor-like.
    """
    result = _convert(value)
    if dtype is not None:
        result = cast(result, as_spec_dtype(dtype))
    return result


def _convert(value):
    if isinstance(value, torch.nn.Parameter):  # a variable is read now, as TF: later updates do not reach the data
        return torch.Tensor.clone(value.detach())
    if isinstance(value, (torch.Tensor, StringTensor, SparseTensor, RaggedTensor)):
        return value
    if isinstance(value, (np.ndarray, np.generic)):  # copied, as TF: the caller (or a generator) may reuse it
        return _from_numpy(np.array(value, copy=True))
    if isinstance(value, (bytes, str)):
        return StringTensor(value)
    if isinstance(value, bool):
        return torch.tensor(value, dtype=torch.bool)
    if isinstance(value, int):
        in_range = _INT32_MIN <= value <= _INT32_MAX
        return torch.tensor(value, dtype=torch.int32 if in_range else torch.int64)
    if isinstance(value, float):
        return torch.tensor(value, dtype=torch.float32)
    if isinstance(value, list):
        return _list_to_tensor(value)
    if hasattr(value, "__array__") or hasattr(value, "numpy"):
        array = value.numpy() if hasattr(value, "numpy") else np.asarray(value)
        return _convert(np.asarray(array))
    raise TypeError(
        "Expected a tensor-like value (tensor, array, number, string or list). "
        f"Received: value={value!r} of type {type(value).__name__}"
    )


def _from_numpy(array):
    if array.dtype.kind in "USO":
        return _strings(array)
    if not array.flags.writeable or not array.flags.c_contiguous or array.dtype.byteorder == ">":
        array = np.array(array, dtype=array.dtype.newbyteorder("="), order="C", copy=True)
    return torch.from_numpy(array)


def _strings(array):
    """TF's string tensor (`StringTensor`) from a numpy array of str/bytes."""
    return StringTensor(array)


def _leaves_of_list(value):
    for item in value:
        if isinstance(item, (list, tuple)):
            yield from _leaves_of_list(item)
        else:
            yield item


def _list_to_tensor(value):
    leaves = list(_leaves_of_list(value))
    if any(isinstance(leaf, (StringTensor, bytes, str)) for leaf in leaves):
        return StringTensor(value)  # not np.asarray: a bytes dtype ("S") drops trailing NUL bytes
    if any(isinstance(leaf, torch.Tensor) for leaf in leaves):
        try:
            return torch.stack([_convert(list(v) if isinstance(v, tuple) else v) for v in value])
        except RuntimeError as error:
            raise ValueError(
                f"Expected tensors of equal shapes in a list. Received: value={value!r}") from error
    try:
        array = np.asarray(value)
    except ValueError as error:
        raise ValueError(
            f"Can't convert a non-rectangular Python sequence to a tensor. Received: value={value!r}"
        ) from error
    if array.dtype.kind in "USO":
        return _strings(array)
    if not any(isinstance(leaf, (np.generic, np.ndarray)) for leaf in leaves):
        if array.dtype == np.float64:
            array = array.astype(np.float32)
        elif array.dtype.kind == "i" and (
                not array.size or (array.min() >= _INT32_MIN and array.max() <= _INT32_MAX)):
            array = array.astype(np.int32)
        elif array.dtype.kind == "f" and not array.size:
            array = array.astype(np.float32)
    return _from_numpy(array)


def cast(value, dtype):
    """Casts a converted leaf to `dtype` (a torch dtype or `string`).

    Raises:
        TypeError: when converting between strings and numbers.
    """
    is_str = isinstance(value, StringTensor)
    if (dtype is string) != is_str:
        raise TypeError(
            f"Expected a value convertible to {dtype!r}. Received: value={value!r}"
        )
    return value if is_str else value.to(dtype)


def normalize(structure):
    """Converts every leaf of an element to a tensor, turning lists inside tuples into tensors."""
    return map_structure_unchecked(to_tensor, structure)


def spec_of(leaf):
    """`TensorSpec` of a converted leaf (`SparseTensorSpec` / `RaggedTensorSpec` for sparse / ragged ones)."""
    if isinstance(leaf, RaggedTensor):
        return RaggedTensorSpec.from_value(leaf)
    if isinstance(leaf, SparseTensor):
        return SparseTensorSpec(leaf.shape, leaf.dtype)
    return TensorSpec(tuple(leaf.shape), leaf.dtype)


def element_spec_of(element):
    """Structure of `TensorSpec`s matching a converted element."""
    return map_structure_unchecked(spec_of, element)


def to_numpy(leaf):
    """Numpy view of a converted leaf (as `as_numpy_iterator` yields it)."""
    if isinstance(leaf, torch.Tensor):
        array = leaf.detach().cpu().numpy()
        return array[()] if array.ndim == 0 else array
    if isinstance(leaf, (StringTensor, RaggedTensor)):
        return leaf.numpy()
    if isinstance(leaf, SparseTensor):
        return leaf.numpy_values()
    return leaf


def to_tensor_as(value, dtype):
    """Converts a leaf straight to `dtype` (no float32 detour for Python floats).

    Raises:
        TypeError: when converting between strings and numbers.
    """
    dtype = as_spec_dtype(dtype)
    if isinstance(value, torch.Tensor):
        return cast(value, dtype)
    if dtype is string:
        return cast(_convert(value), dtype)
    array = np.array(value, copy=True)  # a generator may yield the same buffer again, refilled (TF copies)
    if array.dtype.kind in "USO":
        raise TypeError(f"Expected a value convertible to {dtype!r}. Received: value={value!r}")
    return _from_numpy(array).to(dtype)


# --------------------------------------------------------------------------- batching
def stack(leaves, spec=None):
    """Stacks converted leaves of one component along a new first dimension.

    RaggedTensors (or the dense rows of a component whose `spec` is a `RaggedTensorSpec`) stack into a
    RaggedTensor with one more ragged dimension.

    Raises:
        InvalidArgumentError (a ValueError): when the leaves have different shapes (TF's batching error).
    """
    if isinstance(leaves[0], RaggedTensor) or isinstance(spec, RaggedTensorSpec):
        return ragged_ops.stack(leaves)
    if isinstance(leaves[0], SparseTensor):
        return stack_sparse(leaves)  # TF batches sparse components of any dense shapes (the largest wins)
    first = _shape(leaves[0])
    for position, leaf in enumerate(leaves[1:], start=1):
        if _shape(leaf) != first:
            raise errors.InvalidArgumentError(
                "Cannot batch tensors with different shapes in a component. Expected every "
                f"element to have shape {list(first)}. Received: shapes[{position}]={list(_shape(leaf))}"
            )
    if isinstance(leaves[0], torch.Tensor):
        return torch.stack(leaves)
    return _object_array([as_string_array(leaf) for leaf in leaves])


def _object_array(parts):
    out = np.empty((len(parts),) + parts[0].shape, dtype=object)
    for i, part in enumerate(parts):
        out[i, ...] = part  # `out[i] = part` would store a 0-d part as an array object
    return StringTensor.from_bytes_array(out)


def _shape(leaf):
    return tuple(leaf.shape) if hasattr(leaf, "shape") else ()


def row(leaf, index):
    """Element `index` along the first dimension of a converted leaf (a copy, never a view)."""
    if isinstance(leaf, torch.Tensor):
        return leaf[index].clone()
    if isinstance(leaf, SparseTensor):
        return sparse_row(leaf, index)
    return leaf[index]


def num_rows(leaf):
    """Size of the first dimension of a converted leaf.

    Raises:
        ValueError: for a scalar.
    """
    shape = _shape(leaf)
    if not shape:
        raise ValueError(f"Expected a tensor of rank >= 1 to slice. Received: value={leaf!r}")
    return shape[0]
