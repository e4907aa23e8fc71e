"""TF device names ("/gpu:0", "/device:GPU:0", "GPU:0", "/job:localhost/replica:0/task:0/device:CPU:0").

Mirrors `tensorflow/python/framework/device_spec.py` for the parts that pick a
device: type and index. Job/replica/task parts are accepted and ignored on a
single machine.
"""

import re
import warnings

import torch

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


def to_torch(device_type, index, soft=True):
    """The torch device for a parsed TF device; with `soft`, a missing GPU falls back to the CPU.

    Raises:
        ValueError: if the GPU does not exist and `soft` is False (the message lists the devices).
    """
    if device_type == "CPU":
        return torch.device("cpu")
    count = torch.cuda.device_count() if torch.cuda.is_available() else 0
    if index < count:
        return torch.device("cuda", index)
    available = ["/device:CPU:0"] + [f"/device:GPU:{i}" for i in range(count)]
    if not soft:
        raise ValueError(
            f"Could not satisfy explicit device specification '/device:GPU:{index}': this machine has "
            f"{count} GPU(s). Available devices: {available}. Use one of them, or enable soft placement."
        )
    warnings.warn(
        f"Device '/device:GPU:{index}' does not exist (available: {available}); placing on "
        "/device:CPU:0 instead (soft device placement).",
        RuntimeWarning,
        stacklevel=3,
    )
    return torch.device("cpu")


def default_torch_device():
    """TF's default placement: GPU:0 when there is one, else the CPU."""
    return torch.device("cuda", 0) if torch.cuda.is_available() and torch.cuda.device_count() else torch.device("cpu")
