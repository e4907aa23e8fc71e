"""How `tf.function` decides to trace, as TF does, for a function whose body keraslike runs eagerly on every call.

Mirrors the bookkeeping of `tensorflow/python/eager/polymorphic_function/` (function_type_utils, tracing_compiler):

- A call's *trace key* is its bound arguments with each tensor (torch tensor, numpy array, Variable) replaced by a
  `TensorSpec` of its shape and dtype, and each other Python value kept as a literal (hashable values by value,
  others by identity). A key is *covered* by an earlier trace when the structure and literals agree and each traced
  spec is the same dtype with a compatible shape (`None` matches any size). A call no trace covers is a retrace.
- With `reduce_retracing=True`, a retrace generalizes: dimensions that differ from an earlier trace of the same
  structure and ranks become `None` (TF's most specific common supertype), so later sizes reuse it.
- `get_concrete_function(TensorSpec([None, 2]))` traces by running the Python body once on placeholder tensors:
  `SymbolicPlaceholder`s report the spec's static shape (`x.shape` is `TensorShape([None, 2])`, printing
  `(None, 2)`), hold example values (unknown sizes stand as 2), and every op on them gives plain tensors
  (`tf.shape(x)` is the example's dynamic shape).
"""

import contextlib
import io

import numpy as np
import torch

from keraslike._src.ops.string_tensor import StringTensor
from keraslike._src.ops.tensor_shape import TensorShape
from keraslike._src.ops.tensor_spec import TensorSpec, string
from keraslike._src.ragged.ragged_tensor import RaggedTensor
from keraslike._src.ragged.ragged_tensor_spec import RaggedTensorSpec
from keraslike._src.sparse.sparse_tensor import SparseTensor, SparseTensorSpec

EXAMPLE_SIZE = 2  # what an unknown dimension holds while the body is traced
UNKNOWN_OUTPUTS = object()  # a trace's output spec when the body could not run on the example values


class Literal:
    """A non-tensor argument in a trace key (TF's `Literal[value]`)."""

    __slots__ = ("value", "_key")

    def __init__(self, value):
        self.value = value
        try:
            hash(value)
            self._key = ("value", value)  # by value, as TF (2 and 2.0 are one literal)
        except TypeError:
            self._key = ("id", id(value))

    def __eq__(self, other):
        return isinstance(other, Literal) and self._key == other._key

    def __hash__(self):
        return hash(self._key)

    def __repr__(self):
        return f"Literal[{self.value!r}]"


def _is_tensor_like(value):
    return isinstance(value, (torch.Tensor, StringTensor, np.ndarray)) or (
        hasattr(value, "assign") and hasattr(value, "dtype") and hasattr(value, "shape"))  # a Variable


def spec_of_value(value):
    """The trace-key entry of one argument: a `TensorSpec` for tensors, a `Literal` for other Python values,
    nested lists/tuples/dicts entry by entry (specs given as arguments pass through)."""
    if isinstance(value, TensorSpec) or type(value).__name__ in ("RaggedTensorSpec", "SparseTensorSpec") or (
            hasattr(value, "_keraslike_value_from_specs")):  # (an ExtensionType's Spec)
        return value
    if getattr(type(value), "_keraslike_extension_type", False):
        return value._type_spec
    if isinstance(value, RaggedTensor):
        return RaggedTensorSpec.from_value(value)
    if isinstance(value, SparseTensor):
        return SparseTensorSpec.from_value(value)
    if isinstance(value, dict):
        return {k: spec_of_value(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)) and not isinstance(value, str):
        return type(value)(spec_of_value(v) for v in value) if type(value) in (list, tuple) else Literal(value)
    if _is_tensor_like(value):
        if isinstance(value, SymbolicPlaceholder):
            return TensorSpec(value.shape, value.dtype)
        dtype = string if isinstance(value, StringTensor) else getattr(value, "dtype", None)
        if isinstance(value, np.ndarray):
            value = torch.as_tensor(value) if value.dtype.kind not in "USO" else value
            dtype = string if isinstance(value, np.ndarray) else value.dtype
        return TensorSpec(tuple(value.shape), dtype)
    return Literal(value)


def _flatten(key):
    if isinstance(key, dict):
        return [("dict", tuple(sorted(key, key=repr)))] + [x for k in sorted(key, key=repr) for x in _flatten(key[k])]
    if type(key) in (list, tuple):
        return [(type(key).__name__, len(key))] + [x for v in key for x in _flatten(v)]
    return [key]


def _spec_covers(traced, value):
    if type(traced) is not type(value) or traced.dtype != value.dtype:
        return False
    if isinstance(traced, RaggedTensorSpec) and (traced.ragged_rank, traced.row_splits_dtype) != (
            value.ragged_rank, value.row_splits_dtype):
        return False
    if traced.shape.rank is not None and value.shape.rank is None:
        return False  # a trace for one rank does not serve a spec of unknown rank (TensorSpec(None))
    return traced.shape.is_compatible_with(value.shape) and (traced.shape.rank is None or all(
        t is None or t == v for t, v in zip(traced.shape.as_list(), value.shape.as_list())))


