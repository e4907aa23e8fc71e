"""SparseTensors in a TF1 graph: three graph tensors (indices, values, dense_shape) that ops pass as one value.

An op on graph tensors that returns a SparseTensor (`tf.compat.v1.string_split`, `tf.sparse.from_dense`) records
its three parts as outputs and hands back a `GraphSparseTensor` over them; an op given one records its parts as
inputs (`record.record_call` brackets the op's function with `as_parts`/`from_parts`). `Session.run` returns a
fetched one as a `tf.compat.v1.SparseTensorValue` of numpy arrays, and feeds one (a `sparse_placeholder`) from a
`SparseTensorValue`, a `(indices, values, dense_shape)` triple or an eager SparseTensor, as TF does.
"""

import collections

import numpy as np
import torch

from keraslike._src.graph.tensor import SymbolicTensor
from keraslike._src.ops.string_tensor import StringTensor
from keraslike._src.ops.tensor_shape import TensorShape
from keraslike._src.sparse.sparse_tensor import SparseTensor, SparseTensorValue

# An op function's SparseTensor argument or result, as the three tensors the recorder flattens (a namedtuple:
# torch's pytree flattens it into its fields)
SparseParts = collections.namedtuple("SparseParts", ["indices", "values", "dense_shape"])


class GraphSparseTensor(SparseTensor):
    """`tf.SparseTensor` of a TF1 graph: `indices` int64 `(?, rank)`, `values` `(?,)`, `dense_shape` int64
    `(rank,)` are graph tensors; `shape` is the static dense shape."""

    def __init__(self, indices, values, dense_shape, static_shape=None):  # noqa: D107 - no checks on graph parts
        self._indices, self._values, self._dense_shape = indices, values, dense_shape
        rank = dense_shape.shape[0] if dense_shape.shape.rank else None
        self._static_shape = TensorShape(static_shape) if static_shape is not None else TensorShape(
            None if rank is None else [None] * rank)

    __hash__ = object.__hash__  # a feed_dict key, as TF's

    @property
    def dtype(self):
        return self._values.dtype

    @property
    def shape(self):
        return self._static_shape

    @property
    def ndim(self):
        return self._static_shape.rank

    @property
    def graph(self):
        return self._values.graph

    def __repr__(self):
        return f"SparseTensor(indices={self._indices!r}, values={self._values!r}, dense_shape={self._dense_shape!r})"


def is_graph_sparse(value):
    return isinstance(value, GraphSparseTensor)


def as_parts(value):
    """`value` with each SparseTensor in it (in lists, tuples and dicts) as its `SparseParts`."""
    if isinstance(value, SparseTensor):
        return SparseParts(value.indices, value.values, value.dense_shape)
    return _map_containers(as_parts, value)


def holds_sparse(value):
    """Whether `value` (an argument structure) holds a SparseTensor."""
    if isinstance(value, SparseTensor):
        return True
    if isinstance(value, dict):
        return any(holds_sparse(v) for v in value.values())
    if isinstance(value, (list, tuple)) and not isinstance(value, SparseParts):
        return any(holds_sparse(v) for v in value)
    return False


def run_on_parts(fn):
    """`fn` taking and returning `SparseParts` where it takes and returns SparseTensors (what the recorder runs)."""

    def call(*args, **kwargs):
        result = fn(*_sparse(list(args)), **_sparse(kwargs))
        return as_parts(result)

    call.__name__ = getattr(fn, "__name__", "op")
    call.__module__ = getattr(fn, "__module__", None)
    call.__wrapped__ = fn
    return call


def _sparse(value):
    if isinstance(value, SparseParts):
        return SparseTensor(value.indices, value.values, value.dense_shape)
    return _map_containers(_sparse, value)


def _map_containers(fn, value):
    if isinstance(value, dict):
        return type(value)((k, fn(v)) for k, v in value.items())
    if isinstance(value, (list, tuple)) and not isinstance(value, SparseParts):
        mapped = [fn(v) for v in value]
        return type(value)(*mapped) if hasattr(value, "_fields") else type(value)(mapped)
    return value


def from_parts(result):
    """The recorded op's result with each `SparseParts` of graph tensors as a `GraphSparseTensor` (its count of
    values unknown, as TF's: it depends on the data)."""
    if isinstance(result, SparseParts):
        indices, values, dense_shape = result
        if isinstance(indices, SymbolicTensor):
            rank = dense_shape._shape[0] if dense_shape._shape.rank else None
            indices._shape = TensorShape([None, rank])
            values._shape = TensorShape([None])
        return GraphSparseTensor(indices, values, dense_shape)
    return _map_containers(from_parts, result)


def set_empty_standins(sparse, static_shape):
    """Give a sparse placeholder's parts shape inference's stand-ins: an empty SparseTensor of the placeholder's
    rank (2 when unknown) whose dense shape is 2s, then 3s: its `shape` part is fed, so ops on it have the static
    shapes TF infers from a `shape` of unknown value (`to_dense` gives `(None, None)`)."""
    dims = static_shape.as_list() if static_shape.rank is not None else [None, None]
    for size in (2, 3):
        dense = [size] * len(dims)
        empty_values = torch.zeros((0,), dtype=sparse.values.dtype) if isinstance(sparse.values.dtype, torch.dtype) \
            else StringTensor.from_bytes_array(np.zeros((0,), dtype=object))
        parts = ((sparse.indices, torch.zeros((0, len(dims)), dtype=torch.int64)), (sparse.values, empty_values),
                 (sparse.dense_shape, torch.tensor(dense, dtype=torch.int64)))
        for part, value in parts:
            if getattr(part, "_standins", None) is None:
                part._standins = {}
            part._standins[size] = value


def flatten_fetch(fetch, flatten):
    """A fetched `GraphSparseTensor`: its three parts flattened with `flatten`; rebuilt as a SparseTensorValue."""
    parts = [flatten(part) for part in (fetch.indices, fetch.values, fetch.dense_shape)]
    return lambda values: SparseTensorValue(*(b(values) for b in parts))


def feed_parts(key, value):
    """[(part tensor, its fed value)] for feeding `value` to the `GraphSparseTensor` `key`.

    Raises:
        TypeError: for a value that is not a SparseTensorValue, a SparseTensor or a triple.
    """
    if isinstance(value, SparseTensor):
        value = value.numpy_values()
    if not (isinstance(value, (list, tuple)) and len(value) == 3):
        raise TypeError("Expected a SparseTensorValue, a SparseTensor or an (indices, values, dense_shape) triple to "
                        f"feed the SparseTensor {key.values.name}. Received: value={value!r}")
    indices, values, dense_shape = value
    return [(key.indices, indices), (key.values, values), (key.dense_shape, dense_shape)]
