"""The engine of `keras.distribution.ModelParallel`: processes on a named mesh, variables sharded with DTensor.

Each device of the Keras `DeviceMesh` is one replica process (started as `MirroredStrategy` starts them: the
launcher's, or keraslike's re-run of `python script.py`). The torch `DeviceMesh` has the same shape and axis
names, device `cpu:i` / `gpu:i` being process rank i. A variable whose path the layout map matches keeps only
its block (`sharded_values`); layers compute on DTensor views of the blocks. Data is split along the batch
axis only: a process takes the rows of its batch-axis coordinate, so the processes along the other axes (which
compute on the same rows) read the same rows and draw the same layer randomness.

    mesh (1, 2) ("batch", "model"):  2 processes, each the whole batch, every sharded weight halved
    mesh (2, 1) ("batch", "model"):  2 processes, each half of the batch, weights whole (data parallel)
"""

import numpy as np
import torch
from torch.distributed.device_mesh import DeviceMesh as TorchDeviceMesh

from keraslike._src.distribute import collectives, dtensor_api, replica_random, sharded_values
from keraslike._src.distribute.mirrored import MirroredStrategy
from keraslike._src.distribute.replica_local import CrossReplicaReads


class MeshStrategy(MirroredStrategy):
    """Replica processes on a named mesh, sharding the variables `layout_of` gives a layout.

    Args:
        device_kind: `"cpu"` or `"gpu"`.
        device_indices: array of the mesh's device indices (process ranks), shaped as the mesh.
        axis_names: the mesh's axis names.
        batch_axis: index of the axis the data is split along.
        layout_of: `path -> TensorLayout or None` (the layout map lookup).

    Raises:
        ValueError: when a launcher started a job of another size than the mesh.
        NotImplementedError: for a mesh whose batch axis holds neither 1 nor all of the processes.
    """

    def __init__(self, device_kind, device_indices, axis_names, batch_axis, layout_of):
        indices = np.asarray(device_indices)
        super().__init__([f"/{device_kind}:{i}" for i in sorted(indices.reshape(-1).tolist())])
        self._layout_of = layout_of
        self._axis_names = list(axis_names)
        self._mesh_shape = tuple(indices.shape)
        self._global_rank = self._rank
        self._torch_mesh = None
        self._mesh_batch_dim = None
        world = self._world = self._num_replicas
        if world == 1:
            return
        if world != indices.size:
            raise ValueError(f"The device mesh has {indices.size} devices but the job has {world} processes (one "
                             f"per device). Received: mesh shape={self._mesh_shape}")
        batch_size = self._mesh_shape[batch_axis]
        if batch_size not in (1, world):
            raise NotImplementedError(
                "keraslike's ModelParallel splits the batch over all processes or none: a mesh whose batch axis "
                f"holds {batch_size} of {world} processes is not supported yet. Received: mesh shape="
                f"{self._mesh_shape}, axis_names={self._axis_names}")
        self._torch_mesh = TorchDeviceMesh("cuda" if device_kind == "gpu" else "cpu", torch.as_tensor(indices),
                                           mesh_dim_names=tuple(self._axis_names))
        coord = int(np.argwhere(indices == self._global_rank)[0][batch_axis])
        self._mesh_batch_dim = batch_axis
        self._rank, self._num_replicas = coord, batch_size  # data-parallel position: rows, metrics, randomness
        self._replica_randomness = replica_random.ReplicaRandomness(coord, batch_size, self._device)
        self._cross_replica_reads = CrossReplicaReads(batch_size)

    @property
    def is_chief(self):
        return self._global_rank == 0

    @property
    def process_id(self):
        """This process's index in the whole job (its device's index in the mesh)."""
        return self._global_rank

    @property
    def num_processes(self):
        """Processes in the job: one per device of the mesh."""
        return self._world

    @property
    def torch_mesh(self):
        """The torch `DeviceMesh` (None in a single process)."""
        return self._torch_mesh

    def _new_variable(self, var):
        if self._torch_mesh is not None:
            collectives.broadcast_tensors([var])  # every process starts from the chief's full value
        layout = self._layout_of(var.path)
        if layout is None:
            return
        placements = self._placements(var, layout)
        if self._torch_mesh is not None and any(dtensor_api.is_shard(p) for p in placements):
            spec = sharded_values.ShardSpec(self._torch_mesh, placements, tuple(var.shape), layout)
            sharded_values.mark_sharded(var, spec)

    def _placements(self, var, layout):
        """One DTensor placement per mesh axis for `var` under `layout` (validated against its shape)."""
        shape = tuple(var.shape)
        axes = tuple(layout.axes)

        def fail(why):
            raise ValueError(f"The layout of variable '{var.path}' cannot apply: {why}. Received: layout axes={axes}, "
                             f"variable shape={shape}, mesh shape={self._mesh_shape}, "
                             f"mesh axis_names={self._axis_names}")

        if len(axes) != len(shape):
            fail(f"it has {len(axes)} axes for a variable of rank {len(shape)}")
        placements = [dtensor_api.api().Replicate()] * len(self._axis_names)
        for dim, name in enumerate(axes):
            if name is None:
                continue
            if name not in self._axis_names:
                fail(f"axis {name!r} is not an axis of the device mesh")
            mesh_dim = self._axis_names.index(name)
            if dtensor_api.is_shard(placements[mesh_dim]):
                fail(f"mesh axis {name!r} splits two dimensions")
            size = self._mesh_shape[mesh_dim]
            if shape[dim] % size:
                fail(f"dimension {dim} (size {shape[dim]}) does not divide into {size} equal shards along mesh axis "
                     f"{name!r}")
            placements[mesh_dim] = dtensor_api.api().Shard(dim)
        return tuple(placements)

    def wrap_module(self, module):
        if self._torch_mesh is None or sharded_values.holds_mesh_shards(module):
            return module  # DTensor's views reduce the gradients of what replicas share
        return super().wrap_module(module)
