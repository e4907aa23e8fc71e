"""Physical and logical devices: `tf.config.list_physical_devices` and friends.

Mirrors `tensorflow/python/framework/config.py`. GPUs are the CUDA devices
torch sees; the CPU is one physical device that
`set_logical_device_configuration` may split into several logical CPUs, which
`MirroredStrategy(["/cpu:0", "/cpu:1"])` then runs as separate replica
processes (gloo), each with its share of the cores.
"""

import collections
import os

import torch

PhysicalDevice = collections.namedtuple("PhysicalDevice", ["name", "device_type"])
LogicalDevice = collections.namedtuple("LogicalDevice", ["name", "device_type"])

_DEVICE_TYPES = ("CPU", "GPU")


class LogicalDeviceConfiguration:
    """`tf.config.LogicalDeviceConfiguration(memory_limit=None, experimental_priority=None)`.

    Args:
        memory_limit: int megabytes or None; on a GPU it becomes a per-process
            memory fraction; ignored for CPUs.
        experimental_priority: accepted for compatibility, unused.
        experimental_device_ordinal: accepted for compatibility, unused.
    """

    def __init__(self, memory_limit=None, experimental_priority=None, experimental_device_ordinal=None):
        self.memory_limit = memory_limit
        self.experimental_priority = experimental_priority
        self.experimental_device_ordinal = experimental_device_ordinal

    def __repr__(self):
        return f"LogicalDeviceConfiguration(memory_limit={self.memory_limit})"

    def _fields(self):
        return self.memory_limit, self.experimental_priority, self.experimental_device_ordinal

    def __eq__(self, other):  # TF's is a namedtuple: equal when its fields are
        if not isinstance(other, LogicalDeviceConfiguration):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self):
        return hash(self._fields())


class _DeviceState:
    """Process-wide device configuration (TF keeps the same in its eager context)."""

    def __init__(self):
        self.logical_config = {}  # PhysicalDevice -> [LogicalDeviceConfiguration]
        self.visible = {}  # device_type -> [PhysicalDevice]
        self.memory_growth = {}  # PhysicalDevice -> bool
        self.initialized = False
        self.cuda_init_by_config = False  # CUDA was first initialised by _apply_gpu_memory_limit


_state = _DeviceState()


def _gpu_count():
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def _all_physical(device_type):
    if device_type == "CPU":
        return [PhysicalDevice("/physical_device:CPU:0", "CPU")]
    if device_type == "GPU":
        return [PhysicalDevice(f"/physical_device:GPU:{i}", "GPU") for i in range(_gpu_count())]
    return []


def _check_type(device_type):
    if device_type is None:
        return None
    upper = str(device_type).upper()
    if upper not in _DEVICE_TYPES and upper not in ("TPU", "XLA_CPU", "XLA_GPU"):
        raise ValueError(
            f"Expected device_type to be one of {list(_DEVICE_TYPES)} or None. "
            f"Received: device_type={device_type!r}"
        )
    return upper


def list_physical_devices(device_type=None):
    """Physical devices of `device_type` ("CPU", "GPU" or None for all).

    Returns:
        list of `PhysicalDevice(name, device_type)`; `[]` for GPUs on a machine
        without CUDA (as TF).
    """
    device_type = _check_type(device_type)
    types = [device_type] if device_type else list(_DEVICE_TYPES)
    return [d for t in types for d in _all_physical(t)]


def get_visible_devices(device_type=None):
    """Visible physical devices (all of them unless `set_visible_devices` narrowed them)."""
    device_type = _check_type(device_type)
    types = [device_type] if device_type else list(_DEVICE_TYPES)
    return [d for t in types for d in _state.visible.get(t, _all_physical(t))]


def set_visible_devices(devices, device_type=None):
    """Restrict the devices this process uses; TF allows it only before devices are initialised.

    Raises:
        RuntimeError: after a strategy or tensor placement initialised the devices.
        ValueError: if a device is not a `PhysicalDevice` of this machine.
    """
    if isinstance(devices, PhysicalDevice):
        devices = [devices]
    devices = list(devices)
    if is_initialized():
        raise RuntimeError("Visible devices cannot be modified after being initialized")
    types = {_check_type(device_type)} if device_type else {d.device_type for d in devices} or {"GPU"}
    for t in types:
        physical = _all_physical(t)
        chosen = [d for d in devices if d.device_type == t]
        for d in chosen:
            if d not in physical:
                raise ValueError(f"Unrecognized device: {d!r}. Expected one of {physical}.")
        _state.visible[t] = chosen


