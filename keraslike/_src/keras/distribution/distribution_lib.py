"""`keras.distribution`'s distributions: `DataParallel`, `ModelParallel`, `set_distribution`, `initialize`.

A distribution is a tf.distribute strategy underneath (one process per device of its mesh, DESIGN §4-5):
- `DataParallel` is `MirroredStrategy` over the mesh's devices: `fit`'s `batch_size` is global, each process
  trains on its slice, gradients are summed (the same training as one process on the whole batch).
- `ModelParallel` shards the variables its `LayoutMap` matches with DTensor (`distribute/mesh_strategy.py`).

Creating one with N > 1 devices starts the processes as `MirroredStrategy` does (`python script.py` re-runs
itself as N processes; under torchrun the launcher's processes join). `set_distribution(d)` makes models,
variables and `fit` created afterwards use it, as `with d.scope():` does for its block.
"""

import contextlib
import warnings

import numpy as np
import torch

from keraslike._src.distribute import context, dtensor_api
from keraslike._src.distribute.mesh_strategy import MeshStrategy
from keraslike._src.distribute.mirrored import MirroredStrategy
from keraslike._src.keras.distribution.device_mesh import DeviceMesh, TensorLayout, list_devices, parse_device
from keraslike._src.keras.distribution.layout_map import LayoutMap
from keraslike._src.launch import environment

DEFAULT_BATCH_DIM_NAME = "batch"
_current = [None]


class Distribution:
    """Base class of `DataParallel` and `ModelParallel`.

    Args:
        device_mesh: the `DeviceMesh`.
        batch_dim_name: the mesh axis the batch is split along.
        auto_shard_dataset: True only: each global batch is split across the processes by `fit` itself.

    Raises:
        ValueError: for `auto_shard_dataset=False` (keraslike's `fit` always takes global batches).
    """

    def __init__(self, device_mesh, batch_dim_name=None, auto_shard_dataset=True):
        if not auto_shard_dataset:
            raise ValueError("keraslike's fit splits each global batch across the processes itself; a dataset "
                             "already sharded per process (auto_shard_dataset=False) is not supported. "
                             f"Received: auto_shard_dataset={auto_shard_dataset!r}")
        self._device_mesh = device_mesh
        self._batch_dim_name = batch_dim_name
        self._auto_shard_dataset = True
        self._strategy = None

    @property
    def num_processes(self):
        """Total number of processes in the job (one per device of the mesh once started)."""
        return _world(self._strategy)

    @property
    def process_id(self):
        """This process's index in the job (0 is the chief)."""
        return self._strategy.process_id

    @property
    def num_model_replicas(self):
        raise NotImplementedError()

    @property
    def data_shard_id(self):
        """The data shard this process reads (its coordinate along the batch axis)."""
        if self.num_model_replicas >= self.num_processes:
            return self.process_id
        return self.process_id // (self.num_processes // self.num_model_replicas)

    def get_data_layout(self, data_shape):
        """`TensorLayout` of an input batch of `data_shape`: split along the batch axis on its first dimension."""
        axes = [None] * len(data_shape)
        axes[0] = self._batch_dim_name
        return TensorLayout(axes, self._device_mesh)

    def get_variable_layout(self, variable):
        raise NotImplementedError()

    def get_tensor_layout(self, path):
        raise NotImplementedError()

    @contextlib.contextmanager
    def scope(self):
        """Context manager making this the current distribution (`distribution()`) for its block."""
        original = distribution()
        set_distribution(self)
        try:
            yield
        finally:
            set_distribution(original)

    @property
    def device_mesh(self):
        return self._device_mesh

    @property
    def batch_dim_name(self):
        return self._batch_dim_name

    @property
    def auto_shard_dataset(self):
        return self._auto_shard_dataset

    def __repr__(self):
        return f"<{type(self).__name__} device_mesh={self._device_mesh}>"

    __str__ = __repr__


def _world(strategy):
    if strategy is None:
        return 1
    return strategy.num_processes


