"""DTensors in one process: the global value, tagged with its `Layout`, computed whole.

TF's DTensor runs one program per device of the mesh on that device's shard. The guides run it in one process
over N logical CPUs; torch's DTensor needs one process per device (a process group), so keraslike emulates the
mesh locally instead: a DTensor is a `torch.Tensor` subclass holding the global value and its layout. Ops compute
on the whole value (the same numbers as the sharded program, in one device's time) and give their result a layout
as TF's SPMD expansion does for the common cases: a matmul keeps the row sharding of `a` and the column sharding of
`b` (a sharded contracting axis is summed, leaving the result replicated there); an op whose result has an input's
shape keeps that input's layout; a reduction to a scalar, or any other shape, is replicated on the mesh.
`unpack` cuts the global value into each device's shard and `pack` joins shards into it, so what users see of
shards is TF's. Differences (README): a sharded stateless random op draws the values of the unsharded op (TF
seeds each shard apart), and components' `.device` is torch's device, not the logical CPU.
"""

import torch

from keraslike._src import errors
from keraslike._src.dtensor.layout import UNSHARDED, Layout

_MATMULS = frozenset({torch.matmul, torch.Tensor.matmul, torch.Tensor.__matmul__, torch.mm, torch.bmm})
_RMATMULS = frozenset({torch.Tensor.__rmatmul__})


class DTensorValue(torch.Tensor):
    """A tensor with a DTensor layout (`dtensor.fetch_layout`); made by `call_with_layout`, `pack`, `relayout`."""

    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        with torch._C.DisableTorchFunctionSubclass():
            out = func(*args, **(kwargs or {}))
        return propagate(func, args, kwargs, out)

    def numpy(self, *, force=False):
        """The value, when every device holds all of it; TF's UnimplementedError for a sharded layout."""
        if not layout_of(self).is_fully_replicated():
            raise errors.UnimplementedError(
                None, None, "A sharded DTensor has no single numpy value; `dtensor.unpack` gives its shards or "
                f"`dtensor.relayout` to a replicated layout first. Received: layout={layout_of(self).to_string()}")
        return torch.Tensor.numpy(self.as_subclass(torch.Tensor))

    def __repr__(self, *, tensor_contents=None):
        layout = layout_of(self)
        plain = self.detach().as_subclass(torch.Tensor).cpu()
        if layout.is_fully_replicated():
            body = str(plain.numpy())
        else:
            names = [d.rsplit("/device:", 1)[-1] for d in layout.mesh.local_devices()]
            body = "{" + ", ".join(f'"{n}": {c.numpy()}' for n, c in zip(names, unpack(self))) + "}"
        dtype = str(self.dtype).replace("torch.", "")
        return f'tf.Tensor({body}, layout="{layout.to_string()}", shape={tuple(self.shape)}, dtype={dtype})'


def layout_of(value):
    return getattr(value, "_dtensor_layout", None)


def _layouts(values, found):
    for value in values:
        if isinstance(value, torch.Tensor):
            layout = layout_of(value)
            if layout is not None:
                found.append((value, layout))
        elif isinstance(value, (list, tuple)):
            _layouts(value, found)
    return found


def _matmul_layout(a, b, out):
    la, lb = layout_of(a), layout_of(b)
    mesh = (la or lb).mesh
    rows = la.sharding_specs[:-1] if la is not None and a.dim() >= 2 else [UNSHARDED] * (out.dim() - 1)
    col = lb.sharding_specs[-1] if lb is not None and b.dim() >= 2 else UNSHARDED
    specs = (rows + [col])[-out.dim():] if out.dim() else []
    seen, result = set(), []
    for spec in specs:
        result.append(UNSHARDED if spec in seen else spec)
        if spec != UNSHARDED:
            seen.add(spec)
    return Layout(result, mesh)


def _result_layout(func, args, out, inputs):
    if func in _MATMULS and len(args) >= 2:
        return _matmul_layout(args[0], args[1], out)
    if func in _RMATMULS and len(args) >= 2:
        return _matmul_layout(args[1], args[0], out)
    for value, layout in inputs:
        if tuple(value.shape) == tuple(out.shape):
            return layout
    return Layout.replicated(inputs[0][1].mesh, out.dim())


def propagate(func, args, kwargs, out):
    """`out` (a torch op's result on DTensor operands) with the layouts TF's SPMD expansion would give it."""
    inputs = _layouts(list(args) + list((kwargs or {}).values()), [])
    if not inputs:
        return out
    if type(out) is torch.Tensor:
        return attach(out, _result_layout(func, args, out, inputs), check=False)
    if isinstance(out, (tuple, list)) and any(type(o) is torch.Tensor for o in out):
        wrapped = [attach(o, _result_layout(func, args, o, inputs), check=False) if type(o) is torch.Tensor else o
                   for o in out]
        return type(out)(wrapped) if not hasattr(out, "_fields") else type(out)(*wrapped)
    return out