def covers(traced_key, key):
    """Whether a trace with `traced_key` serves a call with `key`."""
    a, b = _flatten(traced_key), _flatten(key)
    if len(a) != len(b):
        return False
    for t, v in zip(a, b):
        if isinstance(t, TensorSpec) and isinstance(v, TensorSpec):
            if not _spec_covers(t, v):
                return False
        elif isinstance(t, SparseTensorSpec) and isinstance(v, SparseTensorSpec):
            if not t.is_compatible_with(v):
                return False
        elif t != v:
            return False
    return True


def generalize(traced_key, key):
    """The most specific key covering both (dims that differ become None, shapes of other ranks an unknown
    shape), or None when the structure, literals or dtypes differ."""
    a, b = _flatten(traced_key), _flatten(key)
    if len(a) != len(b):
        return None
    for t, v in zip(a, b):
        if isinstance(t, TensorSpec) and isinstance(v, TensorSpec):
            if type(t) is not type(v) or t.dtype != v.dtype or getattr(t, "ragged_rank", 0) != getattr(
                    v, "ragged_rank", 0):
                return None
        elif t != v:
            return None

    def merge(t, v):
        if isinstance(t, dict):
            return {k: merge(t[k], v[k]) for k in t}
        if type(t) in (list, tuple):
            return type(t)(merge(x, y) for x, y in zip(t, v))
        if isinstance(t, TensorSpec):
            if t.shape.rank is None or t.shape.rank != v.shape.rank:  # ranks differ: any shape
                return TensorSpec(None, t.dtype)
            dims = [x if x == y else None for x, y in zip(t.shape.as_list(), v.shape.as_list())]
            if isinstance(t, RaggedTensorSpec):
                return RaggedTensorSpec(dims, t.dtype, t.ragged_rank, t.row_splits_dtype)
            return TensorSpec(dims, t.dtype)
        return t
    return merge(traced_key, key)


class SymbolicPlaceholder(torch.Tensor):
    """An example tensor standing for a traced argument: `.shape` (and `get_shape()`) report the spec's static
    shape with its `None`s; ops on it (keraslike's convert it to the plain example first) see the example values
    and return plain tensors."""

    __torch_function__ = torch._C._disabled_torch_function_impl
    _keraslike_placeholder = True  # ops/conversion.py hands ops the plain example tensor

    @staticmethod
    def __new__(cls, spec):
        dims = [EXAMPLE_SIZE if d is None else d for d in (spec.shape.as_list() if spec.shape.rank is not None
                                                           else [])]
        example = torch.zeros(dims, dtype=spec.dtype) if spec.dtype.is_floating_point or spec.dtype.is_complex \
            else torch.ones(dims, dtype=spec.dtype)
        out = torch.Tensor._make_subclass(cls, example)
        out._static_shape = TensorShape(spec.shape)
        return out

    @property
    def shape(self):
        return self._static_shape

    def get_shape(self):
        return self._static_shape

    def _keraslike_with_shape(self, shape):
        """A placeholder whose static shape is this one's merged with `shape` (`tf.ensure_shape` while tracing:
        TF's trace then knows the stated dims, `(None, None)` becomes `(None, 3)`); its example values take them."""
        return SymbolicPlaceholder(TensorSpec(self._static_shape.merge_with(shape), self.dtype))

    def __repr__(self):
        return f"<SymbolicPlaceholder shape={self._static_shape} dtype={self.dtype}>"


def _ragged_example(spec, size):
    """A RaggedTensor for a RaggedTensorSpec: unknown row counts and row lengths `size` (rows stay ragged)."""
    dims = spec.shape.as_list()
    k = spec.ragged_rank
    counts = [size if d is None else d for d in dims[:k + 1]]  # rows, then the row length at each ragged level
    inner = [size if d is None else d for d in dims[k + 1:]]
    flat = torch.zeros([int(np.prod(counts))] + inner, dtype=spec.dtype) if (
        spec.dtype.is_floating_point or spec.dtype.is_complex) else torch.ones([int(np.prod(counts))] + inner,
                                                                                 dtype=spec.dtype)
    out = flat
    for level in range(k, 0, -1):
        rows = int(np.prod(counts[:level]))
        out = RaggedTensor.from_row_lengths(out, torch.full((rows,), counts[level], dtype=spec.row_splits_dtype))
    return out


def _sparse_example(spec, size):
    """An empty SparseTensor of `spec`'s dtype, unknown dims `size` (the body sees a sparse value, not the spec)."""
    dims = [size if d is None else d for d in spec.shape.as_list()] if spec.shape.rank is not None else [size]
    values = torch.zeros([0], dtype=spec.dtype) if spec.dtype is not string else StringTensor.from_bytes_array(
        np.zeros([0], dtype=object))
    return SparseTensor(torch.zeros([0, len(dims)], dtype=torch.int64), values, dims)


