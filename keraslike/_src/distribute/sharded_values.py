"""Variables that hold one shard of a larger tensor (`keras.distribution.ModelParallel` on DTensor).

A sharded `Variable` stays a plain torch parameter holding this process's block (its `shape` is the
block's); `_shard_spec` records the torch `DeviceMesh`, the DTensor placements (`Shard(dim)` per mesh axis
that splits it, `Replicate()` elsewhere) and the full shape. So the optimizer, its slots and the gradients
are per-shard tensors with no extra machinery (an optimizer slot is the shape of its variable's block).

The layer computes on DTensors: at the outermost layer call (`Layer.forward`), `call_on_mesh` puts a
`DTensor.from_local` view of every weight in place of the parameter for the duration of the call and makes
the tensor inputs DTensors too, so torch's DTensor inserts the collectives (the view's backward delivers each
shard's gradient, summed over the replicas that share it). Inside a replica step (`fit`/`evaluate`/`predict`)
the inputs are this replica's rows (split along the batch axis) and the outputs come back as its rows;
outside (`model(x)` in user code, the same `x` in every process) the inputs are replicated and the outputs are
full tensors.

Full values (`numpy()`, `get_weights`, files) are gathered (`full_value`, a collective every process joins, as
saves are); assigned full values are cut to this process's block (`local_part`, no communication).
"""

import dataclasses

import numpy as np
import torch

from keraslike._src.distribute import context as distribute_context
from keraslike._src.distribute import dtensor_api

_COUNT = [0]  # sharded variables made in this process: 0 keeps Layer.forward's check free for everyone else


