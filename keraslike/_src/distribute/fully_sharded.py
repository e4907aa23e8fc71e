"""Fully sharded data parallelism (FSDP / ZeRO-3) for keraslike models: `fully_shard(model)`.

Under a `MirroredStrategy` (or `keras.distribution.DataParallel`) of N processes, each trainable variable
keeps 1/N of its rows (`Shard(0)` on a 1-D DTensor mesh over the processes; `torch.chunk`'s blocks when N
does not divide them), so parameters, gradients and the optimizer's slots (made like their variables) are
1/N per process. The algorithm is FSDP2's, on the same DTensor collectives:

    layer call:  full W = all-gather(blocks)            (only this layer's weights are ever full)
    saved for backward: not W but a note to re-gather it  (freed after the call: "reshard after forward")
    backward:    dW (this replica's rows) -> reduce-scatter (SUM over replicas) -> this block's gradient

torch's `fully_shard` itself replaces a module's parameters with new DTensor parameters, which would leave
keraslike's `Variable`s (what `model.weights`, the optimizer, `get_weights` and saving hold) behind; this keeps
the `Variable`s and shards their storage instead. Reads of full values (`numpy()`, `get_weights`, saves) gather
(`sharded_values.full_value`); assignments keep each process's block.

Run it once, after the model is built and before `compile`/`fit`, in every process:

    strategy = tf.distribute.MirroredStrategy(["/cpu:0", "/cpu:1"])
    with strategy.scope():
        model = make_model()            # built (an Input, or model.build(shape))
        keraslike.distribute.experimental.fully_shard(model)
        model.compile(...)
    model.fit(...)
"""

import contextlib

import torch
from torch.distributed.device_mesh import DeviceMesh as TorchDeviceMesh

from keraslike._src.distribute import collectives, context, dtensor_api, sharded_values

_GATHERED = {}  # storage address of a layer's gathered weight -> (variable, spec), during that layer's call


def fully_shard(model):
    """Shard every trainable variable of `model` across the current strategy's processes (module docstring).

    Args:
        model: a built Keras model (or layer) made under the strategy.

    Returns:
        `model`.

    Raises:
        ValueError: if `model` is not built, or has variables already sharded.
    """
    if not getattr(model, "built", True) or not list(model.parameters()):
        raise ValueError("fully_shard needs a built model (give it an Input or call model.build(input_shape) "
                         f"first). Received: model={model.name if hasattr(model, 'name') else model!r}")
    if sharded_values.holds_shards(model):
        raise ValueError(f"fully_shard: the model's variables are already sharded. Received: model={model.name}")
    strategy = context.get_strategy()
    world = collectives.world_size()
    if strategy.num_replicas_in_sync == 1 or world == 1:
        return model  # one process holds everything: nothing to split
    device = strategy._device
    mesh = TorchDeviceMesh(device.type, torch.arange(world), mesh_dim_names=("replica",))
    for var in {id(p): p for p in model.parameters()}.values():
        if var.requires_grad and var.dim() > 0 and sharded_values.spec_of(var) is None:
            spec = sharded_values.ShardSpec(mesh, (dtensor_api.api().Shard(0),), tuple(var.shape), None,
                                            gathered_per_layer=True)
            sharded_values.mark_sharded(var, spec)
    return model


def own_blocks(layer):
    """This layer's own (not its sublayers') fully sharded variables, as `(attribute, variable, spec)`."""
    found = []
    for name, p in layer._parameters.items():
        spec = sharded_values.spec_of(p) if p is not None else None
        if spec is not None and spec.gathered_per_layer:
            found.append((name, p, spec))
    return found


def gathering(layer, call):
    """`call` (the layer's `_call_once`) wrapped to run on this layer's gathered weights, or `call` itself."""
    blocks = own_blocks(layer)
    if not blocks:
        return call

    def gathered_call(inputs, args, kwargs):
        full = {}
        for name, var, spec in blocks:
            weight = _gather(var, spec)
            full[name] = weight
            _GATHERED[weight.untyped_storage().data_ptr()] = (var, spec)
        try:
            with _swapped(layer, full), torch.autograd.graph.saved_tensors_hooks(_pack, _unpack):
                return call(inputs, args, kwargs)
        finally:
            for weight in full.values():
                _GATHERED.pop(weight.untyped_storage().data_ptr(), None)

    return gathered_call


def _gather(var, spec):
    """The full weight; its gradient is reduce-scattered (summed over the replicas) into `var`'s block."""
    return sharded_values.as_dtensor(var, spec).redistribute(spec.mesh, (dtensor_api.api().Replicate(),)).to_local(
        grad_placements=(dtensor_api.api().Partial(),))


@contextlib.contextmanager
def _swapped(layer, full):
    saved = {name: layer._parameters[name] for name in full}
    layer._parameters.update(full)
    try:
        yield
    finally:
        layer._parameters.update(saved)


def _pack(tensor):
    if tensor.layout != torch.strided or tensor.device.type == "meta":
        return tensor
    entry = _GATHERED.get(tensor.untyped_storage().data_ptr())
    if entry is None:
        return tensor
    return _Regather(entry[0], entry[1], tensor.size(), tensor.stride(), tensor.storage_offset())


def _unpack(packed):
    if not isinstance(packed, _Regather):
        return packed
    with torch.no_grad():
        full = sharded_values.full_value(packed.var.detach(), like=packed.var).contiguous()
    return full.as_strided(packed.size, packed.stride, packed.offset)


class _Regather:
    """What backward keeps instead of a gathered weight: its variable and how the saved view looked."""

    __slots__ = ("var", "spec", "size", "stride", "offset")

    def __init__(self, var, spec, size, stride, offset):
        self.var, self.spec, self.size, self.stride, self.offset = var, spec, size, stride, offset
