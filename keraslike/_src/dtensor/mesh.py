"""`dtensor.Mesh`: named mesh dimensions over devices (one client: every device is local).

Mirrors `tensorflow/dtensor/python/layout.py` (`Mesh`) for the single-client case the guides run: a mesh of
logical devices of this process (`tf.config.set_logical_device_configuration` splits a CPU into N). Its string
form is TF's: `|x=3,y=2|<global ids>|<local ids>|<local device names>`.
"""

import numpy as np

from keraslike._src.config import devices as config_devices

_PREFIX = "/job:localhost/replica:0/task:0/device:"


def full_device_name(device):
    """`"CPU:0"`, `"/device:CPU:0"` or a full name -> `/job:localhost/replica:0/task:0/device:CPU:0`."""
    name = str(getattr(device, "name", device))
    if "/device:" in name:
        name = name.rsplit("/device:", 1)[1]
    name = name.lstrip("/")
    kind, _, index = name.rpartition(":")
    return f"{_PREFIX}{kind.upper()}:{int(index)}"


class Mesh:
    """A mesh of devices with named dimensions: `Mesh(dim_names, global_device_ids, local_device_ids,
    local_devices)`; `dtensor.create_mesh` is the usual way to build one.

    Args:
        dim_names: the dimensions' names, e.g. `["x", "y"]`.
        global_device_ids: an int array of the mesh's shape holding device ids.
        local_device_ids: the ids of this client's devices (all of them, in one process).
        local_devices: their device names (`"CPU:0"` or full names), as many as `local_device_ids`.

    Raises:
        ValueError: repeated dimension names, ids that do not match the devices.
    """

    def __init__(self, dim_names, global_device_ids, local_device_ids, local_devices, mesh_name="",
                 global_devices=None, use_xla_spmd=False):
        ids = np.asarray(global_device_ids)
        if len(set(dim_names)) != len(dim_names):
            raise ValueError(f"Expected distinct mesh dimension names. Received: dim_names={list(dim_names)}")
        if ids.ndim != len(dim_names):
            raise ValueError(f"Expected global_device_ids with one axis per dimension ({len(dim_names)}). "
                             f"Received: shape {ids.shape}")
        if len(local_device_ids) != len(local_devices):
            raise ValueError(f"Expected as many local_devices as local_device_ids ({len(local_device_ids)}). "
                             f"Received: {len(local_devices)}")
        if use_xla_spmd:
            raise ValueError("use_xla_spmd=True needs XLA's SPMD partitioner, which keraslike has not. "
                             f"Received: use_xla_spmd={use_xla_spmd}")
        if global_devices is not None and list(global_devices) and len(global_devices) != ids.size:
            raise ValueError(f"Expected {ids.size} global_devices. Received: {len(global_devices)}")
        self._dim_names = list(dim_names)
        self._ids = ids
        self._local_ids = [int(i) for i in local_device_ids]
        self._local_devices = [full_device_name(d) for d in local_devices]
        self._name = mesh_name

    dim_names = property(lambda self: list(self._dim_names), doc="The dimensions' names.")
    name = property(lambda self: self._name, doc="The mesh's name.")
    size = property(lambda self: int(self._ids.size), doc="The number of devices.")
    device_type = property(lambda self: self._local_devices[0].rsplit(":", 2)[-2].rsplit("/", 1)[-1]
                           if self._local_devices else "CPU")

    def shape(self):
        """The mesh's dimension sizes."""
        return list(self._ids.shape)

    def dim_size(self, dim_name):
        """The size of the dimension `dim_name`."""
        if dim_name not in self._dim_names:
            raise ValueError(f"Expected a dimension of {self._dim_names}. Received: dim_name={dim_name!r}")
        return self._ids.shape[self._dim_names.index(dim_name)]

    def __getitem__(self, dim_name):
        return self.dim_size(dim_name)

    def global_device_ids(self):
        return self._ids.copy()

    def local_device_ids(self):
        return list(self._local_ids)

    def local_devices(self):
        return list(self._local_devices)

    def num_local_devices(self):
        return len(self._local_ids)

    def is_single_device(self):
        return self.size == 1

    def coordinates(self, device_id):
        """The device's position on each dimension, in order."""
        return [int(c) for c in np.argwhere(self._ids == device_id)[0]]

    def local_device_locations(self):
        """Per local device (in order), `{dim_name: index}`."""
        return [dict(zip(self._dim_names, self.coordinates(i))) for i in self._local_ids]

    def to_string(self):
        dims = ",".join(f"{n}={s}" for n, s in zip(self._dim_names, self._ids.shape))
        ids = ",".join(str(int(i)) for i in self._ids.reshape(-1))
        local = ",".join(str(i) for i in self._local_ids)
        return f"{self._name}|{dims}|{ids}|{local}|{','.join(self._local_devices)}"

    def __str__(self):
        return f"Mesh.from_string({self.to_string()})"

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, Mesh) and self.to_string() == other.to_string()

    def __hash__(self):
        return hash(self.to_string())


def create_mesh(mesh_dims=None, mesh_name="", devices=None, device_type=None, use_xla_spmd=False):
    """`dtensor.create_mesh([("x", 3), ("y", 2)], devices=[...])`: a mesh over this process's devices.

    Args:
        mesh_dims: `(name, size)` pairs (default: one dimension "x" over every device).
        mesh_name: the mesh's name.
        devices: device names such as `"CPU:0"` (default: every logical device of `device_type`, CPU by default).
        device_type: the devices' type when `devices` is not given.
        use_xla_spmd: XLA's SPMD partitioner (not available: True raises).

    Raises:
        ValueError: when the dimensions' product is not the number of devices.
    """
    if devices is None:
        devices = [d.name for d in config_devices.list_logical_devices(device_type or "CPU")]
    devices = list(devices)
    if mesh_dims is None:
        mesh_dims = [("x", len(devices))]
    names = [name for name, _ in mesh_dims]
    sizes = [int(size) for _, size in mesh_dims]
    if int(np.prod(sizes)) != len(devices):
        raise ValueError(f"The mesh's size ({int(np.prod(sizes))}) must be the number of devices ({len(devices)}). "
                         f"Received: mesh_dims={list(mesh_dims)}")
    ids = np.arange(len(devices)).reshape(sizes)
    return Mesh(names, ids, list(range(len(devices))), devices, mesh_name=mesh_name, use_xla_spmd=use_xla_spmd)


def create_distributed_mesh(mesh_dims, mesh_name="", local_devices=None, device_type=None, use_xla_spmd=False):
    """`dtensor.create_distributed_mesh`: with one client, the same mesh as `create_mesh`."""
    return create_mesh(mesh_dims, mesh_name, local_devices, device_type, use_xla_spmd)