@dataclasses.dataclass(frozen=True)
class ShardSpec:
    """How a variable is split.

    Attributes:
        mesh: the torch `DeviceMesh`.
        placements: tuple, one DTensor placement per mesh axis.
        global_shape: tuple, the full tensor's shape.
        layout: the Keras `TensorLayout` it came from (for messages).
    """

    mesh: object
    placements: tuple
    global_shape: tuple
    layout: object = None
    gathered_per_layer: bool = False  # fully sharded (`fully_sharded.py`): each layer's call gathers its weights

    def local_slices(self):
        """Index (tuple of slices) of this process's block in the full tensor (`torch.chunk`'s blocks, as
        DTensor's `Shard`: all of size `ceil(d / n)` but the last ones)."""
        index = [slice(None)] * len(self.global_shape)
        for mesh_dim, placement in enumerate(self.placements):
            if dtensor_api.is_shard(placement):
                length = self.global_shape[placement.dim]
                size = -(-length // self.mesh.size(mesh_dim))
                start = min(self.mesh.get_local_rank(mesh_dim) * size, length)
                index[placement.dim] = slice(start, min(start + size, length))
        return tuple(index)


def active():
    """Whether this process has sharded variables (cheap; checked on every outermost layer call)."""
    return _COUNT[0] > 0


def spec_of(tensor):
    return getattr(tensor, "_shard_spec", None)


def mark_sharded(var, spec):
    """Make `var` hold its block of the full value it has now (the same full value in every process)."""
    with torch.no_grad():
        var.data = var.data[spec.local_slices()].clone()
    var._shard_spec = spec
    _COUNT[0] += 1


def _strides(shape):
    strides, acc = [], 1
    for size in reversed(shape):
        strides.append(acc)
        acc *= size
    return tuple(reversed(strides))


def as_dtensor(tensor, spec):
    """`tensor` (this process's block, autograd kept) as the DTensor of `spec`."""
    return dtensor_api.api().DTensor.from_local(tensor, spec.mesh, spec.placements, run_check=False,
                                                shape=torch.Size(spec.global_shape),
                                                stride=_strides(spec.global_shape))


def full_value(tensor, like=None):
    """The full tensor of `tensor`'s block (or of a block shaped like `like`'s, an optimizer slot); `tensor`
    itself when it is not sharded. A collective: every process of the mesh calls it at the same point."""
    spec = spec_of(tensor if like is None else like)
    if spec is None or (like is not None and tuple(tensor.shape) != tuple(like.shape)):
        return tensor
    return as_dtensor(tensor.detach(), spec).full_tensor()


def local_part(full, like):
    """This process's block of `full` (a full-shaped value for the sharded `like`); `full` when `like` is not
    sharded or `full` is not full-shaped."""
    spec = spec_of(like)
    if spec is None or tuple(full.shape) != tuple(spec.global_shape):
        return full
    return full[spec.local_slices()]


def global_shape(var):
    spec = spec_of(var)
    return tuple(var.shape) if spec is None else spec.global_shape


def holds_shards(layer):
    return any(spec_of(p) is not None for p in layer.parameters())


def holds_mesh_shards(layer):
    """Whether `layer` (or a sublayer) holds a ModelParallel block (computed on through DTensor views)."""
    return any(spec_of(p) is not None and not spec_of(p).gathered_per_layer for p in layer.parameters())


def call_on_mesh(layer, call, inputs, args, kwargs):
    """Run `call(inputs, args, kwargs)` (the layer's outermost call) on DTensors; see the module docstring."""
    params = {}
    for module in layer.modules():
        for p in module._parameters.values():
            if p is not None:
                params.setdefault(id(p), p)
    mesh = next(spec_of(p).mesh for p in params.values() if spec_of(p) is not None)
    strategy = distribute_context.get_strategy()
    batch_dim = getattr(strategy, "_mesh_batch_dim", None)
    replica = distribute_context.current_replica_context()
    rows = replica is not None and batch_dim is not None
    sizes = getattr(replica, "batch_sizes", None) if rows else None  # (this replica's rows, the global batch's)
    dt = dtensor_api.api()
    data = tuple(dt.Shard(0) if rows and i == batch_dim else dt.Replicate() for i in range(mesh.ndim))
    replicated = tuple(dt.Replicate() for _ in range(mesh.ndim))
    views = {}
    for key, p in params.items():
        spec = spec_of(p) or ShardSpec(mesh, replicated, tuple(p.shape))
        views[key] = as_dtensor(p, spec)
    swapped = []
    for module in layer.modules():
        for name, p in list(module._parameters.items()):
            if p is not None:
                swapped.append((module, name, p))
                module._parameters[name] = views[id(p)]

    def to_mesh(value):
        if isinstance(value, (np.ndarray, np.generic)) and value.dtype.kind in "biuf":
            value = torch.as_tensor(value)  # the layer's own conversion (dtype, device) then runs on the DTensor
        if isinstance(value, torch.Tensor) and not dtensor_api.is_dtensor(value):
            if not value.dim():
                return dt.DTensor.from_local(value, mesh, replicated, run_check=False)
            shape = None
            if sizes and value.shape[0] == sizes[0]:
                # the global batch's rows: a partial batch splits unevenly (ceil(b / N) rows each, as torch's
                # Shard(0)), and DTensor would otherwise take local rows x N, so processes disagree on the
                # shape (with an empty share, on which collectives run: a hang)
                shape = torch.Size((sizes[1], *value.shape[1:]))
            return dt.DTensor.from_local(value, mesh, data, run_check=False, shape=shape,
                                         stride=None if shape is None else _strides(shape))
        return value

    def to_local(value):
        if dtensor_api.is_dtensor(value):
            return value.redistribute(mesh, data if value.dim() else replicated).to_local()
        return value

    try:
        out = call(_map(to_mesh, inputs), _map(to_mesh, args), {k: _map(to_mesh, v) for k, v in kwargs.items()})
    finally:
        for module, name, p in swapped:
            module._parameters[name] = p
    return _map(to_local, out)


def _map(fn, value):
    if isinstance(value, (list, tuple)) and not hasattr(value, "_fields"):
        return type(value)(_map(fn, v) for v in value)
    if isinstance(value, dict):
        return {k: _map(fn, v) for k, v in value.items()}
    return fn(value)
