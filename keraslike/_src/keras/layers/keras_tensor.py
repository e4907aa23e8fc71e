"""Symbolic tensors of the functional API: `keras.Input(...)` returns one.

A `KerasTensor` has a shape (batch dimension `None`) and a dtype, and remembers
the layer call (`Node`) that produced it, so `Model(inputs, outputs)` can
replay the graph on real tensors.
"""

import torch

from keraslike._src.ops import dtypes


class Node:
    """One layer call in a functional graph: `layer(*args, **kwargs) -> outputs`."""

    def __init__(self, layer, args, kwargs, outputs):
        self.layer = layer
        self.args = args
        self.kwargs = kwargs
        self.outputs = outputs

    def parents(self):
        """KerasTensors this call consumed."""
        return [t for t in flatten((self.args, self.kwargs)) if isinstance(t, KerasTensor)]


class KerasTensor:
    """Symbolic tensor: `shape` (tuple, `None` for unknown dims) and `dtype` (torch dtype)."""

    def __init__(self, shape, dtype=torch.float32, node=None, name=None):
        self.shape = tuple(None if d is None else int(d) for d in shape)
        self.dtype = dtypes.as_dtype(dtype)
        self.node = node
        self.name = name

    @property
    def ndim(self):
        return len(self.shape)

    def __repr__(self):
        name = f", name={self.name}" if self.name else ""
        return f"<KerasTensor shape={self.shape}, dtype={dtypes.dtype_name(self.dtype)}, sparse=False{name}>"

    def __len__(self):
        raise TypeError(
            "KerasTensor has no length: it is a symbolic placeholder of shape "
            f"{self.shape}. Received a call to len() on it."
        )


def flatten(structure):
    """Leaves of a nest of lists/tuples/dicts, in order (dicts by sorted key, as Keras)."""
    if isinstance(structure, dict):
        return [leaf for k in sorted(structure) for leaf in flatten(structure[k])]
    if isinstance(structure, (list, tuple)):
        return [leaf for item in structure for leaf in flatten(item)]
    return [structure]


def map_structure(fn, structure):
    """Apply `fn` to every leaf, keeping the nesting."""
    if isinstance(structure, dict):
        return {k: map_structure(fn, v) for k, v in structure.items()}
    if isinstance(structure, tuple) and hasattr(structure, "_fields"):
        return type(structure)(*(map_structure(fn, v) for v in structure))
    if isinstance(structure, (list, tuple)):
        return type(structure)(map_structure(fn, v) for v in structure)
    return fn(structure)


def is_symbolic(structure):
    return any(isinstance(leaf, KerasTensor) for leaf in flatten(structure))
