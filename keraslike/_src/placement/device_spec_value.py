"""`tf.DeviceSpec`: a device name as its parts (job, replica, task, device type, device index).

Mirrors the behaviour of `tensorflow/python/framework/device_spec.py` (`DeviceSpecV2`): an immutable value
parsed from and printed to TF's device strings (`/job:localhost/replica:0/task:0/device:CPU:0`, `/gpu:1`,
`GPU:*`), merged and replaced part by part. `from_string` also takes a `torch.device` (what `tensor.device`
is here), read as its TF name.

Example:
    >>> spec = tf.DeviceSpec.from_string(x.device)
    >>> spec.device_type, spec.device_index          # ('CPU', 0)
    >>> tf.DeviceSpec(job="worker", device_type="gpu").to_string()   # '/job:worker/device:GPU:*'
"""

import torch

from keraslike._src.placement.device_spec import logical_name

_SHORT_TYPES = ("cpu", "gpu")
_KNOWN_TYPES = ("CPU", "GPU", "TPU", "XLA_CPU", "XLA_GPU", "TPU_SYSTEM")


def _int_or_none(value, name):
    if value is None:
        return None
    try:
        return int(value)
    except (TypeError, ValueError):
        raise ValueError(f"Expected an integer for {name}. Received: {name}={value!r}") from None


def _type_or_none(device_type):
    if device_type is None:
        return None
    device_type = str(device_type)
    return device_type.upper() if device_type in _SHORT_TYPES else device_type


def _parse(spec):
    """`(job, replica, task, device_type, device_index)` of a TF device string.

    Raises:
        ValueError: two device types, or an unknown part (TF's messages).
    """
    job = replica = task = device_type = device_index = None
    for part in (spec or "").split("/"):
        fields = part.split(":")
        head = fields[0]
        if len(fields) == 2 and head in ("job", "replica", "task"):
            if head == "job":
                job = fields[1]
            elif head == "replica":
                replica = fields[1]
            else:
                task = fields[1]
        elif len(fields) in (1, 2) and head.upper() in _KNOWN_TYPES:
            if device_type is not None:
                raise ValueError(f"Multiple device types are not allowed while parsing the device spec: {spec}.")
            device_type = head.upper()
            device_index = int(fields[1]) if len(fields) == 2 and fields[1] != "*" else None
        elif len(fields) == 3 and head == "device":
            if device_type is not None:
                raise ValueError(f"Multiple device types are not allowed while parsing the device spec: {spec}.")
            device_type = fields[1]
            device_index = None if fields[2] == "*" else int(fields[2])
        elif head:
            raise ValueError(f"Unknown attribute '{head}' is encountered while parsing the device spec: '{spec}'.")
    return job, replica, task, device_type, device_index


class DeviceSpec:
    """`tf.DeviceSpec(job=None, replica=None, task=None, device_type=None, device_index=None)`.

    Args:
        job: the job name (str) or None.
        replica, task, device_index: integers or None.
        device_type: e.g. "CPU", "GPU" ("cpu"/"gpu" are upper-cased, as TF does) or None.
    """

    __slots__ = ("_job", "_replica", "_task", "_device_type", "_device_index")

    def __init__(self, job=None, replica=None, task=None, device_type=None, device_index=None):
        self._job = None if job is None else str(job)
        self._replica = _int_or_none(replica, "replica")
        self._task = _int_or_none(task, "task")
        self._device_type = _type_or_none(device_type)
        self._device_index = _int_or_none(device_index, "device_index")

    @classmethod
    def from_string(cls, spec):
        """A DeviceSpec parsed from a TF device string (or a `torch.device`, read as its TF name)."""
        if isinstance(spec, torch.device):
            spec = logical_name(spec)
        job, replica, task, device_type, device_index = _parse(spec)
        return cls(job, replica, task, device_type, device_index)

    def parse_from_string(self, spec):
        """TF 2's `parse_from_string`: a new DeviceSpec parsed from `spec` (this one is immutable)."""
        return DeviceSpec.from_string(spec)

    @property
    def job(self):
        return self._job

    @property
    def replica(self):
        return self._replica

    @property
    def task(self):
        return self._task

    @property
    def device_type(self):
        return self._device_type

    @property
    def device_index(self):
        return self._device_index

    def to_string(self):
        """TF's device string of the parts that are set (`/device:GPU:*` when only the type is)."""
        parts = []
        if self._job is not None:
            parts.append(f"/job:{self._job}")
        if self._replica is not None:
            parts.append(f"/replica:{self._replica}")
        if self._task is not None:
            parts.append(f"/task:{self._task}")
        if self._device_type is not None:
            index = "*" if self._device_index is None else self._device_index
            parts.append(f"/device:{self._device_type}:{index}")
        return "".join(parts)

    def _parts(self):
        return self._job, self._replica, self._task, self._device_type, self._device_index

    def replace(self, **kwargs):
        """A copy with the given parts replaced (`job=`, `replica=`, `task=`, `device_type=`, `device_index=`).

        Raises:
            TypeError: for another keyword.
        """
        names = ("job", "replica", "task", "device_type", "device_index")
        unknown = set(kwargs) - set(names)
        if unknown:
            raise TypeError(f"DeviceSpec.replace() got unexpected keyword arguments {sorted(unknown)}. "
                            f"Received: {kwargs}")
        values = dict(zip(names, self._parts()))
        values.update(kwargs)
        return DeviceSpec(**values)

    def make_merged_spec(self, dev):
        """A copy whose parts are `dev`'s where `dev` sets them, this spec's elsewhere."""
        pairs = zip(self._parts(), dev._parts())
        return DeviceSpec(*(theirs if theirs is not None else mine for mine, theirs in pairs))

    def __eq__(self, other):
        return isinstance(other, DeviceSpec) and self.to_string() == other.to_string()

    def __hash__(self):
        return hash(self.to_string())

    def __repr__(self):
        return (f"<DeviceSpec(job={self._job}, replica={self._replica}, task={self._task}, "
                f"device_type={self._device_type}, device_index={self._device_index})>")
