"""`tf.data.experimental.copy_to_device` and `prefetch_to_device`: a pipeline's elements on another device.

TF copies each element from `source_device` to `target_device` (and, for `prefetch_to_device`, buffers
elements there). Here the elements are torch tensors: each one is moved with `.to(device)`; a device that does
not exist falls back to the CPU with a warning under soft placement (TF2's default) and raises without it.
"""

import torch

from keraslike._src.data import structure as nest
from keraslike._src.placement import device_spec, scope


def _torch_device(name, arg_name):
    try:
        device_type, index = device_spec.parse(name)
    except ValueError:
        raise ValueError(f"`{arg_name}` must be a device name such as '/cpu:0' or '/gpu:0'. "
                         f"Received: {arg_name}={name!r}") from None
    return device_spec.to_torch(device_type, index, soft=scope.get_soft_device_placement())


def copy_to_device(target_device, source_device="/cpu:0"):
    """`tf.data.experimental.copy_to_device(target_device, source_device="/cpu:0")`: a transformation for
    `Dataset.apply` whose elements live on `target_device`.

    Raises:
        ValueError: if either argument is not a device name.
    """
    _torch_device(source_device, "source_device")  # validated as TF does; elements are where they are
    target = _torch_device(target_device, "target_device")

    def move(*element):
        moved = nest.map_structure(lambda t: t.to(target) if isinstance(t, torch.Tensor) else t, element)
        return moved[0] if len(moved) == 1 else moved

    return lambda dataset: dataset.map(move)


def prefetch_to_device(device, buffer_size=None):
    """`tf.data.experimental.prefetch_to_device(device, buffer_size=None)`: `copy_to_device(device)` then
    `prefetch(buffer_size)` (`None` lets the runtime choose, like `tf.data.AUTOTUNE`)."""
    copy = copy_to_device(device)
    return lambda dataset: copy(dataset).prefetch(-1 if buffer_size is None else buffer_size)
