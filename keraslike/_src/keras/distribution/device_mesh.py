"""`keras.distribution.list_devices`, `DeviceMesh` and `TensorLayout`: the devices a distribution spans.

A device here is one replica process (keraslike runs one process per device, DESIGN §5). Names are Keras's
`"cpu:0"`, `"gpu:1"`: global indices, as Keras returns them in a multi-process job. In a process a launcher
started (torchrun, or keraslike's own re-run of `python script.py`) the devices are the job's processes; in a
plain process they are the visible GPUs, else the logical CPU devices (`tf.config.set_logical_device_configuration`
makes several, and a distribution over them runs that many processes).
"""

import math

import numpy as np
import torch

from keraslike._src.config import devices as config_devices
from keraslike._src.launch import environment

_TYPES = {"cpu": "cpu", "gpu": "gpu", "cuda": "gpu"}


def _normalized_type(device_type):
    if device_type is None:
        return None
    kind = _TYPES.get(str(device_type).lower())
    if kind is None:
        raise ValueError(f"`device_type` must be 'cpu' or 'gpu'. Received: device_type={device_type!r}")
    return kind


def list_devices(device_type=None):
    """The devices a distribution can span, as `"gpu:0"`, `"gpu:1"`, ... or `"cpu:0"`, ...

    Args:
        device_type: None (GPUs if any, else CPUs), `"cpu"` or `"gpu"`. Never a mix of types.

    Returns:
        List of str: in a launched job (torchrun, keraslike's launcher) one device per process of the job
        (global indices); otherwise the visible GPUs, or the logical CPU devices (one unless
        `tf.config.set_logical_device_configuration` made more).

    Raises:
        ValueError: for another device type.
    """
    kind = _normalized_type(device_type)
    gpus = len(config_devices.logical_gpu_ordinals()) if torch.cuda.is_available() else 0
    env = environment.detect()
    default = "gpu" if gpus else "cpu"
    if kind is None:
        kind = default
    if env is not None and env.world_size > 1:
        return [f"{kind}:{i}" for i in range(env.world_size)] if kind == default else []
    if kind == "gpu":
        return [f"gpu:{i}" for i in range(gpus)]
    return [f"cpu:{i}" for i in range(max(1, len(config_devices.list_logical_devices("CPU"))))]


def get_device_count(device_type=None):
    """The number of devices `list_devices(device_type)` returns."""
    return len(list_devices(device_type))


def parse_device(name):
    """`("cpu" | "gpu", index)` of a Keras device name (`"cpu:1"`, `"gpu:0"`, `"cuda:0"`, `"/gpu:0"`)."""
    text = str(name).lower().lstrip("/")
    if text.startswith("device:"):
        text = text[len("device:"):]
    kind, _, index = text.partition(":")
    if kind not in _TYPES or not index.isdigit():
        raise ValueError(f"Expected a device name like 'cpu:0' or 'gpu:1' (keras.distribution.list_devices()). "
                         f"Received: device={str(name)!r}")
    return _TYPES[kind], int(index)


class DeviceMesh:
    """`keras.distribution.DeviceMesh(shape, axis_names, devices=None)`: devices arranged on named axes.

    Args:
        shape: tuple of ints, e.g. `(2,)` for data parallelism or `(2, 4)` for 2-way data x 4-way model
            parallelism.
        axis_names: one name per axis of `shape`, e.g. `("batch", "model")`; layouts and `batch_dim_name`
            refer to them.
        devices: optional list (or array) of device names; defaults to `list_devices()`. Their number is
            `prod(shape)`. Each device is one process of the job (the `devices` order is the processes' order).

    Raises:
        ValueError: for an empty shape or axis names, a length mismatch, or a device count that is not
            `prod(shape)`.

    Example:
    >>> mesh = keras.distribution.DeviceMesh((1, 2), ["batch", "model"], ["cpu:0", "cpu:1"])
    >>> mesh.devices.shape
    (1, 2)
    """

    def __init__(self, shape, axis_names, devices=None):
        if not shape or not axis_names:
            raise ValueError(f"Shape and axis_names cannot be empty. Received: shape={shape}, "
                             f"axis_names={axis_names}")
        if len(shape) != len(axis_names):
            raise ValueError(f"Shape and axis_names should have same size. Received: shape={shape}, "
                             f"axis_names={axis_names}")
        if devices is None:
            devices = list_devices()
        devices = np.array(devices)
        if math.prod(shape) != devices.size:
            raise ValueError(f"Shape does not match the number of devices. Received: shape={shape}; "
                             f"devices.shape={devices.shape}")
        kinds = {parse_device(d)[0] for d in devices.reshape(-1)}
        if len(kinds) > 1:
            raise ValueError(f"Expected the devices of a DeviceMesh to be all CPUs or all GPUs (one process each). "
                             f"Received: devices={devices.reshape(-1).tolist()}")
        self._shape = tuple(int(s) for s in shape)
        self._axis_names = list(axis_names)
        self._devices = np.reshape(devices, self._shape)

    @property
    def shape(self):
        return self._shape

    @property
    def axis_names(self):
        return self._axis_names

    @property
    def devices(self):
        return self._devices

    @property
    def device_type(self):
        """`"cpu"` or `"gpu"`: the kind of every device of the mesh."""
        return parse_device(self._devices.reshape(-1)[0])[0]

    def axis_size(self, name):
        return self._shape[self._axis_names.index(name)]

    def __repr__(self):
        return f"<DeviceMesh shape={self.shape}, axis_names={self.axis_names}>"

    __str__ = __repr__


class TensorLayout:
    """`keras.distribution.TensorLayout(axes, device_mesh=None)`: how a tensor is split over a mesh.

    Args:
        axes: one entry per tensor dimension: a mesh axis name (that dimension is split along that mesh axis)
            or None (not split).
        device_mesh: optional `DeviceMesh`; a `LayoutMap` fills in its own when the layout has none.

    Raises:
        ValueError: if an axis name is not an axis of `device_mesh`, or when setting a mesh on a layout that
            has one.
    """

    def __init__(self, axes, device_mesh=None):
        self._axes = tuple(axes)
        self._device_mesh = device_mesh
        self._validate_axes()

    @property
    def axes(self):
        return self._axes

    @property
    def device_mesh(self):
        return self._device_mesh

    @device_mesh.setter
    def device_mesh(self, device_mesh):
        if self._device_mesh is not None:
            raise ValueError(f"Cannot override device mesh value. Existing value is {self._device_mesh}. "
                             f"Received: device_mesh={device_mesh}")
        self._device_mesh = device_mesh
        self._validate_axes()

    def _validate_axes(self):
        if self._device_mesh is None:
            return
        valid = set(self._device_mesh.axis_names)
        unknown = {a for a in self._axes if a is not None} - valid
        if unknown:
            raise ValueError(f"Invalid axis names for Layout. Valid axis names: {sorted(valid)}. "
                             f"Received: axes={self._axes}")

    def __eq__(self, other):
        return isinstance(other, TensorLayout) and self._axes == other._axes and \
            self._device_mesh is other._device_mesh

    def __hash__(self):
        return hash((self._axes, id(self._device_mesh)))

    def __repr__(self):
        return f"<TensorLayout axes={self.axes}, device_mesh={self.device_mesh}>"

    __str__ = __repr__
