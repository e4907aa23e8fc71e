"""Higher-order ops over the first dimension: `tf.map_fn`, `tf.vectorized_map`, `tf.scan`, `tf.foldl/foldr`.

Mirrors `tensorflow/python/ops/map_fn.py`, `functional_ops.py` (scan, foldl, foldr) and
`parallel_for/control_flow_ops.py` (vectorized_map). `elems` is a tensor or a nested structure
of tensors that share their first dimension `n`; `fn` sees one slice `elems[i]` (in the same
structure) at a time and the results are stacked back along a new first dimension.

`vectorized_map` runs `fn` once on the whole batch through `torch.func.vmap`; when vmap cannot
handle `fn` (data-dependent Python control flow, `.item()`, random ops) it falls back to a loop,
as TF falls back to a while_loop (`fallback_to_while_loop=True`).

Example:
    >>> tf.map_fn(lambda t: t * t, tf.constant([1.0, 2.0, 3.0]))        # [1. 4. 9.]
    >>> tf.scan(lambda a, x: a + x, tf.constant([1, 2, 3, 4, 5, 6]))     # [1 3 6 10 15 21]
"""

import warnings

import torch

from keraslike._src import errors
from keraslike._src.ops.shape_methods import dims_of, is_compatible
from keraslike._src.ops.tensor_spec import TensorSpec
from keraslike._src.nest import nest
from keraslike._src.ops import dtypes
from keraslike._src.ops import string_array_ops
from keraslike._src.ops.conversion import convert_to_tensor
from keraslike._src.ops.string_tensor import StringTensor
from keraslike._src.ragged import ragged_ops
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.ragged.ragged_tensor_spec import RaggedTensorSpec
from keraslike._src.sparse.sparse_tensor import SparseTensor, SparseTensorSpec, sparse_row, stack_sparse


def _flat_elems(elems, op_name):
    """Flattened elems as tensors with a shared first dimension; returns (leaves, n)."""
    leaves = [x if isinstance(x, (torch.Tensor, StringTensor, RaggedTensor, SparseTensor)) else convert_to_tensor(x)
              for x in nest.flatten_extensions(elems)]
    if not leaves:
        raise ValueError(f"{op_name}: elems must contain at least one tensor. Received: elems={elems!r}")
    for leaf in leaves:
        if len(leaf.shape) == 0:
            raise ValueError("Elements in elems must be 1+ dimensional Tensors, not scalars")
    n = leaves[0].shape[0]
    for leaf in leaves[1:]:
        if leaf.shape[0] != n:
            raise ValueError(f"Dimensions {n} and {leaf.shape[0]} are not compatible")
    return leaves, n


def _spec_of(signature_leaf):
    """(dtype, shape dims or None) from a dtype or a TensorSpec-like signature leaf."""
    if isinstance(signature_leaf, (RaggedTensorSpec, SparseTensorSpec)):
        return dtypes.as_dtype(signature_leaf.dtype), signature_leaf
    if isinstance(signature_leaf, TensorSpec) or (hasattr(signature_leaf, "shape") and hasattr(signature_leaf, "dtype")
                                                  and not isinstance(signature_leaf, torch.Tensor)):
        return dtypes.as_dtype(signature_leaf.dtype), dims_of(signature_leaf.shape)
    return dtypes.as_dtype(signature_leaf), None