def set_logical_device_configuration(device, logical_devices):
    """Split `device` into logical devices (TF: virtual devices).

    Args:
        device: a `PhysicalDevice` from `list_physical_devices`.
        logical_devices: list of `LogicalDeviceConfiguration`, or None to reset.

    Raises:
        RuntimeError: after devices were initialised (TF's wording), unless the configuration is the one the
            device already has (then nothing changes, as in TF: a program or notebook cell run twice works).
        ValueError: if `device` or `logical_devices` has the wrong type.
    """
    if not isinstance(device, PhysicalDevice):
        raise ValueError(
            "Expected device to be a PhysicalDevice from tf.config.list_physical_devices(). "
            f"Received: device={device!r}"
        )
    if logical_devices is not None:
        logical_devices = list(logical_devices)
        for cfg in logical_devices:
            if not isinstance(cfg, LogicalDeviceConfiguration):
                raise ValueError(
                    "Expected logical_devices to be a list of tf.config.LogicalDeviceConfiguration. "
                    f"Received: logical_devices={logical_devices!r}"
                )
    if _state.logical_config.get(device) == logical_devices:
        return
    if is_initialized():
        raise RuntimeError("Virtual devices cannot be modified after being initialized")
    if logical_devices is None:
        _state.logical_config.pop(device, None)
        _apply_gpu_memory_limit(device)
        return
    if device.device_type == "GPU" and any(c.memory_limit is None for c in logical_devices) and len(
            logical_devices) > 1:
        raise ValueError(
            "Expected every LogicalDeviceConfiguration of a split GPU to set memory_limit (TF requires it). "
            f"Received: logical_devices={logical_devices!r}"
        )
    _state.logical_config[device] = logical_devices
    _apply_gpu_memory_limit(device)


def _apply_gpu_memory_limit(device):
    """A GPU's logical memory limits (MB, summed) -> `torch.cuda.set_per_process_memory_fraction`.

    TF reserves exactly `memory_limit` MB for the logical device; torch's caching
    allocator can only cap the process's share of the device, so the fraction is
    `sum(memory_limit) * 2**20 / total_memory`. Removing the configuration resets
    the fraction to 1.0.
    """
    if device.device_type != "GPU" or not torch.cuda.is_available():
        return
    ordinal = int(device.name.rsplit(":", 1)[1])
    if ordinal >= torch.cuda.device_count():
        return
    if not torch.cuda.is_initialized():
        _state.cuda_init_by_config = True
    configs = _state.logical_config.get(device) or []
    limits = [c.memory_limit for c in configs if c.memory_limit is not None]
    total = torch.cuda.get_device_properties(ordinal).total_memory
    fraction = min(1.0, sum(limits) * 2**20 / total) if limits else 1.0
    torch.cuda.set_per_process_memory_fraction(fraction, ordinal)


def is_initialized():
    """True once devices are in use (TF: the eager context is initialised).

    That happens through `list_logical_devices`, a `tf.device` scope, a
    strategy, a `Session`, or CUDA work (a tensor or model on a GPU), except
    when the CUDA initialisation came from applying a GPU memory limit here.
    """
    if _state.initialized:
        return True
    return not _state.cuda_init_by_config and torch.cuda.is_available() and torch.cuda.is_initialized()


def logical_gpu_ordinals():
    """CUDA ordinal of each logical GPU, in TF's logical order (`/gpu:0` is the first entry).

    Visible GPUs (`set_visible_devices`) are renumbered from 0, as TF does; a GPU
    split into N logical devices appears N times.
    """
    out = []
    for phys in get_visible_devices("GPU"):
        ordinal = int(phys.name.rsplit(":", 1)[1])
        out.extend([ordinal] * len(_state.logical_config.get(phys) or [None]))
    return out


def get_logical_device_configuration(device):
    """The list given to `set_logical_device_configuration` for `device`, or None."""
    return _state.logical_config.get(device)


def list_logical_devices(device_type=None):
    """Logical devices, e.g. `/device:CPU:0`, `/device:CPU:1` after splitting the CPU.

    Calling it initialises the devices, as in TF: later configuration calls raise RuntimeError.
    """
    device_type = _check_type(device_type)
    _state.initialized = True
    out = []
    for t in [device_type] if device_type else list(_DEVICE_TYPES):
        index = 0
        for phys in get_visible_devices(t):
            for _ in _state.logical_config.get(phys) or [None]:
                out.append(LogicalDevice(f"/device:{t}:{index}", t))
                index += 1
    return out


def mark_initialized():
    """Called when a strategy or placement first uses the devices (TF's context init)."""
    _state.initialized = True


def visible_gpu_indices():
    """CUDA ordinals of the visible GPUs, in order."""
    return [int(d.name.rsplit(":", 1)[1]) for d in get_visible_devices("GPU")]


def cpu_core_count():
    """Cores this process may run on (affinity-aware)."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - non-Linux
        return os.cpu_count() or 1
