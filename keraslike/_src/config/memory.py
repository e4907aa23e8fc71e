"""GPU memory settings and statistics: `tf.config.experimental.set_memory_growth`, `get_memory_info`, ...

Mirrors `tensorflow/python/framework/config.py` (memory functions) over torch's
CUDA caching allocator.

TF without memory growth maps nearly all GPU memory at start-up; with growth it
allocates as needed. torch's caching allocator always grows on demand and
keeps freed blocks cached, which is TF's `allow_growth=True` behaviour; so the
growth flag is recorded (and reported by `get_memory_growth`) but both settings
allocate lazily. A hard cap comes from `LogicalDeviceConfiguration(memory_limit=MB)`
or TF1's `per_process_gpu_memory_fraction`, both mapped to
`torch.cuda.set_per_process_memory_fraction`.
"""

import os

import torch

from keraslike._src.config import devices
from keraslike._src.placement import device_spec


def _check_gpu(device, what):
    if not isinstance(device, devices.PhysicalDevice):
        raise ValueError(
            f"Expected a PhysicalDevice from tf.config.list_physical_devices('GPU') for {what}. "
            f"Received: device={device!r}"
        )
    if device.device_type != "GPU":
        raise ValueError(f"Cannot set memory growth on non-GPU devices. Received: device={device!r}")
    if device not in devices.list_physical_devices("GPU"):
        raise ValueError(f"Unrecognized device: {device!r}. Expected one of "
                         f"{devices.list_physical_devices('GPU')}.")


def _env_allow_growth():
    return os.environ.get("TF_FORCE_GPU_ALLOW_GROWTH", "").strip().lower() == "true"


def set_memory_growth(device, enable):
    """`tf.config.experimental.set_memory_growth(device, enable)`.

    Args:
        device: a GPU `PhysicalDevice` from `tf.config.list_physical_devices("GPU")`.
        enable: bool.

    Raises:
        ValueError: if `device` is not a GPU of this machine, or the GPU is
            split into logical devices (TF forbids both together).
        RuntimeError: after devices were initialised, with TF's wording
            "Physical devices cannot be modified after being initialized".
    """
    _check_gpu(device, "set_memory_growth")
    if devices.get_logical_device_configuration(device):
        raise ValueError(
            "Cannot set memory growth on device when virtual devices configured. "
            f"Received: device={device!r}"
        )
    if devices.is_initialized():
        raise RuntimeError("Physical devices cannot be modified after being initialized")
    devices._state.memory_growth[device] = bool(enable)


def get_memory_growth(device):
    """`tf.config.experimental.get_memory_growth(device)`: the flag set for `device`.

    Defaults to True when the environment sets `TF_FORCE_GPU_ALLOW_GROWTH=true`
    (as TF's allocator does), else False.

    Raises:
        ValueError: if `device` is not a GPU of this machine.
    """
    _check_gpu(device, "get_memory_growth")
    return devices._state.memory_growth.get(device, _env_allow_growth())


def _cuda_ordinal(device, function_name):
    """'GPU:0' / '/device:GPU:0' / LogicalDevice / PhysicalDevice -> CUDA ordinal."""
    name = getattr(device, "name", device)
    if isinstance(name, str) and name.startswith("/physical_device:"):
        name = name[len("/physical_device:"):]
        kind, index = device_spec.parse(name)
        ordinals = list(range(torch.cuda.device_count())) if torch.cuda.is_available() else []
    else:
        kind, index = device_spec.parse(name)
        ordinals = devices.logical_gpu_ordinals()
    if kind != "GPU":
        raise ValueError(
            f"`{function_name}` reports GPU memory only (TF keeps no allocator statistics for CPUs by "
            f"default). Expected a device such as 'GPU:0'. Received: device={device!r}"
        )
    if index >= len(ordinals):
        raise ValueError(f"No matching devices found for '{name}'. Received: device={device!r}")
    return ordinals[index]


def get_memory_info(device):
    """`tf.config.experimental.get_memory_info("GPU:0")`: `{"current": bytes, "peak": bytes}`.

    "current" is memory held by tensors now (`torch.cuda.memory_allocated`),
    "peak" the most since start or `reset_memory_stats` (`max_memory_allocated`).

    Raises:
        ValueError: for a CPU or a GPU this machine lacks (TF's "No matching devices found").
    """
    ordinal = _cuda_ordinal(device, "get_memory_info")
    return {
        "current": int(torch.cuda.memory_allocated(ordinal)),
        "peak": int(torch.cuda.max_memory_allocated(ordinal)),
    }


def reset_memory_stats(device):
    """`tf.config.experimental.reset_memory_stats("GPU:0")`: peak := current.

    Raises:
        ValueError: for a CPU or a GPU this machine lacks.
    """
    torch.cuda.reset_peak_memory_stats(_cuda_ordinal(device, "reset_memory_stats"))


def get_memory_usage(device):
    """`tf.config.experimental.get_memory_usage` (deprecated in TF): current bytes."""
    return get_memory_info(device)["current"]


def get_device_details(device):
    """`tf.config.experimental.get_device_details(physical_device)`.

    Returns:
        dict: for a GPU `{"device_name": str, "compute_capability": (major, minor)}`;
        `{}` for a CPU (as TF).

    Raises:
        ValueError: if `device` is not a `PhysicalDevice`.
    """
    if not isinstance(device, devices.PhysicalDevice):
        raise ValueError(
            "Expected a PhysicalDevice from tf.config.list_physical_devices(). "
            f"Received: device={device!r}"
        )
    if device.device_type != "GPU":
        return {}
    ordinal = int(device.name.rsplit(":", 1)[1])
    props = torch.cuda.get_device_properties(ordinal)
    return {"device_name": props.name, "compute_capability": (props.major, props.minor)}


def set_gpu_memory_fraction(fraction):
    """TF1 `GPUOptions(per_process_gpu_memory_fraction=f)`: cap every visible GPU at `f` of its memory.

    Raises:
        ValueError: if `fraction` is not in (0, 1].
    """
    fraction = float(fraction)
    if not 0.0 < fraction <= 1.0:
        if fraction > 1.0:  # TF1 allows > 1 (unified memory oversubscription); torch does not
            fraction = 1.0
        else:
            raise ValueError(
                f"Expected per_process_gpu_memory_fraction in (0, 1]. Received: {fraction}"
            )
    for ordinal in devices.visible_gpu_indices():
        torch.cuda.set_per_process_memory_fraction(fraction, ordinal)


def set_memory_growth_all(enable):
    """TF1 `GPUOptions(allow_growth=True)`: the growth flag for every visible GPU (before initialisation)."""
    for gpu in devices.get_visible_devices("GPU"):
        devices._state.memory_growth[gpu] = bool(enable)