class DataParallel(Distribution):
    """`keras.distribution.DataParallel(device_mesh=None, devices=None, auto_shard_dataset=True)`.

    Replicates the model on every device of a 1-D mesh and splits each global batch across them: keraslike's
    `MirroredStrategy` over those devices (one process each), with its semantics (every sample once per epoch,
    gradients summed, the same training as one process on the global batch).

    Args:
        device_mesh: optional 1-D `DeviceMesh` (with several axes, the first is the data axis and a warning is
            given; every device is still a replica).
        devices: optional list of device names (a 1-D mesh over them); default `list_devices()`.
        auto_shard_dataset: True only (see `Distribution`).

    Raises:
        ValueError: if `device_mesh` is not a `DeviceMesh`.

    Example (2 CPU processes from `python script.py`):
    >>> cpu = tf.config.list_physical_devices("CPU")[0]
    >>> tf.config.set_logical_device_configuration(cpu, [tf.config.LogicalDeviceConfiguration()] * 2)
    >>> keras.distribution.set_distribution(keras.distribution.DataParallel())
    """

    def __init__(self, device_mesh=None, devices=None, auto_shard_dataset=True):
        if device_mesh is not None:
            if not isinstance(device_mesh, DeviceMesh):
                raise ValueError("Expect `mesh` to be an instance of `DeviceMesh`. "
                                 f"Received: mesh={device_mesh} (of type {type(device_mesh)})")
            batch = device_mesh.axis_names[0]
            if device_mesh.devices.ndim != 1:
                warnings.warn(f"Expect the input mesh to be 1D, but received mesh.devices.ndim="
                              f"{device_mesh.devices.ndim}. The first axis will be used for data-parallel "
                              "sharding.", stacklevel=2)
        else:
            names = np.array(list_devices() if devices is None else list(devices))
            device_mesh = DeviceMesh(shape=names.shape, axis_names=[DEFAULT_BATCH_DIM_NAME], devices=names)
            batch = DEFAULT_BATCH_DIM_NAME
        super().__init__(device_mesh, batch, auto_shard_dataset)
        kind = device_mesh.device_type
        indices = sorted(parse_device(d)[1] for d in device_mesh.devices.reshape(-1))
        self._strategy = MirroredStrategy([f"/{kind}:{i}" for i in indices])

    @property
    def num_model_replicas(self):
        return self._device_mesh.devices.size

    def get_variable_layout(self, variable):
        """Every variable is replicated: a layout with no split axis."""
        existing = getattr(variable, "_layout", None)
        if existing is not None:
            return existing
        return TensorLayout([None] * len(variable.shape), self._device_mesh)

    def get_tensor_layout(self, path):
        """None: data parallelism leaves intermediate tensors as they are."""
        return None


class ModelParallel(Distribution):
    """`keras.distribution.ModelParallel(*, layout_map, batch_dim_name=None, auto_shard_dataset=True)`.

    Variables whose path (`variable.path`, e.g. `"dense/kernel"`) a key of `layout_map` matches are split over
    the mesh with DTensor: each process keeps its block, layers compute on the blocks with the collectives
    DTensor inserts, and optimizer slots are blocks like their variables. Other variables are replicated. The
    batch is split along `batch_dim_name`. `get_weights()`, `numpy()`, `save`, `save_weights` and the
    optimizer's saved state see full tensors (gathered; files written by the chief); `set_weights` and loading
    take full tensors and keep each process's block.

    Args:
        layout_map: the `LayoutMap` (its mesh is the distribution's).
        batch_dim_name: the mesh axis the batch is split along; default the mesh's first axis. It must hold
            one process or all of them.
        auto_shard_dataset: True only (see `Distribution`).

    Raises:
        ValueError: without a `LayoutMap`, for an unknown `batch_dim_name`, for another keyword; when a
            variable's layout cannot apply (an axis not in the mesh, a rank mismatch, a dimension the mesh axis
            does not divide), naming the variable, the layout and the shape.

    Example (2 processes, each holding half of every Dense kernel):
    >>> mesh = keras.distribution.DeviceMesh((1, 2), ["batch", "model"], ["cpu:0", "cpu:1"])
    >>> layout_map = keras.distribution.LayoutMap(mesh)
    >>> layout_map["dense.*kernel"] = (None, "model")
    >>> keras.distribution.set_distribution(keras.distribution.ModelParallel(layout_map=layout_map))

    Not supported: a variable's `shape` is its block's (the full shape is what `numpy()` returns); uneven
    shards; regularizers and constraints on sharded variables; gradient clipping by global norm.
    """

    def __init__(self, *, layout_map=None, batch_dim_name=None, auto_shard_dataset=True, **kwargs):
        device_mesh = kwargs.pop("device_mesh", None)  # Keras 3 takes the layout map's mesh in its place
        if kwargs:
            raise ValueError(f"Unrecognized keyword arguments for ModelParallel: {sorted(kwargs)}. "
                             f"Received: kwargs={kwargs}")
        if layout_map is None:
            raise ValueError("You must specify a layout_map argument. Received: layout_map=None")
        if not isinstance(layout_map, LayoutMap):
            raise ValueError(f"Argument `layout_map` must be a `LayoutMap` instance. Received: layout_map={layout_map}")
        mesh = layout_map.device_mesh
        if device_mesh is not None and device_mesh is not mesh:
            raise ValueError("ModelParallel runs on its layout map's device mesh; pass that mesh (or none) as "
                             f"`device_mesh`. Received: device_mesh={device_mesh}, layout_map.device_mesh={mesh}")
        batch_dim_name = batch_dim_name or mesh.axis_names[0]
        if batch_dim_name not in mesh.axis_names:
            raise ValueError(f"`batch_dim_name` must be an axis of the device mesh {mesh.axis_names}. "
                             f"Received: batch_dim_name={batch_dim_name!r}")
        super().__init__(mesh, batch_dim_name, auto_shard_dataset)
        self._layout_map = layout_map
        indices = np.vectorize(lambda d: parse_device(d)[1])(mesh.devices)
        self._strategy = MeshStrategy(mesh.device_type, indices, mesh.axis_names,
                                      mesh.axis_names.index(batch_dim_name), self._layout_for_path)

    def _layout_for_path(self, path):
        return self._layout_map[path]

    @property
    def num_model_replicas(self):
        return self._device_mesh.axis_size(self._batch_dim_name)

    def get_variable_layout(self, variable):
        """The layout-map layout of `variable.path`, else a replicated one."""
        existing = getattr(variable, "_layout", None)
        if existing is not None:
            return existing
        found = self._layout_map[variable.path]
        if found is not None:
            return found
        return TensorLayout([None] * len(variable.shape), self._device_mesh)

    def get_tensor_layout(self, path):
        return self._layout_map[path]