def _as_output(value, dtype, dims):
    """One fn output checked against its expected dtype/shape (TF's TensorArray write checks); `dims` a
    RaggedTensorSpec for a ragged output (a dense value is taken as its rows), a SparseTensorSpec for a sparse one."""
    if isinstance(dims, SparseTensorSpec) or isinstance(value, SparseTensor):
        if not isinstance(dims, SparseTensorSpec) or not isinstance(value, SparseTensor):
            raise TypeError(f"fn's output and fn_output_signature must both be sparse or both not. Received: "
                            f"output={value!r:.100}, fn_output_signature={dims!r}")
        if dtype is not None and value.dtype != dtype:
            raise errors.InvalidArgumentError(
                f"TensorArray dtype is {dtypes.dtype_name(dtype)} but Op is trying to write dtype "
                f"{dtypes.dtype_name(value.dtype)}")
        if not dims.is_compatible_with(SparseTensorSpec.from_value(value)):
            raise ValueError(f"Incompatible shape for value ({value.shape}), expected ({dims.shape})")
        return value
    if isinstance(dims, RaggedTensorSpec) or isinstance(value, RaggedTensor):
        if not isinstance(value, RaggedTensor) and not isinstance(value, (torch.Tensor, StringTensor)):
            value = convert_to_tensor(value, dtype=dtype)
        if dtype is not None and value.dtype != dtype:
            raise errors.InvalidArgumentError(
                f"TensorArray dtype is {dtypes.dtype_name(dtype)} but Op is trying to write dtype "
                f"{dtypes.dtype_name(value.dtype)}")
        return value
    if not isinstance(value, (torch.Tensor, StringTensor)):
        return convert_to_tensor(value, dtype=dtype)
    if dtype is not None and value.dtype != dtype:
        raise errors.InvalidArgumentError(
            f"TensorArray dtype is {dtypes.dtype_name(dtype)} but Op is trying to write dtype "
            f"{dtypes.dtype_name(value.dtype)}")
    if dims is not None and not is_compatible(tuple(value.shape), dims):
        raise ValueError(f"Incompatible shape for value ({tuple(value.shape)}), expected ({dims})")
    return value


def _stack(values, arg_name, ragged=False):
    if isinstance(values[0], SparseTensor):  # a batch dimension first, each dense dim the largest (as TF's map_fn)
        return stack_sparse(values)
    if ragged or any(isinstance(v, RaggedTensor) for v in values):
        return ragged_ops.stack(values)
    if isinstance(values[0], StringTensor):
        return string_array_ops.stack(values)
    first = values[0].shape
    for v in values[1:]:
        if v.shape != first:
            raise ValueError(f"Incompatible shape for value ({tuple(v.shape)}), expected ({tuple(first)}) "
                             f"in {arg_name}")
    return torch.stack(values)


def _empty(dtype, dims, device):
    if isinstance(dims, SparseTensorSpec):
        known = dims.shape.as_list() if dims.shape.rank is not None else []
        return SparseTensor(torch.zeros([0, 1 + len(known)], dtype=torch.int64), torch.zeros([0], dtype=dtype),
                            [0] + [d or 0 for d in known])
    if isinstance(dims, RaggedTensorSpec):
        return RaggedTensor.from_row_splits(torch.zeros([0], dtype=dtype, device=device),
                                            torch.zeros([1], dtype=torch.int64, device=device))
    shape = [0] + (list(dims) if dims is not None and all(d is not None for d in dims) else [])
    if dtype is dtypes.string:
        return string_array_ops.empty_strings(shape)
    return torch.zeros(shape, dtype=dtype, device=device)


