"""Fetch and feed handling of `Session.run` over a graph: structures, names, TF's validation errors.

Mirrors `tensorflow/python/client/session.py` (`_FetchMapper`, feed checks): fetches may be tensors,
variables, operations (giving None), "name:0"/"name" strings, or lists, tuples, namedtuples and dicts of
them; feed keys are tensors or tensor names, and each value must convert to the key's dtype and fit its
static shape.
"""

import collections

import numpy as np
import torch

from keraslike._src.ops.string_tensor import StringTensor

from keraslike._src import errors
from keraslike._src.graph import executor
from keraslike._src.graph import graph as graph_lib
from keraslike._src.graph import sparse_graph
from keraslike._src.graph.tensor import Operation, SymbolicTensor
from keraslike._src.io import string_values


def _show(shape):
    unknown = "?" if graph_lib.v1_behavior() else "None"
    return "(" + ", ".join(unknown if d is None else str(d) for d in shape.as_list()) + \
        ("," if shape.rank == 1 else "") + ")" if shape.rank is not None else "<unknown>"


def _element(graph, fetch):
    if isinstance(fetch, (SymbolicTensor, Operation)):
        if fetch.graph is not graph:
            raise ValueError(f"Fetch argument {fetch!r} cannot be interpreted as a Tensor. (Tensor {fetch.name} is "
                             "not an element of this graph.)")
        return fetch
    if isinstance(fetch, str):
        try:
            return graph.as_graph_element(fetch)
        except (KeyError, ValueError) as e:
            raise ValueError(f"Fetch argument {fetch!r} cannot be interpreted as a Tensor. ({e})") from None
    if hasattr(fetch, "_as_graph_element"):
        return fetch._as_graph_element()
    raise TypeError(f"Fetch argument {fetch!r} has invalid type {type(fetch)}, must be a string or Tensor. "
                    "(Can not convert a " f"{type(fetch).__name__} into a Tensor or Operation.)")


def flatten_fetches(graph, fetches, out):
    """Append each fetched graph element to `out`; returns a rebuild function for the results (a SparseTensor's
    three parts give a `tf.compat.v1.SparseTensorValue`)."""
    if sparse_graph.is_graph_sparse(fetches):
        return sparse_graph.flatten_fetch(fetches, lambda part: flatten_fetches(graph, part, out))
    if isinstance(fetches, dict):
        keys = list(fetches)
        builders = [flatten_fetches(graph, fetches[k], out) for k in keys]
        kind = type(fetches)
        if isinstance(fetches, collections.defaultdict):
            return lambda values: collections.defaultdict(fetches.default_factory,
                                                          ((k, b(values)) for k, b in zip(keys, builders)))
        return lambda values: kind((k, b(values)) for k, b in zip(keys, builders))
    if isinstance(fetches, tuple) and hasattr(fetches, "_fields"):
        builders = [flatten_fetches(graph, f, out) for f in fetches]
        return lambda values: type(fetches)(*(b(values) for b in builders))
    if isinstance(fetches, (list, tuple)):
        builders = [flatten_fetches(graph, f, out) for f in fetches]
        return lambda values: type(fetches)(b(values) for b in builders)
    if fetches is None:
        raise TypeError(f"Fetch argument None has invalid type {type(None)}")
    element = _element(graph, fetches)
    position = len(out)
    out.append(element)
    return lambda values: values[position]


def _feed_key(graph, key):
    if isinstance(key, SymbolicTensor):
        if key.graph is not graph:
            raise ValueError(f"Cannot interpret feed_dict key as Tensor: Tensor {key.name} is not an element of "
                             "this graph.")
        return key
    if isinstance(key, str):
        try:
            element = graph.as_graph_element(key)
        except (KeyError, ValueError) as e:
            raise TypeError(f"Cannot interpret feed_dict key as Tensor: {e}") from None
        if not isinstance(element, SymbolicTensor):
            raise TypeError(f"Cannot interpret feed_dict key as Tensor: The name '{key}' looks like an (invalid) "
                            "Operation name, not a Tensor. Tensor names must be of the form "
                            "\"<op_name>:<output_index>\".")
        return element
    raise TypeError(f"Cannot interpret feed_dict key as Tensor: Can not convert a {type(key).__name__} into a "
                    f"Tensor. Received: key={key!r}")


def _numpy_dtype(dtype):
    return torch.empty((), dtype=dtype).numpy().dtype


def convert_feed(key, value):
    """The fed value as a torch tensor of `key`'s dtype, checked against its static shape."""
    if isinstance(value, SymbolicTensor):
        raise TypeError("The value of a feed cannot be a tf.Tensor object. Acceptable feed values include "
                        "Python scalars, strings, lists, numpy ndarrays, or TensorHandles. For reference, the "
                        f"tensor object was {value!r} which was passed to the feed with key {key!r}.")
    if not isinstance(key.dtype, torch.dtype):  # tf.string: bytes (str is encoded as UTF-8), as TF feeds them
        tensor = string_values.string_output(string_values.as_bytes_array(value, "feed value"))
    elif isinstance(value, torch.Tensor):
        tensor = value.detach().to(key.dtype).clone()
    else:
        array = np.array(value, dtype=_numpy_dtype(key.dtype) if key.dtype != torch.bfloat16 else np.float32)
        tensor = torch.from_numpy(array)
        if key.dtype == torch.bfloat16:
            tensor = tensor.to(torch.bfloat16)
    if not key.shape.is_compatible_with(tuple(tensor.shape)):
        raise ValueError(f"Cannot feed value of shape {tuple(tensor.shape)} for Tensor {key.name}, which has shape "
                         f"{_show(key.shape)}")
    return tensor


def check_placeholders(plan):
    """Raise TF's error for a placeholder the run needs but the feed lacks."""
    for op, _, _, _ in plan.steps:
        if op.type == "Placeholder":
            shape = op.outputs[0].shape
            dtype = {"float32": "float", "float64": "double"}.get(str(op.outputs[0].dtype)[6:],
                                                                    str(op.outputs[0].dtype)[6:])
            shown = "" if shape.rank is None else \
                " and shape [" + ",".join("?" if d is None else str(d) for d in shape.as_list()) + "]"
            raise errors.InvalidArgumentError(
                None, op.name, f"You must feed a value for placeholder tensor '{op.name}' with dtype {dtype}"
                f"{shown}\n\t [[{{{{node {op.name}}}}}]]")


def to_numpy(value):
    """A fetched value as numpy (numpy scalar for 0-d), never aliasing torch storage."""
    if isinstance(value, torch.Tensor):
        value = value.detach()
        if value.dtype == torch.bfloat16:
            value = value.float()
        array = value.cpu().numpy()
        if value.device.type == "cpu":
            array = array.copy()
        return array[()] if array.ndim == 0 else array
    if isinstance(value, StringTensor):  # TF: an object ndarray of bytes (bytes for a scalar)
        array = value.numpy()
        return array[()] if array.ndim == 0 else array
    return value


def feed_items(graph, feed_dict):
    """[(tensor, torch value)] for `feed_dict`."""
    items = []
    for key, value in (feed_dict or {}).items():
        pairs = sparse_graph.feed_parts(key, value) if sparse_graph.is_graph_sparse(key) else [(key, value)]
        for part, part_value in pairs:
            tensor = _feed_key(graph, part)
            items.append((tensor, convert_feed(tensor, part_value)))
    return items


Plan = executor.Plan