def placeholder(spec):
    """A stand-in for an argument of `spec` while tracing (a `SymbolicPlaceholder` for a numeric TensorSpec, a
    RaggedTensor of example values for a RaggedTensorSpec)."""
    if hasattr(spec, "_keraslike_value_from_specs"):  # an ExtensionType's Spec: the type over placeholders
        return spec._keraslike_value_from_specs(placeholder)
    if isinstance(spec, RaggedTensorSpec) and spec.ragged_rank > 0:
        return _ragged_example(spec, EXAMPLE_SIZE)
    if isinstance(spec, SparseTensorSpec):
        return _sparse_example(spec, EXAMPLE_SIZE)
    if isinstance(spec, TensorSpec) and type(spec) is TensorSpec and spec.dtype is not string:
        return SymbolicPlaceholder(spec)
    if isinstance(spec, TensorSpec) and spec.dtype is string:
        dims = [EXAMPLE_SIZE if d is None else d for d in (spec.shape.as_list() if spec.shape.rank is not None
                                                           else [])]
        return StringTensor.from_bytes_array(np.full(dims, b"", dtype=object))
    return spec


def example(spec, size):
    """A plain example tensor for `spec` with unknown dims of `size` (the second run that finds output dims)."""
    if hasattr(spec, "_keraslike_value_from_specs"):
        return spec._keraslike_value_from_specs(lambda s: example(s, size))
    if isinstance(spec, RaggedTensorSpec) and spec.ragged_rank > 0:
        return _ragged_example(spec, size)
    if isinstance(spec, SparseTensorSpec):
        return _sparse_example(spec, size)
    if isinstance(spec, TensorSpec) and type(spec) is TensorSpec and spec.dtype is not string:
        # an unknown rank stands as a scalar, and as a vector in the second run (so output ranks that follow it vary)
        unknown_rank = [] if size == EXAMPLE_SIZE else [size]
        dims = [size if d is None else d for d in (spec.shape.as_list() if spec.shape.rank is not None else
                                                   unknown_rank)]
        return torch.zeros(dims, dtype=spec.dtype) if spec.dtype.is_floating_point or spec.dtype.is_complex \
            else torch.ones(dims, dtype=spec.dtype)
    if isinstance(spec, TensorSpec) and type(spec) is TensorSpec and spec.dtype is string:
        unknown_rank = [] if size == EXAMPLE_SIZE else [size]
        dims = [size if d is None else d for d in (spec.shape.as_list() if spec.shape.rank is not None else
                                                   unknown_rank)]
        return StringTensor.from_bytes_array(np.full(dims, b"", dtype=object))
    return placeholder(spec)


def output_spec(first, second):
    """The spec of a traced output: its dims, None where a second run with other unknown sizes differs."""
    if isinstance(first, RaggedTensor):
        dims = list(first.shape.as_list())
        if isinstance(second, RaggedTensor) and second.ndim == first.ndim:
            dims = [d if d == o else None for d, o in zip(dims, second.shape.as_list())]
        return RaggedTensorSpec(dims, first.dtype, first.ragged_rank, first.row_splits_dtype)
    if isinstance(first, SparseTensor):
        dims = list(first.shape.as_list()) if hasattr(first.shape, "as_list") else list(first.shape)
        if isinstance(second, SparseTensor):
            other = list(second.shape.as_list()) if hasattr(second.shape, "as_list") else list(second.shape)
            dims = [d if d == o else None for d, o in zip(dims, other)] if len(other) == len(dims) else None
        return SparseTensorSpec(dims, first.dtype)
    if isinstance(first, (torch.Tensor, StringTensor)):
        dtype = string if isinstance(first, StringTensor) else first.dtype
        if isinstance(first, SymbolicPlaceholder) and first.shape.rank is None:
            return TensorSpec(None, dtype)  # an input of unknown rank returned as it is
        dims = list(first.shape) if not isinstance(first, SymbolicPlaceholder) else first.shape.as_list()
        other = list(second.shape) if isinstance(second, (torch.Tensor, StringTensor)) else None
        if isinstance(second, SymbolicPlaceholder):
            other = second.shape.as_list() if second.shape.rank is not None else None
        if other is not None and len(other) == len(dims):
            dims = [d if d == o else None for d, o in zip(dims, other)]
        elif other is not None:  # the two runs gave different ranks: the rank is unknown, as in TF's trace
            return TensorSpec(None, dtype)
        return TensorSpec(dims, dtype)
    if isinstance(first, dict):
        return {k: output_spec(v, second.get(k) if isinstance(second, dict) else None) for k, v in first.items()}
    if type(first) in (list, tuple):
        seconds = second if type(second) is type(first) and len(second) == len(first) else [None] * len(first)
        return type(first)(output_spec(a, b) for a, b in zip(first, seconds))
    return first


@contextlib.contextmanager
def quiet():
    """Silence stdout/stderr (the second, shape-finding run of a trace: its prints are not TF's)."""
    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
        yield