def map_fn(fn, elems, dtype=None, parallel_iterations=None, back_prop=True, swap_memory=False, infer_shape=True,
           name=None, fn_output_signature=None):
    """`tf.map_fn(fn, elems, fn_output_signature=None)`: stack `fn(elems[i])` for i in `range(n)`.

    Args:
        fn: callable taking one slice of `elems` (same structure).
        elems: tensor or nested structure of tensors, all of rank >= 1 with the same first dim.
        dtype: deprecated alias of `fn_output_signature`.
        parallel_iterations, swap_memory: scheduling hints of TF's graph executor; slices run in
            order here.
        back_prop: False computes without recording gradients.
        infer_shape: accepted as TF; results must stack, so their shapes must agree anyway.
        fn_output_signature: the output's dtype, `tf.TensorSpec`, `tf.RaggedTensorSpec` (rows of any length,
            stacked as a RaggedTensor) or `tf.SparseTensorSpec` (SparseTensors stacked with a batch dimension
            first, each other dimension the largest of the results'), or a nested structure of them. When None,
            `fn`'s output must have the structure and dtypes of `elems`. `elems` may hold RaggedTensors and
            SparseTensors: `fn` gets their rows.

    Returns:
        tensors stacked along a new first dimension, in the structure of `fn_output_signature`
        (or of `elems`).

    Raises:
        ValueError: for scalar elems or differing first dimensions, or results that do not stack.
        tf.errors.InvalidArgumentError: when a result's dtype differs from the expected one.
    """
    if fn_output_signature is None:
        fn_output_signature = dtype
    elif dtype is not None:
        raise ValueError("Only one of `dtype` and `fn_output_signature` may be given (dtype is deprecated). "
                         f"Received: dtype={dtype!r}, fn_output_signature={fn_output_signature!r}")
    if not callable(fn):
        raise TypeError(f"fn must be callable. Received: fn={fn!r}")
    leaves, n = _flat_elems(elems, "map_fn")
    if fn_output_signature is None:
        out_structure = elems  # TF's default signature is elems' own: a ragged leaf's results stack ragged
        specs = [(leaf.dtype, RaggedTensorSpec.from_value(leaf) if isinstance(leaf, RaggedTensor) else
                  SparseTensorSpec(None, leaf.dtype) if isinstance(leaf, SparseTensor) else None) for leaf in leaves]
    else:
        out_structure = fn_output_signature
        specs = [_spec_of(s) for s in nest.flatten(fn_output_signature)]
    with torch.set_grad_enabled(torch.is_grad_enabled() and back_prop):
        columns = [[] for _ in specs]
        for i in range(n):  # (extension types are mapped over their tensor fields, as TF's composites)
            result = fn(nest.pack_extensions(elems, [sparse_row(leaf, i) if isinstance(leaf, SparseTensor) else leaf[i]
                                                     for leaf in leaves]))
            nest.assert_same_extensions(out_structure, result)
            flat = nest.flatten_extensions(result)
            for column, value, (dt, dims) in zip(columns, flat, specs):
                column.append(_as_output(value, dt, dims))
        device = leaves[0].device if isinstance(leaves[0], torch.Tensor) else None
        stacked = [_stack(c, "map_fn", isinstance(dims, RaggedTensorSpec)) if c else _empty(dt, dims, device)
                   for c, (dt, dims) in zip(columns, specs)]
    return nest.pack_extensions(out_structure, stacked)


def _loop_map(fn, elems, leaves, n):
    results = [fn(nest.pack_sequence_as(elems, [leaf[i] for leaf in leaves])) for i in range(n)]
    if not results:
        raise ValueError("vectorized_map fell back to a loop over 0 elements and cannot infer the output.")
    flat = [[convert_to_tensor(v) if not isinstance(v, torch.Tensor) else v for v in nest.flatten(r)]
            for r in results]
    return nest.pack_sequence_as(results[0], [_stack(list(col), "vectorized_map") for col in zip(*flat)])


def vectorized_map(fn, elems, fallback_to_while_loop=True, warn=True):
    """`tf.vectorized_map(fn, elems)`: `map_fn` computed as one batched call where possible.

    Args:
        fn: callable taking one slice of `elems`; its output may be any nested structure of tensors.
        elems: tensor or nested structure of tensors sharing their first dimension.
        fallback_to_while_loop: when `torch.func.vmap` cannot batch `fn`, loop over the slices
            instead (True, TF's default) or raise (False).
        warn: warn when falling back.

    Raises:
        ValueError: for scalar elems or differing first dimensions; when vmap fails and
            `fallback_to_while_loop=False`, the error names the cause.
    """
    leaves, n = _flat_elems(elems, "vectorized_map")
    flat_structure = nest.pack_sequence_as(elems, leaves)
    try:
        return torch.func.vmap(fn, in_dims=0, out_dims=0, randomness="error")(flat_structure)
    except Exception as err:  # noqa: BLE001 - any vmap limitation means "loop instead"
        if not fallback_to_while_loop:
            raise ValueError(f"vectorized_map could not vectorize `fn` ({type(err).__name__}: {str(err)[:300]}) "
                             "and fallback_to_while_loop=False.") from err
        if warn:
            warnings.warn(f"Using a loop for vectorized_map: torch.func.vmap could not batch `fn` "
                          f"({type(err).__name__}: {str(err)[:200]}).", stacklevel=2)
    return _loop_map(fn, elems, leaves, n)