def attach(value, layout, check=True):
    """`value` (its global value) as a DTensor of `layout`."""
    if check:
        _check_fits(value, layout)
    out = value.as_subclass(DTensorValue) if type(value) is not DTensorValue else value
    out._dtensor_layout = layout
    return out


def _check_fits(value, layout):
    if value.dim() != layout.rank:
        raise ValueError(f"Expected a layout of rank {value.dim()} for a tensor of shape {tuple(value.shape)}. "
                         f"Received: layout={layout.to_string()}")
    for axis, size in enumerate(value.shape):
        if size % layout.num_shards(axis):
            raise errors.UnknownError(
                None, None, f"Axis {axis} of size {size} does not split into {layout.num_shards(axis)} equal shards "
                f"(sharding spec {layout.sharding_specs[axis]!r}). Received: shape={tuple(value.shape)}")


def _shard_slices(layout, device_id, shape):
    coords = dict(zip(layout.mesh.dim_names, layout.mesh.coordinates(device_id)))
    slices = []
    for axis, spec in enumerate(layout.sharding_specs):
        if spec == UNSHARDED:
            slices.append(slice(None))
            continue
        count = layout.mesh.dim_size(spec)
        step = shape[axis] // count
        slices.append(slice(coords[spec] * step, (coords[spec] + 1) * step))
    return tuple(slices)


def unpack(tensor):
    """`dtensor.unpack`: each local device's shard, in the mesh's device order."""
    layout = layout_of(tensor)
    if layout is None:
        raise ValueError("dtensor.unpack takes a DTensor (from pack, relayout or call_with_layout). "
                         f"Received: a tensor of shape {tuple(tensor.shape)} with no layout")
    plain = tensor.as_subclass(torch.Tensor)
    return [plain[_shard_slices(layout, i, plain.shape)].clone() for i in layout.mesh.local_device_ids()]


def pack(tensors, layout):
    """`dtensor.pack`: a DTensor of `layout` whose shards are `tensors` (one per local device, in order)."""
    from_list = [t if isinstance(t, torch.Tensor) else torch.as_tensor(t) for t in tensors]
    ids = layout.mesh.local_device_ids()
    if len(from_list) != len(ids):
        raise ValueError(f"Expected one component per local device ({len(ids)}). Received: {len(from_list)}")
    first = from_list[0].as_subclass(torch.Tensor)
    if first.dim() != layout.rank:
        raise ValueError(f"Expected components of rank {layout.rank} (the layout's). Received: shape "
                         f"{tuple(first.shape)}")
    shape = [s * layout.num_shards(a) for a, s in enumerate(first.shape)]
    pieces = [(_shard_slices(layout, i, shape), c.as_subclass(torch.Tensor)) for i, c in zip(ids, from_list)]
    if layout.is_fully_replicated():
        return attach(first, layout)
    rows = torch.zeros(shape, dtype=first.dtype, device=first.device)
    for where, component in pieces:
        rows[where] = component.to(rows.dtype)
    return attach(rows, layout)


def relayout(tensor, layout, name=None):
    """`dtensor.relayout`: the same values with another layout (of the same rank)."""
    return attach(tensor.as_subclass(torch.Tensor), layout)


def copy_to_mesh(tensor, layout, source_layout=None):
    """`dtensor.copy_to_mesh`: a tensor onto the mesh of `layout`."""
    value = tensor if isinstance(tensor, torch.Tensor) else torch.as_tensor(tensor)
    return attach(value.as_subclass(torch.Tensor), layout)


def fetch_layout(tensor):
    """`dtensor.fetch_layout`: the layout of a DTensor or DVariable."""
    layout = layout_of(tensor)
    if layout is None:
        raise ValueError(f"Expected a DTensor or DVariable. Received: a {type(tensor).__name__} without a layout")
    return layout


def check_layout(tensor, layout):
    """`dtensor.check_layout`: ValueError unless `tensor` has `layout`."""
    if fetch_layout(tensor) != layout:
        raise ValueError(f"Layout of the tensor ({fetch_layout(tensor).to_string()}) is not the expected one. "
                         f"Received: layout={layout.to_string()}")


def is_dtensor(tensor):
    """`dtensor.is_dtensor`: whether `tensor` carries a layout."""
    return layout_of(tensor) is not None


def call_with_layout(fn, layout, *args, **kwargs):
    """`dtensor.call_with_layout(fn, layout, *args, **kwargs)`: `fn`'s result made a DTensor of `layout`."""
    out = fn(*args, **kwargs)
    if isinstance(out, (list, tuple)):
        return type(out)(attach(o, layout) for o in out)
    return attach(out, layout)