def distribution():
    """The current distribution (`set_distribution` / `Distribution.scope()`), or None."""
    return _current[0]


def set_distribution(value):
    """Make `value` (a `Distribution`, or None) the global distribution: models, variables and `fit` created
    afterwards use it (its strategy is what `tf.distribute.get_strategy()` returns outside other scopes).

    Raises:
        ValueError: for anything else.
    """
    if value is not None and not isinstance(value, Distribution):
        raise ValueError(f"Expected a keras.distribution.Distribution or None. Received: value={value!r}")
    _current[0] = value
    context.set_global_strategy(None if value is None else value._strategy)


def distribute_tensor(tensor, layout):
    """`tensor` laid out as `layout`: a torch DTensor over the current distribution's mesh (each process passes
    the same full `tensor`); `tensor` itself in a single process.

    Raises:
        ValueError: if `layout` is not a `TensorLayout` of the current `ModelParallel` distribution's mesh.
    """
    if not isinstance(layout, TensorLayout):
        raise ValueError(f"Expected a keras.distribution.TensorLayout. Received: layout={layout!r}")
    current = distribution()
    strategy = getattr(current, "_strategy", None)
    mesh = getattr(strategy, "torch_mesh", None)
    if current is not None and layout.device_mesh is not None and layout.device_mesh is not current.device_mesh:
        raise ValueError("distribute_tensor needs a layout on the current distribution's device mesh. "
                         f"Received: layout={layout}")
    if mesh is None:
        if current is not None and _world(strategy) > 1:
            raise ValueError("distribute_tensor lays tensors out over a ModelParallel distribution's mesh; the "
                             f"current distribution is {current}. Received: layout={layout}")
        return tensor
    names = current.device_mesh.axis_names
    placements = [dtensor_api.api().Replicate()] * len(names)
    for dim, name in enumerate(layout.axes):
        if name is not None:
            placements[names.index(name)] = dtensor_api.api().Shard(dim)
    return dtensor_api.api().distribute_tensor(torch.as_tensor(tensor), mesh, placements)


def initialize(job_addresses=None, num_processes=None, process_id=None):
    """Join a job of `num_processes` processes as `process_id` (Keras 3's multi-host setup, on torch.distributed).

    Call it first in each process of a job that no launcher started (under torchrun or keraslike's own launcher
    it checks the arguments against the launcher's and changes nothing). The next distribution created joins
    the job.

    Args:
        job_addresses: comma-separated `host:port` of the processes; the first is the coordinator (torch's
            MASTER_ADDR/MASTER_PORT; port 29500 when none is given). Default `KERAS_DISTRIBUTION_JOB_ADDRESSES`.
        num_processes: the number of processes. Default `KERAS_DISTRIBUTION_NUM_PROCESSES`.
        process_id: this process's index, 0 the coordinator. Default `KERAS_DISTRIBUTION_PROCESS_ID`.

    Raises:
        ValueError: for a `process_id` outside `[0, num_processes)`, a missing value, or values that differ
            from a launcher's.
    """
    env_addresses, env_num, env_id = environment.keras_distribution_settings()
    job_addresses = job_addresses if job_addresses is not None else env_addresses
    num_processes = num_processes if num_processes is not None else env_num
    process_id = process_id if process_id is not None else env_id
    launched = environment.detect()
    if launched is not None:
        if (num_processes is not None and num_processes != launched.world_size) or \
                (process_id is not None and process_id != launched.rank):
            raise ValueError(f"This process was started by {launched.source} as process {launched.rank} of "
                             f"{launched.world_size}. Received: num_processes={num_processes}, process_id={process_id}")
        return
    if num_processes is None or num_processes == 1:
        return
    if process_id is None or not 0 <= int(process_id) < int(num_processes):
        raise ValueError(f"Expected process_id in [0, num_processes). Received: num_processes={num_processes}, "
                         f"process_id={process_id}")
    if not job_addresses:
        raise ValueError("initialize needs the coordinator's address for a job of several processes. "
                         f"Received: job_addresses={job_addresses!r}")
    hosts = [a.strip() for a in str(job_addresses).split(",") if a.strip()]
    host, _, port = hosts[0].rpartition(":") if ":" in hosts[0] else (hosts[0], "", "29500")
    one_host = len({h.rpartition(":")[0] or h for h in hosts}) == 1
    environment.set_process_env(environment.job_env(
        int(process_id), int(num_processes), host, int(port), int(process_id) if one_host else 0,
        int(num_processes) if one_host else 1))