def _accumulate(fn, elems, initializer, reverse, op_name, keep_outputs, back_prop=True):
    leaves, n = _flat_elems(elems, op_name)
    indices = list(range(n))[::-1] if reverse else list(range(n))
    if initializer is None:
        if n == 0:
            raise ValueError(f"{op_name}: elems must have at least one element when no initializer is given. "
                             f"Received: elems with first dimension 0")
        acc_structure = elems
        acc = nest.pack_sequence_as(elems, [leaf[indices[0]] for leaf in leaves])
        outputs = [acc]
        indices = indices[1:]
    else:
        acc_structure = initializer
        acc = nest.map_structure(lambda v: v if isinstance(v, torch.Tensor) else convert_to_tensor(v), initializer)
        outputs = []
    with torch.set_grad_enabled(torch.is_grad_enabled() and back_prop):
        for i in indices:
            acc = fn(acc, nest.pack_sequence_as(elems, [leaf[i] for leaf in leaves]))
            nest.assert_same_structure(acc_structure, acc)
            acc = nest.map_structure(lambda v: v if isinstance(v, torch.Tensor) else convert_to_tensor(v), acc)
            if keep_outputs:
                outputs.append(acc)
        if not keep_outputs:
            return acc
        if reverse:
            outputs = outputs[::-1]
        flat_outputs = [nest.flatten(o) for o in outputs]
        if flat_outputs:
            stacked = [_stack(list(column), op_name) for column in zip(*flat_outputs)]
        else:  # empty elems with an initializer: zero rows shaped like the accumulator
            stacked = [_empty(v.dtype, tuple(v.shape), v.device) for v in nest.flatten(acc)]
    return nest.pack_sequence_as(acc_structure, stacked)


def _check_fn(fn):
    if not callable(fn):
        raise TypeError(f"fn must be callable. Received: fn={fn!r}")


def scan(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, infer_shape=True,
         reverse=False, name=None):
    """`tf.scan(fn, elems, initializer=None, reverse=False)`: all intermediate `a = fn(a, x)`, stacked.

    Without `initializer`, the first slice of `elems` starts the accumulator and is the first
    output. With `reverse=True` the slices are visited from the last; output `i` is the
    accumulator after visiting slice `i`. The accumulator keeps `initializer`'s structure.
    `parallel_iterations`/`swap_memory`/`infer_shape` are TF graph hints (slices run in order).

    Raises:
        ValueError: for empty elems without initializer, or results that do not stack.
        TypeError/ValueError: if `fn` changes the accumulator's structure.
    """
    _check_fn(fn)
    return _accumulate(fn, elems, initializer, reverse, "scan", keep_outputs=True, back_prop=back_prop)


def foldl(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """`tf.foldl(fn, elems, initializer=None)`: the final `a = fn(a, x)` over slices, first to last."""
    _check_fn(fn)
    return _accumulate(fn, elems, initializer, False, "foldl", keep_outputs=False, back_prop=back_prop)


def foldr(fn, elems, initializer=None, parallel_iterations=10, back_prop=True, swap_memory=False, name=None):
    """`tf.foldr(fn, elems, initializer=None)`: the final `a = fn(a, x)` over slices, last to first."""
    _check_fn(fn)
    return _accumulate(fn, elems, initializer, True, "foldr", keep_outputs=False, back_prop=back_prop)
