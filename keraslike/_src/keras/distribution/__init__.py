"""`keras.distribution` (keras/src/distribution/distribution_lib.py): Keras 3's JAX-style layout API.

keraslike distributes the way TensorFlow programs do, with `tf.distribute` strategies (one process per
replica, DistributedDataParallel underneath), so:
- `list_devices(device_type=None)` and `get_device_count(device_type=None)` report the devices
  keraslike trains on (`"cuda:0"`, ... or `"cpu:0"`), as Keras does;
- `distribution()` is None: no Keras distribution is ever set;
- the rest (`DataParallel`, `ModelParallel`, `DeviceMesh`, `LayoutMap`, `TensorLayout`,
  `distribute_tensor`, `initialize`, `set_distribution`) raise a ValueError that names the
  `tf.distribute` equivalent.
"""

import torch

_POINTER = {
    "DataParallel": "tf.distribute.MirroredStrategy() (all local GPUs) or MultiWorkerMirroredStrategy() (several "
                    "machines), then build and compile the model inside `strategy.scope()`",
    "ModelParallel": "tf.device scopes that place parts of the model on different devices (keraslike has no "
                     "sharded-layout model parallelism)",
    "DeviceMesh": "tf.distribute.MirroredStrategy(devices=[...]) to choose the devices",
    "LayoutMap": "tf.distribute.MirroredStrategy (data parallelism; weights are replicated)",
    "TensorLayout": "tf.distribute.MirroredStrategy (data parallelism; weights are replicated)",
    "distribute_tensor": "strategy.experimental_distribute_dataset / strategy.run",
    "initialize": "tf.distribute.MultiWorkerMirroredStrategy() under torchrun, TF_CONFIG or SLURM",
    "set_distribution": "a tf.distribute strategy's `scope()`",
}


def _unsupported(name):
    raise ValueError(f"keras.distribution.{name} is Keras 3's JAX layout API, which keraslike does not have; "
                     f"use {_POINTER[name]}. Received: keras.distribution.{name}(...)")


def list_devices(device_type=None):
    """`["cuda:0", ...]` for the visible GPUs, else `["cpu:0"]`; `device_type` "gpu"/"cpu" filters.

    Raises:
        ValueError: for another device type.
    """
    kind = None if device_type is None else str(device_type).lower()
    if kind not in (None, "gpu", "cuda", "cpu"):
        raise ValueError(f"`device_type` must be 'cpu' or 'gpu'. Received: device_type={device_type!r}")
    gpus = [f"cuda:{i}" for i in range(torch.cuda.device_count())] if torch.cuda.is_available() else []
    if kind in ("gpu", "cuda"):
        return gpus
    if kind == "cpu" or not gpus:
        return ["cpu:0"]
    return gpus


def get_device_count(device_type=None):
    """The number of devices `list_devices(device_type)` returns."""
    return len(list_devices(device_type))


def distribution():
    """None: keraslike never sets a Keras distribution (see the module docstring)."""
    return None


def set_distribution(value):
    _unsupported("set_distribution")


def initialize(job_addresses=None, num_processes=None, process_id=None):
    _unsupported("initialize")


def distribute_tensor(tensor, layout):
    _unsupported("distribute_tensor")


class _Unsupported:
    def __init__(self, *args, **kwargs):
        _unsupported(type(self).__name__)


class DataParallel(_Unsupported):
    """Raises ValueError naming `tf.distribute.MirroredStrategy` (see the module docstring)."""


class ModelParallel(_Unsupported):
    """Raises ValueError naming `tf.device` scopes (see the module docstring)."""


class DeviceMesh(_Unsupported):
    """Raises ValueError naming `MirroredStrategy(devices=...)` (see the module docstring)."""


class LayoutMap(_Unsupported):
    """Raises ValueError (see the module docstring)."""


class TensorLayout(_Unsupported):
    """Raises ValueError (see the module docstring)."""
