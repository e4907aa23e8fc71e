"""TF device names ("/gpu:0", "/device:GPU:0", "GPU:0", "/job:localhost/replica:0/task:0/device:CPU:0").

Mirrors `tensorflow/python/framework/device_spec.py` for the parts that pick a
device: type and index. Job/replica/task parts are accepted and ignored on a
single machine.
"""

import os
import re
import sys
import warnings

import torch

from keraslike._src.config import devices
from keraslike._src.errors import InvalidArgumentError

_PART = re.compile(r"^(?:device:)?(?P<type>cpu|gpu|xla_cpu|xla_gpu|tpu):?(?P<index>\d+|\*)?$", re.IGNORECASE)


def parse(name):
    """Parse a TF device string.

    Args:
        name: str such as "/gpu:1", "/device:GPU:1", "GPU:1", "cpu",
            "/job:localhost/replica:0/task:0/device:CPU:0"; or a `torch.device`.

    Returns:
        `(device_type, index)`: device_type "CPU" or "GPU", index int (0 when omitted).

    Raises:
        ValueError: if `name` is not a device specification.
    """
    if isinstance(name, torch.device):
        return ("GPU" if name.type == "cuda" else "CPU"), (name.index or 0)
    if not isinstance(name, str):
        raise ValueError(f"Expected a device name string such as '/gpu:0'. Received: device={name!r}")
    text = name.strip()
    if text.startswith("cuda"):
        dev = torch.device(text)
        return "GPU", dev.index or 0
    pieces = [p for p in text.split("/") if p]
    found = None
    i = 0
    while i < len(pieces):
        piece = pieces[i]
        if piece.lower().startswith(("job:", "replica:", "task:")):
            i += 1
            continue
        if piece.lower() == "device:" and i + 1 < len(pieces):  # pragma: no cover - unusual spelling
            piece = pieces[i + 1]
            i += 1
        match = _PART.match(piece)
        if match is None:
            break
        index = match.group("index")
        found = (match.group("type").upper().replace("XLA_", ""), 0 if index in (None, "*") else int(index))
        i += 1
    if found is None or i != len(pieces):
        raise ValueError(
            "Expected a device name such as '/cpu:0', '/gpu:1', '/device:GPU:0' or 'GPU:0'. "
            f"Received: device={name!r}"
        )
    return found


def canonical(device_type, index):
    """TF's fully qualified name, e.g. `/job:localhost/replica:0/task:0/device:GPU:0`."""
    return f"/job:localhost/replica:0/task:0/device:{device_type}:{index}"


def resolve(device_type, index):
    """The torch device a TF logical device maps to, or None when this process lacks it.

    `/gpu:i` is the i-th logical GPU: visible GPUs (`set_visible_devices`) are
    numbered from 0 and a GPU split by `set_logical_device_configuration` counts
    once per logical device, as in TF. `/cpu:i` exists for i below the number of
    logical CPUs (1 unless the CPU was split).
    """
    if device_type == "CPU":
        count = max(1, len(devices.get_logical_device_configuration(devices.list_physical_devices("CPU")[0]) or []))
        return torch.device("cpu") if index < count else None
    ordinals = devices.logical_gpu_ordinals()
    return torch.device("cuda", ordinals[index]) if index < len(ordinals) else None


def available_devices():
    """Canonical names of the logical devices this process can place on (CPUs first, as TF lists them)."""
    cpus = max(1, len(devices.get_logical_device_configuration(devices.list_physical_devices("CPU")[0]) or []))
    gpus = len(devices.logical_gpu_ordinals())
    return [canonical("CPU", i) for i in range(cpus)] + [canonical("GPU", i) for i in range(gpus)]


def placement_error(op_name, device_type, index, requested=None):
    """TF's InvalidArgumentError for an explicit device this process lacks (soft placement off)."""
    spec = f"/device:{device_type}:{index}"
    return InvalidArgumentError(
        None, op_name,
        f"Cannot assign a device for operation {op_name}: Could not satisfy explicit device specification "
        f"'{spec}' because no devices matching that specification are registered in this process; "
        f"available devices: {', '.join(available_devices())}. Use one of them, or enable soft placement "
        "(`tf.config.set_soft_device_placement(True)`, or `ConfigProto(allow_soft_placement=True)` for a "
        f"Session) to fall back to an available device. Received: device={(requested or spec)!r}",
    )


_warned = set()


def warn_fallback(device_type, index, op_name=None):
    """Soft placement's warning, once per missing device and process."""
    spec = f"/device:{device_type}:{index}"
    if spec in _warned:
        return
    _warned.add(spec)
    what = f"op {op_name}" if op_name else "tensors and ops"
    warnings.warn(
        f"Device '{spec}' does not exist (available devices: {', '.join(available_devices())}); soft device "
        f"placement puts {what} on {canonical('CPU', 0)} instead.",
        RuntimeWarning,
        stacklevel=_user_stacklevel(),
    )


def _user_stacklevel():
    """`stacklevel` that points a warning at the first frame outside keraslike (the user's line)."""
    package = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    frame, level = sys._getframe(1), 1
    while frame is not None and frame.f_code.co_filename.startswith(package):
        frame, level = frame.f_back, level + 1
    return level


def to_torch(device_type, index, soft=True):
    """The torch device for a parsed TF device; with `soft`, a missing device falls back to the CPU.

    Args:
        device_type: "CPU" or "GPU" (from `parse`).
        index: logical index (from `parse`).
        soft: fall back to the CPU with a `RuntimeWarning` when the device is missing.

    Returns:
        `torch.device`.

    Raises:
        InvalidArgumentError (a ValueError): if the device does not exist and
            `soft` is False; the message names it and lists the available devices.
    """
    found = resolve(device_type, index)
    if found is not None:
        return found
    if not soft:
        raise placement_error("placement", device_type, index)
    warn_fallback(device_type, index)
    return torch.device("cpu")


def logical_name(torch_device):
    """The canonical TF name of the logical device a torch device is (first logical GPU on that ordinal)."""
    if torch_device.type != "cuda":
        return canonical("CPU", 0)
    ordinal = torch_device.index if torch_device.index is not None else torch.cuda.current_device()
    ordinals = devices.logical_gpu_ordinals()
    return canonical("GPU", ordinals.index(ordinal) if ordinal in ordinals else ordinal)


def default_torch_device():
    """TF's default placement: the first visible logical GPU when there is one, else the CPU.

    `tf.config.set_visible_devices([], "GPU")`, `ConfigProto(device_count={"GPU": 0})` and
    `gpu_options.visible_device_list` (applied by `Session`) change it, as they do in TF."""
    ordinals = devices.logical_gpu_ordinals() if torch.cuda.is_available() else []
    return torch.device("cuda", ordinals[0]) if ordinals else torch.device("cpu")
